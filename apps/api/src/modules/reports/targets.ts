import type { ReportItemKind } from "@marquee/contracts/reports";
import type { EngageableObject, EngagingViewer } from "../../platform/engageable.ts";
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
