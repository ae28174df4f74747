import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "../../db/columns.ts";
import { users } from "../users/tables.ts";

/** A performer is a user with this profile (DESIGN section 5); the account fields stay on `users`. */
export const performers = pgTable(
  "performers",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Storage key prefix of the cover variants. */
    coverKey: text("cover_key"),
    languages: text("languages").array().notNull().default(sql`'{}'`),
    ethnicity: text("ethnicity"),
    bodyType: text("body_type"),
    hairColor: text("hair_color"),
    eyeColor: text("eye_color"),
    height: text("height"),
    sexualOrientation: text("sexual_orientation"),
    categoryIds: uuid("category_ids").array().notNull().default(sql`'{}'`),
    monthlyPriceCents: integer("monthly_price_cents"),
    yearlyPriceCents: integer("yearly_price_cents"),
    /** The share of each sale the site keeps (0..0.95); null takes the site's `performerCommission` setting. */
    commissionRate: numeric("commission_rate", { precision: 5, scale: 4, mode: "number" }),
    status: text("status", { enum: ["active", "inactive"] })
      .notNull()
      .default("active"),
    views: integer("views").notNull().default(0),
    likes: integer("likes").notNull().default(0),
    videosCount: integer("videos_count").notNull().default(0),
    galleriesCount: integer("galleries_count").notNull().default(0),
    productsCount: integer("products_count").notNull().default(0),
    subscribersCount: integer("subscribers_count").notNull().default(0),
    /** Members following them for free (issue 25), moved by the follows module through commerce-port.ts. */
    followersCount: integer("followers_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("performers_newest_idx").on(t.createdAt, t.id).where(sql`status = 'active'`),
    index("performers_popular_idx").on(t.views, t.id).where(sql`status = 'active'`),
    index("performers_category_ids_idx").using("gin", t.categoryIds),
    check("performers_commission_rate_check", sql`commission_rate between 0 and 1`),
  ],
);
export type PerformerRow = typeof performers.$inferSelect;
