import { z } from "zod";
import { price } from "./catalogue.ts";
import { entityId } from "./common.ts";
import { attachment, attachmentIds } from "./vault.ts";

/**
 * Messages (issue 25 section 2): a member and a performer have one conversation; it updates live over the socket,
 * counts unread messages and keeps its history. A performer may lock a message's media behind a price.
 */

export const MESSAGE_MAX = 2000;
/** Messages one account may send per minute: a conversation's pace, not a script's. */
export const MESSAGES_PER_MINUTE = 20;

/** Who may write to a performer first: anyone, their followers, or their subscribers. */
export const whoMayWriteFirst = ["anyone", "followers", "subscribers"] as const;
export const messagingSettings = z.object({ whoMayWriteFirst: z.enum(whoMayWriteFirst) });
export type MessagingSettings = z.infer<typeof messagingSettings>;
export const messagingSettingsBody = z.strictObject({ whoMayWriteFirst: z.enum(whoMayWriteFirst) });

/** The other side of a conversation, as the inbox shows them. */
export const correspondent = z.object({
  _id: entityId,
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(["user", "performer", "admin"]),
});

export const conversation = z.object({
  _id: entityId,
  with: correspondent,
  /** The newest message's first words ("Photo" / "Video" for media without text); null before any message. */
  lastText: z.string().nullable(),
  lastAt: z.string().nullable(),
  lastFromMe: z.boolean(),
  unread: z.number().int(),
  /** The other side has read up to this instant (read state of one's own messages). */
  readByThemAt: z.string().nullable(),
  blockedByMe: z.boolean(),
  blockedByThem: z.boolean(),
});
export type Conversation = z.infer<typeof conversation>;

export const inboxQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z.string().trim().min(1).max(400).optional(),
});
export const inbox = z.object({ data: z.array(conversation), next: z.string().nullable() });
export type Inbox = z.infer<typeof inbox>;
export const unreadCount = z.object({ unread: z.number().int() });

export const message = z.object({
  _id: entityId,
  conversationId: entityId,
  senderId: entityId,
  fromMe: z.boolean(),
  text: z.string(),
  /** A paid message's price (its media opens once paid); null: free. */
  price: z.number().nullable(),
  currency: z.string(),
  /** `sale`: the viewer has not paid for its media (they see blurred previews). */
  lock: z.enum(["sale"]).nullable(),
  isBought: z.boolean(),
  attachments: z.array(attachment),
  /** A moderator removed it after a report: the reason (its text and media are gone). */
  removed: z.string().nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof message>;

export const messagesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(30),
  /** Older messages: the previous page's `next`. */
  cursor: z.string().trim().min(1).max(400).optional(),
});
/** A conversation's messages, newest first. */
export const messagePage = z.object({ conversation, data: z.array(message), next: z.string().nullable() });
export type MessagePage = z.infer<typeof messagePage>;

/** A message: text and/or vault attachments (performers only); `price` locks the attachments (performers only). */
export const sendMessageBody = z.strictObject({
  text: z.string().trim().max(MESSAGE_MAX, `At most ${MESSAGE_MAX} characters`).default(""),
  attachmentIds: attachmentIds.default([]),
  price: price.nullable().optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

/** To the sender's sockets: the other side read the conversation up to `readAt`. */
export const messagesReadEvent = z.object({ conversationId: entityId, readAt: z.string() });

/** A performer's welcome message, sent to each new subscriber (null: none set). */
export const welcomeMessage = z.object({
  text: z.string(),
  price: z.number().nullable(),
  attachments: z.array(attachment),
});
export const welcomeAnswer = z.object({ welcome: welcomeMessage.nullable() });
export type WelcomeAnswer = z.infer<typeof welcomeAnswer>;
export const welcomeBody = sendMessageBody;

/** What an admin reads of a conversation: the messages around a reported one, oldest first, and its two sides. */
export const adminConversation = z.object({
  reportedId: entityId,
  fan: correspondent,
  performer: correspondent,
  data: z.array(message),
});
export type AdminConversation = z.infer<typeof adminConversation>;
