import { z } from "zod";
import { entityId } from "./common.ts";
import { billingFields } from "./payments.ts";

/**
 * Tips (issue 24 section 2): a member tips a performer through the same checkout, gateway and ledger as a purchase;
 * a performer may set one tip goal at a time, whose progress the profile shows live.
 */

/** The longest message a tip may carry. */
export const TIP_MESSAGE_MAX = 500;
/** The longest title of a tip goal. */
export const TIP_GOAL_TITLE_MAX = 80;
/** Where a tip was given from (the page's button). */
export const tipSources = ["profile", "video", "gallery", "comment"] as const;
export type TipSource = (typeof tipSources)[number];

/** In major units with at most two decimals (cents); the site's minimum and maximum are checked by the API (422). */
const money = z
  .number()
  .positive()
  .max(1_000_000)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, "at most two decimals");

export const tipBody = z.strictObject({
  performerId: entityId,
  amount: money,
  message: z.string().trim().max(TIP_MESSAGE_MAX).optional(),
  source: z.enum(tipSources).optional(),
  // The billing place a taxed site charges its tax by, as at any checkout (contracts/taxes.ts).
  ...billingFields,
});
export type TipBody = z.infer<typeof tipBody>;

/** A tip a performer received (paid, or refunded since). */
export const receivedTip = z.object({
  _id: entityId,
  from: z.string(),
  amount: z.number(),
  currency: z.string(),
  message: z.string().nullable(),
  status: z.enum(["paid", "refunded"]),
  source: z.enum(tipSources),
  createdAt: z.string(),
});
export type ReceivedTip = z.infer<typeof receivedTip>;
export const receivedTipList = z.object({ data: z.array(receivedTip), total: z.number().int() });
export const receivedTipsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** A performer's active tip goal: the tips paid since it started (refunded ones taken out) towards its target. */
export const tipGoal = z.object({
  _id: entityId,
  performerId: entityId,
  title: z.string(),
  target: z.number(),
  progress: z.number(),
  currency: z.string(),
  startedAt: z.string(),
});
export type TipGoal = z.infer<typeof tipGoal>;
/** What GET /tips/goal/:performerId answers, and the payload of the live `tip-goal:progress` event. */
export const tipGoalAnswer = z.object({ performerId: entityId, goal: tipGoal.nullable() });
export type TipGoalAnswer = z.infer<typeof tipGoalAnswer>;

export const tipGoalBody = z.strictObject({
  title: z.string().trim().min(1).max(TIP_GOAL_TITLE_MAX),
  target: money,
});
export type TipGoalBody = z.infer<typeof tipGoalBody>;
