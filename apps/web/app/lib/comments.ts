import type { TFunction } from "../i18n/i18n.ts";
import { msg, tFor } from "../i18n/i18n.ts";
/**
 * Who sees which buttons on a comment. The API decides (README "Comments and reactions"); the page shows a button
 * only where the API would allow it: the author edits; the author, an admin, or a performer of the item deletes.
 */
export interface CommentViewer {
  _id: string;
  role?: string | null;
}

/** `ownerIds`: the user ids of the item's performers (a performer's profile: the performer). */
export function canDeleteComment(
  viewer: CommentViewer | null,
  comment: { author: { _id: string } },
  ownerIds: readonly string[],
): boolean {
  if (!viewer?._id) return false;
  return viewer._id === comment.author._id || viewer.role === "admin" || ownerIds.includes(viewer._id);
}

/** Only the author edits (admins included in "anyone else": 403). */
export function canEditComment(viewer: CommentViewer | null, comment: { author: { _id: string } }): boolean {
  return !!viewer?._id && viewer._id === comment.author._id;
}

/** "3 comments", "1 comment", "No comments yet". */
export function commentsTitle(total: number, t: TFunction): string {
  if (total <= 0) return t("No comments yet");
  return t("{{comments}} comments", { count: total, comments: total });
}

/** Someone else's comment, to a signed-in member: they may report it. */
export function canReportComment(viewer: CommentViewer | null, comment: { author: { _id: string } }): boolean {
  return !!viewer?._id && viewer._id !== comment.author._id;
}

export const REPORT_REASONS = [
  { value: "spam", label: msg("Spam or advertising") },
  { value: "abuse", label: msg("Abusive, hateful or harassing") },
  { value: "other", label: msg("Something else") },
] as const;

export const REPORTED = msg("Thanks for the report. A moderator will look at it.");

/** The admin's moderation filters (adminCommentsQuery's `status`). */
export const MODERATION_FILTERS = ["all", "reported", "hidden"] as const;
export type ModerationFilter = (typeof MODERATION_FILTERS)[number];
export const MODERATION_LABELS: Record<ModerationFilter, string> = {
  all: msg("All comments"),
  reported: msg("Reported"),
  hidden: msg("Hidden"),
};

/** What comments are on, as the admin's kind filter names them. */
export const COMMENT_KINDS = ["all", "video", "gallery", "product", "performer", "post", "feed-post"] as const;
export type CommentKindFilter = (typeof COMMENT_KINDS)[number];
export const COMMENT_KIND_LABELS: Record<CommentKindFilter, string> = {
  all: msg("Anything"),
  video: msg("Movies"),
  gallery: msg("Galleries"),
  product: msg("Products"),
  performer: msg("Performers"),
  post: msg("Posts"),
  "feed-post": msg("Performers' posts"),
};

const REPORT_REASON_COUNTS = {
  spam: msg("{{n}} spam"),
  abuse: msg("{{n}} abuse"),
  other: msg("{{n}} other"),
} as const;

/** "2 reports: 1 spam, 1 abuse" for the admin's list, in `t`'s language; null without open reports. */
export function reportSummary(
  reports: { total: number; spam: number; abuse: number; other: number },
  t: TFunction = tFor("en"),
): string | null {
  if (reports.total <= 0) return null;
  const parts = (["spam", "abuse", "other"] as const)
    .filter((r) => reports[r] > 0)
    .map((r) => t(REPORT_REASON_COUNTS[r], { n: reports[r] }));
  const head = t("{{n}} reports", { count: reports.total, n: reports.total });
  return parts.length ? t("{{reports}}: {{reasons}}", { reports: head, reasons: parts.join(", ") }) : head;
}

/** The fragment that links to one comment (a notification's link): `#comment-<id>`. */
export const commentAnchor = (id: string) => `comment-${id}`;

/** The comment a page's `#comment-<id>` fragment points at, or null. */
export function commentIdFromHash(hash: string): string | null {
  const match = /^#comment-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(hash);
  return match?.[1]?.toLowerCase() ?? null;
}

/** How many pages of comments a link to one may load to find it before giving up. */
export const LINKED_COMMENT_MAX_PAGES = 50;
