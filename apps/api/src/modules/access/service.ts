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
/**
 * A viewer's entitlements (subscriptions active while `expiresAt > now`, paid purchases), and with them the
 * catalogue core's access decision (`decideAccess`, DESIGN section 5).
 */
export function createAccessService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

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

  /** The catalogue core's access decision, at this service's clock. */
  const decideWith = (viewer: Viewer, item: Protected, ent: Entitlements): Decision =>
    decideAccess(viewer, item, ent, now());

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
