import type { AdminReport, PerformerReport } from "@marquee/contracts/reports";
import type { ContentReportRow } from "./tables.ts";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Past its due date and not resolved yet. */
export const isOverdue = (row: Pick<ContentReportRow, "status" | "dueAt">, now: Date) =>
  row.status !== "resolved" && row.dueAt.getTime() < now.getTime();

const itemOf = (row: ContentReportRow) => ({
  kind: row.itemKind,
  _id: row.itemId,
  title: row.itemTitle,
  link: row.itemLink,
});

/** Everything the admin's queue shows of a report, the reporter's address included. */
export function toAdminReport(row: ContentReportRow, now: Date): AdminReport {
  return {
    _id: row.id,
    reference: row.reference,
    item: itemOf(row),
    reason: row.reason,
    details: row.details,
    dmca: (row.dmca as Record<string, unknown> | null) ?? null,
    reporterEmail: row.reporterEmail,
    reporterUserId: row.reporterUserId,
    status: row.status,
    outcome: row.outcome,
    resolution: row.resolution,
    held: row.held,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    overdue: isOverdue(row, now),
    resolvedAt: iso(row.resolvedAt),
    question: row.question,
    askedAt: iso(row.askedAt),
    answer: row.answer,
    answeredAt: iso(row.answeredAt),
    appeal: row.appeal,
    appealedAt: iso(row.appealedAt),
    counterNotice: (row.counterNotice as Record<string, unknown> | null) ?? null,
    counterNoticeAt: iso(row.counterNoticeAt),
  };
}

/** A DMCA notice that took the item down and has no counter-notice yet. */
export const canCounter = (row: ContentReportRow) =>
  row.reason === "copyright" && row.outcome === "taken_down" && !row.counterNoticeAt;

/** What the item's performer sees: never who filed it nor their contact details. */
export function toPerformerReport(row: ContentReportRow): PerformerReport {
  return {
    _id: row.id,
    reference: row.reference,
    item: itemOf(row),
    reason: row.reason,
    details: row.details,
    dmca: row.dmca ? { work: row.dmca.work, fullName: row.dmca.fullName } : null,
    status: row.status,
    outcome: row.outcome,
    resolution: row.resolution,
    held: row.held,
    createdAt: row.createdAt.toISOString(),
    question: row.question,
    answer: row.answer,
    answeredAt: iso(row.answeredAt),
    counterNoticeAt: iso(row.counterNoticeAt),
    canCounter: canCounter(row),
  };
}
