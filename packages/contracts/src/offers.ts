import { z } from "zod";
import { entityId } from "./common.ts";

/**
 * Promotions (issue 24 section 3): offers on a performer's subscription or a site membership package, and performers'
 * tracking links. An offer is reached through its link (/offers/:id); the checkout sells it alone (no coupon too).
 */

export const offerKinds = ["discount", "trial", "bundle"] as const;
export type OfferKind = (typeof offerKinds)[number];
/** The bundles sold: months for one price. */
export const BUNDLE_MONTHS = [3, 6, 12] as const;
/** The days a bundle of `months` lasts (and renews for): 30 a month, a year 365. */
export const bundleDays = (months: number) => (months === 12 ? 365 : months * 30);

const money = z
  .number()
  .positive()
  .max(100_000)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, "at most two decimals");

/**
 * A new offer. Which fields it needs depends on `kind` (checked by the API, 422 naming the field): a discount
 * `percentOff` (1..99) and, for a performer, `period`; a trial `trialDays`; a bundle `months` (3, 6 or 12) and its
 * `price` for the whole bundle. `maxClaims` and `endsAt` limit any of them.
 */
export const offerBody = z.strictObject({
  kind: z.enum(offerKinds),
  title: z.string().trim().max(80).optional(),
  period: z.enum(["monthly", "yearly"]).optional(),
  percentOff: z.number().int().min(1).max(99).optional(),
  trialDays: z.number().int().min(1).max(90).optional(),
  months: z.number().int().optional(),
  price: money.optional(),
  maxClaims: z.number().int().min(1).max(1_000_000).optional(),
  endsAt: z.iso.datetime({ offset: true }).optional(),
});
export type OfferBody = z.infer<typeof offerBody>;

export const offerUpdateBody = z.strictObject({ active: z.boolean() });

/** An offer as its maker sees it, with how many claims it has had. */
export const offer = z.object({
  _id: entityId,
  kind: z.enum(offerKinds),
  title: z.string(),
  performerId: entityId.nullable(),
  packageId: entityId.nullable(),
  period: z.enum(["monthly", "yearly"]).nullable(),
  percentOff: z.number().nullable(),
  trialDays: z.number().nullable(),
  months: z.number().nullable(),
  price: z.number().nullable(),
  maxClaims: z.number().nullable(),
  claims: z.number(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
  /** The page members open to take it. */
  link: z.string(),
  createdAt: z.string(),
});
export type Offer = z.infer<typeof offer>;
export const offerList = z.object({ data: z.array(offer), total: z.number().int() });

/**
 * What an offer sells, in plain terms: charged now for `firstDays`, then (when it renews) `renewPrice` every
 * `renewDays` until cancelled. `available` false says why not in `reason` (ended, used up, no longer offered).
 */
export const offerTerms = z.object({
  _id: entityId,
  kind: z.enum(offerKinds),
  title: z.string(),
  /** Who it is for: a performer (their username and name) or a site package (its name). */
  performer: z.object({ _id: entityId, username: z.string(), name: z.string() }).nullable(),
  package: z.object({ _id: entityId, name: z.string() }).nullable(),
  currency: z.string(),
  /** The regular price of one period (before the offer), and its days. */
  regularPrice: z.number(),
  chargedNow: z.number(),
  firstDays: z.number().int(),
  renews: z.boolean(),
  renewPrice: z.number().nullable(),
  renewDays: z.number().int().nullable(),
  endsAt: z.string().nullable(),
  claimsLeft: z.number().int().nullable(),
  available: z.boolean(),
  reason: z.string().nullable(),
});
export type OfferTerms = z.infer<typeof offerTerms>;

export const trackingLinkBody = z.strictObject({ name: z.string().trim().min(1, "Name the link").max(80) });

/** A performer's tracking link with what it brought: clicks, sign-ups after a click, and those members' payments. */
export const trackingLink = z.object({
  _id: entityId,
  name: z.string(),
  code: z.string(),
  /** The address to share (/r/CODE). */
  link: z.string(),
  clicks: z.number().int(),
  signups: z.number().int(),
  /** The signed-up members who paid since. */
  conversions: z.number().int(),
  /** What they paid, in major units. */
  revenue: z.number(),
  createdAt: z.string(),
});
export type TrackingLink = z.infer<typeof trackingLink>;
export const trackingLinkList = z.object({ data: z.array(trackingLink), total: z.number().int() });
/** A click on a tracking link: where it leads (the performer's profile). */
export const trackingClick = z.object({ username: z.string(), code: z.string() });
/** The code a sign-up brings from the tracking link's cookie. */
export const trackingCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{4,40}$/);
