import type { ReportItemKind } from "@marquee/contracts/reports";
import type { EngageableObject, EngagingViewer } from "../../platform/engageable.ts";
import type { AdminAssetsService } from "../admin-assets/service.ts";
import type { AuditActor } from "../audit/service.ts";
import type { UserRow } from "../users/accounts.ts";

/**
 * What reports need of each kind of item, as its own module offers it (reports never write another module's
 * tables): the item if the viewer may open it, a hold pending review, and the admin's take-down.
 */
export interface ReportTarget {
  /** The item if the viewer may open its page (null: not there for them). Admins open every item. */
  open(viewer: EngagingViewer | null, id: string): Promise<EngageableObject | null>;
  /** Holds the item off the site pending review (`reason` shown to its performers), or lifts the hold (null).
   *  Absent: this kind is never held (a performer's profile: the admin deactivates the account instead). */
  hold?(id: string, reason: string | null): Promise<void>;
  /** Takes the item down with the reason its performers see, or puts it back (null). */
  takeDown(admin: UserRow, actor: AuditActor, id: string, reason: string | null): Promise<void>;
}
export type ReportTargets = Record<ReportItemKind, ReportTarget>;

type Opener = { engagement: { open: ReportTarget["open"] } };
type Holding = Opener & { setHold(id: string, reason: string | null): Promise<unknown> };

/**
 * Each kind of item as reports reach it, through its own module. Movies and galleries are taken down as the admin's
 * asset screen does it (their performers told); a hold stops their files in this process at once too. A performer's
 * profile is not held; taking it down deactivates the account, so the profile leaves the site.
 */
export function buildReportTargets(deps: {
  videos: Holding;
  galleries: Holding;
  products: Holding & { setTakedown(id: string, reason: string | null): Promise<unknown> };
  posts: Holding & { setTakedown(id: string, reason: string | null): Promise<unknown> };
  performers: Opener;
  /** Performers' feed posts and members' messages (issue 25): opened through their module, taken down by hiding. */
  feedPosts: Opener & { setTakedown(id: string, reason: string | null): Promise<unknown> };
  messages: { open: ReportTarget["open"]; remove(id: string, reason: string | null): Promise<unknown> };
  assets: Pick<AdminAssetsService, "takeDown" | "restore">;
  users: {
    adminUpdate(admin: UserRow, id: string, patch: { status: UserRow["status"] }, audit: AuditActor): Promise<unknown>;
  };
  withdrawn: { invalidate(): void };
}): ReportTargets {
  const asset = (kind: "video" | "gallery", module: Holding): ReportTarget => ({
    open: module.engagement.open,
    hold: async (id, reason) => {
      await module.setHold(id, reason).finally(() => deps.withdrawn.invalidate());
    },
    takeDown: async (admin, actor, id, reason) => {
      await (reason === null
        ? deps.assets.restore(admin, actor, kind, id)
        : deps.assets.takeDown(admin, actor, kind, id, reason));
    },
  });
  const listed = (module: ReportsDeps["products"]): ReportTarget => ({
    open: module.engagement.open,
    hold: async (id, reason) => void (await module.setHold(id, reason)),
    takeDown: async (_admin, _actor, id, reason) => void (await module.setTakedown(id, reason)),
  });
  return {
    video: asset("video", deps.videos),
    gallery: asset("gallery", deps.galleries),
    product: listed(deps.products),
    post: listed(deps.posts),
    "feed-post": {
      open: deps.feedPosts.engagement.open,
      takeDown: async (_admin, _actor, id, reason) => void (await deps.feedPosts.setTakedown(id, reason)),
    },
    message: {
      open: deps.messages.open,
      takeDown: async (_admin, _actor, id, reason) => void (await deps.messages.remove(id, reason)),
    },
    performer: {
      open: deps.performers.engagement.open,
      takeDown: async (admin, actor, id, reason) =>
        void (await deps.users.adminUpdate(admin, id, { status: reason === null ? "active" : "inactive" }, actor)),
    },
  };
}
type ReportsDeps = Parameters<typeof buildReportTargets>[0];
