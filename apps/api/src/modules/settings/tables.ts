import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Values an admin has set; a key that is absent takes its default from the contracts' definitions. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
