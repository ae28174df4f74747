import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
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
