import { payoutDetailsBody, payoutDetailsResponse } from "@marquee/contracts/payments";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireRecentPassword, requireTwoFactor } from "../../platform/access.ts";
import type { PayoutDetailsService } from "./payout-details.ts";

const tags = ["earnings"];

export const payoutDetailsRoutes: FastifyPluginAsyncZod<{ payoutDetails: PayoutDetailsService }> = async (
  app,
  { payoutDetails },
) => {
  app.get("/performers/me/payout-details", {
    config: { access: "performer" },
    schema: { tags, description: "Where you want to be paid.", response: { 200: payoutDetailsResponse } },
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
};
