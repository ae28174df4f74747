import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "../../../db/columns.ts";
import { users } from "../../users/tables.ts";

/**
 * A performer's feed posts (issue 25 section 1): text with vault media, free, for subscribers or paid, and maybe a
 * poll. Not the site's posts and pages (modules/posts): these belong to a performer and show in followers' feeds.
 */
export const feedPosts = pgTable(
  "feed_posts",
  {
    id: idColumn(),
    performerId: uuid("performer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull().default(""),
    access: text("access", { enum: ["free", "subscribers", "paid"] }).notNull(),
    /** Paid posts only: the price in cents of the site currency. */
    priceCents: integer("price_cents"),
    likes: integer("likes").notNull().default(0),
    comments: integer("comments").notNull().default(0),
    /** When its poll stops taking votes (null: no poll, or one open until the post goes). */
    pollEndsAt: timestamp("poll_ends_at", { withTimezone: true, mode: "date", precision: 3 }),
    createdAt: createdAt(),
    editedAt: timestamp("edited_at", { withTimezone: true, mode: "date", precision: 3 }),
    /** An admin took it down after a report: it shows to its performer only, with the reason. */
    takenDownAt: timestamp("taken_down_at", { withTimezone: true, mode: "date", precision: 3 }),
    takenDownReason: text("taken_down_reason"),
  },
  (t) => [
    // A performer's Posts tab and the feed's share of posts, newest first, paged by keyset.
    index("feed_posts_performer_idx").on(t.performerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The newest posts on the site (the news' source).
    index("feed_posts_newest_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`taken_down_at is null`),
  ],
);
export type FeedPostRow = typeof feedPosts.$inferSelect;

/** The vault items a post carries, in order (the vault module owns the items). */
export const feedPostAttachments = pgTable(
  "feed_post_attachments",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => feedPosts.id, { onDelete: "cascade" }),
    vaultItemId: uuid("vault_item_id").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.position], name: "feed_post_attachments_pkey" }),
    // Which posts carry a vault item: who may open its files, and whether it may be deleted.
    index("feed_post_attachments_item_idx").on(t.vaultItemId),
  ],
);

/** A post's poll: its options in order, each with its vote count (moved with each vote, in its transaction). */
export const pollOptions = pgTable(
  "poll_options",
  {
    id: idColumn(),
    postId: uuid("post_id")
      .notNull()
      .references(() => feedPosts.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    text: text("text").notNull(),
    votes: integer("votes").notNull().default(0),
  },
  (t) => [index("poll_options_post_idx").on(t.postId, t.position)],
);

/** One vote a member per poll. */
export const pollVotes = pgTable(
  "poll_votes",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => feedPosts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    optionId: uuid("option_id")
      .notNull()
      .references(() => pollOptions.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId], name: "poll_votes_pkey" })],
);
