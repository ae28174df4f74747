import { feedPage, feedQuery } from "@marquee/contracts/feed";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../../platform/access.ts";
import type { Feed } from "./service.ts";

/** The member's feed (issue 25 section 1): feed/service.ts. */
export const feedRoutes: FastifyPluginAsyncZod<{ feed: Feed }> = async (app, { feed }) => {
  app.get("/feed", {
    config: { access: "user" },
    schema: {
      tags: ["feed"],
      description:
        "What is new from the performers the member follows or subscribes to, newest first: their feed posts, movies, galleries and products, each with the instant (`at`) it was listed. Pass `next` as `cursor` for the next page; a page costs the same at any depth. `performers`: how many performers feed it (0: the member follows nobody yet).",
      querystring: feedQuery,
      response: { 200: feedPage },
    },
    handler: async (req) => feed.page(currentUser(req), req.query),
  });
};
