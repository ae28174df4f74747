import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "../../db/columns.ts";
import { users } from "../users/tables.ts";

/**
 * A member's notifications (issue 12): what `notify(userId, "notification", payload)` told them, with the short text
 * and link made from it when it was stored. At most NOTIFICATIONS_KEPT per member (service.ts prunes on insert).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** The sender's fields but `type` (an order, a title, a status...). */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    text: text("text").notNull(),
    link: text("link"),
    readAt: timestamp("read_at", { withTimezone: true, mode: "date", precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    // A member's list, newest first, and the pruning of the oldest.
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The unread count and list, and "mark all read".
    index("notifications_user_unread_idx")
      .on(t.userId, t.createdAt.desc().nullsFirst())
      .where(sql`${t.readAt} is null`),
    // The notifications about a comment, deleted with it.
    index("notifications_comment_idx").on(sql`(${t.payload}->>'commentId')`).where(sql`${t.payload} ? 'commentId'`),
  ],
);
/** The comment a notification is about (the index above). */
export const aboutComment = sql<string>`(${notifications.payload}->>'commentId')`;
export type NotificationRow = typeof notifications.$inferSelect;
