import { entityId } from "@marquee/contracts/common";
import { followerList, followersQuery, followState } from "@marquee/contracts/feed";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../../platform/access.ts";
import type { Follows } from "./service.ts";

const tags = ["follows"];
const params = z.strictObject({ performerId: entityId });

/** Following performers (issue 25 section 1): follows/service.ts. */
export const followsRoutes: FastifyPluginAsyncZod<{ follows: Follows }> = async (app, { follows }) => {
  app.get("/follows/:performerId", {
    config: { access: "public" },
    schema: {
      tags,
      description:
        "An active performer's follower count and whether the signed-in viewer follows them (false for visitors); 404 for no such active performer.",
      params,
      response: { 200: followState },
    },
    handler: async (req) => follows.state(req.user ?? null, req.params.performerId),
  });

  app.put("/follows/:performerId", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "Follows an active performer for free (again: no change) and answers the follow state. 422 naming `params.performerId` for oneself or past 5,000 follows; 404 for no such active performer.",
      params,
      response: { 200: followState },
    },
    handler: async (req) => follows.follow(currentUser(req), req.params.performerId),
  });

  app.delete("/follows/:performerId", {
    config: { access: "user" },
    schema: {
      tags,
      description: "Stops following a performer (not following: no change) and answers the follow state.",
      params,
      response: { 200: followState },
    },
    handler: async (req) => follows.unfollow(currentUser(req), req.params.performerId),
  });

  app.get("/followers", {
    config: { access: "performer" },
    schema: {
      tags,
      description:
        "The signed-in performer's followers, newest first (keyset `cursor`), each with whether they also subscribe; `total` is the follower count.",
      querystring: followersQuery,
      response: { 200: followerList },
    },
    handler: async (req) => follows.followers(currentUser(req).id, req.query),
  });
};
