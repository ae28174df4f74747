import { z } from "zod";
import { pagedQuery, pagedResponse } from "./common.ts";
import { publicUser } from "./users.ts";

/** What members comment on (DESIGN section 5). Movies are `video`. */
export const commentObjectTypes = ["video", "gallery", "product", "performer", "post"] as const;
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
  objectId: z.uuid(),
  content: commentContent,
  /** Replying: the top-level comment answered. Replies go one level deep: a reply to a reply is refused (422). */
  parentId: z.uuid().optional(),
});
export type CreateCommentBody = z.infer<typeof createCommentBody>;

export const updateCommentBody = z.strictObject({ content: commentContent });
export type UpdateCommentBody = z.infer<typeof updateCommentBody>;

export const comment = z.object({
  _id: z.uuid(),
  objectType: commentObjectType,
  objectId: z.uuid(),
  /** The top-level comment this one answers; null for a top-level comment. */
  parentId: z.uuid().nullable(),
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
 * The comments on one object, newest first (`sort=asc` for oldest first). Without `parentId`: the top-level
 * comments; with it: that comment's replies.
 */
export const searchCommentsQuery = pagedQuery.omit({ q: true }).extend({
  objectType: commentObjectType,
  objectId: z.uuid(),
  parentId: z.uuid().optional(),
});
export type SearchCommentsQuery = z.infer<typeof searchCommentsQuery>;
export const commentList = pagedResponse(comment);
export type CommentList = z.infer<typeof commentList>;

/** Realtime, to room `object:<objectId>`: `comment:created` carries a `comment`, `comment:deleted` this. */
export const commentDeletedEvent = z.object({
  _id: z.uuid(),
  objectType: commentObjectType,
  objectId: z.uuid(),
  parentId: z.uuid().nullable(),
  /** How many comments went (the comment and, for a top-level one, its replies). */
  removed: z.number().int(),
});
export type CommentDeletedEvent = z.infer<typeof commentDeletedEvent>;
