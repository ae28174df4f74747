import { z } from "zod";
import { comment, commentDeletedEvent, commentObjectType } from "./comments.ts";
import { entityId } from "./common.ts";
import { message, messagesReadEvent } from "./messages.ts";
import { liveNotification, type NotificationFields } from "./notifications.ts";
import { reactionUpdatedEvent } from "./reactions.ts";
import { tipGoalAnswer } from "./tips.ts";

/**
 * The socket's events (DESIGN section 7), one map for the API that sends them and the web that follows them: each
 * event's name and the schema of its payload, as it travels. The API's senders (`toUser`, `toObject`, `notify`) and
 * the web's socket are typed from it, so an event not in the map, or a payload of another shape, does not compile;
 * apps/api/src/platform/realtime-events.test.ts sends every one through the socket server and checks its schema.
 */

/** To room `object:<performerId>`: a performer's first socket arrived or their last one left (and on joining it). */
export const presenceEvent = z.object({ performerId: entityId, online: z.boolean() });
/** To one socket: it was taken out of an object's room, as its user may no longer open the object. */
export const objectLeftEvent = z.object({ objectId: entityId });
/** To one socket: a message of its (`event`) was refused, as it sent too many; it may send again after the wait. */
export const rateLimitedEvent = z.object({
  event: z.string(),
  error: z.string(),
  retryAfterMs: z.number(),
});

/** What the API sends: every event's name and its payload's schema. */
export const realtimeEvents = {
  /** To one member (room `user:<id>`): a stored notification (issue 12). */
  notification: liveNotification,
  /** To room `object:<objectId>`: a comment was written, edited, deleted (with its replies) or shown again. */
  "comment:created": comment,
  "comment:updated": comment,
  "comment:deleted": commentDeletedEvent,
  "comment:restored": comment,
  /** To room `object:<objectId>`: its reaction counters moved. */
  "reaction:updated": reactionUpdatedEvent,
  /** To room `object:<performerId>`: the performer's tip goal moved (a tip paid or refunded, a goal set or ended). */
  "tip-goal:progress": tipGoalAnswer,
  /** To each side of a conversation (room `user:<id>`), as that side sees it: a message was sent (issue 25). */
  "message:created": message,
  /** To the other side (room `user:<id>`): their messages in the conversation were read up to `readAt`. */
  "message:read": messagesReadEvent,
  presence: presenceEvent,
  "object:left": objectLeftEvent,
  "rate-limited": rateLimitedEvent,
} as const satisfies Record<string, z.ZodType>;

export type RealtimeEventName = keyof typeof realtimeEvents;
/** Each event's payload as it travels. */
export type RealtimeEvents = { [E in RealtimeEventName]: z.output<(typeof realtimeEvents)[E]> };
export const realtimeEventNames = Object.keys(realtimeEvents) as RealtimeEventName[];

/** An object's room: what the web sends in `object:join` / `object:leave`. */
export const objectRoomRef = z.object({ objectType: commentObjectType, objectId: entityId });
/** What the web sends (the API checks each payload itself: it trusts no client). */
export const realtimeClientEvents = {
  /** After every (re)connect, the session token (a plain string token is accepted too, per SPEC section 7). */
  "auth/login": z.object({ token: z.string() }),
  "object:join": objectRoomRef,
  "object:leave": objectRoomRef,
} as const satisfies Record<string, z.ZodType>;
export type RealtimeClientEventName = keyof typeof realtimeClientEvents;
export type RealtimeClientEvents = { [E in RealtimeClientEventName]: z.output<(typeof realtimeClientEvents)[E]> };

/** The API's answer to a client's message (its ack). */
export const realtimeAck = z.object({ ok: z.boolean(), error: z.string().optional() });
export type RealtimeAck = z.infer<typeof realtimeAck>;

/** socket.io's event maps (`Socket<ServerToClientEvents, ClientToServerEvents>` on the web, the reverse on the API). */
export type ServerToClientEvents = { [E in RealtimeEventName]: (payload: RealtimeEvents[E]) => void };
export type ClientToServerEvents = {
  [E in RealtimeClientEventName]: (payload: RealtimeClientEvents[E], ack?: (answer: RealtimeAck) => void) => void;
};

/** Sends one event of the map to one user's or object's sockets. */
export type RealtimeSender = <E extends RealtimeEventName>(id: string, event: E, payload: RealtimeEvents[E]) => void;

/**
 * What a module hands `notify`: an event's payload as it travels, except a `notification`, which is the sender's own
 * fields (`{ type, ... }`): the notifications service stores it and sends the `liveNotification` made from it.
 */
export type RealtimeNotified = {
  [E in RealtimeEventName]: E extends "notification" ? NotificationFields : RealtimeEvents[E];
};
export type RealtimeNotifier = <E extends RealtimeEventName>(
  userId: string,
  event: E,
  payload: RealtimeNotified[E],
) => void;
