import { refuseBody, reviewDecision, reviewParams, reviewQueue, reviewQueueQuery } from "@marquee/contracts/review";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../platform/access.ts";
import { actorOf } from "../audit/service.ts";
import type { ReviewService } from "./service.ts";

const admin = { access: "admin", geo: "open", maintenance: "open" } as const;
const tags = ["admin"];

export const reviewRoutes: FastifyPluginAsyncZod<{ review: ReviewService }> = async (app, { review }) => {
  app.get("/admin/review", {
    config: admin,
    schema: {
      tags,
      summary: "Movies, galleries and products waiting for review, oldest first",
      querystring: reviewQueueQuery,
      response: { 200: reviewQueue },
    },
    handler: async (req) => review.queue(currentUser(req), req.query),
  });

  app.post("/admin/review/:kind/:id/approve", {
    config: admin,
    schema: {
      tags,
      summary: "Approve a waiting item: it goes out now, or at its scheduled date",
      params: reviewParams,
      response: { 200: reviewDecision },
    },
    handler: async (req) => review.approve(actorOf(req), req.params.kind, req.params.id),
  });

  app.post("/admin/review/:kind/:id/refuse", {
    config: admin,
    schema: {
      tags,
      summary: "Refuse a waiting item with the reason its performers are told",
      params: reviewParams,
      body: refuseBody,
      response: { 200: reviewDecision },
    },
    handler: async (req) => review.refuse(actorOf(req), req.params.kind, req.params.id, req.body.reason),
  });
};
