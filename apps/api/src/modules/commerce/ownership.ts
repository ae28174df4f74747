import { and, eq, gt, inArray, is, SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { qualified } from "../../db/qualified.ts";
import { type Keyset, keysetClauses, nextCursor } from "../../platform/paging.ts";
import type { Viewer } from "../catalogue/access.ts";
import { orderLines, orders } from "./orders/tables.ts";
import { subscriptions } from "./subscriptions/tables.ts";

/** An item a member can buy: a movie, a gallery, a product, a paid feed post or a paid message. */
export interface OwnedItem {
  kind: "video" | "gallery" | "product" | "post" | "message";
  id: string;
}

/** A subscription that grants access now: a site membership, or a performer's (with the performer). */
export interface LiveSubscription {
  kind: "site" | "performer";
  performerId: string | null;
}

/** A performer's live subscriptions in batches: along `subscriptions_performer_idx`. */
const subscriberKeyset: Keyset = {
  name: "subscribers",
  key: subscriptions.expiresAt,
  kind: "timestamp",
  id: subscriptions.id,
  direction: "asc",
};

/**
 * Commerce's answer to "what does this member own" (issue 24): the port the access decisions and the store read
 * instead of commerce's tables. A purchase is owned while its order is paid (a refunded order is not); a subscription
 * grants while `expiresAt` is ahead, a cancelled one until it ends. Each question is one query for a whole list.
 * `via`: the caller's open database transaction, when it reads inside one.
 */
export function createOwnership(deps: { db: Db; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const live = (userId: string) =>
    and(
      eq(subscriptions.userId, userId),
      inArray(subscriptions.status, ["active", "cancelled"]),
      gt(subscriptions.expiresAt, now()),
    );

  /**
   * Reads of a viewer's live subscriptions still under way, by the viewer's object (a request's signed-in user): the
   * parts of one page that ask at the same time (a home page's gallery covers and its "Subscribed" badges) share
   * one statement. Only while it runs: a later question reads afresh, so a change made meanwhile is always seen.
   */
  const reading = new WeakMap<NonNullable<Viewer>, Promise<LiveSubscription[]>>();
  function liveSubscriptions(viewer: Viewer): Promise<LiveSubscription[]> {
    if (!viewer) return Promise.resolve([]);
    const under = reading.get(viewer);
    if (under) return under;
    const read = deps.db
      .select({ kind: subscriptions.kind, performerId: subscriptions.performerId })
      .from(subscriptions)
      .where(live(viewer.id))
      .then((rows) => rows as LiveSubscription[])
      .finally(() => {
        if (reading.get(viewer) === read) reading.delete(viewer);
      });
    reading.set(viewer, read);
    return read;
  }

  return {
    /** Which of these items the viewer holds a paid order line for, as `kind:id` keys. */
    async boughtOf(viewer: Viewer, items: readonly OwnedItem[], via: Db = deps.db): Promise<Set<string>> {
      if (!viewer || !items.length) return new Set();
      const rows = await via
        .selectDistinct({ kind: orderLines.itemKind, itemId: orderLines.itemId })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(
          and(
            eq(orders.userId, viewer.id),
            eq(orders.status, "paid"),
            inArray(orderLines.itemKind, [...new Set(items.map((i) => i.kind))]),
            inArray(orderLines.itemId, [...new Set(items.map((i) => i.id))]),
          ),
        );
      const asked = new Set(items.map((i) => `${i.kind}:${i.id}`));
      return new Set(rows.map((r) => `${r.kind}:${r.itemId}`).filter((k) => asked.has(k)));
    },

    /**
     * `boughtOf` as a column of the caller's own list query: whether the viewer holds a paid order line for the item
     * whose id is `itemId` (a column of that query, or of a subquery named in SQL), so a list reads its rows and their
     * purchases in one query.
     */
    boughtColumn(viewer: Viewer, kind: OwnedItem["kind"], itemId: AnyPgColumn | SQL): SQL<boolean> {
      if (!viewer) return sql<boolean>`false`;
      const q = qualified;
      return sql<boolean>`exists (select 1 from ${orderLines} inner join ${orders} on ${q(orders.id)} = ${q(orderLines.orderId)}
        where ${q(orders.userId)} = ${viewer.id} and ${q(orders.status)} = 'paid'
        and ${q(orderLines.itemKind)} = ${kind} and ${q(orderLines.itemId)} = ${is(itemId, SQL) ? itemId : q(itemId)})`;
    },

    /** The viewer's subscriptions that grant access now. */
    liveSubscriptions,

    /** Which of these performers the viewer has a subscription to that grants access now. */
    async subscribedTo(viewer: Viewer, performerIds: readonly string[]): Promise<Set<string>> {
      if (!viewer || !performerIds.length) return new Set();
      const asked = new Set(performerIds);
      const subs = await liveSubscriptions(viewer);
      return new Set(
        subs.flatMap((s) =>
          s.kind === "performer" && s.performerId && asked.has(s.performerId) ? [s.performerId] : [],
        ),
      );
    },

    /** Whether anyone holds a paid order line for the item (a paid post someone bought keeps its price). */
    async soldAny(kind: OwnedItem["kind"], itemId: string): Promise<boolean> {
      const [row] = await deps.db
        .select({ one: sql`1` })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(eq(orderLines.itemKind, kind), eq(orderLines.itemId, itemId), eq(orders.status, "paid")))
        .limit(1);
      return !!row;
    },

    /** How many paid order lines of `kind` name an item of `itemIds` (a subquery of ids: a mass message's copies). */
    async soldCount(kind: OwnedItem["kind"], itemIds: SQL): Promise<number> {
      const [row] = await deps.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(
          and(eq(orderLines.itemKind, kind), sql`${orderLines.itemId} in (${itemIds})`, eq(orders.status, "paid")),
        );
      return row?.n ?? 0;
    },

    /** Which of these members hold a live subscription to the performer (a performer's lists of followers). */
    async subscribersAmong(performerId: string, userIds: readonly string[]): Promise<Set<string>> {
      if (!userIds.length) return new Set();
      const rows = await deps.db
        .selectDistinct({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(
          and(
            inArray(subscriptions.userId, [...new Set(userIds)]),
            inArray(subscriptions.status, ["active", "cancelled"]),
            gt(subscriptions.expiresAt, now()),
            eq(subscriptions.kind, "performer"),
            eq(subscriptions.performerId, performerId),
          ),
        );
      return new Set(rows.map((r) => r.userId));
    },

    /**
     * One batch of the members holding a live subscription to the performer (the fan-out of their news), by keyset
     * on the performer's subscriptions index (`expires_at`, then id): pass the previous batch's `next` as `cursor`,
     * null after the last. A member with two live rows may come twice; callers de-duplicate.
     */
    async subscriberIds(
      performerId: string,
      q: { limit: number; cursor?: string },
    ): Promise<{ ids: string[]; next: string | null }> {
      const { after, orderBy } = keysetClauses(subscriberKeyset, q.cursor);
      const rows = await deps.db
        .select({ id: subscriptions.id, userId: subscriptions.userId, expiresAt: subscriptions.expiresAt })
        .from(subscriptions)
        .where(
          and(
            // Written as the index's predicate, so a prepared statement's generic plan still uses it.
            sql`${subscriptions.kind} = 'performer'`,
            eq(subscriptions.performerId, performerId),
            gt(subscriptions.expiresAt, now()),
            inArray(subscriptions.status, ["active", "cancelled"]),
            after,
          ),
        )
        .orderBy(...orderBy)
        .limit(q.limit);
      return {
        ids: rows.map((r) => r.userId),
        next: nextCursor(rows, q.limit, subscriberKeyset.name, (r) => [r.expiresAt as Date, r.id]),
      };
    },

    /** The performers each of these members holds a live subscription to (the digest's batch), as one query. */
    async subscribedPerformersOf(userIds: readonly string[]): Promise<Map<string, string[]>> {
      const out = new Map<string, string[]>();
      if (!userIds.length) return out;
      const rows = await deps.db
        .selectDistinct({ userId: subscriptions.userId, performerId: subscriptions.performerId })
        .from(subscriptions)
        .where(
          and(
            inArray(subscriptions.userId, [...new Set(userIds)]),
            eq(subscriptions.kind, "performer"),
            inArray(subscriptions.status, ["active", "cancelled"]),
            gt(subscriptions.expiresAt, now()),
          ),
        );
      for (const r of rows) if (r.performerId) out.set(r.userId, [...(out.get(r.userId) ?? []), r.performerId]);
      return out;
    },

    /** Until when the viewer's subscription to a performer grants access (the latest), or null. */
    async performerSubscriptionEnd(viewer: Viewer, performerId: string): Promise<Date | null> {
      if (!viewer) return null;
      const [row] = await deps.db
        .select({ expiresAt: subscriptions.expiresAt })
        .from(subscriptions)
        .where(and(live(viewer.id), eq(subscriptions.kind, "performer"), eq(subscriptions.performerId, performerId)))
        .orderBy(sql`${subscriptions.expiresAt} desc`)
        .limit(1);
      return row?.expiresAt ?? null;
    },

    /**
     * The units of each product that pending store checkouts hold now (orders whose hold has not ended), but
     * `exceptOrder`'s: what the store takes off a physical product's stock.
     */
    async heldUnits(via: Db | Tx, productIds: readonly string[], exceptOrder?: string): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      if (!productIds.length) return out;
      const rows = await via
        .select({ productId: orderLines.itemId, units: sql<number>`sum(${orderLines.quantity})::int` })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(
          and(
            eq(orderLines.itemKind, "product"),
            inArray(orderLines.itemId, [...new Set(productIds)]),
            eq(orders.status, "pending"),
            gt(orders.holdUntil, sql`now()`),
            exceptOrder ? sql`${orders.id} <> ${exceptOrder}` : undefined,
          ),
        )
        .groupBy(orderLines.itemId);
      for (const r of rows) out.set(r.productId, r.units);
      return out;
    },
  };
}
export type Ownership = ReturnType<typeof createOwnership>;
