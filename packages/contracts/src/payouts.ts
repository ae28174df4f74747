import { z } from "zod";
import { entityId } from "./common.ts";
import { accountRef, maskedPayoutDetails, transactionsQuery } from "./payments.ts";

/**
 * Payout requests and monthly statements (issue 24 section 4): a performer asks to be paid their balance once it
 * reaches the site's minimum; an admin approves and marks it paid with a reference, or refuses it with a reason.
 */
export const PAYOUT_REQUEST_STATUSES = ["requested", "approved", "paid", "refused"] as const;
export type PayoutRequestStatus = (typeof PAYOUT_REQUEST_STATUSES)[number];

export const payoutRequest = z.object({
  _id: entityId,
  performerId: entityId,
  performer: accountRef.nullable(),
  status: z.enum(PAYOUT_REQUEST_STATUSES),
  /** What the request's lines added up to when it was made: fixed. */
  amount: z.number(),
  currency: z.string(),
  lines: z.number().int(),
  /** The method it is paid to, masked, as it was when requested. */
  method: maskedPayoutDetails.pick({ method: true, accountHint: true }),
  reason: z.string().nullable(),
  reference: z.string().nullable(),
  payoutId: entityId.nullable(),
  decidedBy: accountRef.nullable(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  refusedAt: z.string().nullable(),
});
export type PayoutRequest = z.infer<typeof payoutRequest>;
export const payoutRequestList = z.object({ data: z.array(payoutRequest), total: z.number().int() });
export const payoutRequestResponse = z.object({ request: payoutRequest });

/** Why a request cannot be made now, if it cannot (the web shows it by the disabled button). */
export const PAYOUT_BLOCKERS = ["below-minimum", "no-method", "method-on-hold", "open-request"] as const;
export type PayoutBlocker = (typeof PAYOUT_BLOCKERS)[number];

/** A performer's balance: the net of their unpaid lines, and whether they may ask for it now. */
export const payoutBalance = z.object({
  balance: z.number(),
  currency: z.string(),
  minimum: z.number(),
  holdDays: z.number().int(),
  /** When the saved method may be used (null: now, or no method). */
  methodHeldUntil: z.string().nullable(),
  open: payoutRequest.nullable(),
  blocker: z.enum(PAYOUT_BLOCKERS).nullable(),
});
export type PayoutBalance = z.infer<typeof payoutBalance>;

export const payoutRequestsQuery = transactionsQuery.extend({
  status: z.enum(PAYOUT_REQUEST_STATUSES).optional(),
  performerId: entityId.optional(),
});
export const myPayoutRequestsQuery = transactionsQuery;
export const markPaidBody = z.strictObject({ reference: z.string().trim().min(2).max(200) });
export const refuseBody = z.strictObject({ reason: z.string().trim().min(3).max(500) });

export const statementMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Expected a month as YYYY-MM");
export const statementQuery = z.strictObject({ month: statementMonth.optional() });

/**
 * One row of a statement: the month's earning lines of one kind (a sale's item kind, `refund` for reversals),
 * gross, the site's commission and the net.
 */
export const statementRow = z.object({
  kind: z.string(),
  count: z.number().int(),
  gross: z.number(),
  commission: z.number(),
  net: z.number(),
});
/**
 * A performer's monthly statement (UTC month): opening balance, the month's lines by kind, payouts made, closing
 * balance. `closing = opening + net − payouts`, to the cent.
 */
export const statement = z.object({
  month: statementMonth,
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  opening: z.number(),
  rows: z.array(statementRow),
  gross: z.number(),
  commission: z.number(),
  net: z.number(),
  payouts: z.array(z.object({ _id: entityId, amount: z.number(), note: z.string().nullable(), createdAt: z.string() })),
  paidOut: z.number(),
  closing: z.number(),
  /** The months with something on them, newest first (the current month always). */
  months: z.array(statementMonth),
});
export type Statement = z.infer<typeof statement>;
