import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "../../db/columns.ts";
import { users } from "../users/tables.ts";

/**
 * Comments on movies, galleries, products, performers and posts (DESIGN section 5). Replies go one level deep:
 * `parentId` names a top-level comment. `likes` and `replies` are kept by the comments and reactions services in
 * the transaction that changes them. Plain text only; the content is stored as typed (trimmed).
 */
export const comments = pgTable(
  "comments",
  {
    id: idColumn(),
    objectType: text("object_type", { enum: ["video", "gallery", "product", "performer", "post"] }).notNull(),
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
  },
  (t) => [
    check("comments_content_length", sql`char_length(${t.content}) between 1 and 2000`),
    index("comments_object_newest_idx").on(t.objectType, t.objectId, t.createdAt, t.id).where(sql`parent_id IS NULL`),
    index("comments_replies_idx").on(t.parentId, t.createdAt, t.id),
    index("comments_user_idx").on(t.userId),
  ],
);
export type CommentRow = typeof comments.$inferSelect;
