import { entityId } from "@marquee/contracts/common";
import {
  adminConversation,
  conversation,
  inbox,
  inboxQuery,
  message,
  messagePage,
  messagesQuery,
  messagingSettings,
  messagingSettingsBody,
  sendMessageBody,
  unreadCount,
  welcomeAnswer,
  welcomeBody,
} from "@marquee/contracts/messages";
import { checkout, purchaseBody } from "@marquee/contracts/payments";
import type { RealtimeSender } from "@marquee/contracts/realtime-events";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../../platform/access.ts";
import type { Conversations } from "./conversations.ts";
import type { MessageModeration } from "./moderation.ts";
import type { Sending } from "./sending.ts";
import type { Welcome } from "./welcome.ts";

const tags = ["messages"];
const byId = z.strictObject({ id: entityId });

/** Conversations and messages (issue 25 section 2): conversations.ts and sending.ts. */
export const messagesRoutes: FastifyPluginAsyncZod<{
  conversations: Conversations;
  sending: Sending;
  welcome: Welcome;
  moderation: MessageModeration;
  toUser: RealtimeSender;
}> = async (app, { conversations, sending, welcome, moderation, toUser }) => {
  app.get("/conversations", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "The member's conversations with at least one message, newest first (keyset `cursor`), each with the other side, the newest message's first words, the member's unread count, read state and blocks.",
      querystring: inboxQuery,
      response: { 200: inbox },
    },
    handler: async (req) => conversations.inbox(currentUser(req), req.query),
  });

  app.get("/conversations/unread", {
    config: { access: "user" },
    schema: {
      tags,
      description: "How many messages wait unread (the header's count).",
      response: { 200: unreadCount },
    },
    handler: async (req) => conversations.unread(currentUser(req)),
  });

  app.put("/conversations/with/:userId", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "Opens (or finds) the member's one conversation with a performer; a performer opens one with a follower or subscriber. 422 naming `params.userId` for oneself or anyone else.",
      params: z.strictObject({ userId: entityId }),
      response: { 200: conversation },
    },
    handler: async (req) => conversations.open(currentUser(req), req.params.userId),
  });

  app.get("/conversations/:id/messages", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "A page of the conversation's history, newest first (`next` as `cursor` for older ones), for its two sides only (404 for anyone else, admins too: they read a conversation only through a report).",
      params: byId,
      querystring: messagesQuery,
      response: { 200: messagePage },
    },
    handler: async (req) => conversations.history(currentUser(req), req.params.id, req.query),
  });

  app.post("/conversations/:id/messages", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "Sends a message: `text` (up to 2,000 characters) and, from the performer, vault `attachmentIds` and a `price` that locks them. Both sides get it live (`message:created`). 403 while either side blocks the other, or when the performer takes first messages only from followers or subscribers; 422 naming the field for an empty message, media or a price from the fan, a price without media, or an attachment not the performer's own ready vault item; 429 past 20 messages a minute.",
      params: byId,
      body: sendMessageBody,
      response: { 200: message },
    },
    handler: async (req) => sending.send(currentUser(req), req.params.id, req.body),
  });

  app.post("/conversations/:id/read", {
    config: { access: "user" },
    schema: {
      tags,
      description: "Marks the conversation read now; the other side is told (`message:read`).",
      params: byId,
      response: { 200: conversation },
    },
    handler: async (req) => {
      const me = currentUser(req);
      const { readAt, otherId } = await conversations.read(me, req.params.id);
      toUser(otherId, "message:read", { conversationId: req.params.id, readAt: readAt.toISOString() });
      return (await conversations.history(me, req.params.id, { limit: 1 })).conversation;
    },
  });

  for (const [method, blocked] of [
    ["PUT", true],
    ["DELETE", false],
  ] as const) {
    app.route({
      method,
      url: "/conversations/:id/block",
      config: { access: "user" },
      schema: {
        tags,
        description: blocked
          ? "Blocks the other side: while either side blocks, neither can write in the conversation."
          : "Lifts the member's block of the other side.",
        params: byId,
        response: { 200: conversation },
      },
      handler: async (req) => conversations.block(currentUser(req), req.params.id, blocked),
    });
  }

  app.post("/messages/:id/unlock", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "Buys a paid message's media, by the fan it was sent to, through the site's checkout (an order line of kind `message`); answers where to pay. 409 when the member can already open it; 422 naming `params.id` for a free message; 404 for anyone outside the conversation.",
      params: byId,
      body: purchaseBody,
      response: { 200: checkout },
    },
    handler: async (req) => sending.unlock(currentUser(req), req.params.id, req.body ?? {}, req.ip),
  });

  app.get("/admin/messages/:id/context", {
    config: { access: "admin" },
    schema: {
      tags,
      description:
        "The conversation around a reported message (20 messages either side, oldest first) and its two sides: the only way an admin reads a conversation. 403 for a message nobody reported.",
      params: byId,
      response: { 200: adminConversation },
    },
    handler: async (req) => moderation.context(currentUser(req), req.params.id),
  });

  app.get("/messages/welcome", {
    config: { access: "performer" },
    schema: {
      tags,
      description: "The performer's welcome message, sent to each new subscriber (null: none).",
      response: { 200: welcomeAnswer },
    },
    handler: async (req) => welcome.ofPerformer(currentUser(req)),
  });

  app.put("/messages/welcome", {
    config: { access: "performer" },
    schema: {
      tags,
      description:
        "Sets the performer's welcome message: text and/or vault attachments, with a price that locks them. Sent from the performer to each new subscriber once their subscription is paid. 422 naming the field as for a message.",
      body: welcomeBody,
      response: { 200: welcomeAnswer },
    },
    handler: async (req) => welcome.save(currentUser(req), req.body),
  });

  app.delete("/messages/welcome", {
    config: { access: "performer" },
    schema: { tags, description: "Stops the welcome message (404 when none is set).", response: { 204: z.null() } },
    handler: async (req, reply) => {
      await welcome.remove(currentUser(req));
      return reply.status(204).send(null);
    },
  });

  app.get("/messages/settings", {
    config: { access: "performer" },
    schema: { tags, description: "Who may write to the performer first.", response: { 200: messagingSettings } },
    handler: async (req) => conversations.settings(currentUser(req)),
  });

  app.put("/messages/settings", {
    config: { access: "performer" },
    schema: {
      tags,
      description: "Sets who may write to the performer first: anyone, followers (or subscribers), or subscribers.",
      body: messagingSettingsBody,
      response: { 200: messagingSettings },
    },
    handler: async (req) => conversations.saveSettings(currentUser(req), req.body),
  });
};
