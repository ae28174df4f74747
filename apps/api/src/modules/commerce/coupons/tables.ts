import { boolean, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "../../../db/columns.ts";
import { users } from "../../users/tables.ts";
import { orders } from "../orders/tables.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date", precision: 3 });

/**
 * A coupon (DESIGN section 5): a code, a discount as a fraction (0.01..0.99 of the price), an optional expiry and
 * number of uses left (null: unlimited), and a switch. A member uses a coupon once; the checkout claims the use and a
 * payment that fails or expires gives it back.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: idColumn(),
    /** Stored upper-case; members type it in any case. */
    code: text("code").notNull(),
    value: numeric("value", { precision: 3, scale: 2, mode: "number" }).notNull(),
    expiresAt: at("expires_at"),
    remainingUses: integer("remaining_uses"),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("coupons_code_idx").on(t.code)],
);
export type CouponRow = typeof coupons.$inferSelect;

/** One use of a coupon by a member, claimed by the order it discounts (released if that order fails); once each. */
export const couponUses = pgTable(
  "coupon_uses",
  {
    id: idColumn(),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "restrict" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("coupon_uses_member_idx").on(t.couponId, t.userId)],
);
