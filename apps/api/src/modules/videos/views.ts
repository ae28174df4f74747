import { createHash } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Viewer } from "../catalogue/access.ts";
import { videos, videoViewMarks } from "./tables.ts";

/** A movie's view counts once per viewer in this window (issue 23 section 1). */
export const VIEW_WINDOW_MS = 6 * 60 * 60_000;

/** What tells visitors apart: the request's address (through the trusted proxies) and its user agent. */
export interface ClientHints {
  ip: string;
  userAgent: string;
}

/** Members by id; visitors by a hash of address and user agent (the address itself is not kept). */
export function viewerKey(viewer: Viewer, client: ClientHints | undefined): string | null {
  if (viewer) return `u:${viewer.id}`;
  if (!client) return null;
  return `v:${createHash("sha256").update(`marquee-view\n${client.ip}\n${client.userAgent}`).digest("base64url")}`;
}

/** Counts views, once per viewer and movie per VIEW_WINDOW_MS, whichever API process sees them. */
export function createViewCounter(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  return {
    /** Counts a view of `videoId` by `key` unless one was counted within the window: the new count, else null. */
    async count(videoId: string, key: string | null): Promise<number | null> {
      if (!key) return null;
      const at = now();
      const [fresh] = await db
        .insert(videoViewMarks)
        .values({ videoId, viewerKey: key, countedAt: at })
        .onConflictDoUpdate({
          target: [videoViewMarks.videoId, videoViewMarks.viewerKey],
          set: { countedAt: at },
          setWhere: lt(videoViewMarks.countedAt, new Date(at.getTime() - VIEW_WINDOW_MS)),
        })
        .returning({ at: videoViewMarks.countedAt });
      if (!fresh) return null;
      const [counted] = await db
        .update(videos)
        .set({ views: sql`${videos.views} + 1`, updatedAt: sql`${videos.updatedAt}` })
        .where(sql`${videos.id} = ${videoId}`)
        .returning({ views: videos.views });
      return counted?.views ?? null;
    },
    /** Forgets marks older than the window (housekeeping): how many went. */
    async purge(): Promise<number> {
      const gone = await db
        .delete(videoViewMarks)
        .where(lt(videoViewMarks.countedAt, new Date(now().getTime() - VIEW_WINDOW_MS)))
        .returning({ id: videoViewMarks.videoId });
      return gone.length;
    },
  };
}

/** The hints of a request: its address as the trusted proxies give it, and its user agent. */
export const clientHints = (req: {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}): ClientHints => ({
  ip: req.ip,
  userAgent: String(req.headers["user-agent"] ?? ""),
});
