import type { Moderation } from "@marquee/contracts/catalogue";
import type { Actor } from "./access.ts";

/** An item's review (db/columns.ts reviewColumns). */
export type ReviewState = "pending" | "approved" | "refused";
export interface ReviewFields {
  reviewState: ReviewState | null;
  reviewReason: string | null;
  reviewSubmittedAt: Date | null;
  reviewedAt: Date | null;
}

/** Whether what `actor` publishes now waits for an admin's review (the site's `reviewMode`; never for admins). */
export interface ReviewGate {
  needsReview(actor: Actor): Promise<boolean>;
}

/** A pending or refused item stays off the site, whatever its status. */
export const heldByReview = (item: Pick<ReviewFields, "reviewState">) =>
  item.reviewState === "pending" || item.reviewState === "refused";

/**
 * What a write by `actor` does to an item's review, given the item before it (null: created now) and its status
 * after it. A performer publishing (making it active, a scheduled movie too) sends it to the queue when the gate says
 * so; saving a refused item while it is active sends it back (the performer answered the refusal); taking a waiting
 * item out of active takes it out of the queue. An approved item stays approved, and an item that went out without
 * review is not pulled back by later edits. Admins' writes leave the review alone: they publish directly.
 */
export async function reviewAfterWrite(
  gate: ReviewGate,
  actor: Actor,
  before: (Pick<ReviewFields, "reviewState"> & { status: string }) | null,
  status: string,
  at: Date,
): Promise<Partial<ReviewFields>> {
  if (actor.role === "admin") return {};
  const state = before?.reviewState ?? null;
  if (status !== "active") return state === "pending" ? { reviewState: null, reviewSubmittedAt: null } : {};
  if (state === "pending" || state === "approved") return {};
  const publishing = state === "refused" || !before || before.status !== "active";
  if (!publishing) return {};
  if (!(await gate.needsReview(actor))) return state === "refused" ? { reviewState: null, reviewReason: null } : {};
  return { reviewState: "pending", reviewReason: null, reviewSubmittedAt: at, reviewedAt: null };
}

/** The fields an admin's decision writes. */
export const decisionFields = (
  decision: { state: "approved" } | { state: "refused"; reason: string },
  at: Date,
): Pick<ReviewFields, "reviewState" | "reviewReason" | "reviewedAt"> => ({
  reviewState: decision.state,
  reviewReason: decision.state === "refused" ? decision.reason : null,
  reviewedAt: at,
});

/** Where an item stands with the moderators, as its performers see it (a take-down first). */
export function moderationOf(
  row: ReviewFields & { takenDownAt?: Date | null; takenDownReason?: string | null },
): Moderation | null {
  if (row.takenDownAt)
    return { state: "taken-down", reason: row.takenDownReason ?? "", at: row.takenDownAt.toISOString() };
  if (row.reviewState === "pending")
    return { state: "in-review", reason: null, at: (row.reviewSubmittedAt ?? new Date(0)).toISOString() };
  if (row.reviewState === "refused")
    return { state: "refused", reason: row.reviewReason ?? "", at: (row.reviewedAt ?? new Date(0)).toISOString() };
  return null;
}

/**
 * What new media (a movie's new file, a gallery's new photo) does to an active item's review: it is new content, so
 * the item goes back to the queue when the site reviews this performer. Drafts are reviewed when published.
 */
export async function reviewOfNewMedia(
  gate: ReviewGate,
  actor: Actor,
  current: Pick<ReviewFields, "reviewState"> & { status: string },
  at: Date,
): Promise<Partial<ReviewFields>> {
  if (actor.role === "admin" || current.status !== "active" || current.reviewState === "pending") return {};
  if (!(await gate.needsReview(actor))) return {};
  return { reviewState: "pending", reviewReason: null, reviewSubmittedAt: at, reviewedAt: null };
}
