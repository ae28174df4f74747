import { tipSources } from "@marquee/contracts/tips";
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "../../../db/columns.ts";
import { users } from "../../users/tables.ts";
import { orders } from "../orders/tables.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date", precision: 3 });

/**
 * A member's tip to a performer (issue 24 section 2): what the order's one `tip` line sells (its `item_id` is this
 * row's id), with the message the performer is shown. Whether it is paid or refunded is its order's status: the
 * ledger settles tips like any other line.
 */
export const tips = pgTable(
  "tips",
  {
    id: idColumn(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** Like the earnings' performer: no foreign key, so the ledger's rows outlive what happens to the account. */
    performerId: uuid("performer_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    message: text("message"),
    /** Where the member tipped from: the profile, a movie, a gallery or a comment. */
    source: text("source", { enum: tipSources }).notNull().default("profile"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("tips_order_idx").on(t.orderId),
    index("tips_performer_idx").on(t.performerId, t.createdAt),
    index("tips_user_idx").on(t.userId, t.createdAt),
  ],
);
export type TipRow = typeof tips.$inferSelect;

/**
 * A performer's tip goal: a title and a target. One is active at a time (`ended_at` null); setting a new one ends
 * the last. Its progress is the sum of the tips paid since it started, refunded ones taken out (tips/service.ts).
 */
export const tipGoals = pgTable(
  "tip_goals",
  {
    id: idColumn(),
    performerId: uuid("performer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    targetCents: integer("target_cents").notNull(),
    startedAt: at("started_at").notNull().defaultNow(),
    endedAt: at("ended_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("tip_goals_active_idx").on(t.performerId).where(sql`ended_at is null`)],
);
export type TipGoalRow = typeof tipGoals.$inferSelect;
