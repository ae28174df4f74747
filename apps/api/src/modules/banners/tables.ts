import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "../../db/columns.ts";

/** Site promos (SPEC `/site-promo/search`): images with a link, shown by position. */
export const banners = pgTable(
  "banners",
  {
    id: idColumn(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    href: text("href"),
    position: text("position", { enum: ["top", "middle", "bottom"] })
      .notNull()
      .default("top"),
    imageKey: text("image_key"),
    imageWidth: integer("image_width"),
    imageHeight: integer("image_height"),
    ordering: integer("ordering").notNull().default(0),
    status: text("status", { enum: ["active", "inactive"] })
      .notNull()
      .default("active"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("banners_position_idx").on(t.position, t.ordering)],
);
export type BannerRow = typeof banners.$inferSelect;
