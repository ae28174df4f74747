import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, holdColumns, idColumn, takedownColumns, tsvector, updatedAt } from "../../db/columns.ts";

/** Posts and pages (the home and contact texts are pages with the slugs `home` and `contact`). */
export const posts = pgTable(
  "posts",
  {
    id: idColumn(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    content: text("content").notNull().default(""),
    type: text("type", { enum: ["post", "page"] })
      .notNull()
      .default("post"),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    imageKey: text("image_key"),
    /** A seeded page (the legal pages) no admin has edited yet: the site shows "This is a template". */
    template: boolean("template").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date", precision: 3 }),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(content, '')), 'C')`,
    ),
    ...takedownColumns(),
    ...holdColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("posts_slug_key").on(t.slug),
    index("posts_published_idx").on(t.publishedAt, t.id).where(sql`status = 'published'`),
    index("posts_search_idx").using("gin", t.search),
  ],
);
export type PostRow = typeof posts.$inferSelect;
