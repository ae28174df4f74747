import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { products } from "../../products/tables.ts";
import { users } from "../../users/tables.ts";

/**
 * A signed-in member's cart (issue 23 section 2), one row per product: the browser's `cart` (SPEC section 3) mirrors
 * it. A line holds no stock: what is left to buy is checked when lines are saved and again at checkout.
 */
export const cartLines = pgTable(
  "cart_lines",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** The price when the line was added (tells the member it changed since); null when not known. */
    addedPriceCents: integer("added_price_cents"),
    addedAt: timestamp("added_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check("cart_lines_quantity_positive", sql`${t.quantity} >= 1`),
    index("cart_lines_product_idx").on(t.productId),
  ],
);
export type CartLineRow = typeof cartLines.$inferSelect;
