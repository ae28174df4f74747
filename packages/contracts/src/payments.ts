import { z } from "zod";
import { shippingAddressFields } from "./addresses.ts";
import { entityId, listQuery } from "./common.ts";

/**
 * Payments (issue 10): checkouts answer where to pay; the gateways' events settle them (DESIGN section 6). Amounts
 * are major units in answers (like catalogue prices), integer cents inside the API.
 */

/** Where the buyer pays: the gateway's page for the order's pending transaction. */
export const checkout = z.object({
  paymentUrl: z.string(),
  orderId: entityId,
  transactionId: entityId,
});
export type Checkout = z.infer<typeof checkout>;

export const transactionStatuses = ["pending", "paid", "failed", "expired", "refunded"] as const;

export const transaction = z.object({
  _id: entityId,
  orderId: entityId,
  status: z.enum(transactionStatuses),
  gateway: z.string(),
  amount: z.number(),
  currency: z.string(),
  items: z.array(z.object({ itemKind: z.string(), itemId: entityId, title: z.string() })),
  /** Who paid: in an admin's list only. */
  buyer: z.object({ _id: entityId, username: z.string(), name: z.string() }).nullable().optional(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Transaction = z.infer<typeof transaction>;

export const transactionList = z.object({ data: z.array(transaction), total: z.number().int() });
export const transactionsQuery = listQuery.pick({ limit: true, offset: true });
/** A member's own; an admin's of anyone (`userId`). */
export const searchTransactionsQuery = transactionsQuery.extend({
  status: z.enum(transactionStatuses).optional(),
  userId: entityId.optional(),
});

/** The sandbox payment page: what is being paid, and the buyer's decision. */
export const sandboxPayment = z.object({
  transactionId: entityId,
  status: z.enum(transactionStatuses),
  amount: z.number(),
  currency: z.string(),
  items: z.array(z.object({ itemKind: z.string(), itemId: entityId, title: z.string() })),
});
export type SandboxPayment = z.infer<typeof sandboxPayment>;
export const sandboxDecisionBody = z.strictObject({ decision: z.enum(["approve", "decline"]) });

/** What a webhook delivery did, event by event (`duplicate`: delivered before, nothing changed). */
export const webhookAnswer = z.object({
  received: z.array(z.object({ id: z.string(), outcome: z.enum(["applied", "ignored", "flagged", "duplicate"]) })),
});

/** A refund asked of the gateway: the transaction's status once it answered (`refunded` when it did at once). */
export const refundAnswer = z.object({ transactionId: entityId, status: z.enum(transactionStatuses) });

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
  _id: entityId,
  /** A sale, a tip (issue 24), or the reversal of either (a refund or chargeback). */
  type: z.enum(["sale", "tip", "post", "message", "refund"]),
  title: z.string(),
  itemKind: z.string(),
  /** A tip's message to the performer and who gave it (tip lines only). */
  tip: z.object({ from: z.string(), message: z.string().nullable() }).optional(),
  itemId: entityId,
  gross: z.number(),
  commissionRate: z.number(),
  commission: z.number(),
  net: z.number(),
  paid: z.boolean(),
  createdAt: z.string(),
});
export const earningList = z.object({ data: z.array(earningLine), total: z.number().int() });

/** The widths of the buckets of an earnings timeline (UTC; a week starts on Monday, as ISO weeks do). */
export const earningIntervals = ["day", "week", "month"] as const;
export type EarningInterval = (typeof earningIntervals)[number];
/** A timeline has at most this many buckets: a longer range needs a longer interval. */
export const EARNING_TIMELINE_MAX_BUCKETS = 400;
/** The UTC start of the bucket of `interval` that holds `at` (weeks start on Monday, like Postgres's ISO weeks). */
export function bucketStart(at: Date, interval: EarningInterval): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  if (interval === "day") return new Date(day);
  if (interval === "week") return new Date(day - ((at.getUTCDay() + 6) % 7) * 86_400_000);
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}
/** A calendar date (taken as UTC midnight) or an instant with its offset. */
const timelineBound = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: "Use an ISO date (2025-01-31) or date and time (2025-01-31T12:00:00Z)",
});

/**
 * The timeline of a performer's earnings: `from` inclusive, `to` exclusive (by default the twelve months to now, or
 * the thirty days to now by day); without `interval`, a day up to 62 days, a week up to a year, else a month.
 */
export const earningsTimelineQuery = z
  .strictObject({
    from: timelineBound.optional(),
    to: timelineBound.optional(),
    interval: z.enum(earningIntervals).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && Date.parse(q.from) > Date.parse(q.to)) {
      ctx.addIssue({ code: "custom", path: ["from"], message: "must not be after `to`" });
    }
  });
export type EarningsTimelineQuery = z.infer<typeof earningsTimelineQuery>;

/** One bucket: what was earned from its start (a UTC date) to the next one's; refunds are negative lines in it. */
export const earningPoint = z.object({
  start: z.iso.date(),
  gross: z.number(),
  commission: z.number(),
  net: z.number(),
  /** Sale lines in the bucket. */
  sales: z.number().int(),
  /** Refund (reversal) lines in the bucket. */
  refunds: z.number().int(),
});
export type EarningPoint = z.infer<typeof earningPoint>;
/** Every bucket of the range, oldest first, empty ones as zeros; amounts in major units like `earningStats`. */
export const earningTimeline = z.object({
  interval: z.enum(earningIntervals),
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  points: z.array(earningPoint),
});
export type EarningTimeline = z.infer<typeof earningTimeline>;

/** The billing place a checkout may carry (required once the site has any rate). */
export const billingFields = {
  billingCountry: z.string().max(10).optional(),
  billingRegion: z.string().max(10).optional(),
};

/** A coupon's code as members type it: letters, digits, dash and underscore. */
export const couponCode = z
  .string()
  .trim()
  .min(3)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, "Use letters, digits, - and _");

/** What buying takes besides the item: an optional coupon. */
/** And the billing place the tax depends on (contracts/taxes.ts), required once the site charges any tax. */
export const purchaseBody = z.strictObject({ couponCode: couponCode.optional(), ...billingFields }).nullish();

/** How many of one product a cart line may hold (the web's cart keeps to it too). */
export const MAX_PRODUCT_QUANTITY = 99;
/** Distinct products one store checkout may hold. */
export const MAX_CART_PRODUCTS = 50;

/**
 * A store checkout (SPEC section 7): the cart's products with their quantities (1 when not said), an optional coupon
 * for the whole order, and where to ship, required when the cart holds a physical product. The address is saved for
 * the member's next checkout unless `saveAddress` is false.
 */
export const purchaseProductsBody = z.strictObject({
  products: z
    .array(
      z.strictObject({
        _id: entityId,
        quantity: z.number().int().min(1).max(MAX_PRODUCT_QUANTITY).default(1),
      }),
    )
    .min(1)
    .max(MAX_CART_PRODUCTS)
    .refine((lines) => new Set(lines.map((l) => l._id)).size === lines.length, "each product once"),
  couponCode: couponCode.optional(),
  shippingAddress: shippingAddressFields.optional(),
  saveAddress: z.boolean().default(true),
  ...billingFields,
});
export type PurchaseProductsBody = z.infer<typeof purchaseProductsBody>;

export const appliedCoupon = z.object({ code: z.string(), value: z.number() });

/**
 * A coupon tried on one item before checkout: what a buy or subscribe button stands for (a movie or gallery, a
 * membership package, or a performer's monthly or yearly subscription) and the code.
 */
export const couponQuoteBody = z
  .strictObject({
    couponCode,
    kind: z.enum(["video", "gallery", "package", "performer"]),
    id: entityId,
    period: z.enum(["monthly", "yearly"]).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.kind === "performer" && !b.period) {
      ctx.addIssue({ code: "custom", path: ["period"], message: "Say monthly or yearly for a performer" });
    }
  });
export type CouponQuoteBody = z.infer<typeof couponQuoteBody>;

/** The coupon's name (its code), its value, and the item's price before and after it, in major units. */
export const couponQuote = z.object({
  code: z.string(),
  value: z.number(),
  title: z.string(),
  originalPrice: z.number(),
  price: z.number(),
});
export type CouponQuote = z.infer<typeof couponQuote>;

export const coupon = z.object({
  _id: entityId,
  code: z.string(),
  /** The discount as a fraction of the price (0.2 is 20% off). */
  value: z.number(),
  expiresAt: z.string().nullable(),
  remainingUses: z.number().int().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof coupon>;
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

/** Who an admin's payments view names: an account's id, username and name. */
export const accountRef = z.object({ _id: entityId, username: z.string(), name: z.string() });
export type AccountRef = z.infer<typeof accountRef>;

/**
 * A performer's own commission rate (the share of each sale the site keeps), 0..0.95 with at most four decimals;
 * null: the site's `performerCommission` setting applies.
 */
export const commissionRate = z
  .number()
  .min(0)
  .max(0.95)
  .refine((v) => Math.abs(v * 10_000 - Math.round(v * 10_000)) < 1e-6, "Use at most four decimals (0.125 is 12.5%)");
export const commissionBody = z.strictObject({ rate: commissionRate.nullable() });
export const commissionAnswer = z.object({
  performerId: entityId,
  /** The performer's own rate, null when the site's applies. */
  rate: z.number().nullable(),
  /** The rate their next sale is recorded at: their own, else the site's. */
  effectiveRate: z.number(),
});

const booleanText = z
  .enum(["true", "false"])
  .transform((v) => v === "true")
  .optional();

/** An admin's view of earning lines of any performer (`performerId`), by state (`paid`) and dates. */
export const adminEarningsQuery = earningsQuery.extend({
  performerId: entityId.optional(),
  paid: booleanText,
});
export const adminEarningLine = earningLine.extend({
  performerId: entityId,
  performer: accountRef.nullable(),
  transactionId: entityId,
  payoutId: entityId.nullable(),
});
export type AdminEarningLine = z.infer<typeof adminEarningLine>;
export const adminEarningList = z.object({ data: z.array(adminEarningLine), total: z.number().int() });

/** A payout: what a performer was paid when an admin marked their unpaid lines paid. */
export const payout = z.object({
  _id: entityId,
  performerId: entityId,
  performer: accountRef.nullable(),
  amount: z.number(),
  currency: z.string(),
  note: z.string().nullable(),
  paidBy: accountRef.nullable(),
  /** How many earning lines (sales and reversals) it settled. */
  lines: z.number().int(),
  createdAt: z.string(),
});
export type Payout = z.infer<typeof payout>;
export const payoutList = z.object({ data: z.array(payout), total: z.number().int() });
export const payoutsQuery = transactionsQuery.extend({
  performerId: entityId.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export const payoutBody = z.strictObject({
  performerId: entityId,
  note: z.string().trim().max(500).optional(),
});

/** A performer the site owes money: the net of their unpaid lines (refunds netted), above zero. */
export const payoutDue = z.object({
  performerId: entityId,
  performer: accountRef.nullable(),
  unpaid: z.number(),
  lines: z.number().int(),
  /** The oldest unpaid line. */
  since: z.string(),
  /** A payout waits until the performer has two-factor sign-in on (issue 22). */
  twoFactorEnabled: z.boolean(),
  /** Where they want to be paid, if they said: masked (the full details are one admin request away, recorded). */
  payoutDetails: z.lazy(() => maskedPayoutDetails).nullable(),
});
export type PayoutDue = z.infer<typeof payoutDue>;
export const payoutDueList = z.object({ data: z.array(payoutDue), total: z.number().int() });
export const payoutDueQuery = transactionsQuery;

export const gatewayEventOutcomes = ["applied", "ignored", "flagged"] as const;
/** A gateway event as it was recorded: what it did (`outcome`) and why (`note`); flagged ones want an admin. */
export const gatewayEvent = z.object({
  _id: entityId,
  gateway: z.string(),
  eventId: z.string(),
  type: z.string(),
  outcome: z.enum(gatewayEventOutcomes),
  note: z.string().nullable(),
  transactionId: entityId.nullable(),
  payload: z.unknown(),
  receivedAt: z.string(),
  /** A flagged event an admin has dealt with: when, by whom, and what they did. */
  handled: z.object({ at: z.string(), by: accountRef.nullable(), resolution: z.string() }).nullable(),
});
export type GatewayEventRecord = z.infer<typeof gatewayEvent>;
export const gatewayEventList = z.object({ data: z.array(gatewayEvent), total: z.number().int() });
export const paymentEventsQuery = transactionsQuery.extend({
  outcome: z.enum(gatewayEventOutcomes).optional(),
  /** `false`: only what is still to be dealt with; `true`: only what an admin has handled. */
  handled: z.enum(["true", "false"]).optional(),
});
/** How an admin dealt with a flagged event, in their words (kept with it). */
export const handleEventBody = z.strictObject({
  resolution: z.string().trim().min(3).max(500),
});

/** One transaction as the admin inspects it: its order and lines, the buyer, the earnings and every gateway event. */
export const transactionDetail = transaction.extend({
  gatewayRef: z.string().nullable(),
  buyer: accountRef.nullable(),
  order: z.object({
    _id: entityId,
    status: z.string(),
    original: z.number(),
    total: z.number(),
    couponCode: z.string().nullable(),
  }),
  lines: z.array(
    z.object({
      _id: entityId,
      itemKind: z.string(),
      itemId: entityId,
      title: z.string(),
      quantity: z.number().int(),
      unitPrice: z.number(),
      total: z.number(),
      performers: z.array(accountRef),
    }),
  ),
  earnings: z.array(adminEarningLine),
  events: z.array(gatewayEvent),
  updatedAt: z.string(),
});
export type TransactionDetail = z.infer<typeof transactionDetail>;

export const PAYOUT_METHODS = ["bank", "paxum", "crypto", "paypal", "other"] as const;
/** The methods a performer may choose now (PayPal and "other" stay readable on rows saved before). */
export const PAYOUT_METHOD_CHOICES = ["bank", "paxum", "crypto"] as const;
/** Where a performer wants to be paid. */
export const payoutDetails = z.object({
  method: z.enum(PAYOUT_METHODS),
  accountName: z.string(),
  /** Bank: IBAN and BIC; Paxum: the account's email; crypto: the wallet address. */
  account: z.string(),
  /** Crypto only: the currency and network (e.g. "USDT TRC-20"). */
  network: z.string().nullable(),
  updatedAt: z.string(),
  /** A new or changed method waits until then before a payout request may use it (null: usable). */
  heldUntil: z.string().nullable(),
});
export type PayoutDetails = z.infer<typeof payoutDetails>;
/** Payout details as lists show them: the method and the account masked (e.g. `•••• 5555`), no holder's name. */
export const maskedPayoutDetails = z.object({
  method: z.enum(PAYOUT_METHODS),
  accountHint: z.string(),
  updatedAt: z.string(),
});
export type MaskedPayoutDetails = z.infer<typeof maskedPayoutDetails>;
export const payoutDetailsResponse = z.object({ payoutDetails: payoutDetails.nullable() });
export const payoutDetailsBody = z
  .strictObject({
    method: z.enum(PAYOUT_METHODS),
    accountName: z.string().trim().min(2, "Enter the account holder's name").max(120),
    account: z.string().trim().min(4, "Enter the account (IBAN and BIC, PayPal address ...)").max(300),
    network: z.string().trim().max(60).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.method === "paxum" && !z.email().safeParse(body.account).success)
      ctx.addIssue({ code: "custom", path: ["account"], message: "Enter the email address of your Paxum account" });
    if (body.method === "crypto" && !body.network?.length)
      ctx.addIssue({ code: "custom", path: ["network"], message: "Enter the currency and network (e.g. USDT TRC-20)" });
    if (body.method === "crypto" && !/^[A-Za-z0-9:._-]{20,120}$/.test(body.account))
      ctx.addIssue({ code: "custom", path: ["account"], message: "Enter the wallet address (letters and digits)" });
  });
export type PayoutDetailsBody = z.infer<typeof payoutDetailsBody>;
