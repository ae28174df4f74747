import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  createdAt,
  holdColumns,
  idColumn,
  reviewColumns,
  takedownColumns,
  tsvector,
  updatedAt,
} from "../../db/columns.ts";

/**
 * Movies. `listed` is kept by the service: active and processed (or announced with a future `scheduledAt`).
 * `releasedAt` is the sort key of "newest": the scheduled date, else when it was first listed.
 */
export const videos = pgTable(
  "videos",
  {
    id: idColumn(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    tags: text("tags").array().notNull().default(sql`'{}'`),
    access: text("access", { enum: ["free", "members", "sale"] }).notNull(),
    /** 0 unless `access` is sale. */
    priceCents: integer("price_cents").notNull().default(0),
    status: text("status", { enum: ["draft", "active", "inactive"] })
      .notNull()
      .default("draft"),
    listed: boolean("listed").notNull().default(false),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true, mode: "date", precision: 3 }),
    releasedAt: timestamp("released_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    performerIds: uuid("performer_ids").array().notNull(),
    categoryIds: uuid("category_ids").array().notNull().default(sql`'{}'`),
    createdBy: uuid("created_by").notNull(),
    processingStatus: text("processing_status", { enum: ["none", "pending", "processing", "ready", "failed"] })
      .notNull()
      .default("none"),
    processingError: text("processing_error"),
    /** Private prefix `private/videos/<id>`: source, HLS ladder, MP4, strip. */
    mediaKey: text("media_key"),
    sourceSizeBytes: bigint("source_size_bytes", { mode: "number" }),
    durationSec: real("duration_sec"),
    width: integer("width"),
    height: integer("height"),
    /** Public prefix of the thumbnail (poster) variants; shown also when locked. */
    thumbnailKey: text("thumbnail_key"),
    teaserKey: text("teaser_key"),
    views: integer("views").notNull().default(0),
    likes: integer("likes").notNull().default(0),
    favourites: integer("favourites").notNull().default(0),
    comments: integer("comments").notNull().default(0),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
    ...takedownColumns(),
    ...reviewColumns(),
    ...holdColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The review queue, oldest first (issue 22 section 2).
    index("videos_review_queue_idx").on(t.reviewSubmittedAt, t.id).where(sql`review_state = 'pending'`),
    uniqueIndex("videos_slug_key").on(t.slug),
    index("videos_newest_idx").on(t.releasedAt, t.id).where(sql`listed`),
    index("videos_popular_idx").on(t.views, t.id).where(sql`listed`),
    index("videos_price_idx").on(t.priceCents, t.id).where(sql`listed`),
    index("videos_access_newest_idx").on(t.access, t.releasedAt, t.id).where(sql`listed`),
    index("videos_performer_ids_idx").using("gin", t.performerIds),
    index("videos_category_ids_idx").using("gin", t.categoryIds),
    index("videos_tags_idx").using("gin", t.tags),
    // Movies for sale are the smallest access kind: with a category or tag filter, counting them through the
    // whole-table GIN ANDed with a bitmap of every sale movie read ~150k index entries and ~9k scattered rows
    // (0.25-0.6 s on the 1M-movie benchmark); these read only the matches.
    index("videos_sale_category_ids_idx").using("gin", t.categoryIds).where(sql`listed AND access = 'sale'`),
    index("videos_sale_tags_idx").using("gin", t.tags).where(sql`listed AND access = 'sale'`),
    index("videos_search_idx").using("gin", t.search),
    index("videos_created_by_idx").on(t.createdBy, t.createdAt),
    index("videos_scheduled_idx").on(t.scheduledAt).where(sql`scheduled_at IS NOT NULL`),
  ],
);
export type VideoRow = typeof videos.$inferSelect;

/**
 * When each viewer's view of a movie was last counted: a view counts once per viewer per VIEW_WINDOW (reading.ts).
 * `viewerKey` is `u:<user id>` for members, `v:<sha-256 of address and user agent>` for visitors.
 */
export const videoViewMarks = pgTable(
  "video_view_marks",
  {
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    viewerKey: text("viewer_key").notNull(),
    countedAt: timestamp("counted_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.viewerKey] }), index("video_view_marks_counted_idx").on(t.countedAt)],
);

/**
 * A movie's caption tracks (WebVTT), at most one per language. The file is at `storageKey`, under the movie's
 * private prefix (`private/videos/<id>/captions/...`): signed links to it are checked by the movie's playback rule,
 * and it goes with the movie's files.
 */
export const videoCaptions = pgTable(
  "video_captions",
  {
    id: idColumn(),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    /** A BCP-47 primary language tag from CAPTION_LANGUAGES (packages/contracts/src/captions.ts). */
    language: text("language").notNull(),
    /** What players show; null: the language's name. */
    label: text("label"),
    storageKey: text("storage_key").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("video_captions_video_language_key").on(t.videoId, t.language)],
);
export type VideoCaptionRow = typeof videoCaptions.$inferSelect;
