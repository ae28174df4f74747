import type { AdminAsset, AdminAssetsQuery, AssetKind, UpdateAdminAssetBody } from "@marquee/contracts/admin-assets";
import { TOTAL_CAP } from "@marquee/contracts/common";
import type { RealtimeNotifier } from "@marquee/contracts/realtime-events";
import { nextCursor } from "../../platform/paging.ts";
import type { AuditActor } from "../audit/service.ts";
import type { Actor } from "../catalogue/access.ts";
import { ADMIN_SORT } from "../catalogue/paging.ts";
import type { WithdrawnRegistry } from "./withdrawn.ts";

/** What each kind's service offers the admin's screen. */
interface AssetAdmin {
  adminPage(
    admin: Actor,
    q: AdminAssetsQuery,
    take: number,
  ): Promise<{ items: AdminAsset[]; total: number; totalCapped: boolean }>;
  adminUpdate(admin: Actor, id: string, body: UpdateAdminAssetBody, audit: AuditActor): Promise<AdminAsset>;
  adminTakedown(admin: Actor, id: string, reason: string | null, audit: AuditActor): Promise<AdminAsset>;
}

/** Newest first, then by id: the order every kind's share of a page comes in. */
const newestFirst = (a: AdminAsset, b: AdminAsset) =>
  b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id);

/**
 * The admin's catalogue screen: every movie and gallery of every performer in one list, with edit and take-down.
 * Each kind's service reads its own rows (on the same keyset); this merges them into one page.
 */
export function createAdminAssetsService(deps: {
  videos: AssetAdmin;
  galleries: AssetAdmin;
  withdrawn: Pick<WithdrawnRegistry, "invalidate">;
  /** Tells the item's performers of a take-down (with its reason) or a restore. */
  notify?: RealtimeNotifier;
}) {
  const byKind: Record<AssetKind, AssetAdmin> = { video: deps.videos, gallery: deps.galleries };
  /** A take-down or restore stops (or opens) the item's files in this process at once. */
  const setTakedown = async (admin: Actor, audit: AuditActor, kind: AssetKind, id: string, reason: string | null) => {
    let asset: AdminAsset;
    try {
      asset = await byKind[kind].adminTakedown(admin, id, reason, audit);
    } finally {
      deps.withdrawn.invalidate();
    }
    // Its performers see the status and the reason in the studio; they are told at once (issue 22 section 2).
    for (const performer of asset.performers)
      deps.notify?.(performer._id, "notification", {
        type: "takedown",
        status: reason === null ? "restored" : "taken-down",
        objectType: kind,
        objectId: asset._id,
        title: asset.title,
        reason,
      });
    return asset;
  };

  return {
    async search(admin: Actor, q: AdminAssetsQuery) {
      const kinds: AssetKind[] = q.kind ? [q.kind] : ["video", "gallery"];
      const take = q.offset + q.limit;
      const pages = await Promise.all(kinds.map((k) => byKind[k].adminPage(admin, q, take)));
      const data = pages
        .flatMap((p) => p.items)
        .sort(newestFirst)
        .slice(q.offset, take);
      const sum = pages.reduce((n, p) => n + p.total, 0);
      return {
        data,
        total: Math.min(sum, TOTAL_CAP),
        totalCapped: sum > TOTAL_CAP || pages.some((p) => p.totalCapped),
        next: nextCursor(data, q.limit, ADMIN_SORT, (a) => [a.createdAt, a._id]),
      };
    },
    /** An admin's edit, recorded in the audit trail with the item before and after in the edit's transaction. */
    update: (admin: Actor, audit: AuditActor, kind: AssetKind, id: string, body: UpdateAdminAssetBody) =>
      byKind[kind].adminUpdate(admin, id, body, audit),
    /** Takes the item off the site for members and visitors; its performers still see it, with the reason. */
    takeDown: (admin: Actor, audit: AuditActor, kind: AssetKind, id: string, reason: string) =>
      setTakedown(admin, audit, kind, id, reason),
    restore: (admin: Actor, audit: AuditActor, kind: AssetKind, id: string) =>
      setTakedown(admin, audit, kind, id, null),
  };
}
export type AdminAssetsService = ReturnType<typeof createAdminAssetsService>;
