import type { Gallery } from "@marquee/contracts/galleries";
import type {
  ReactedItemsQuery,
  ReactionAction,
  ReactionKey,
  ReactionObjectType,
  ReactionState,
  SearchReactionsQuery,
} from "@marquee/contracts/reactions";
import type { RealtimeSender } from "@marquee/contracts/realtime-events";
import type { Video } from "@marquee/contracts/videos";
import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Counter, Engageable, EngagingViewer } from "../../platform/engageable.ts";
import { notFound, tooManyRequests, unprocessable } from "../../platform/errors.ts";
import { cappedCount, type Keyset, keysetClauses, nextCursor } from "../../platform/paging.ts";
import type { Throttle } from "../../platform/throttle.ts";
import { reactions } from "./tables.ts";

/** Reaction changes per user and window: a member clicking about a page is far below it, a script is not. */
export const REACTION_LIMIT = { count: 120, windowMs: 60_000 };

/** The counter each action moves on the object (watch later is private: nobody counts it). */
const counterOf: Record<ReactionAction, Counter | null> = {
  like: "likes",
  favourite: "favourites",
  watch_later: null,
};

const nouns: Record<ReactionObjectType, string> = {
  video: "Movie",
  gallery: "Gallery",
  product: "Product",
  performer: "Performer",
  comment: "Comment",
  "feed-post": "Post",
};

type Row = typeof reactions.$inferSelect;
const toReaction = (r: Row) => ({
  _id: r.id,
  objectType: r.objectType,
  objectId: r.objectId,
  action: r.action,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Reacting (DESIGN section 5): one reaction per user, action and object, under the unique index. A repeat is a
 * no-op (ON CONFLICT DO NOTHING); the object's counter moves only when the insert inserted or the delete deleted,
 * in the same transaction, so counters stay exact however many members click at once.
 */
export function createReactionWrites(deps: {
  db: Db;
  targets: Record<ReactionObjectType, Engageable>;
  throttle: Pick<Throttle, "hit">;
  toObject: RealtimeSender;
  videos: { listByIds(viewer: EngagingViewer, ids: readonly string[]): Promise<Video[]> };
  galleries: { listByIds(viewer: EngagingViewer, ids: readonly string[]): Promise<Gallery[]> };
  limit?: { count: number; windowMs: number };
}) {
  const { db, targets } = deps;
  const limit = deps.limit ?? REACTION_LIMIT;

  async function throttled(user: EngagingViewer) {
    if ((await deps.throttle.hit(`reaction:${user.id}`, limit.windowMs)) > limit.count) {
      throw tooManyRequests("Too many reactions at once. Please wait a minute.");
    }
  }

  const keyOf = (user: EngagingViewer, key: ReactionKey) =>
    and(
      eq(reactions.userId, user.id),
      eq(reactions.objectType, key.objectType),
      eq(reactions.objectId, key.objectId),
      eq(reactions.action, key.action),
    ) as SQL;

  function announce(room: string, key: ReactionKey, counts: ReactionState["counts"]) {
    deps.toObject(room, "reaction:updated", { objectId: key.objectId, objectType: key.objectType, counts });
  }

  async function react(user: EngagingViewer, key: ReactionKey): Promise<ReactionState> {
    if (key.objectType === "comment" && key.action !== "like") {
      throw unprocessable("Comments can only be liked.", [{ path: "body.action", message: "must be like" }]);
    }
    await throttled(user);
    const target = await targets[key.objectType].open(user, key.objectId);
    if (!target) throw notFound(nouns[key.objectType]);
    const counter = counterOf[key.action];
    const { inserted, counts } = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reactions)
        .values({ userId: user.id, objectType: key.objectType, objectId: key.objectId, action: key.action })
        .onConflictDoNothing()
        .returning({ id: reactions.id });
      const by = row && counter ? { [counter]: 1 } : {};
      const after = await targets[key.objectType].count(tx, key.objectId, by);
      // Deleted meanwhile: nothing to react to (the insert is rolled back with this).
      if (!after) throw notFound(nouns[key.objectType]);
      return { inserted: !!row, counts: after };
    });
    if (inserted && counter) announce(target.room ?? target.id, key, counts);
    return { ...key, active: true, counts };
  }

  /** Takes a reaction back; a missing one (or a gone object) is a no-op, so the button can always be untoggled. */
  async function unreact(user: EngagingViewer, key: ReactionKey): Promise<ReactionState> {
    await throttled(user);
    const counter = counterOf[key.action];
    const { deleted, counts } = await db.transaction(async (tx) => {
      const gone = await tx.delete(reactions).where(keyOf(user, key)).returning({ id: reactions.id });
      const by = gone.length && counter ? { [counter]: -gone.length } : {};
      const after = await targets[key.objectType].count(tx, key.objectId, by);
      return { deleted: gone.length > 0, counts: after ?? {} };
    });
    if (deleted && counter) {
      // The room of a comment is its object's: ask where it lives only when there is something to say.
      const target = key.objectType === "comment" ? await targets.comment.open(user, key.objectId) : null;
      announce(target?.room ?? key.objectId, key, counts);
    }
    return { ...key, active: false, counts };
  }

  /** One page of the user's own reactions, newest first (or oldest with `sort=asc`). */
  async function page(user: EngagingViewer, q: Omit<SearchReactionsQuery, "action"> & { action?: ReactionAction }) {
    const where = and(
      eq(reactions.userId, user.id),
      q.action ? eq(reactions.action, q.action) : undefined,
      q.objectType ? eq(reactions.objectType, q.objectType) : undefined,
    );
    const keyset: Keyset = {
      name: `reactions:${q.sort}`,
      key: reactions.createdAt,
      kind: "timestamp",
      id: reactions.id,
      direction: q.sort,
    };
    const { after, orderBy } = keysetClauses(keyset, q.cursor);
    const [rows, counted] = await Promise.all([
      db
        .select()
        .from(reactions)
        .where(after ? and(where, after) : where)
        .orderBy(...orderBy)
        .limit(q.limit)
        .offset(q.cursor ? 0 : q.offset),
      cappedCount(db, reactions, where),
    ]);
    return { rows, ...counted, next: nextCursor(rows, q.limit, keyset.name, (r) => [r.createdAt, r.id]) };
  }

  async function search(user: EngagingViewer, q: SearchReactionsQuery) {
    const { rows, ...rest } = await page(user, q);
    return { data: rows.map(toReaction), ...rest };
  }

  /** The user's reacted items of one kind, each under its kind's name as the catalogue lists it (one they may no
   *  longer open is left out). */
  async function items<K extends "video" | "gallery", T extends { _id: string }>(
    user: EngagingViewer,
    q: ReactedItemsQuery,
    objectType: K,
    lister: { listByIds(viewer: EngagingViewer, ids: readonly string[]): Promise<T[]> },
  ) {
    const { rows, ...rest } = await page(user, { ...q, objectType });
    const listed = await lister.listByIds(
      user,
      rows.map((r) => r.objectId),
    );
    const found = new Map(listed.map((item) => [item._id, item]));
    const data = rows.flatMap((r) => {
      const item = found.get(r.objectId);
      return item ? [{ ...toReaction(r), [objectType]: item } as ReturnType<typeof toReaction> & Record<K, T>] : [];
    });
    return { data, ...rest };
  }

  return {
    react,
    unreact,
    search,
    /** The user's favourite (or watch-later, or liked) movies as the catalogue lists them. */
    videos: (user: EngagingViewer, q: ReactedItemsQuery) => items(user, q, "video", deps.videos),
    /** The user's favourite (or watch-later, or liked) galleries as the catalogue lists them. */
    galleries: (user: EngagingViewer, q: ReactedItemsQuery) => items(user, q, "gallery", deps.galleries),
  };
}
export type ReactionWrites = ReturnType<typeof createReactionWrites>;
