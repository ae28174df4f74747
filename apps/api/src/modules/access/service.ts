import type { AccessKind } from "@marquee/contracts/catalogue";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderLines, orders } from "../orders/tables.ts";
import { subscriptions } from "../subscriptions/tables.ts";
import type { UserRow } from "../users/tables.ts";

export type Viewer = Pick<UserRow, "id" | "role"> | null;

/** What the access rules need to know of a movie, gallery or photo. */
export interface Protected {
  kind: "video" | "gallery";
  id: string;
  access: AccessKind;
  performerIds: string[];
  /** A future date: announced, not playable before it. */
  scheduledAt?: Date | null;
  /** False while the media is not processed yet. */
  ready?: boolean;
}

export interface Decision {
  canWatch: boolean;
  lock: "members" | "sale" | "scheduled" | "processing" | null;
  isBought: boolean;
}

/** A viewer's memberships and purchases, read once per request and reused for every item of a list. */
export interface Entitlements {
  siteMember: boolean;
  performerSubscriptions: Set<string>;
  bought: Set<string>;
}

const none: Entitlements = { siteMember: false, performerSubscriptions: new Set(), bought: new Set() };

/**
 * The one place that answers "may this viewer watch this item" (DESIGN section 5): free for everyone;
 * members for an active site membership or a subscription to one of the item's performers; sale for a buyer;
 * the item's own performers and admins always. Subscriptions are active while `expiresAt > now`.
 */
export function createAccessService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function entitlements(viewer: Viewer, items: readonly Protected[]): Promise<Entitlements> {
    if (!viewer) return none;
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
    const sale = items.filter((i) => i.access === "sale");
    const bought = new Set<string>();
    for (const kind of ["video", "gallery"] as const) {
      const ids = sale.filter((i) => i.kind === kind).map((i) => i.id);
      if (!ids.length) continue;
      const rows = await db
        .selectDistinct({ itemId: orderLines.itemId })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(
          and(
            eq(orders.userId, viewer.id),
            eq(orders.status, "paid"),
            eq(orderLines.itemKind, kind),
            inArray(orderLines.itemId, ids),
          ),
        );
      for (const r of rows) bought.add(`${kind}:${r.itemId}`);
    }
    return {
      siteMember: subs.some((s) => s.kind === "site"),
      performerSubscriptions: new Set(
        subs.flatMap((s) => (s.kind === "performer" && s.performerId ? [s.performerId] : [])),
      ),
      bought,
    };
  }

  function decideWith(viewer: Viewer, item: Protected, ent: Entitlements): Decision {
    const isBought = ent.bought.has(`${item.kind}:${item.id}`);
    if (viewer && (viewer.role === "admin" || item.performerIds.includes(viewer.id))) {
      return { canWatch: true, lock: null, isBought };
    }
    if (item.scheduledAt && item.scheduledAt > now()) return { canWatch: false, lock: "scheduled", isBought };
    if (item.ready === false) return { canWatch: false, lock: "processing", isBought };
    switch (item.access) {
      case "free":
        return { canWatch: true, lock: null, isBought };
      case "members": {
        const ok = ent.siteMember || item.performerIds.some((p) => ent.performerSubscriptions.has(p));
        return { canWatch: ok, lock: ok ? null : "members", isBought };
      }
      case "sale":
        return { canWatch: isBought, lock: isBought ? null : "sale", isBought };
    }
  }

  return {
    entitlements,
    decideWith,
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
