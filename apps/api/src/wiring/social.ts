import type { FastifyPluginAsync } from "fastify";
import { followsRoutes } from "../modules/social/follows/routes.ts";
import type { Services } from "../services.ts";

/** Social (issue 25): following performers, feed posts and the feed, messages. */
export const socialArea: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  await app.register(followsRoutes, { follows: services.follows });
};
