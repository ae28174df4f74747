import { deliveryStatuses } from "@marquee/contracts/orders";
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "../../../db/columns.ts";
import { users } from "../../users/tables.ts";

/** One order per checkout (DESIGN section 5); the money issue creates and pays them. */
export const orders = pgTable(
  "orders",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status", { enum: ["created", "pending", "paid", "failed", "refunded"] })
      .notNull()
      .default("created"),
    currency: text("currency").notNull().default("USD"),
    originalCents: integer("original_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    couponId: uuid("coupon_id"),
    /**
     * Where a physical order goes, as the buyer gave it at checkout (null when nothing is shipped): a copy, so that
     * a saved address changed or deleted later changes no order. `delivery_address` is the first address line;
     * orders from before issue 23 have only it, the phone number and the postal code.
     */
    deliveryAddress: text("delivery_address"),
    phoneNumber: text("phone_number"),
    postalCode: text("postal_code"),
    recipientName: text("recipient_name"),
    addressLine2: text("address_line2"),
    city: text("city"),
    region: text("region"),
    /** ISO 3166-1 alpha-2. */
    country: text("country"),
    paidAt: timestamp("paid_at", { withTimezone: true, mode: "date", precision: 3 }),
    /**
     * Until when a pending store order holds its physical products' stock (products/stock.ts): a few minutes after
     * its checkout (the `checkoutHoldMinutes` setting). Null when it holds nothing.
     */
    holdUntil: timestamp("hold_until", { withTimezone: true, mode: "date", precision: 3 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("orders_user_idx").on(t.userId, t.createdAt)],
);

/** One line per item; a paid line for a movie or gallery is what makes its buyer able to watch it. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: idColumn(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    itemKind: text("item_kind", {
      enum: ["video", "gallery", "product", "subscription", "tip", "post", "message"],
    }).notNull(),
    itemId: uuid("item_id").notNull(),
    /** The performers the line's item belongs to when it was sold: each earns a share (commerce/money.ts). */
    performerIds: uuid("performer_ids").array().notNull().default(sql`'{}'::uuid[]`),
    title: text("title").notNull(),
    quantity: integer("quantity").notNull().default(1),
    unitPriceCents: integer("unit_price_cents").notNull(),
    /** What the buyer pays for the line: its gross, tax included (commerce/taxes). */
    totalCents: integer("total_cents").notNull(),
    /** The tax in `totalCents` (0 where no rate applied, and on lines from before taxes). */
    taxCents: integer("tax_cents").notNull().default(0),
    /** What the line brought in without its tax: what the performers share (earnings never see the tax). */
    netCents: integer("net_cents").notNull().generatedAlwaysAs(sql`total_cents - tax_cents`),
    /** The line's gross: the same as `totalCents`, named for the tax report and receipts. */
    grossCents: integer("gross_cents").notNull().generatedAlwaysAs(sql`total_cents`),
    /** Physical product lines only (null otherwise): moved by the seller, `refunded` by the ledger (contracts/orders.ts). */
    deliveryStatus: text("delivery_status", { enum: deliveryStatuses }),
    /** The carrier's tracking code, given when the line is shipped. */
    shippingCode: text("shipping_code"),
    createdAt: createdAt(),
  },
  (t) => [index("order_lines_item_idx").on(t.itemKind, t.itemId), index("order_lines_order_idx").on(t.orderId)],
);
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
