import {
  type Decision,
  decideAccess,
  type Entitlements,
  noEntitlements,
  type Protected,
  type Viewer,
} from "../catalogue/access.ts";
import type { OwnedItem, Ownership } from "../commerce/ownership.ts";

export type { Decision, Entitlements, Protected, Viewer } from "../catalogue/access.ts";

/**
 * A viewer's entitlements (subscriptions that grant now, paid purchases: commerce's ownership port), and with them
 * the catalogue core's access decision (`decideAccess`, DESIGN section 5).
 */
export function createAccessService(deps: { ownership: Ownership; now?: () => Date }) {
  const { ownership } = deps;
  const now = deps.now ?? (() => new Date());
  const { boughtOf, subscribedTo } = ownership;

  async function entitlements(viewer: Viewer, items: readonly Protected[]): Promise<Entitlements> {
    if (!viewer) return noEntitlements;
    const subs = await ownership.liveSubscriptions(viewer);
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
    performerSubscription: ownership.performerSubscriptionEnd,
  };
}
export type AccessService = ReturnType<typeof createAccessService>;
