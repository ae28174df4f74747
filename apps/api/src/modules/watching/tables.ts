import { boolean, index, pgTable, primaryKey, real, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../users/tables.ts";
import { videos } from "../videos/tables.ts";

/**
 * Where each member is in each movie they started (issue 23 section 1): one row per member and movie, its
 * `watchedAt` moved by every saved report. "Continue watching" is the unfinished rows, the history all of them.
 */
export const watchProgress = pgTable(
  "watch_progress",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    /** Seconds from the start; 0 once finished (the next play starts again). */
    positionSec: real("position_sec").notNull(),
    durationSec: real("duration_sec"),
    finished: boolean("finished").notNull().default(false),
    watchedAt: timestamp("watched_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index("watch_progress_user_newest_idx").on(t.userId, t.watchedAt),
  ],
);
export type WatchProgressRow = typeof watchProgress.$inferSelect;
