import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "../../db/columns.ts";
import { users } from "../users/tables.ts";

/** One reaction per user, action and object (DESIGN section 5); the movie page reads the viewer's own. */
export const reactions = pgTable(
  "reactions",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    objectType: text("object_type", {
      enum: ["video", "gallery", "product", "performer", "comment", "feed-post"],
    }).notNull(),
    objectId: uuid("object_id").notNull(),
    action: text("action", { enum: ["like", "favourite", "watch_later"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reactions_one_key").on(t.userId, t.objectType, t.objectId, t.action),
    index("reactions_object_idx").on(t.objectType, t.objectId, t.action),
    // The user's own lists (GET /reactions/search, /reactions/videos, /reactions/galleries), newest first.
    index("reactions_user_newest_idx").on(t.userId, t.action, t.objectType, t.createdAt, t.id),
  ],
);
