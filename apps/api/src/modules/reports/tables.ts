import type { CounterNotice, DmcaNotice } from "@marquee/contracts/reports";
import { reportItemKinds, reportOutcomes, reportReasons, reportStatuses } from "@marquee/contracts/reports";
import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "../../db/columns.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date", precision: 3 });

/**
 * Reports of content items (issue 22 section 3): who filed it (an email, and the account if signed in), about what
 * (the item's kind and id, with its title, link and performers as they were when filed), why, and how it went. The
 * item's own hold and take-down live on the item (its module's columns); `held` says this report hid it.
 * `status` is `open` (waiting for an admin), `awaiting_performer` (the admin asked the performer) or `resolved`; an
 * appeal or a counter-notice opens a resolved report again, with a new due date.
 */
export const contentReports = pgTable(
  "content_reports",
  {
    id: idColumn(),
    reference: text("reference").notNull(),
    itemKind: text("item_kind", { enum: reportItemKinds }).notNull(),
    itemId: uuid("item_id").notNull(),
    itemTitle: text("item_title").notNull(),
    itemLink: text("item_link"),
    performerIds: uuid("performer_ids").array().notNull().default(sql`'{}'`),
    reason: text("reason", { enum: reportReasons }).notNull(),
    details: text("details"),
    dmca: jsonb("dmca").$type<DmcaNotice>(),
    reporterEmail: text("reporter_email").notNull(),
    reporterUserId: uuid("reporter_user_id"),
    ip: text("ip"),
    held: boolean("held").notNull().default(false),
    status: text("status", { enum: reportStatuses }).notNull().default("open"),
    outcome: text("outcome", { enum: reportOutcomes }),
    resolution: text("resolution"),
    resolvedAt: at("resolved_at"),
    resolvedBy: uuid("resolved_by"),
    dueAt: at("due_at").notNull(),
    question: text("question"),
    askedAt: at("asked_at"),
    answer: text("answer"),
    answeredAt: at("answered_at"),
    answeredBy: uuid("answered_by"),
    appeal: text("appeal"),
    appealedAt: at("appealed_at"),
    counterNotice: jsonb("counter_notice").$type<CounterNotice>(),
    counterNoticeAt: at("counter_notice_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("content_reports_reference_key").on(t.reference),
    index("content_reports_queue_idx").on(t.dueAt, t.id).where(sql`status <> 'resolved'`),
    index("content_reports_item_idx").on(t.itemKind, t.itemId),
    index("content_reports_performer_ids_idx").using("gin", t.performerIds),
    index("content_reports_created_idx").on(t.createdAt),
  ],
);
export type ContentReportRow = typeof contentReports.$inferSelect;
