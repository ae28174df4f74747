import { z } from "zod";
import { entityId, listQuery } from "./common.ts";
import { billingFields, couponCode } from "./payments.ts";

/**
 * Site memberships and performer subscriptions (issue 10, DESIGN section 5). Prices are major units in answers,
 * integer cents inside the API.
 */

export const packageTypes = ["single", "recurring", "trial"] as const;

/** A site membership package as members see it. */
export const subscriptionPackage = z.object({
  _id: entityId,
  name: z.string(),
  description: z.string(),
  type: z.enum(packageTypes),
  price: z.number(),
  initialPeriodDays: z.number().int(),
  recurringPeriodDays: z.number().int().nullable(),
  active: z.boolean(),
  ordering: z.number().int(),
});
export type SubscriptionPackage = z.infer<typeof subscriptionPackage>;
export const packageList = z.object({ data: z.array(subscriptionPackage), total: z.number().int() });

const days = z.number().int().min(1).max(3660);
/** An admin's package: a trial is free; a recurring package renews every `recurringPeriodDays`. */
export const packageBody = z
  .strictObject({
    name: z.string().trim().min(1).max(80),
    description: z.string().trim().max(1000).optional(),
    type: z.enum(packageTypes),
    price: z.number().min(0).max(100_000).multipleOf(0.01),
    initialPeriodDays: days,
    recurringPeriodDays: days.nullable().optional(),
    active: z.boolean().optional(),
    ordering: z.number().int().min(0).max(10_000).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.type === "trial" && p.price !== 0) {
      ctx.addIssue({ code: "custom", path: ["price"], message: "A free trial costs nothing: set the price to 0" });
    }
    if (p.type !== "trial" && p.price <= 0) {
      ctx.addIssue({ code: "custom", path: ["price"], message: "A paid package needs a price above 0" });
    }
  });
export const packageUpdateBody = z.strictObject({
  name: z.string().trim().min(1).max(80).optional(),
  description: z.string().trim().max(1000).optional(),
  price: z.number().min(0).max(100_000).multipleOf(0.01).optional(),
  initialPeriodDays: days.optional(),
  recurringPeriodDays: days.nullable().optional(),
  active: z.boolean().optional(),
  ordering: z.number().int().min(0).max(10_000).optional(),
});
export const packagesQuery = listQuery.pick({ limit: true, offset: true });

/** What to subscribe to: a site package, or a performer monthly or yearly; an optional coupon for the first period. */
export const subscribeBody = z.union([
  /** An offer's link (offers.ts): its performer or package, at its terms; a coupon with it is refused (422). */
  z.strictObject({ offerId: entityId, couponCode: couponCode.optional(), ...billingFields }),
  z.strictObject({ packageId: entityId, couponCode: couponCode.optional(), ...billingFields }),
  z.strictObject({
    performerId: entityId,
    type: z.enum(["monthly", "yearly"]),
    couponCode: couponCode.optional(),
    ...billingFields,
  }),
]);
export type SubscribeBody = z.infer<typeof subscribeBody>;

export const subscriptionStatuses = ["pending", "active", "cancelled", "expired"] as const;

/** A member's subscription: to the site (with its package) or to a performer; access lasts until `expiresAt`. */
export const subscription = z.object({
  _id: entityId,
  kind: z.enum(["site", "performer"]),
  status: z.enum(subscriptionStatuses),
  period: z.string(),
  price: z.number(),
  renews: z.boolean(),
  /** Whether it gives access now (`expiresAt` is in the future). */
  active: z.boolean(),
  startedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  package: z.object({ _id: entityId, name: z.string() }).nullable(),
  performer: z.object({ _id: entityId, username: z.string(), name: z.string() }).nullable(),
  /** The member (in a performer's or an admin's list). */
  user: z.object({ _id: entityId, username: z.string(), name: z.string() }).nullable().optional(),
  gateway: z.string().nullable(),
  /** Why an admin granted or revoked it by hand (admins' lists only). */
  adminNote: z.string().nullable().optional(),
});
export type Subscription = z.infer<typeof subscription>;
export const subscriptionList = z.object({ data: z.array(subscription), total: z.number().int() });

/** What the member has now: the site membership (if any) and the performer subscriptions that give access. */
export const currentSubscriptions = z.object({
  membership: subscription.nullable(),
  performers: z.array(subscription),
});
export type CurrentSubscriptions = z.infer<typeof currentSubscriptions>;

export const subscriptionsQuery = listQuery.pick({ limit: true, offset: true }).extend({
  status: z.enum(subscriptionStatuses).optional(),
});
/** A performer's subscribers; an admin names the performer (or sees every subscription). */
export const subscribersQuery = subscriptionsQuery.extend({ performerId: entityId.optional() });
export const adminSubscriptionsQuery = subscriptionsQuery.extend({
  userId: entityId.optional(),
  kind: z.enum(["site", "performer"]).optional(),
});
/** An admin's grant of a site membership by hand: to whom, how long, and why. */
export const grantBody = z.strictObject({
  userId: entityId,
  packageId: entityId.optional(),
  days: z.number().int().min(1).max(3660),
  reason: z.string().trim().min(3).max(500),
});
/** An admin's revocation by hand: why. */
export const revokeBody = z.strictObject({ reason: z.string().trim().min(3).max(500) });

/** What an admin can make the sandbox gateway do to a subscription, to try every path by hand. */
export const simulateBody = z.strictObject({ event: z.enum(["renewed", "renewal_failed", "chargeback"]) });
/** Cancel without an id: the member's site membership, or their subscription to `performerId`. */
export const cancelBody = z.strictObject({ performerId: entityId.optional() }).nullish();
