import { entityId } from "@marquee/contracts/common";
import { payoutDetailsBody, payoutDetailsResponse } from "@marquee/contracts/payments";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, requireRecentPassword, requireTwoFactor } from "../../../platform/access.ts";
import { actorOf } from "../../audit/service.ts";
import type { PayoutDetailsService } from "./payout-details.ts";

const tags = ["earnings"];

export const payoutDetailsRoutes: FastifyPluginAsyncZod<{ payoutDetails: PayoutDetailsService }> = async (
  app,
  { payoutDetails },
) => {
  app.get("/performers/me/payout-details", {
    config: { access: "performer" },
    schema: {
      tags,
      description:
        "Where you want to be paid. 409 PayoutDetailsUnreadable when the site's encryption key no longer opens them (enter them again).",
      response: { 200: payoutDetailsResponse },
    },
    handler: async (req) => ({ payoutDetails: await payoutDetails.of(currentUser(req).id) }),
  });

  app.put("/performers/me/payout-details", {
    config: { access: "performer" },
    schema: {
      tags,
      description:
        "Changes where you are paid. Needs two-factor sign-in on (403 TwoFactorRequired) and the password typed within 5 minutes (403 ReauthenticationRequired).",
      body: payoutDetailsBody,
      response: { 200: payoutDetailsResponse },
    },
    handler: async (req) => {
      requireTwoFactor(req, "Turn on two-factor sign-in (My account → Security) before changing your payout details.");
      requireRecentPassword(req);
      return { payoutDetails: await payoutDetails.set(currentUser(req).id, req.body) };
    },
  });

  app.get("/admin/performers/:id/payout-details", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      params: z.strictObject({ id: entityId }),
      description:
        "A performer's full payout details, to make a payout (lists show them masked). Needs the password typed within 5 minutes (403 ReauthenticationRequired); each look is recorded in the audit trail.",
      response: { 200: payoutDetailsResponse },
    },
    handler: async (req) => {
      requireRecentPassword(req);
      const details = await payoutDetails.viewedBy(actorOf(req), req.params.id);
      return { payoutDetails: details };
    },
  });
};
