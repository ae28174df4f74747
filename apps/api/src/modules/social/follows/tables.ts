import { index, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../../db/columns.ts";
import { users } from "../../users/tables.ts";

/**
 * Members following performers for free (issue 25 section 1): one row a pair. The performer's `followers_count`
 * moves with each row in the same transaction (performers/commerce-port.ts `countFollower`).
 */
export const follows = pgTable(
  "follows",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    performerId: uuid("performer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.performerId], name: "follows_pkey" }),
    // A performer's followers, newest first, paged by keyset (and the fan-out of their news and mass messages).
    // NULLS FIRST as `order by ... desc` means it: with `.desc()` alone (NULLS LAST) each page reads and sorts all.
    index("follows_performer_idx").on(t.performerId, t.createdAt.desc().nullsFirst(), t.userId.desc().nullsFirst()),
  ],
);
export type FollowRow = typeof follows.$inferSelect;
