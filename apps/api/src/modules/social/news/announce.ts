import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { NOTIFY_MANY_MAX } from "../../notifications/service.ts";
import { type NewsItem, type NewsKind, type NewsSource, SOURCE_LIMIT } from "./sources.ts";
import { newsAnnouncements, newsBaselines } from "./tables.ts";

/** Items that came out longer ago than this are never announced (a late first scan, an old catalogue). */
export const NEWS_WINDOW_MS = 2 * 86_400_000;
/** Members read and told per round trip in the fan-out. */
export const FANOUT_BATCH = NOTIFY_MANY_MAX;

/** One batch of a performer's audience: ids, and the cursor of the next batch (null after the last). */
export type AudienceReader = (
  performerId: string,
  q: { limit: number; cursor?: string },
) => Promise<{ ids: string[]; next: string | null }>;

export interface AnnounceDeps {
  db: Db;
  /** The performer's followers (follows module), in batches. */
  followerIds: AudienceReader;
  /** The members with a live subscription to the performer (commerce ownership port), in batches. */
  subscriberIds: AudienceReader;
  /** Stores one notification for a batch of members and sends each live (notifications module). */
  notifyMany(userIds: readonly string[], type: string, payload: Record<string, unknown>): Promise<number>;
  log: { error(obj: object, msg?: string): void };
  now?: () => Date;
}

/** What one scan did: the items it announced and how many notifications it stored. */
export interface AnnounceResult {
  announced: { kind: NewsKind; id: string; notified: number }[];
}

/**
 * News of new items in the app (issue 25 section 1). Each scan asks every source for its newest items; each one that
 * came out since the news of its kind started (its first scan) and within NEWS_WINDOW_MS is claimed in
 * `news_announcements` (insert ... on conflict do nothing: of several API processes only the winner announces it),
 * then told to its performers' followers and live subscribers, in batches, each member once, never its performers.
 * An item is announced once (its claim stays); one whose process died while telling it is not told again.
 */
export function createAnnouncer(deps: AnnounceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const sources = new Map<NewsKind, NewsSource>();

  /** When the news of `kind` started: its first scan's time, kept (one statement, whoever comes first). */
  async function baseline(kind: NewsKind): Promise<Date> {
    const [row] = await db
      .insert(newsBaselines)
      .values({ kind })
      .onConflictDoUpdate({ target: newsBaselines.kind, set: { kind: sql`excluded.kind` } })
      .returning({ since: newsBaselines.since });
    return row?.since ?? now();
  }

  /** Claims the items no process has announced yet, in one statement; answers those this call won. */
  async function claim(items: NewsItem[]): Promise<NewsItem[]> {
    if (!items.length) return [];
    const won = await db
      .insert(newsAnnouncements)
      .values(
        items.map((i) => ({
          kind: i.kind,
          itemId: i.id,
          performerIds: i.performerIds,
          performerName: i.performerName ?? null,
          title: i.title,
          link: i.link,
          releasedAt: i.at,
        })),
      )
      .onConflictDoNothing()
      .returning({ kind: newsAnnouncements.kind, itemId: newsAnnouncements.itemId });
    const keys = new Set(won.map((w) => `${w.kind}:${w.itemId}`));
    return items.filter((i) => keys.has(`${i.kind}:${i.id}`));
  }

  /** Tells one item to each of its performers' followers and subscribers once; answers how many were told. */
  async function fanOut(item: NewsItem): Promise<number> {
    const payload = {
      kind: item.kind,
      itemId: item.id,
      title: item.title,
      performer: item.performerName ?? null,
      link: item.link,
    };
    const seen = new Set(item.performerIds);
    let told = 0;
    for (const performerId of item.performerIds) {
      for (const read of [deps.followerIds, deps.subscriberIds]) {
        let cursor: string | undefined;
        do {
          const page = await read(performerId, { limit: FANOUT_BATCH, cursor });
          const fresh = page.ids.filter((id) => !seen.has(id));
          for (const id of fresh) seen.add(id);
          if (fresh.length) told += await deps.notifyMany(fresh, "news", payload);
          cursor = page.next ?? undefined;
        } while (cursor);
      }
    }
    return told;
  }

  /** One scan of every source (the job's handler; tests call it instead of waiting for the cron). */
  async function announceNow(): Promise<AnnounceResult> {
    const announced: AnnounceResult["announced"] = [];
    for (const source of sources.values()) {
      try {
        const since = await baseline(source.kind);
        const floor = Math.max(since.getTime(), now().getTime() - NEWS_WINDOW_MS);
        const fresh = (await source.recent(SOURCE_LIMIT)).filter(
          (i) => i.kind === source.kind && i.at.getTime() >= floor && i.performerIds.length > 0,
        );
        for (const item of await claim(fresh)) {
          try {
            announced.push({ kind: item.kind, id: item.id, notified: await fanOut(item) });
          } catch (err) {
            deps.log.error({ err, kind: item.kind, id: item.id }, "the news of an item could not be told");
          }
        }
      } catch (err) {
        deps.log.error({ err, kind: source.kind }, "a news source could not be scanned");
      }
    }
    return { announced };
  }

  return {
    announceNow,
    /** Adds (or replaces) the source of one kind: the feed posts' module adds its own. */
    addSource(source: NewsSource) {
      sources.set(source.kind, source);
    },
    kinds: () => [...sources.keys()],
  };
}
export type Announcer = ReturnType<typeof createAnnouncer>;
