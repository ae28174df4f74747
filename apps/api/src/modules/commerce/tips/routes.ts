import { entityId } from "@marquee/contracts/common";
import { checkout } from "@marquee/contracts/payments";
import {
  receivedTipList,
  receivedTipsQuery,
  tipBody,
  tipGoal,
  tipGoalAnswer,
  tipGoalBody,
} from "@marquee/contracts/tips";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../../platform/access.ts";
import type { Tips } from "./service.ts";

const tags = ["tips"];

/** Tips and tip goals (issue 24 section 2): tips/service.ts. */
export const tipsRoutes: FastifyPluginAsyncZod<{ tips: Tips }> = async (app, { tips }) => {
  app.post("/tips", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "Tips a performer `amount` (major units, at most two decimals) with an optional `message` (up to 500 characters, shown to the performer) from `source` (profile, video, gallery or comment): an order with one `tip` line and a pending transaction, through the site's gateway like a purchase; answers where to pay. 422 naming `body.amount` outside the site's `tipMinimum`..`tipMaximum`, naming `body.performerId` for a tip to oneself, naming `body.billingCountry` on a taxed site without a billing place (the tax is added as at any checkout); 404 for no such active performer. Earned at the site's `tipCommission`.",
      body: tipBody,
      response: { 200: checkout },
    },
    handler: async (req) => tips.tip(currentUser(req), req.body, req.ip),
  });

  app.get("/tips/performer", {
    config: { access: "performer" },
    schema: {
      tags,
      description:
        "The tips the performer received (paid, or refunded since), newest first, with who gave them and their message.",
      querystring: receivedTipsQuery,
      response: { 200: receivedTipList },
    },
    handler: async (req) => tips.received(currentUser(req).id, req.query),
  });

  app.get("/tips/goal", {
    config: { access: "performer" },
    schema: {
      tags,
      description: "The performer's own active tip goal with its progress (null when none).",
      response: { 200: tipGoalAnswer },
    },
    handler: async (req) => tips.ownGoal(currentUser(req).id),
  });

  app.get("/tips/goal/:performerId", {
    config: { access: "public" },
    schema: {
      tags,
      description:
        "A performer's active tip goal (null when none): its title, target and progress, the tips paid since it started with refunded ones taken out. It moves live in the performer's room (`tip-goal:progress`, this same answer).",
      params: z.strictObject({ performerId: entityId }),
      response: { 200: tipGoalAnswer },
    },
    handler: async (req) => tips.goalOf(req.params.performerId),
  });

  app.put("/tips/goal", {
    config: { access: "performer" },
    schema: {
      tags,
      description:
        "Sets the performer's tip goal (`title`, `target` in major units): the active one ends, and this one counts the tips paid from now on.",
      body: tipGoalBody,
      response: { 200: tipGoal },
    },
    handler: async (req) => tips.setGoal(currentUser(req).id, req.body),
  });

  app.delete("/tips/goal", {
    config: { access: "performer" },
    schema: { tags, description: "Ends the performer's active tip goal (404 when there is none)." },
    handler: async (req, reply) => {
      await tips.endGoal(currentUser(req).id);
      return reply.status(204).send();
    },
  });
};
