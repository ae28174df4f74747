import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "../../db/columns.ts";

export const categories = pgTable(
  "categories",
  {
    id: idColumn(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    group: text("group", { enum: ["performer", "video", "gallery", "product"] }).notNull(),
    description: text("description").notNull().default(""),
    ordering: integer("ordering").notNull().default(0),
    status: text("status", { enum: ["active", "inactive"] })
      .notNull()
      .default("active"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("categories_group_slug_key").on(t.group, t.slug),
    index("categories_ordering_idx").on(t.ordering),
  ],
);
export type CategoryRow = typeof categories.$inferSelect;
