import { z } from "zod";
import { entityId } from "./common.ts";
import { MAX_CART_PRODUCTS, MAX_PRODUCT_QUANTITY } from "./payments.ts";

/**
 * The signed-in member's cart on the server (issue 23 section 2). Its lines are SPEC section 3's cart items (`_id`,
 * `quantity`), which the browser keeps under `cart` and mirrors from here; `price` is what the product cost when the
 * line was added (the cart tells the member when it has changed), never what checkout charges.
 */
export const cartItem = z.object({
  _id: entityId,
  quantity: z.number().int(),
  price: z.number().optional(),
});
export type CartItem = z.infer<typeof cartItem>;

export const cart = z.object({ items: z.array(cartItem), total: z.number().int() });
export type Cart = z.infer<typeof cart>;

const price = z.number().min(0).max(1_000_000).optional();

/** PUT /cart: the whole cart, each product once; every line is checked (422 names the line and why). */
export const putCartBody = z.strictObject({
  items: z
    .array(
      z.strictObject({
        _id: entityId,
        quantity: z.number().int().min(1).max(MAX_PRODUCT_QUANTITY).default(1),
        price,
      }),
    )
    .max(MAX_CART_PRODUCTS)
    .refine((lines) => new Set(lines.map((l) => l._id)).size === lines.length, "Each product once."),
});
export type PutCartBody = z.infer<typeof putCartBody>;

/**
 * POST /cart/merge: the browser's cart as it was kept (a visitor's, or stale), added to the member's. Ids that are
 * not products are dropped rather than refused: the copy in the browser is whatever was left there.
 */
export const mergeCartBody = z.strictObject({
  items: z
    .array(
      z.strictObject({
        _id: z.string().trim().min(1).max(100),
        quantity: z.number().int().min(1).max(MAX_PRODUCT_QUANTITY).optional(),
        price,
      }),
    )
    .max(MAX_CART_PRODUCTS),
});
export type MergeCartBody = z.infer<typeof mergeCartBody>;

/** Why a line left the cart in a merge. */
export const droppedReasons = ["unavailable", "sold-out", "owned", "full"] as const;
export type DroppedReason = (typeof droppedReasons)[number];

/**
 * The merged cart, and what the member is told: the lines dropped (their product's title when there is one) and the
 * lines cut to what is left to buy.
 */
export const mergedCart = cart.extend({
  dropped: z.array(z.object({ _id: z.string(), title: z.string().nullable(), reason: z.enum(droppedReasons) })),
  reduced: z.array(z.object({ _id: entityId, title: z.string(), quantity: z.number().int() })),
});
export type MergedCart = z.infer<typeof mergedCart>;
