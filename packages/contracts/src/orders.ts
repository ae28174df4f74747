import { z } from "zod";
import { entityId, listQuery } from "./common.ts";

/**
 * Orders (issue 11): what a buyer bought, what a seller has to ship, and the delivery of physical lines. Amounts are
 * major units, like the catalogue's prices.
 */

export const orderStatuses = ["created", "pending", "paid", "failed", "refunded"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * Where a physical line is: the seller moves it one step at a time (created, processing, shipped with its shipping
 * code, delivered); `refunded` is set only by the ledger when the order's payment is refunded.
 */
export const deliveryStatuses = ["created", "processing", "shipped", "delivered", "refunded"] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];
/** The one step a seller may take from each status (none from delivered or refunded). */
export const NEXT_DELIVERY_STATUS: Partial<Record<DeliveryStatus, DeliveryStatus>> = {
  created: "processing",
  processing: "shipped",
  shipped: "delivered",
};

export const buyerRef = z.object({ _id: entityId, username: z.string(), name: z.string() });

/**
 * Where a physical order goes, as the buyer gave it at checkout. Orders from before issue 23 have only the first
 * line, the postal code and the phone: their other fields are null.
 */
export const delivery = z.object({
  recipientName: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postalCode: z.string(),
  country: z.string().nullable(),
  countryName: z.string().nullable(),
  phone: z.string(),
});
export type Delivery = z.infer<typeof delivery>;

export const orderLine = z.object({
  _id: entityId,
  orderId: entityId,
  itemKind: z.enum(["video", "gallery", "product", "subscription", "tip", "post", "message"]),
  itemId: entityId,
  /** For products: shipped (`physical`, with a delivery status) or downloaded (`digital`); null for anything else. */
  productType: z.enum(["physical", "digital"]).nullable(),
  title: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  /** What the line brought in, its share of the order's coupon taken off. */
  total: z.number(),
  deliveryStatus: z.enum(deliveryStatuses).nullable(),
  shippingCode: z.string().nullable(),
  /** Who sells the line's item (its performers when it was sold): for admins only. */
  sellers: z.array(buyerRef).optional(),
  createdAt: z.string(),
});
export type OrderLine = z.infer<typeof orderLine>;

/** The payment of an order an admin refunds: the paid (or refunded) one, else the newest attempt. */
export const orderTransaction = z.object({
  _id: entityId,
  status: z.enum(["pending", "paid", "failed", "expired", "refunded"]),
  gateway: z.string(),
  amount: z.number(),
});
export type OrderTransaction = z.infer<typeof orderTransaction>;

export const order = z.object({
  _id: entityId,
  status: z.enum(orderStatuses),
  currency: z.string(),
  originalTotal: z.number(),
  total: z.number(),
  /** Only when something in it is shipped (and, for a seller, only when one of their lines is). */
  delivery: delivery.nullable(),
  /** Who bought it: for sellers and admins. */
  buyer: buyerRef.nullable().optional(),
  /** Its payment (null when none was started): for admins only. */
  transaction: orderTransaction.nullable().optional(),
  lines: z.array(orderLine),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Order = z.infer<typeof order>;
export const orderList = z.object({ data: z.array(order), total: z.number().int() });

/** A line with its order's status (the buyer's list of lines). */
export const buyerLine = orderLine.extend({ orderStatus: z.enum(orderStatuses) });
export const buyerLineList = z.object({ data: z.array(buyerLine), total: z.number().int() });

/** A line a seller sells: who bought it and, for a physical line only, where it goes. */
export const sellerLine = orderLine.extend({
  orderStatus: z.enum(orderStatuses),
  buyer: buyerRef.nullable(),
  delivery: delivery.nullable(),
  paidAt: z.string().nullable(),
});
export type SellerLine = z.infer<typeof sellerLine>;
export const sellerLineList = z.object({ data: z.array(sellerLine), total: z.number().int() });

const paging = listQuery.pick({ limit: true, offset: true });
export const ordersQuery = paging.extend({ status: z.enum(orderStatuses).optional() });
export const linesQuery = paging.extend({ deliveryStatus: z.enum(deliveryStatuses).optional() });
/**
 * An admin's filters: status, one buyer (`userId`), a line's delivery status, and `q`, matched against the buyer's
 * username, name and email and the lines' titles (or the order's id, given whole).
 */
export const adminOrdersQuery = ordersQuery.extend({
  userId: entityId.optional(),
  deliveryStatus: linesQuery.shape.deliveryStatus,
  q: listQuery.shape.q,
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

export const SHIPPING_CODE_MAX = 100;
export const deliveryUpdateBody = z.strictObject({
  deliveryStatus: z.enum(deliveryStatuses),
  shippingCode: z.string().trim().min(1).max(SHIPPING_CODE_MAX).optional(),
});
export type DeliveryUpdateBody = z.infer<typeof deliveryUpdateBody>;
