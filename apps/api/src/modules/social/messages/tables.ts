import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "../../../db/columns.ts";
import { users } from "../../users/tables.ts";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date", precision: 3 });

/**
 * One conversation a member (the fan) and a performer (issue 25 section 2). What the inbox shows is kept on the row
 * (the newest message's first words, each side's unread count and read instant, blocks), so the inbox is one query.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: idColumn(),
    fanId: uuid("fan_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    performerId: uuid("performer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastAt: instant("last_at"),
    lastText: text("last_text"),
    lastSenderId: uuid("last_sender_id"),
    fanUnread: integer("fan_unread").notNull().default(0),
    performerUnread: integer("performer_unread").notNull().default(0),
    fanReadAt: instant("fan_read_at"),
    performerReadAt: instant("performer_read_at"),
    /** The fan blocked the performer / the performer blocked the fan: neither writes while either is set. */
    fanBlockedAt: instant("fan_blocked_at"),
    performerBlockedAt: instant("performer_blocked_at"),
    /** The performer has written in it: the fan writes freely from then on, whatever the performer's setting. */
    performerWrote: boolean("performer_wrote").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversations_pair_key").on(t.fanId, t.performerId),
    // Each side's inbox, newest first, paged by keyset (conversations without a message are not listed). NULLS
    // FIRST as `order by ... desc` means it: with drizzle's `.desc()` alone (NULLS LAST) PostgreSQL cannot read the
    // index in the inbox's order, and reads and sorts all of a side's conversations for each page.
    index("conversations_fan_inbox_idx")
      .on(t.fanId, t.lastAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`last_at is not null`),
    index("conversations_performer_inbox_idx")
      .on(t.performerId, t.lastAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`last_at is not null`),
  ],
);
export type ConversationRow = typeof conversations.$inferSelect;

/** A conversation's messages; a paid one locks its vault attachments until its fan buys it (order line `message`). */
export const messages = pgTable(
  "messages",
  {
    id: idColumn(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull().default(""),
    /** Vault items (the vault module owns them), in order. */
    attachmentIds: uuid("attachment_ids").array().notNull().default(sql`'{}'`),
    priceCents: integer("price_cents"),
    /** The mass message it is this fan's copy of (its purchases are counted through it). */
    massMessageId: uuid("mass_message_id"),
    /** A moderator removed it after a report (its text and media no longer show), with the reason. */
    removedAt: instant("removed_at"),
    removedReason: text("removed_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    // A conversation's history, newest first, paged by keyset (NULLS FIRST: as the inbox's).
    index("messages_conversation_idx").on(t.conversationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Which messages carry a vault item: who may open its files, and whether it may be deleted.
    index("messages_attachments_idx").using("gin", t.attachmentIds),
    index("messages_mass_idx").on(t.massMessageId).where(sql`mass_message_id is not null`),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/** A performer's messaging settings: who may write to them first. */
export const messagingSettings = pgTable("messaging_settings", {
  performerId: uuid("performer_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  whoMayWriteFirst: text("who_may_write_first", { enum: ["anyone", "followers", "subscribers"] })
    .notNull()
    .default("anyone"),
});

/** A performer's welcome message: sent from them to each new subscriber, in their conversation. */
export const welcomeMessages = pgTable("welcome_messages", {
  performerId: uuid("performer_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  text: text("text").notNull().default(""),
  attachmentIds: uuid("attachment_ids").array().notNull().default(sql`'{}'`),
  priceCents: integer("price_cents"),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
});

/**
 * A performer's message to all their subscribers, followers or both (issue 25 section 2): sent by a background job
 * in batches, each batch's rows and the job's place (`stage`, `cursor`) written in one transaction, so a job that dies
 * goes on from its last batch and nobody gets it twice.
 */
export const massMessages = pgTable(
  "mass_messages",
  {
    id: idColumn(),
    performerId: uuid("performer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull().default(""),
    attachmentIds: uuid("attachment_ids").array().notNull().default(sql`'{}'`),
    priceCents: integer("price_cents"),
    audience: text("audience", { enum: ["subscribers", "followers", "both"] }).notNull(),
    /** Lists left out: members who subscribe, or who follow. */
    exclude: text("exclude").array().notNull().default(sql`'{}'`),
    status: text("status", { enum: ["sending", "sent", "failed"] })
      .notNull()
      .default("sending"),
    /** The audience list being sent (`followers` then `subscribers`) and the place in it. */
    stage: text("stage", { enum: ["followers", "subscribers"] }).notNull(),
    cursor: text("cursor"),
    delivered: integer("delivered").notNull().default(0),
    createdAt: createdAt(),
    finishedAt: instant("finished_at"),
  },
  (t) => [
    index("mass_messages_performer_idx").on(t.performerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
export type MassMessageRow = typeof massMessages.$inferSelect;
