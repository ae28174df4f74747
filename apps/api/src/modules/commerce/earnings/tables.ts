import { sql } from "drizzle-orm";
import { boolean, index, integer, numeric, pgTable, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "../../../db/columns.ts";
import { transactions } from "../ledger/tables.ts";
import { orderLines } from "../orders/tables.ts";
import { payouts } from "../payouts/tables.ts";

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
