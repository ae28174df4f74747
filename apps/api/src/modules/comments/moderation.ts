import type {
  AdminComment,
  AdminCommentsQuery,
  CommentDeletedEvent,
  CommentObjectType,
  CommentReportReason,
  ReportCommentBody,
} from "@marquee/contracts/comments";
import type { RealtimeNotifier, RealtimeSender } from "@marquee/contracts/realtime-events";
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Engageable, EngagingViewer } from "../../platform/engageable.ts";
import { notFound, tooManyRequests, unprocessable } from "../../platform/errors.ts";
import { cappedCount } from "../../platform/paging.ts";
import { escapeLike } from "../../platform/slugs.ts";
import type { Throttle } from "../../platform/throttle.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { type CommentRow, commentReports, comments } from "./tables.ts";
import type { Threads } from "./threads.ts";

/** Reports per member and window: one member cannot bury the moderators' list. */
export const REPORT_LIMIT = { count: 20, windowMs: 10 * 60_000 };

/** How many of a comment's report notes the admin's list shows. */
const NOTES_SHOWN = 3;

/** An admin sees every object: drafts and unlisted ones too. */
const moderator = (admin: EngagingViewer): EngagingViewer => ({ id: admin.id, role: "admin" });

/**
 * Moderation (issue 12): members report comments; admins list every comment (the reported first), hide one
 * (it leaves every page live, its author is told, its open reports are resolved), show it again, dismiss its
 * reports, or delete it (DELETE /comments/:id). Hiding keeps the counters to what members see: the object's
 * `comments` and the thread's `replies` fall by what the hidden comment stood for, and rise again when shown.
 */
export function createCommentModeration(deps: {
  db: Db;
  threads: Threads;
  targets: Record<CommentObjectType, Engageable>;
  throttle: Pick<Throttle, "hit">;
  notify: RealtimeNotifier;
  toObject: RealtimeSender;
  /** The active admins, told when a comment is first reported. */
  admins(): Promise<string[]>;
  limit?: { count: number; windowMs: number };
}) {
  const { db, threads, targets } = deps;
  const limit = deps.limit ?? REPORT_LIMIT;

  async function report(member: EngagingViewer, id: string, body: ReportCommentBody) {
    const row = await threads.shown(id);
    const target = row && (await targets[row.objectType].open(member, row.objectId));
    if (!row || !target) throw notFound("Comment");
    if (row.userId === member.id) {
      throw unprocessable("You cannot report your own comment.", [{ path: "params.id", message: "is your own" }]);
    }
    if ((await deps.throttle.hit(`comment-report:${member.id}`, limit.windowMs)) > limit.count) {
      throw tooManyRequests("Too many reports at once. Please wait a few minutes.");
    }
    const open = await db.transaction(async (tx) => {
      // The comment's row, locked: hiding or dismissing it meanwhile waits, or has happened (hidden: 404), so its
      // `reports` always counts its open reports.
      await tx.select({ id: comments.id }).from(comments).where(eq(comments.id, row.id)).for("update");
      if (!(await threads.shown(row.id, tx))) throw notFound("Comment");
      const [taken] = await tx
        .insert(commentReports)
        .values({ commentId: row.id, userId: member.id, reason: body.reason, note: body.note || null })
        .onConflictDoNothing()
        .returning({ id: commentReports.id });
      if (!taken) return 0;
      const [counted] = await tx
        .update(comments)
        .set({ reports: sql`${comments.reports} + 1` })
        .where(eq(comments.id, row.id))
        .returning({ reports: comments.reports });
      return counted?.reports ?? 0;
    });
    // The admins hear of a comment once, when it enters the queue; more reports on it raise its place there.
    if (open === 1) {
      for (const adminId of await deps.admins()) {
        deps.notify(adminId, "notification", {
          type: "comment_reported",
          commentId: row.id,
          objectType: row.objectType,
          objectId: row.objectId,
          title: target.title,
          reason: body.reason,
        });
      }
    }
    return { _id: row.id, reported: true as const };
  }

  async function list(admin: EngagingViewer, q: AdminCommentsQuery) {
    const where = and(
      q.status === "reported" ? sql`${comments.reports} > 0` : undefined,
      q.status === "hidden" ? isNotNull(comments.hiddenAt) : undefined,
      q.objectType ? eq(comments.objectType, q.objectType) : undefined,
      q.q ? ilike(comments.content, `%${escapeLike(q.q)}%`) : undefined,
    );
    const order: SQL[] =
      q.status === "reported"
        ? [desc(comments.reports), desc(comments.createdAt), desc(comments.id)]
        : q.status === "hidden"
          ? [desc(comments.hiddenAt), desc(comments.id)]
          : [desc(comments.createdAt), desc(comments.id)];
    const [rows, counted] = await Promise.all([
      db
        .select()
        .from(comments)
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset(q.offset),
      cappedCount(db, comments, where),
    ]);
    return { data: await present(admin, rows), ...counted };
  }

  /** The newest notes of the comments' open reports, at most NOTES_SHOWN each, newest first (a comment may have
   *  thousands: only those shown are read). */
  function newestNotes(ids: string[]) {
    const ranked = db
      .select({
        id: commentReports.commentId,
        note: commentReports.note,
        rank: sql<number>`row_number() over (partition by ${commentReports.commentId} order by ${commentReports.createdAt} desc)`.as(
          "rank",
        ),
      })
      .from(commentReports)
      .where(
        and(inArray(commentReports.commentId, ids), isNull(commentReports.resolvedAt), isNotNull(commentReports.note)),
      )
      .as("ranked");
    return db
      .select({ id: ranked.id, note: ranked.note })
      .from(ranked)
      .where(lte(ranked.rank, NOTES_SHOWN))
      .orderBy(ranked.rank);
  }

  /** Comments as the admin's list shows them: with what they are on and why members reported them. */
  async function present(admin: EngagingViewer, rows: CommentRow[]): Promise<AdminComment[]> {
    const ids = rows.map((r) => r.id);
    const objects = new Map<string, Promise<{ title: string; link: string } | null>>();
    for (const r of rows) {
      if (objects.has(r.objectId)) continue;
      objects.set(
        r.objectId,
        targets[r.objectType]
          .open(moderator(admin), r.objectId)
          .then((t) => (t ? { title: t.title, link: t.link } : null)),
      );
    }
    const [shown, reasons, notes] = await Promise.all([
      threads.present(admin, rows),
      ids.length
        ? db
            .select({ id: commentReports.commentId, reason: commentReports.reason, n: count() })
            .from(commentReports)
            .where(and(inArray(commentReports.commentId, ids), isNull(commentReports.resolvedAt)))
            .groupBy(commentReports.commentId, commentReports.reason)
        : [],
      ids.length ? newestNotes(ids) : [],
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const out: AdminComment[] = [];
    for (const c of shown) {
      const row = byId.get(c._id) as CommentRow;
      const by = (reason: CommentReportReason) => reasons.find((r) => r.id === c._id && r.reason === reason)?.n ?? 0;
      out.push({
        ...c,
        hiddenAt: row.hiddenAt?.toISOString() ?? null,
        reports: { total: row.reports, spam: by("spam"), abuse: by("abuse"), other: by("other") },
        reportNotes: notes.filter((n) => n.id === c._id).map((n) => n.note as string),
        object: await (objects.get(row.objectId) as Promise<{ title: string; link: string } | null>),
      });
    }
    return out;
  }

  /**
   * Sets the count of the comments `which` picks to none and resolves their open reports, in the caller's
   * transaction: the rows are updated (so locked, as a report locks them) before their reports are read.
   */
  async function resolveReports(tx: Db, which: SQL) {
    const ids = (await tx.update(comments).set({ reports: 0 }).where(which).returning({ id: comments.id })).map(
      (r) => r.id,
    );
    await tx
      .update(commentReports)
      .set({ resolvedAt: sql`now()` })
      .where(and(inArray(commentReports.commentId, ids), isNull(commentReports.resolvedAt)));
  }

  async function one(admin: EngagingViewer, id: string): Promise<AdminComment> {
    const row = await threads.byId(id);
    if (!row) throw notFound("Comment");
    const [out] = await present(admin, [row]);
    if (!out) throw notFound("Comment");
    return out;
  }

  /**
   * Hides or shows a comment again. A repeat changes nothing. The counters move by what members see go or come
   * back; the object's watchers hear `comment:deleted` or `comment:restored`; hiding tells the author.
   */
  async function setHidden(
    admin: EngagingViewer,
    id: string,
    hidden: boolean,
    actor: AuditActor,
  ): Promise<AdminComment> {
    const row = await threads.byId(id);
    if (!row) throw notFound("Comment");
    const changed = await db.transaction(async (tx) => {
      const now = await threads.locked(tx, row);
      if (!now) throw notFound("Comment");
      // The admin's action is recorded in the audit trail in this transaction, a repeat too.
      await recordAudit(tx, actor, {
        action: hidden ? "comments.hide" : "comments.unhide",
        subjectType: "comment",
        subjectId: now.id,
        before: { hidden: !!now.hiddenAt, content: now.content },
        after: { hidden, content: now.content },
      });
      if (!!now.hiddenAt === hidden) return null;
      // Weighed while shown: before hiding, after showing.
      const before = hidden ? await threads.weight(tx, now) : 0;
      const [updated] = (await tx
        .update(comments)
        .set({ hiddenAt: hidden ? sql`now()` : null })
        .where(eq(comments.id, now.id))
        .returning()) as [CommentRow];
      // Hidden with its thread: the reports on it and on its replies (out of view with it) are dealt with.
      if (hidden) await resolveReports(tx, threads.withReplies(now));
      const moved = hidden ? -before : await threads.weight(tx, updated);
      await threads.countReply(tx, now, hidden ? -1 : 1);
      if (moved) await targets[now.objectType].count(tx, now.objectId, { comments: moved });
      return { row: updated, moved };
    });
    if (changed?.moved) {
      const { row: after } = changed;
      if (hidden) {
        const event: CommentDeletedEvent = {
          _id: after.id,
          objectType: after.objectType,
          objectId: after.objectId,
          parentId: after.parentId,
          removed: -changed.moved,
        };
        deps.toObject(after.objectId, "comment:deleted", event);
      } else {
        const [shown] = await threads.present(null, [after]);
        if (shown) deps.toObject(after.objectId, "comment:restored", shown);
      }
    }
    if (changed && hidden) {
      const target = await targets[row.objectType].open(moderator(admin), row.objectId);
      deps.notify(row.userId, "notification", {
        type: "comment_hidden",
        commentId: row.id,
        objectType: row.objectType,
        objectId: row.objectId,
        title: target?.title ?? null,
        link: target?.link ?? null,
      });
    }
    return one(admin, id);
  }

  async function dismissReports(admin: EngagingViewer, id: string, actor: AuditActor): Promise<AdminComment> {
    const row = await threads.byId(id);
    if (!row) throw notFound("Comment");
    await db.transaction(async (tx) => {
      const [open] = await tx
        .select({ n: count() })
        .from(commentReports)
        .where(and(eq(commentReports.commentId, row.id), isNull(commentReports.resolvedAt)));
      await resolveReports(tx, eq(comments.id, row.id));
      await recordAudit(tx, actor, {
        action: "comments.dismiss-reports",
        subjectType: "comment",
        subjectId: row.id,
        before: { openReports: open?.n ?? 0, content: row.content },
        after: { openReports: 0, content: row.content },
      });
    });
    return one(admin, id);
  }

  return { report, list, setHidden, dismissReports };
}
export type CommentModeration = ReturnType<typeof createCommentModeration>;
