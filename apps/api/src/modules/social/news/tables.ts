import { digestFrequencies } from "@marquee/contracts/feed";
import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../../users/tables.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date", precision: 3 });

/**
 * Each new item announced to its performers' followers and subscribers (issue 25 section 1): one row an item, the
 * claim that makes one API process the only one to announce it (insert ... on conflict do nothing). What it says of
 * the item is kept as announced: the email digest lists what was announced since a member's last one.
 */
export const newsAnnouncements = pgTable(
  "news_announcements",
  {
    kind: text("kind", { enum: ["video", "gallery", "product", "post"] }).notNull(),
    itemId: uuid("item_id").notNull(),
    performerIds: uuid("performer_ids").array().notNull(),
    performerName: text("performer_name"),
    title: text("title").notNull(),
    /** The item's page on the site (a path). */
    link: text("link").notNull(),
    /** When the item came out (its release). */
    releasedAt: at("released_at").notNull(),
    announcedAt: at("announced_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId], name: "news_announcements_pkey" }),
    // The digest's "announced since", newest first.
    index("news_announcements_announced_idx").on(t.announcedAt.desc().nullsFirst()),
  ],
);
export type NewsAnnouncementRow = typeof newsAnnouncements.$inferSelect;

/**
 * When the news of each kind started: its first scan. What came out before is never news (a fresh install's demo
 * catalogue, or the catalogue of a site upgraded to a version with news).
 */
export const newsBaselines = pgTable("news_baselines", {
  kind: text("kind").primaryKey(),
  since: at("since").notNull().defaultNow(),
});

/**
 * A member's choice of the news by email: off, daily or weekly. A digest covers what was announced after
 * `last_sent_at` (the end of the last period looked at), else after `chosen_at` (when they opted in).
 */
export const newsDigests = pgTable(
  "news_digests",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    frequency: text("frequency", { enum: digestFrequencies }).notNull().default("off"),
    chosenAt: at("chosen_at").notNull().defaultNow(),
    lastSentAt: at("last_sent_at"),
  },
  // The members who want a digest, in id order (the job's keyset).
  (t) => [index("news_digests_due_idx").on(t.userId).where(sql`frequency <> 'off'`)],
);
export type NewsDigestRow = typeof newsDigests.$inferSelect;
