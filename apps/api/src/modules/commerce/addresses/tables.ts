import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "../../../db/columns.ts";
import { users } from "../../users/tables.ts";

/**
 * A member's saved shipping addresses (issue 23 section 2): kept when a store checkout ships somewhere, offered at the
 * next one, the last used first. An order keeps its own copy (orders.tables), so deleting one here changes no order.
 */
export const shippingAddresses = pgTable(
  "shipping_addresses",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipientName: text("recipient_name").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2"),
    city: text("city").notNull(),
    region: text("region").notNull(),
    postalCode: text("postal_code").notNull(),
    /** ISO 3166-1 alpha-2, one of GET /countries/list. */
    country: text("country").notNull(),
    phone: text("phone").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("shipping_addresses_user_idx").on(t.userId, t.lastUsedAt)],
);
export type ShippingAddressRow = typeof shippingAddresses.$inferSelect;
