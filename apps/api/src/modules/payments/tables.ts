import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "../../db/columns.ts";
import { orderLines, orders } from "../orders/tables.ts";
import { users } from "../users/tables.ts";

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

/**
 * A settlement with a performer: an admin marked every earning line still unpaid (sales and reversals) paid, and the
 * lines point here (`earnings.payout_id`); `amountCents` is their net sum, always above zero.
 */
export const payouts = pgTable(
  "payouts",
  {
    id: idColumn(),
    performerId: uuid("performer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    note: text("note"),
    /** The admin who marked it paid (null once that account is gone). */
    paidBy: uuid("paid_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("payouts_performer_idx").on(t.performerId, t.createdAt),
    index("payouts_created_idx").on(t.createdAt),
    check("payouts_amount_check", sql`amount_cents > 0`),
  ],
);
export type PayoutRow = typeof payouts.$inferSelect;

export const PAYOUT_METHODS = ["bank", "paypal", "other"] as const;

/**
 * Where a performer wants to be paid: the admin reads it when making a payout. Changing it needs two-factor sign-in
 * and the password typed within the last minutes (issue 22): a stolen session must not redirect the money.
 * The holder's name and the account are sealed together (`sealed`, AES-256-GCM under the site's at-rest key,
 * payout-details.ts); only `accountHint`, the masked account, is kept readable for the admins' lists.
 */
export const payoutDetails = pgTable("payout_details", {
  performerId: uuid("performer_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  method: text("method", { enum: PAYOUT_METHODS }).notNull(),
  /** `{ accountName, account }` as JSON, sealed (platform/secret-box.ts); null only on a row saved in plain text. */
  sealed: text("sealed"),
  /** The account masked, e.g. `•••• 5555`: what lists show. */
  accountHint: text("account_hint"),
  /**
   * Plain text as saved before the details were sealed: sealed and emptied on the next start (or when read);
   * nothing writes them any more.
   */
  legacyAccountName: text("account_name"),
  legacyAccount: text("account"),
  updatedAt: updatedAt(),
});

/**
 * What a performer earns from a paid order line: gross (their share of the line), the commission rate and amount
 * the site keeps, and the net. A refund adds a reversing line (`reversal` of the original, negative amounts), so
 * the lines always add up to what the performer is owed; `paid` marks the lines settled by a payout.
 */
export const earnings = pgTable(
  "earnings",
  {
    id: idColumn(),
    performerId: uuid("performer_id").notNull(),
    orderLineId: uuid("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "restrict" }),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "restrict" }),
    /** The earning this line reverses (a refund or chargeback), null for a sale. */
    reversalOf: uuid("reversal_of"),
    grossCents: integer("gross_cents").notNull(),
    commissionRate: numeric("commission_rate", { precision: 5, scale: 4, mode: "number" }).notNull(),
    commissionCents: integer("commission_cents").notNull(),
    netCents: integer("net_cents").notNull(),
    paid: boolean("paid").notNull().default(false),
    /** The payout that settled the line, once paid. */
    payoutId: uuid("payout_id").references(() => payouts.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [
    // One sale earning per line and performer, and one reversal of each: whatever is delivered twice.
    uniqueIndex("earnings_sale_idx").on(t.orderLineId, t.performerId).where(sql`reversal_of is null`),
    uniqueIndex("earnings_reversal_idx").on(t.reversalOf).where(sql`reversal_of is not null`),
    index("earnings_performer_idx").on(t.performerId, t.createdAt),
    index("earnings_unpaid_idx").on(t.performerId).where(sql`not paid`),
    index("earnings_payout_idx").on(t.payoutId),
    index("earnings_transaction_idx").on(t.transactionId),
  ],
);

/**
 * A coupon (DESIGN section 5): a code, a discount as a fraction (0.01..0.99 of the price), an optional expiry and
 * number of uses left (null: unlimited), and a switch. A member uses a coupon once; the checkout claims the use and a
 * payment that fails or expires gives it back.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: idColumn(),
    /** Stored upper-case; members type it in any case. */
    code: text("code").notNull(),
    value: numeric("value", { precision: 3, scale: 2, mode: "number" }).notNull(),
    expiresAt: at("expires_at"),
    remainingUses: integer("remaining_uses"),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("coupons_code_idx").on(t.code)],
);
export type CouponRow = typeof coupons.$inferSelect;

/** One use of a coupon by a member, claimed by the order it discounts (released if that order fails); once each. */
export const couponUses = pgTable(
  "coupon_uses",
  {
    id: idColumn(),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "restrict" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("coupon_uses_member_idx").on(t.couponId, t.userId)],
);
