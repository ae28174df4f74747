import type { FastifyPluginAsync } from "fastify";
import type { Config } from "../config.ts";
import { authRoutes } from "../modules/auth/routes.ts";
import { twoFactorRoutes } from "../modules/auth/two-factor-routes.ts";
import { commentsRoutes } from "../modules/comments/routes.ts";
import { notificationsRoutes } from "../modules/notifications/routes.ts";
import { reactionsRoutes } from "../modules/reactions/routes.ts";
import { usersRoutes } from "../modules/users/routes.ts";
import { watchingRoutes } from "../modules/watching/routes.ts";
import type { Services } from "../services.ts";

/** Members: signing in (and two-factor), accounts, notifications, what they watch, comments and reactions. */
export const membersArea: FastifyPluginAsync<{ services: Services; config: Config }> = async (
  app,
  { services, config },
) => {
  await app.register(authRoutes, { auth: services.auth });
  await app.register(twoFactorRoutes, { auth: services.auth });
  await app.register(usersRoutes, {
    users: services.users,
    imageMaxBytes: config.uploadImageMaxBytes,
    adminTwoFactorRequired: config.adminTwoFactorRequired,
  });
  await app.register(notificationsRoutes, { notifications: services.notifications });
  await app.register(watchingRoutes, { watching: services.watching });
  await app.register(commentsRoutes, { comments: services.comments, moderation: services.moderation });
  await app.register(reactionsRoutes, { reactions: services.reacting });
};
