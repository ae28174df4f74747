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
    // Each side's inbox, newest first, paged by keyset (conversations without a message are not listed).
    index("conversations_fan_inbox_idx").on(t.fanId, t.lastAt.desc(), t.id.desc()).where(sql`last_at is not null`),
    index("conversations_performer_inbox_idx")
      .on(t.performerId, t.lastAt.desc(), t.id.desc())
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
    /** A moderator removed it after a report (its text and media no longer show), with the reason. */
    removedAt: instant("removed_at"),
    removedReason: text("removed_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    // A conversation's history, newest first, paged by keyset.
    index("messages_conversation_idx").on(t.conversationId, t.createdAt.desc(), t.id.desc()),
    // Which messages carry a vault item: who may open its files, and whether it may be deleted.
    index("messages_attachments_idx").using("gin", t.attachmentIds),
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
