import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
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
 * Products of the store (DESIGN section 5): `physical` goods with a stock, `digital` goods with a private file.
 * `listed` = active and sellable (a digital product once its file is in); the performers' `products_count` counts
 * listed ones.
 */
export const products = pgTable(
  "products",
  {
    id: idColumn(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    type: text("type", { enum: ["physical", "digital"] }).notNull(),
    priceCents: integer("price_cents").notNull(),
    /** Units left of a physical product; null for a digital one. */
    stock: integer("stock"),
    status: text("status", { enum: ["draft", "active", "inactive"] })
      .notNull()
      .default("draft"),
    listed: boolean("listed").notNull().default(false),
    releasedAt: timestamp("released_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    performerIds: uuid("performer_ids").array().notNull(),
    categoryIds: uuid("category_ids").array().notNull().default(sql`'{}'`),
    createdBy: uuid("created_by").notNull(),
    /** The digital file: `private/product-files/<id>/<tail>/<name>`, only ever reached through a signed link. */
    fileKey: text("file_key"),
    fileSizeBytes: bigint("file_size_bytes", { mode: "number" }),
    /** The type read from the file's bytes (never the client's name or type). */
    fileContentType: text("file_content_type"),
    views: integer("views").notNull().default(0),
    likes: integer("likes").notNull().default(0),
    comments: integer("comments").notNull().default(0),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
    ...reviewColumns(),
    ...takedownColumns(),
    ...holdColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The review queue, oldest first (issue 22 section 2).
    index("products_review_queue_idx").on(t.reviewSubmittedAt, t.id).where(sql`review_state = 'pending'`),
    uniqueIndex("products_slug_key").on(t.slug),
    check("products_price_positive", sql`${t.priceCents} > 0`),
    check(
      "products_stock_by_type",
      sql`(${t.type} = 'physical' and ${t.stock} is not null and ${t.stock} >= 0) or (${t.type} = 'digital' and ${t.stock} is null)`,
    ),
    index("products_newest_idx").on(t.releasedAt, t.id).where(sql`listed`),
    index("products_popular_idx").on(t.views, t.id).where(sql`listed`),
    index("products_price_idx").on(t.priceCents, t.id).where(sql`listed`),
    index("products_performer_ids_idx").using("gin", t.performerIds),
    index("products_category_ids_idx").using("gin", t.categoryIds),
    index("products_search_idx").using("gin", t.search),
    index("products_created_idx").on(t.createdAt, t.id),
  ],
);
export type ProductRow = typeof products.$inferSelect;

/** The pictures of a product in their order: public webp variants under `public/products/<productId>/<id>/<size>.webp`. */
export const productImages = pgTable(
  "product_images",
  {
    id: idColumn(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    /** The folder of the variants (`${key}/thumb.webp`, ...): `public/products/<productId>/<id>`. */
    key: text("key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("product_images_position_idx").on(t.productId, t.position, t.id)],
);
export type ProductImageRow = typeof productImages.$inferSelect;
