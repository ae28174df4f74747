import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "../../../db/columns.ts";
import { users } from "../../users/tables.ts";
import { orders } from "../orders/tables.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date", precision: 3 });

/** The gateways a payment can go through (DESIGN section 6). */
export const GATEWAYS = ["sandbox", "stripe", "ccbill"] as const;
export type GatewayName = (typeof GATEWAYS)[number];

/**
 * One payment attempt for an order: the checkout made it `pending`; the gateway's events move it to `paid`,
 * `failed` or `expired`, and a refund or chargeback to `refunded`. `gatewayRef` is the gateway's own id for the
 * checkout (a Stripe session, a CCBill subscription id), unique per gateway.
 */
export const transactions = pgTable(
  "transactions",
  {
    id: idColumn(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    gateway: text("gateway", { enum: GATEWAYS }).notNull(),
    gatewayRef: text("gateway_ref"),
    status: text("status", { enum: ["pending", "paid", "failed", "expired", "refunded"] })
      .notNull()
      .default("pending"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    paidAt: at("paid_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("transactions_user_idx").on(t.userId, t.createdAt),
    index("transactions_order_idx").on(t.orderId),
    uniqueIndex("transactions_gateway_ref_idx").on(t.gateway, t.gatewayRef),
    index("transactions_pending_idx").on(t.createdAt).where(sql`status = 'pending'`),
    // The payments of a period (the admin's dashboard, the revenue reports).
    index("transactions_paid_at_idx").on(t.paidAt).where(sql`paid_at is not null`),
  ],
);
export type TransactionRow = typeof transactions.$inferSelect;

/**
 * Every event a gateway delivered, stored once under its own id in the same database transaction that applies it:
 * a replay, a duplicate or a concurrent delivery of the same event finds it there and changes nothing. `outcome`
 * says what it did: `applied`, `ignored` (nothing to do: already true), or `flagged` (it contradicts what is already
 * true, e.g. paid after an expiry: recorded for the admin, not applied).
 */
export const gatewayEvents = pgTable(
  "gateway_events",
  {
    id: idColumn(),
    gateway: text("gateway", { enum: GATEWAYS }).notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    transactionId: uuid("transaction_id").references(() => transactions.id, { onDelete: "set null" }),
    outcome: text("outcome", { enum: ["applied", "ignored", "flagged"] }).notNull(),
    note: text("note"),
    payload: jsonb("payload").notNull(),
    receivedAt: createdAt(),
    /** A flagged event an admin has dealt with (checked with the gateway, refunded the member): when, who, how. */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: uuid("handled_by").references(() => users.id, { onDelete: "set null" }),
    resolution: text("resolution"),
  },
  (t) => [
    uniqueIndex("gateway_events_event_idx").on(t.gateway, t.eventId),
    index("gateway_events_transaction_idx").on(t.transactionId),
    index("gateway_events_flagged_idx").on(t.receivedAt).where(sql`outcome = 'flagged' and handled_at is null`),
  ],
);
