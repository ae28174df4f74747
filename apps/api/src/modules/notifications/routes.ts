import { entityId } from "@marquee/contracts/common";
import { notification, notificationList, notificationsQuery, readAllAnswer } from "@marquee/contracts/notifications";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../platform/access.ts";
import type { NotificationsService } from "./service.ts";

const tags = ["notifications"];

export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.get("/notifications", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "The member's own notifications, newest first (`unread=true`: only the unread ones), with `total` (matching the query) and `unread` (all the member's unread ones). Each has a short `text` and a `link` made by the API, and the sender's fields in `data`. A member keeps the newest 500; older ones are deleted as new ones arrive. The same notifications arrive live on the socket's `notification` event.",
      querystring: notificationsQuery,
      response: { 200: notificationList },
    },
    handler: async (req) => notifications.list(currentUser(req).id, req.query),
  });

  app.post("/notifications/read-all", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "Marks all the member's notifications read: answers how many were unread (`updated`) and `unread` (0).",
      response: { 200: readAllAnswer },
    },
    handler: async (req) => notifications.markAllRead(currentUser(req).id),
  });

  app.post("/notifications/:id/read", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "Marks one of the member's own notifications read (again: no change) and answers it; 404 for anyone else's.",
      params: z.strictObject({ id: entityId }),
      response: { 200: notification },
    },
    handler: async (req) => notifications.markRead(currentUser(req).id, req.params.id),
  });
};
