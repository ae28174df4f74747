import { z } from "zod";
import { entityId, listQuery } from "./common.ts";

/**
 * Notifications (issue 12): what the API tells a member (a payment's result, a sale, a delivery update, a payout, a
 * movie processed...) is stored and sent live on the socket's `notification` event. Each carries a short human `text`
 * and a `link` made by the API, so a reader need not know every type; `data` is what the module that sent it said.
 */

/** A member keeps at most this many notifications: older ones go when a new one is stored. */
export const NOTIFICATIONS_KEPT = 500;

export const notification = z.object({
  _id: entityId,
  /** What it is about: payment, refund, sale, subscriber, subscription, delivery, payout, media.processed... */
  type: z.string(),
  /** One short sentence for people. */
  text: z.string(),
  /** A path of the site to see more, or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  readAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The sender's own fields (order, title, status...), as sent live. */
  data: z.record(z.string(), z.unknown()),
});
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = listQuery.pick({ limit: true, offset: true }).extend({
  /** `true`: only the unread ones. */
  unread: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuery>;

export const notificationList = z.object({
  data: z.array(notification),
  /** How many match the query. */
  total: z.number().int(),
  /** How many of the member's notifications are unread, whatever the query. */
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const readAllAnswer = z.object({ updated: z.number().int(), unread: z.number().int() });

/**
 * The socket's `notification` event: the sender's fields at the top level (as the event always had them, for the
 * pages that follow one kind), with the stored notification's `_id` (null when it could not be stored), `text`,
 * `link`, `read` and `createdAt`.
 */
export const liveNotification = z.looseObject({
  _id: entityId.nullable(),
  type: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type LiveNotification = z.infer<typeof liveNotification>;

/**
 * What a module tells a member (`notify(userId, "notification", fields)`): its `type` and its own fields, which the
 * notifications service stores and sends live as a `liveNotification` (with `text`, `link` ... made from them).
 */
export const notificationFields = z.looseObject({ type: z.string() });
export type NotificationFields = z.infer<typeof notificationFields>;
