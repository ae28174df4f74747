import type { NotificationFields } from "@marquee/contracts/notifications";
import type { adminReportsQuery, CounterNotice } from "@marquee/contracts/reports";
import { HOLDING_REASONS } from "@marquee/contracts/reports";
import { and, arrayContains, asc, count, desc, eq, isNotNull, ne, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { conflict, notFound, unprocessable } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import type { UserRow } from "../users/accounts.ts";
import type { ReportsDeps } from "./deps.ts";
import { reportDueAt } from "./due.ts";
import { canCounter, toAdminReport, toPerformerReport } from "./present.ts";
import { type ContentReportRow, contentReports } from "./tables.ts";

type Performer = Pick<UserRow, "id">;

/**
 * The admin's queue (take down, dismiss with a reason, ask the performer) and the performer's side (answer a
 * question, send a DMCA counter-notice). Every admin action is recorded in the audit trail with the change.
 */
export function createReportQueue(deps: ReportsDeps) {
  const { db, targets } = deps;
  const now = deps.now ?? (() => new Date());
  const notOver = ne(contentReports.status, "resolved");

  async function byId(id: string): Promise<ContentReportRow> {
    const [row] = isUuid(id) ? await db.select().from(contentReports).where(eq(contentReports.id, id)) : [];
    if (!row) throw notFound("Report");
    return row;
  }
  async function openOne(id: string) {
    const row = await byId(id);
    if (row.status === "resolved") throw conflict("This report is resolved already.");
    return row;
  }
  const tellAdmins = async (payload: NotificationFields) => {
    for (const adminId of await deps.admins()) deps.notify(adminId, "notification", payload);
  };
  /** Writes the change and its audit record in one transaction; a report resolved meanwhile is a conflict. */
  async function change(
    actor: AuditActor,
    action: string,
    before: ContentReportRow,
    set: Partial<typeof contentReports.$inferInsert>,
    which: SQL = eq(contentReports.id, before.id),
  ) {
    return db.transaction(async (tx) => {
      const rows = await tx.update(contentReports).set(set).where(and(which, notOver)).returning();
      const after = rows.find((r) => r.id === before.id);
      if (!after) throw conflict("This report is resolved already.");
      await recordAudit(tx as unknown as Db, actor, {
        action,
        subjectType: "report",
        subjectId: before.id,
        before: toAdminReport(before, now()),
        after: {
          ...toAdminReport(after, now()),
          alsoResolved: rows.filter((r) => r.id !== before.id).map((r) => r.reference),
        },
      });
      return rows;
    });
  }

  async function list(q: z.infer<typeof adminReportsQuery>) {
    const where = q.status === "all" ? undefined : q.status === "open" ? notOver : eq(contentReports.status, q.status);
    const order = q.status === "resolved" ? [desc(contentReports.resolvedAt)] : [asc(contentReports.dueAt)];
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(contentReports)
        .where(where)
        .orderBy(...order, asc(contentReports.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(contentReports).where(where),
    ]);
    const at = now();
    return { data: rows.map((r) => toAdminReport(r, at)), total: total?.n ?? 0 };
  }

  /** Takes the item down; every open report on it is resolved so, and each reporter is told. */
  async function takeDown(admin: UserRow, actor: AuditActor, id: string, reason: string) {
    const row = await openOne(id);
    const target = targets[row.itemKind];
    await target.takeDown(admin, actor, row.itemId, reason);
    // The take-down supersedes the hold: put back later from the catalogue, the item is not still held.
    if (target.hold) await target.hold(row.itemId, null);
    const at = now();
    const resolved = await change(
      actor,
      "report.take-down",
      row,
      { status: "resolved", outcome: "taken_down", resolution: reason, resolvedAt: at, resolvedBy: admin.id },
      and(eq(contentReports.itemKind, row.itemKind), eq(contentReports.itemId, row.itemId)),
    );
    const mails = await deps.mails();
    for (const r of resolved) await deps.mailer.send(mails.resolved(r, "taken_down", false));
    return toAdminReport(resolved.find((r) => r.id === row.id) as ContentReportRow, at);
  }

  /**
   * Dismisses the report: the item stays. Its hold is lifted unless another open report holds it too; a DMCA
   * notice dismissed after a counter-notice puts the item it had taken down back. The reporter is told, with the
   * appeal link when they may appear in it.
   */
  async function dismiss(admin: UserRow, actor: AuditActor, id: string, reason: string) {
    const row = await openOne(id);
    const target = targets[row.itemKind];
    const at = now();
    const [after] = (await change(actor, "report.dismiss", row, {
      status: "resolved",
      outcome: "dismissed",
      resolution: reason,
      resolvedAt: at,
      resolvedBy: admin.id,
    })) as [ContentReportRow];
    if (row.held && target.hold) {
      const [others] = await db
        .select({ n: count() })
        .from(contentReports)
        .where(
          and(
            eq(contentReports.itemKind, row.itemKind),
            eq(contentReports.itemId, row.itemId),
            eq(contentReports.held, true),
            notOver,
          ),
        );
      if (!others?.n) await target.hold(row.itemId, null);
    }
    if (row.outcome === "taken_down") await target.takeDown(admin, actor, row.itemId, null);
    const appealable = HOLDING_REASONS.includes(row.reason) && !row.appealedAt;
    await deps.mailer.send((await deps.mails()).resolved(after, "dismissed", appealable));
    return toAdminReport(after, at);
  }

  /** Asks the item's performers; the report waits for their answer (it stays in the queue, due as before). */
  async function ask(actor: AuditActor, id: string, question: string) {
    const row = await openOne(id);
    if (!row.performerIds.length)
      throw unprocessable("This item has no performer to ask.", [{ path: "params.id", message: "no performer" }]);
    const [after] = (await change(actor, "report.ask-performer", row, {
      status: "awaiting_performer",
      question,
      askedAt: now(),
      answer: null,
      answeredAt: null,
      answeredBy: null,
    })) as [ContentReportRow];
    for (const performerId of row.performerIds) {
      deps.notify(performerId, "notification", {
        type: "report_question",
        reference: row.reference,
        objectType: row.itemKind,
        objectId: row.itemId,
        title: row.itemTitle,
      });
    }
    return toAdminReport(after, now());
  }

  /** A report the performer may see: one about their item that they were asked about, or a DMCA notice that took
   *  it down. Anything else is not found for them. */
  const performerSees = (me: Performer) =>
    and(
      arrayContains(contentReports.performerIds, [me.id]),
      or(
        isNotNull(contentReports.askedAt),
        and(eq(contentReports.reason, "copyright"), eq(contentReports.outcome, "taken_down")),
      ),
    );
  async function performersOne(me: Performer, id: string) {
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(contentReports)
          .where(and(eq(contentReports.id, id), performerSees(me)))
      : [];
    if (!row) throw notFound("Report");
    return row;
  }

  async function performerList(me: Performer) {
    const rows = await db
      .select()
      .from(contentReports)
      .where(performerSees(me))
      .orderBy(desc(contentReports.createdAt))
      .limit(100);
    return { data: rows.map(toPerformerReport) };
  }

  async function answer(me: Performer, id: string, text: string) {
    const row = await performersOne(me, id);
    if (row.status !== "awaiting_performer")
      throw unprocessable("This report is not waiting for your answer.", [{ path: "params.id", message: "not asked" }]);
    const [after] = await db
      .update(contentReports)
      .set({ answer: text, answeredAt: now(), answeredBy: me.id, status: "open" })
      .where(and(eq(contentReports.id, row.id), eq(contentReports.status, "awaiting_performer")))
      .returning();
    if (!after) throw conflict("This report changed meanwhile. Please reload.");
    await tellAdmins({ type: "report_answered", reference: row.reference, title: row.itemTitle });
    return toPerformerReport(after);
  }

  /** A counter-notice to the DMCA notice that took the performer's item down: the report opens again. */
  async function counter(me: Performer, id: string, notice: CounterNotice) {
    const row = await performersOne(me, id);
    if (!canCounter(row))
      throw unprocessable("Only a DMCA notice that took your item down can be answered with a counter-notice, once.", [
        { path: "params.id", message: "no counter-notice possible" },
      ]);
    const at = now();
    const [after] = await db
      .update(contentReports)
      .set({ counterNotice: notice, counterNoticeAt: at, status: "open", dueAt: reportDueAt(at) })
      .where(and(eq(contentReports.id, row.id), eq(contentReports.status, "resolved")))
      .returning();
    if (!after) throw conflict("This report changed meanwhile. Please reload.");
    await deps.mailer.send((await deps.mails()).counterNotice(after));
    await tellAdmins({ type: "report_counter_notice", reference: row.reference, title: row.itemTitle });
    return toPerformerReport(after);
  }

  return { list, byId, takeDown, dismiss, ask, performerList, answer, counter };
}
export type ReportQueue = ReturnType<typeof createReportQueue>;
