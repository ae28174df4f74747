import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "../../db/columns.ts";
import { users } from "../users/tables.ts";

/**
 * Comments on movies, galleries, products, performers and posts (DESIGN section 5). Replies go one level deep:
 * `parentId` names a top-level comment. `likes` and `replies` are kept by the comments and reactions services in
 * the transaction that changes them. Plain text only; the content is stored as typed (trimmed).
 *
 * Moderation: a hidden comment (`hiddenAt`) is out of every list but the admin's, and so are the replies of a
 * hidden top-level comment; the object's `comments` and a thread's `replies` count only what is shown. `reports`
 * counts the open reports (rows in `comment_reports` not yet resolved by an admin).
 */
export const comments = pgTable(
  "comments",
  {
    id: idColumn(),
    objectType: text("object_type", {
      enum: ["video", "gallery", "product", "performer", "post", "feed-post"],
    }).notNull(),
    objectId: uuid("object_id").notNull(),
    parentId: uuid("parent_id").references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    likes: integer("likes").notNull().default(0),
    replies: integer("replies").notNull().default(0),
    createdAt: createdAt(),
    editedAt: timestamp("edited_at", { withTimezone: true, mode: "date", precision: 3 }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true, mode: "date", precision: 3 }),
    reports: integer("reports").notNull().default(0),
  },
  (t) => [
    check("comments_content_length", sql`char_length(${t.content}) between 1 and 2000`),
    index("comments_object_newest_idx").on(t.objectType, t.objectId, t.createdAt, t.id).where(sql`parent_id IS NULL`),
    index("comments_replies_idx").on(t.parentId, t.createdAt, t.id),
    index("comments_user_idx").on(t.userId),
    // The admin's lists: every comment newest first, the reported ones most reported first, the hidden ones.
    index("comments_newest_idx").on(t.createdAt, t.id),
    index("comments_reported_idx").on(t.reports, t.createdAt, t.id).where(sql`reports > 0`),
    index("comments_hidden_idx").on(t.hiddenAt, t.id).where(sql`hidden_at IS NOT NULL`),
  ],
);
export type CommentRow = typeof comments.$inferSelect;

/** A member's report of a comment: one per member and comment; `resolvedAt` once an admin acted on it. */
export const commentReports = pgTable(
  "comment_reports",
  {
    id: idColumn(),
    commentId: uuid("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: ["spam", "abuse", "other"] }).notNull(),
    note: text("note"),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date", precision: 3 }),
  },
  (t) => [
    uniqueIndex("comment_reports_one_key").on(t.commentId, t.userId),
    check("comment_reports_note_length", sql`${t.note} IS NULL OR char_length(${t.note}) <= 500`),
  ],
);
