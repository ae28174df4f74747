import { z } from "zod";
import { entityId, listQuery, pagedQuery, pagedResponse, sortDirection } from "./common.ts";
import { publicUser } from "./users.ts";

/** What members comment on (DESIGN section 5). Movies are `video`. */
export const commentObjectTypes = ["video", "gallery", "product", "performer", "post", "feed-post"] as const;
export const commentObjectType = z.enum(commentObjectTypes);
export type CommentObjectType = z.infer<typeof commentObjectType>;

export const COMMENT_MAX = 2000;

/** Plain text, trimmed, 1..2000 characters; never HTML (it is stored and answered as typed). */
export const commentContent = z
  .string()
  .trim()
  .min(1, "Write something first")
  .max(COMMENT_MAX, `At most ${COMMENT_MAX} characters`);

export const createCommentBody = z.strictObject({
  objectType: commentObjectType,
  objectId: entityId,
  content: commentContent,
  /** Replying: the top-level comment answered. Replies go one level deep: a reply to a reply is refused (422). */
  parentId: entityId.optional(),
});
export type CreateCommentBody = z.infer<typeof createCommentBody>;

export const updateCommentBody = z.strictObject({ content: commentContent });
export type UpdateCommentBody = z.infer<typeof updateCommentBody>;

export const comment = z.object({
  _id: entityId,
  objectType: commentObjectType,
  objectId: entityId,
  /** The top-level comment this one answers; null for a top-level comment. */
  parentId: entityId.nullable(),
  content: z.string(),
  author: publicUser,
  stats: z.object({ likes: z.number().int(), replies: z.number().int() }),
  /** The signed-in viewer liked it. */
  isLiked: z.boolean(),
  createdAt: z.string(),
  /** When its author last changed it; null when never. */
  editedAt: z.string().nullable(),
});
export type Comment = z.infer<typeof comment>;

/**
 * The comments on one object. Without `parentId`: the top-level comments, newest first; with it: that comment's
 * replies, oldest first so a thread reads as a conversation. `sort` overrides either order.
 */
export const searchCommentsQuery = pagedQuery.omit({ q: true }).extend({
  objectType: commentObjectType,
  objectId: entityId,
  parentId: entityId.optional(),
  sort: sortDirection.optional(),
});
export type SearchCommentsQuery = z.infer<typeof searchCommentsQuery>;
export const commentList = pagedResponse(comment);
export type CommentList = z.infer<typeof commentList>;

/** Realtime, to room `object:<objectId>`: `comment:created` carries a `comment`, `comment:deleted` this. */
export const commentDeletedEvent = z.object({
  _id: entityId,
  objectType: commentObjectType,
  objectId: entityId,
  parentId: entityId.nullable(),
  /** How many comments went (the comment and, for a top-level one, its replies). */
  removed: z.number().int(),
});
export type CommentDeletedEvent = z.infer<typeof commentDeletedEvent>;

/** Why a member reports a comment. */
export const commentReportReasons = ["spam", "abuse", "other"] as const;
export const commentReportReason = z.enum(commentReportReasons);
export type CommentReportReason = z.infer<typeof commentReportReason>;

export const reportCommentBody = z.strictObject({
  reason: commentReportReason,
  /** What the moderator should know, optional. */
  note: z.string().trim().max(500, "At most 500 characters").optional(),
});
export type ReportCommentBody = z.infer<typeof reportCommentBody>;

/** A report is taken once per member and comment; a repeat answers the same. */
export const commentReported = z.object({ _id: entityId, reported: z.literal(true) });

/** The admin's moderation lists: every comment, the ones with open reports (most reported first), the hidden. */
export const commentModerationStatuses = ["all", "reported", "hidden"] as const;
/** The admin's list is ordered by its `status` (newest, most reported, last hidden): no `sort`. */
export const adminCommentsQuery = listQuery.omit({ sort: true }).extend({
  status: z.enum(commentModerationStatuses).default("all"),
  objectType: commentObjectType.optional(),
});
export type AdminCommentsQuery = z.infer<typeof adminCommentsQuery>;

export const adminComment = comment.extend({
  /** When an admin hid it; hidden comments (and a hidden comment's replies) are out of every other list. */
  hiddenAt: z.string().nullable(),
  /** Open reports, by reason. */
  reports: z.object({
    total: z.number().int(),
    spam: z.number().int(),
    abuse: z.number().int(),
    other: z.number().int(),
  }),
  /** The newest notes reporters left (at most 3). */
  reportNotes: z.array(z.string()),
  /** What it is on: its title and page, or null when the item is gone. */
  object: z.object({ title: z.string(), link: z.string() }).nullable(),
});
export type AdminComment = z.infer<typeof adminComment>;
export const adminCommentList = z.object({
  data: z.array(adminComment),
  total: z.number().int(),
  totalCapped: z.boolean(),
});
export type AdminCommentList = z.infer<typeof adminCommentList>;
