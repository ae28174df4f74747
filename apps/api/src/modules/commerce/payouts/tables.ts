import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "../../../db/columns.ts";
import { users } from "../../users/tables.ts";

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

export const PAYOUT_METHODS = ["bank", "paxum", "crypto", "paypal", "other"] as const;

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
  /** `{ accountName, account, network? }` as JSON, sealed (platform/secret-box.ts); null only on a row saved in plain text. */
  sealed: text("sealed"),
  /** The account masked, e.g. `•••• 5555`: what lists show. */
  accountHint: text("account_hint"),
  /**
   * Plain text as saved before the details were sealed: sealed and emptied on the next start (or when read);
   * nothing writes them any more.
   */
  legacyAccountName: text("account_name"),
  legacyAccount: text("account"),
  /** A new or changed method waits until then before a payout request may use it (null: usable, as saved before). */
  heldUntil: timestamp("held_until", { withTimezone: true, mode: "date", precision: 3 }),
  updatedAt: updatedAt(),
});

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date", precision: 3 });

/**
 * A performer's request to be paid (issue 24 section 4): it covers the unpaid earning lines of the moment it was made
 * (`payout_request_lines`), their net sum fixed in `amountCents`. requested → approved → paid (settling exactly those
 * lines into a payout), or refused with a reason. One open (requested or approved) request per performer.
 */
export const payoutRequests = pgTable(
  "payout_requests",
  {
    id: idColumn(),
    performerId: uuid("performer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status", { enum: ["requested", "approved", "paid", "refused"] })
      .notNull()
      .default("requested"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** The method when requested, masked (`bank`, `•••• 5555`): what the admins' queue shows. */
    method: text("method", { enum: PAYOUT_METHODS }).notNull(),
    accountHint: text("account_hint").notNull(),
    reason: text("reason"),
    reference: text("reference"),
    payoutId: uuid("payout_id").references(() => payouts.id, { onDelete: "restrict" }),
    /** The admin who last decided (approved, paid or refused). */
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    approvedAt: at("approved_at"),
    paidAt: at("paid_at"),
    refusedAt: at("refused_at"),
  },
  (t) => [
    uniqueIndex("payout_requests_open_idx").on(t.performerId).where(sql`status in ('requested', 'approved')`),
    index("payout_requests_performer_idx").on(t.performerId, t.createdAt),
    index("payout_requests_status_idx").on(t.status, t.createdAt),
    check("payout_requests_amount_check", sql`amount_cents > 0`),
  ],
);
export type PayoutRequestRow = typeof payoutRequests.$inferSelect;

/** The earning lines a request covers (ids of `earnings`, the table of commerce/earnings). */
export const payoutRequestLines = pgTable(
  "payout_request_lines",
  {
    requestId: uuid("request_id")
      .notNull()
      .references(() => payoutRequests.id, { onDelete: "cascade" }),
    earningId: uuid("earning_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.earningId] }),
    index("payout_request_lines_earning_idx").on(t.earningId),
  ],
);
