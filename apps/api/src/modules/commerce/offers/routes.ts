import { entityId } from "@marquee/contracts/common";
import {
  offer,
  offerBody,
  offerList,
  offerTerms,
  offerUpdateBody,
  trackingClick,
  trackingLink,
  trackingLinkBody,
  trackingLinkList,
} from "@marquee/contracts/offers";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../../platform/access.ts";
import { actorOf } from "../../audit/service.ts";
import type { Offers } from "./service.ts";

const tags = ["offers"];
const byId = z.strictObject({ id: entityId });

/**
 * Promotions (issue 24 section 3, offers/service.ts): performers' and admins' offers, an offer's terms for its page
 * (members take it through POST /payment/subscribe `{offerId}`), and performers' tracking links.
 */
export const offersRoutes: FastifyPluginAsyncZod<{ offers: Offers }> = async (app, { offers }) => {
  app.get("/offers/:id", {
    config: { access: "public" },
    schema: {
      tags,
      description:
        "An offer's terms, plainly: what is charged now and for how many days, whether and at what price it renews, and whether it can still be taken.",
      params: byId,
      response: { 200: offerTerms },
    },
    handler: async (req) => offers.terms(req.params.id),
  });

  app.get("/studio/offers", {
    config: { access: "performer" },
    schema: { tags, description: "The performer's own offers, newest first.", response: { 200: offerList } },
    handler: async (req) => offers.listOwn(currentUser(req).id),
  });

  app.post("/studio/offers", {
    config: { access: "performer" },
    schema: {
      tags,
      description:
        "A new offer on the performer's own subscription: a first-period `discount` (`percentOff`, `period`), a free `trial` (`trialDays`) or a `bundle` (`months` 3, 6 or 12 for `price`), limited by `maxClaims` and/or `endsAt`. 422 naming the field a kind needs.",
      body: offerBody,
      response: { 201: offer },
    },
    handler: async (req, reply) => reply.status(201).send(await offers.createOwn(currentUser(req), req.body)),
  });

  app.put("/studio/offers/:id", {
    config: { access: "performer" },
    schema: {
      tags,
      description: "Stops or restarts one of the performer's own offers (404 for anyone else's).",
      params: byId,
      body: offerUpdateBody,
      response: { 200: offer },
    },
    handler: async (req) => offers.setActive(currentUser(req), req.params.id, req.body.active),
  });

  app.get("/admin/offers", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      description: "The site packages' offers, newest first.",
      querystring: z.strictObject({ packageId: entityId.optional() }),
      response: { 200: offerList },
    },
    handler: async (req) => offers.listPackageOffers(req.query.packageId),
  });

  app.post("/admin/packages/:id/offers", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      description: "A new offer on a site membership package (as a performer's, see POST /studio/offers).",
      params: byId,
      body: offerBody,
      response: { 201: offer },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await offers.createForPackage(req.params.id, req.body, actorOf(req))),
  });

  app.put("/admin/offers/:id", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      description: "Stops or restarts a site package's offer.",
      params: byId,
      body: offerUpdateBody,
      response: { 200: offer },
    },
    handler: async (req) => offers.setActive(currentUser(req), req.params.id, req.body.active, actorOf(req)),
  });

  app.get("/studio/tracking-links", {
    config: { access: "performer" },
    schema: {
      tags,
      description: "The performer's tracking links with their clicks, sign-ups and paid conversions.",
      response: { 200: trackingLinkList },
    },
    handler: async (req) => offers.links(currentUser(req).id),
  });

  app.post("/studio/tracking-links", {
    config: { access: "performer" },
    schema: {
      tags,
      description: "A new tracking link (/r/CODE).",
      body: trackingLinkBody,
      response: { 201: trackingLink },
    },
    handler: async (req, reply) => reply.status(201).send(await offers.createLink(currentUser(req), req.body.name)),
  });

  app.post("/tracking-links/:code/click", {
    config: { access: "public" },
    schema: {
      tags,
      description:
        "Counts a click on a tracking link (once per client address and link in 30 minutes) and answers the performer it leads to (404: no such link).",
      params: z.strictObject({ code: z.string().regex(/^[A-Za-z0-9_-]{4,40}$/) }),
      response: { 200: trackingClick },
    },
    handler: async (req) => offers.click(req.params.code, req.ip),
  });
};
