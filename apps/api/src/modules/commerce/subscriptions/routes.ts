import { entityId } from "@marquee/contracts/common";
import { checkout } from "@marquee/contracts/payments";
import {
  adminSubscriptionsQuery,
  cancelBody,
  currentSubscriptions,
  grantBody,
  packageBody,
  packageList,
  packagesQuery,
  packageUpdateBody,
  revokeBody,
  simulateBody,
  subscribeBody,
  subscribersQuery,
  subscription,
  subscriptionList,
  subscriptionPackage,
  subscriptionsQuery,
} from "@marquee/contracts/subscriptions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../../platform/access.ts";
import { actorOf } from "../../audit/service.ts";
import type { PaymentsService } from "../checkout/service.ts";
import type { SubscriptionActions } from "./actions.ts";
import type { SubscriptionsService } from "./service.ts";

const tags = ["subscriptions"];
const byId = z.strictObject({ id: entityId });

/**
 * Site memberships and performer subscriptions (SPEC section 7): the packages, subscribing (a checkout through the
 * payments ledger), what a member has, a performer's subscribers, cancelling, and the admin's packages.
 */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{
  subscriptions: SubscriptionsService;
  /** Cancelling, the sandbox's simulations, an admin's grant and revoke (subscriptions/actions.ts). */
  actions: SubscriptionActions;
  /** Subscribing is a checkout (commerce/checkout). */
  payments: Pick<PaymentsService, "subscribe">;
}> = async (app, { subscriptions, actions, payments }) => {
  app.get("/package/subscription/search", {
    config: { access: "public" },
    schema: { tags, description: "The site membership packages members can join.", response: { 200: packageList } },
    handler: async () => subscriptions.activePackages(),
  });

  app.post("/payment/subscribe", {
    config: { access: "user" },
    schema: {
      tags: ["payments"],
      description:
        "Subscribes: `{packageId}` for a site membership, `{performerId, type}` for a performer (monthly or yearly), `{offerId}` at an offer's terms (commerce/offers: charged now as the offer says, renewals at its stated renewal price; a `couponCode` with an offer is refused, 422 naming it: an offer and a coupon do not stack). Answers where to pay; a free package starts at once (paymentUrl is the success page). Refused when the member already has it.",
      body: subscribeBody,
      response: { 200: checkout },
    },
    handler: async (req) => payments.subscribe(currentUser(req), req.body, req.ip),
  });

  app.get("/subscriptions/current", {
    config: { access: "user" },
    schema: {
      tags,
      description: "The member's site membership and performer subscriptions giving access now.",
      response: { 200: currentSubscriptions },
    },
    handler: async (req) => subscriptions.current(currentUser(req).id),
  });

  app.get("/subscriptions/user/search", {
    config: { access: "user" },
    schema: {
      tags,
      description: "The member's own subscriptions, newest first.",
      querystring: subscriptionsQuery,
      response: { 200: subscriptionList },
    },
    handler: async (req) => subscriptions.searchOwn(currentUser(req).id, req.query),
  });

  app.get("/subscriptions/performer/search", {
    config: { access: "performer" },
    schema: {
      tags,
      description: "A performer's subscribers (their own; an admin names `performerId`).",
      querystring: subscribersQuery,
      response: { 200: subscriptionList },
    },
    handler: async (req) => {
      const viewer = currentUser(req);
      const performerId = viewer.role === "admin" && req.query.performerId ? req.query.performerId : viewer.id;
      return subscriptions.searchSubscribers(performerId, req.query);
    },
  });

  app.post("/subscriptions/cancel/:id", {
    config: { access: "user" },
    schema: {
      tags,
      description: "Stops a subscription's renewals (the member's own; an admin any); access lasts until it ends.",
      params: byId,
      response: { 200: subscription },
    },
    handler: async (req) => subscriptions.one(await actions.cancelSubscription(currentUser(req), req.params.id)),
  });

  app.post("/subscriptions/cancel", {
    config: { access: "user" },
    schema: {
      tags,
      description: "Stops the renewals of the member's site membership, or of their subscription to `performerId`.",
      body: cancelBody,
      response: { 200: subscription },
    },
    handler: async (req) =>
      subscriptions.one(await actions.cancelCurrent(currentUser(req), req.body?.performerId ?? undefined)),
  });

  app.get("/admin/packages", {
    config: { access: "admin" },
    schema: { tags: ["admin"], querystring: packagesQuery, response: { 200: packageList } },
    handler: async (req) => subscriptions.listPackages(req.query),
  });

  app.post("/admin/packages", {
    config: { access: "admin" },
    schema: { tags: ["admin"], body: packageBody, response: { 201: subscriptionPackage } },
    handler: async (req, reply) => reply.status(201).send(await subscriptions.createPackage(req.body, actorOf(req))),
  });

  app.put("/admin/packages/:id", {
    config: { access: "admin" },
    schema: { tags: ["admin"], params: byId, body: packageUpdateBody, response: { 200: subscriptionPackage } },
    handler: async (req) => subscriptions.updatePackage(req.params.id, req.body, actorOf(req)),
  });

  app.get("/admin/subscriptions", {
    config: { access: "admin" },
    schema: { tags: ["admin"], querystring: adminSubscriptionsQuery, response: { 200: subscriptionList } },
    handler: async (req) => subscriptions.searchAll(req.query),
  });

  app.post("/admin/subscriptions/grant", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      description: "Grants a member a site membership by hand for `days`, with the reason (no gateway, no money).",
      body: grantBody,
      response: { 201: subscription },
    },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await subscriptions.one(await actions.grantMembership(currentUser(req), req.body, actorOf(req)))),
  });

  app.post("/admin/subscriptions/:id/revoke", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      description:
        "Revokes a membership or subscription by hand, with the reason: renewals stop and access ends now (money is given back only by a refund).",
      params: byId,
      body: revokeBody,
      response: { 200: subscription },
    },
    handler: async (req) =>
      subscriptions.one(
        await actions.revokeSubscription(currentUser(req), req.params.id, req.body.reason, actorOf(req)),
      ),
  });

  app.post("/admin/subscriptions/:id/simulate", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      description:
        "Sandbox only: makes the sandbox gateway send a renewal, a failed renewal or a chargeback for the subscription, through its webhook.",
      params: byId,
      body: simulateBody,
      response: { 200: subscription },
    },
    handler: async (req) => subscriptions.one(await actions.simulate(req.params.id, req.body.event, actorOf(req))),
  });
};
