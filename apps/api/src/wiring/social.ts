import type { FastifyPluginAsync } from "fastify";
import { feedRoutes } from "../modules/social/feed/routes.ts";
import { followsRoutes } from "../modules/social/follows/routes.ts";
import { messagesRoutes } from "../modules/social/messages/routes.ts";
import { newsRoutes } from "../modules/social/news/routes.ts";
import { feedPostsRoutes } from "../modules/social/posts/routes.ts";
import type { Services } from "../services.ts";

/** Social (issue 25): following performers, feed posts and the feed, messages. */
export const socialArea: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { social } = services;
  await app.register(followsRoutes, { follows: social.follows });
  await app.register(feedPostsRoutes, { posts: social.posts, forget: social.forgetEngagement });
  await app.register(feedRoutes, { feed: social.feed });
  await app.register(messagesRoutes, social);
  await app.register(newsRoutes, { news: services.news });
};
