import type { FollowerList, FollowState } from "@marquee/contracts/feed";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { notFound, unprocessable } from "../../../platform/errors.ts";
import { type Keyset, keysetClauses, nextCursor } from "../../../platform/paging.ts";
import type { Storage } from "../../../platform/storage.ts";
import type { Actor, Viewer } from "../../catalogue/access.ts";
import type { Ownership } from "../../commerce/ownership.ts";
import { countFollower, followerCount, subscriptionTerms } from "../../performers/commerce-port.ts";
import { avatarUrls } from "../../users/service.ts";
import { users } from "../../users/tables.ts";
import { follows } from "./tables.ts";

/** The most performers one member may follow: the feed's and the news' queries take them as one list. */
export const FOLLOWS_MAX = 5000;

const followersKeyset: Keyset = {
  name: "followers",
  key: follows.createdAt,
  kind: "timestamp",
  id: follows.userId,
  direction: "desc",
};

/**
 * Following (issue 25 section 1): a member follows an active performer for free and may stop; the performer's
 * follower count moves in the same transaction as the row, so it never drifts under concurrent clicks.
 */
export function createFollows(deps: {
  db: Db;
  storage: Pick<Storage, "publicUrl">;
  ownership: Pick<Ownership, "subscribersAmong">;
}) {
  const { db } = deps;

  async function activePerformer(performerId: string) {
    const performer = await subscriptionTerms(db, performerId);
    if (performer?.status !== "active") throw notFound("Performer");
    return performer;
  }

  const followersCount = (performerId: string) => followerCount(db, performerId);

  async function isFollowing(userId: string, performerId: string): Promise<boolean> {
    const [row] = await db
      .select({ one: sql`1` })
      .from(follows)
      .where(and(eq(follows.userId, userId), eq(follows.performerId, performerId)));
    return !!row;
  }

  /** The viewer's follow state of an active performer (404 for anyone else). */
  async function state(viewer: Viewer, performerId: string): Promise<FollowState> {
    await activePerformer(performerId);
    const [following, followers] = await Promise.all([
      viewer ? isFollowing(viewer.id, performerId) : false,
      followersCount(performerId),
    ]);
    return { performerId, following, followers };
  }

  /** Follows an active performer; following again changes nothing. 422 naming the performer for oneself. */
  async function follow(member: Actor, performerId: string): Promise<FollowState> {
    if (performerId === member.id) {
      throw unprocessable("You cannot follow yourself.", [{ path: "params.performerId", message: "yourself" }]);
    }
    await activePerformer(performerId);
    await db.transaction(async (tx) => {
      const [many] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(follows)
        .where(eq(follows.userId, member.id));
      if ((many?.n ?? 0) >= FOLLOWS_MAX) {
        throw unprocessable(`You can follow at most ${FOLLOWS_MAX} performers.`, [
          { path: "params.performerId", message: "too many follows" },
        ]);
      }
      const added = await tx
        .insert(follows)
        .values({ userId: member.id, performerId })
        .onConflictDoNothing()
        .returning({ userId: follows.userId });
      if (added.length) await countFollower(tx, performerId, 1);
    });
    return state(member, performerId);
  }

  /** Stops following; not following already changes nothing. */
  async function unfollow(member: Actor, performerId: string): Promise<FollowState> {
    await activePerformer(performerId);
    await db.transaction(async (tx) => {
      const gone = await tx
        .delete(follows)
        .where(and(eq(follows.userId, member.id), eq(follows.performerId, performerId)))
        .returning({ userId: follows.userId });
      if (gone.length) await countFollower(tx, performerId, -1);
    });
    return state(member, performerId);
  }

  /** The performer's followers, newest first, with whether each also subscribes. */
  async function followers(performerId: string, q: { limit: number; cursor?: string }): Promise<FollowerList> {
    const { after, orderBy } = keysetClauses(followersKeyset, q.cursor);
    const rows = await db
      .select({
        userId: follows.userId,
        createdAt: follows.createdAt,
        username: users.username,
        name: users.name,
        avatarKey: users.avatarKey,
      })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.userId))
      .where(and(eq(follows.performerId, performerId), after))
      .orderBy(...orderBy)
      .limit(q.limit);
    const [subscribed, total] = await Promise.all([
      deps.ownership.subscribersAmong(
        performerId,
        rows.map((r) => r.userId),
      ),
      followersCount(performerId),
    ]);
    return {
      total,
      next: nextCursor(rows, q.limit, followersKeyset.name, (r) => [r.createdAt, r.userId]),
      data: rows.map((r) => ({
        _id: r.userId,
        username: r.username,
        name: r.name || r.username,
        avatar: avatarUrls(deps.storage, r.avatarKey).avatar,
        subscribed: subscribed.has(r.userId),
        followedAt: r.createdAt.toISOString(),
      })),
    };
  }

  /** The performers a member follows (the feed's and the digest's sources). */
  async function followedBy(userId: string): Promise<string[]> {
    const rows = await db
      .select({ performerId: follows.performerId })
      .from(follows)
      .where(eq(follows.userId, userId))
      .limit(FOLLOWS_MAX);
    return rows.map((r) => r.performerId);
  }

  /**
   * One batch of a performer's follower ids (the fan-out of their news), by keyset on the followers' index: pass the
   * previous batch's `next` as `cursor`; `next` is null after the last batch.
   */
  async function followerIds(
    performerId: string,
    q: { limit: number; cursor?: string },
  ): Promise<{ ids: string[]; next: string | null }> {
    const { after, orderBy } = keysetClauses(followersKeyset, q.cursor);
    const rows = await db
      .select({ userId: follows.userId, createdAt: follows.createdAt })
      .from(follows)
      .where(and(eq(follows.performerId, performerId), after))
      .orderBy(...orderBy)
      .limit(q.limit);
    return {
      ids: rows.map((r) => r.userId),
      next: nextCursor(rows, q.limit, followersKeyset.name, (r) => [r.createdAt, r.userId]),
    };
  }

  /** The performers each of these members follows (the digest's batch of members), as one query. */
  async function followedByEach(userIds: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (!userIds.length) return out;
    const rows = await db
      .select({ userId: follows.userId, performerId: follows.performerId })
      .from(follows)
      .where(inArray(follows.userId, [...new Set(userIds)]));
    for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), r.performerId]);
    return out;
  }

  return { state, follow, unfollow, followers, followedBy, isFollowing, followerIds, followedByEach };
}
export type Follows = ReturnType<typeof createFollows>;
