import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  type Decision,
  decideAccess,
  type Entitlements,
  noEntitlements,
  type Protected,
  type Viewer,
} from "../catalogue/access.ts";
import { orderLines, orders } from "../orders/tables.ts";
import { subscriptions } from "../subscriptions/tables.ts";

export type { Decision, Entitlements, Protected, Viewer } from "../catalogue/access.ts";

/** An item a member can buy: a movie, a gallery or a product. */
export interface OwnedItem {
  kind: "video" | "gallery" | "product";
  id: string;
}
/**
 * A viewer's entitlements (subscriptions active while `expiresAt > now`, paid purchases), and with them the
 * catalogue core's access decision (`decideAccess`, DESIGN section 5).
 */
export function createAccessService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Which of these items the viewer holds a paid order line for, as `kind:id` keys: one query for every kind of a
   * list (refunded orders are not paid).
   */
  async function boughtOf(viewer: Viewer, items: readonly OwnedItem[]): Promise<Set<string>> {
    if (!viewer || !items.length) return new Set();
    const rows = await db
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
  }

  /** Which of these performers the viewer has an active subscription to (a cancelled one lasts until it ends). */
  async function subscribedTo(viewer: Viewer, performerIds: readonly string[]): Promise<Set<string>> {
    if (!viewer || !performerIds.length) return new Set();
    const rows = await db
      .selectDistinct({ performerId: subscriptions.performerId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, viewer.id),
          eq(subscriptions.kind, "performer"),
          inArray(subscriptions.performerId, [...new Set(performerIds)]),
          inArray(subscriptions.status, ["active", "cancelled"]),
          gt(subscriptions.expiresAt, now()),
        ),
      );
    return new Set(rows.flatMap((r) => (r.performerId ? [r.performerId] : [])));
  }

  async function entitlements(viewer: Viewer, items: readonly Protected[]): Promise<Entitlements> {
    if (!viewer) return noEntitlements;
    const subs = await db
      .select({ kind: subscriptions.kind, performerId: subscriptions.performerId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, viewer.id),
          inArray(subscriptions.status, ["active", "cancelled"]),
          gt(subscriptions.expiresAt, now()),
        ),
      );
    const bought = await boughtOf(
      viewer,
      items.filter((i) => i.access === "sale"),
    );
    return {
      siteMember: subs.some((s) => s.kind === "site"),
      performerSubscriptions: new Set(
        subs.flatMap((s) => (s.kind === "performer" && s.performerId ? [s.performerId] : [])),
      ),
      bought,
    };
  }

  /** The catalogue core's access decision, at this service's clock. */
  const decideWith = (viewer: Viewer, item: Protected, ent: Entitlements): Decision =>
    decideAccess(viewer, item, ent, now());

  return {
    entitlements,
    decideWith,
    boughtOf,
    subscribedTo,
    /** A list's cards with `isBought` for this viewer (false for visitors), read in one query. */
    async markBought<T extends { _id: string }>(viewer: Viewer, kind: OwnedItem["kind"], list: readonly T[]) {
      const bought = await boughtOf(
        viewer,
        list.map((c) => ({ kind, id: c._id })),
      );
      return list.map((c) => ({ ...c, isBought: bought.has(`${kind}:${c._id}`) }));
    },
    /** Performer cards with `isSubscribed` for this viewer (false for visitors), read in one query. */
    async markSubscribed<T extends { _id: string }>(viewer: Viewer, list: readonly T[]) {
      const subscribed = await subscribedTo(
        viewer,
        list.map((p) => p._id),
      );
      return list.map((p) => ({ ...p, isSubscribed: subscribed.has(p._id) }));
    },
    async decide(viewer: Viewer, item: Protected): Promise<Decision> {
      return decideWith(viewer, item, await entitlements(viewer, [item]));
    },
    /** Whether the viewer has an active subscription to a performer, and until when. */
    async performerSubscription(viewer: Viewer, performerId: string) {
      if (!viewer) return null;
      const [row] = await db
        .select({ expiresAt: subscriptions.expiresAt })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, viewer.id),
            eq(subscriptions.kind, "performer"),
            eq(subscriptions.performerId, performerId),
            inArray(subscriptions.status, ["active", "cancelled"]),
            gt(subscriptions.expiresAt, now()),
          ),
        )
        .orderBy(sql`${subscriptions.expiresAt} desc`)
        .limit(1);
      return row?.expiresAt ?? null;
    },
  };
}
export type AccessService = ReturnType<typeof createAccessService>;
