import type { Video } from "@marquee/contracts/videos";
import {
  finishMarginOf,
  type HistoryQuery,
  PROGRESS_MIN_INTERVAL_MS,
  type ProgressReport,
  type WatchedVideo,
  type WatchHistory,
  type WatchProgress,
} from "@marquee/contracts/watching";
import { and, count, desc, eq, gt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../platform/errors.ts";
import type { Viewer } from "../catalogue/access.ts";
import { type WatchProgressRow, watchProgress } from "./tables.ts";

/** How many movies "Continue watching" shows. */
export const CONTINUE_WATCHING_SIZE = 12;

export interface WatchingDeps {
  db: Db;
  videos: {
    /** The movie if this viewer may open its page (null otherwise), with its stored length. */
    progressTarget(viewer: Viewer, id: string): Promise<{ id: string; durationSec: number | null } | null>;
    /** Movies as lists show them, in the order given, leaving out those the viewer may no longer open. */
    listByIds(viewer: Viewer, ids: readonly string[]): Promise<Video[]>;
  };
  now?: () => Date;
}

type Member = NonNullable<Viewer>;

const progressOf = (row: WatchProgressRow | undefined, videoId: string, saved?: boolean): WatchProgress => ({
  videoId,
  position: row?.positionSec ?? 0,
  duration: row?.durationSec ?? null,
  finished: row?.finished ?? false,
  ...(saved === undefined ? {} : { saved }),
  watchedAt: row?.watchedAt.toISOString() ?? null,
});

/**
 * Resuming movies (issue 23 section 1): each member's position in each movie, saved from the player's reports (a
 * repeat of the saved position within PROGRESS_MIN_INTERVAL_MS is answered and dropped), "Continue
 * watching" and the watch history. A position in a movie's last seconds finishes it: it is stored as 0.
 */
export function createWatchingService(deps: WatchingDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function cards(member: Member, rows: WatchProgressRow[]): Promise<WatchedVideo[]> {
    const listed = await deps.videos.listByIds(
      member,
      rows.map((r) => r.videoId),
    );
    const byId = new Map(rows.map((r) => [r.videoId, r]));
    return listed.flatMap((video) => {
      const r = byId.get(video._id);
      return r
        ? [
            {
              video,
              position: r.positionSec,
              duration: r.durationSec,
              finished: r.finished,
              watchedAt: r.watchedAt.toISOString(),
            },
          ]
        : [];
    });
  }

  return {
    /** Saves where the member is in a movie they may open (404 otherwise). */
    async report(member: Member, videoId: string, body: ProgressReport): Promise<WatchProgress> {
      const target = await deps.videos.progressTarget(member, videoId);
      if (!target) throw notFound("Movie");
      const duration = target.durationSec ?? body.duration ?? null;
      const at = duration === null ? body.position : Math.min(body.position, duration);
      const finished = duration !== null && duration > 0 && at >= duration - finishMarginOf(duration);
      const when = now();
      const values = { positionSec: finished ? 0 : at, durationSec: duration, finished, watchedAt: when };
      const [saved] = await db
        .insert(watchProgress)
        .values({ userId: member.id, videoId: target.id, ...values })
        .onConflictDoUpdate({
          target: [watchProgress.userId, watchProgress.videoId],
          set: values,
          // A repeat of the last saved position soon after it is dropped (that one stands). A position a second or
          // more away is kept however soon: a pause right after a report is where the member will want to resume.
          // A finish is never dropped.
          setWhere: or(
            lte(watchProgress.watchedAt, new Date(when.getTime() - PROGRESS_MIN_INTERVAL_MS)),
            sql`abs(${watchProgress.positionSec} - ${values.positionSec}) >= 1`,
            finished ? sql`true` : sql`false`,
          ),
        })
        .returning();
      if (saved) return progressOf(saved, target.id, true);
      const [kept] = await db
        .select()
        .from(watchProgress)
        .where(and(eq(watchProgress.userId, member.id), eq(watchProgress.videoId, target.id)));
      return progressOf(kept, target.id, false);
    },

    /** Where the member is in a movie: 0 when they have not started it or finished it. */
    async progress(member: Member, videoId: string): Promise<WatchProgress> {
      const [row] = await db
        .select()
        .from(watchProgress)
        .where(and(eq(watchProgress.userId, member.id), eq(watchProgress.videoId, videoId)));
      return progressOf(row, videoId);
    },

    /** Movies started and not finished, the most recently watched first; only those the member may still open. */
    async continueWatching(member: Member): Promise<{ data: WatchedVideo[] }> {
      const rows = await db
        .select()
        .from(watchProgress)
        .where(
          and(eq(watchProgress.userId, member.id), eq(watchProgress.finished, false), gt(watchProgress.positionSec, 0)),
        )
        .orderBy(desc(watchProgress.watchedAt))
        // Some may be closed to the member now: a few more than shown.
        .limit(CONTINUE_WATCHING_SIZE * 2);
      return { data: (await cards(member, rows)).slice(0, CONTINUE_WATCHING_SIZE) };
    },

    /** The member's history, newest first; movies they may no longer open are left out of the page. */
    async history(member: Member, q: HistoryQuery): Promise<WatchHistory> {
      const mine = eq(watchProgress.userId, member.id);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(watchProgress)
          .where(mine)
          .orderBy(desc(watchProgress.watchedAt), desc(watchProgress.videoId))
          .limit(q.limit)
          .offset(q.offset),
        db.select({ n: count() }).from(watchProgress).where(mine),
      ]);
      return { data: await cards(member, rows), total: total?.n ?? 0 };
    },

    /** Removes one movie from the member's history (its position goes too); 404 when it is not in it. */
    async remove(member: Member, videoId: string): Promise<void> {
      const gone = await db
        .delete(watchProgress)
        .where(and(eq(watchProgress.userId, member.id), eq(watchProgress.videoId, videoId)))
        .returning({ id: watchProgress.videoId });
      if (!gone.length) throw notFound("History entry");
    },

    /** Clears the member's whole history: how many entries went. */
    async clear(member: Member): Promise<{ removed: number }> {
      const gone = await db
        .delete(watchProgress)
        .where(eq(watchProgress.userId, member.id))
        .returning({ id: watchProgress.videoId });
      return { removed: gone.length };
    },
  };
}
export type WatchingService = ReturnType<typeof createWatchingService>;
