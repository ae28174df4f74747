import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Fixed-window failure counters shared by every API process (login, contact form). */
export const throttleCounters = pgTable("throttle_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
});
