import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import {
  createdAt,
  holdColumns,
  idColumn,
  reviewColumns,
  takedownColumns,
  tsvector,
  updatedAt,
} from "../../db/columns.ts";

/** Galleries follow the movies' access model; `listed` = active with at least one ready photo. */
export const galleries = pgTable(
  "galleries",
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
    releasedAt: timestamp("released_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    performerIds: uuid("performer_ids").array().notNull(),
    categoryIds: uuid("category_ids").array().notNull().default(sql`'{}'`),
    createdBy: uuid("created_by").notNull(),
    coverPhotoId: uuid("cover_photo_id"),
    photosCount: integer("photos_count").notNull().default(0),
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
    index("galleries_review_queue_idx").on(t.reviewSubmittedAt, t.id).where(sql`review_state = 'pending'`),
    uniqueIndex("galleries_slug_key").on(t.slug),
    index("galleries_newest_idx").on(t.releasedAt, t.id).where(sql`listed`),
    index("galleries_popular_idx").on(t.views, t.id).where(sql`listed`),
    index("galleries_price_idx").on(t.priceCents, t.id).where(sql`listed`),
    index("galleries_tags_idx").using("gin", t.tags),
    index("galleries_performer_ids_idx").using("gin", t.performerIds),
    index("galleries_category_ids_idx").using("gin", t.categoryIds),
    index("galleries_search_idx").using("gin", t.search),
    index("galleries_created_by_idx").on(t.createdBy, t.createdAt),
    // The studio lists by creation (an admin's view of every gallery).
    index("galleries_created_idx").on(t.createdAt, t.id),
  ],
);
export type GalleryRow = typeof galleries.$inferSelect;

export const photos = pgTable(
  "photos",
  {
    id: idColumn(),
    galleryId: uuid("gallery_id")
      .notNull()
      .references(() => galleries.id, { onDelete: "cascade" }),
    performerIds: uuid("performer_ids").array().notNull(),
    title: text("title").notNull().default(""),
    position: integer("position").notNull().default(0),
    status: text("status", { enum: ["draft", "active", "inactive"] })
      .notNull()
      .default("active"),
    processingStatus: text("processing_status", { enum: ["none", "pending", "processing", "ready", "failed"] })
      .notNull()
      .default("pending"),
    processingError: text("processing_error"),
    /** Private prefix `private/photos/<id>`: the signed thumbnail and full-size variants. */
    mediaKey: text("media_key"),
    /** Public blurred preview, all a locked viewer gets. */
    previewKey: text("preview_key"),
    width: integer("width").notNull().default(0),
    height: integer("height").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("photos_gallery_position_idx").on(t.galleryId, t.position, t.id),
    index("photos_newest_idx").on(t.createdAt, t.id),
    index("photos_performer_ids_idx").using("gin", t.performerIds),
  ],
);
export type PhotoRow = typeof photos.$inferSelect;
