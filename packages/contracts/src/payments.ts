import { z } from "zod";
import { listQuery } from "./common.ts";

/**
 * Payments (issue 10): checkouts answer where to pay; the gateways' events settle them (DESIGN section 6). Amounts
 * are major units in answers (like catalogue prices), integer cents inside the API.
 */

/** Where the buyer pays: the gateway's page for the order's pending transaction. */
export const checkout = z.object({
  paymentUrl: z.string(),
  orderId: z.uuid(),
  transactionId: z.uuid(),
});
export type Checkout = z.infer<typeof checkout>;

export const transactionStatuses = ["pending", "paid", "failed", "expired", "refunded"] as const;

export const transaction = z.object({
  _id: z.uuid(),
  orderId: z.uuid(),
  status: z.enum(transactionStatuses),
  gateway: z.string(),
  amount: z.number(),
  currency: z.string(),
  items: z.array(z.object({ itemKind: z.string(), itemId: z.uuid(), title: z.string() })),
  /** Who paid: in an admin's list only. */
  buyer: z.object({ _id: z.uuid(), username: z.string(), name: z.string() }).nullable().optional(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Transaction = z.infer<typeof transaction>;

export const transactionList = z.object({ data: z.array(transaction), total: z.number().int() });
export const transactionsQuery = listQuery.pick({ limit: true, offset: true });
/** A member's own; an admin's of anyone (`userId`). */
export const searchTransactionsQuery = transactionsQuery.extend({
  status: z.enum(transactionStatuses).optional(),
  userId: z.uuid().optional(),
});

/** The sandbox payment page: what is being paid, and the buyer's decision. */
export const sandboxPayment = z.object({
  transactionId: z.uuid(),
  status: z.enum(transactionStatuses),
  amount: z.number(),
  currency: z.string(),
  items: z.array(z.object({ itemKind: z.string(), itemId: z.uuid(), title: z.string() })),
});
export type SandboxPayment = z.infer<typeof sandboxPayment>;
export const sandboxDecisionBody = z.strictObject({ decision: z.enum(["approve", "decline"]) });

/** What a webhook delivery did, event by event (`duplicate`: delivered before, nothing changed). */
export const webhookAnswer = z.object({
  received: z.array(z.object({ id: z.string(), outcome: z.enum(["applied", "ignored", "flagged", "duplicate"]) })),
});

/** Earnings of a performer between optional dates (`from` inclusive, `to` exclusive). */
export const earningsRange = z.strictObject({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export const earningsQuery = listQuery.pick({ limit: true, offset: true }).extend(earningsRange.shape);

export const earningStats = z.object({
  gross: z.number(),
  commission: z.number(),
  net: z.number(),
  paid: z.number(),
  unpaid: z.number(),
  lines: z.number().int(),
});
export type EarningStats = z.infer<typeof earningStats>;

export const earningLine = z.object({
  _id: z.uuid(),
  type: z.enum(["sale", "refund"]),
  title: z.string(),
  itemKind: z.string(),
  itemId: z.uuid(),
  gross: z.number(),
  commissionRate: z.number(),
  commission: z.number(),
  net: z.number(),
  paid: z.boolean(),
  createdAt: z.string(),
});
export const earningList = z.object({ data: z.array(earningLine), total: z.number().int() });

/** A coupon's code as members type it: letters, digits, dash and underscore. */
export const couponCode = z
  .string()
  .trim()
  .min(3)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, "Use letters, digits, - and _");

/** What buying takes besides the item: an optional coupon. */
export const purchaseBody = z.strictObject({ couponCode: couponCode.optional() }).nullish();

export const appliedCoupon = z.object({ code: z.string(), value: z.number() });

export const coupon = z.object({
  _id: z.uuid(),
  code: z.string(),
  /** The discount as a fraction of the price (0.2 is 20% off). */
  value: z.number(),
  expiresAt: z.string().nullable(),
  remainingUses: z.number().int().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export const couponList = z.object({ data: z.array(coupon), total: z.number().int() });
export const couponBody = z.strictObject({
  code: couponCode,
  value: z.number().min(0.01).max(0.99).multipleOf(0.01),
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  remainingUses: z.number().int().min(0).max(1_000_000).nullable().optional(),
  active: z.boolean().optional(),
});
export const couponUpdateBody = couponBody.partial();
export const couponsQuery = listQuery.pick({ limit: true, offset: true }).extend({
  active: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});
