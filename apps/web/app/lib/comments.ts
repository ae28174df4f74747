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
export function commentsTitle(total: number): string {
  if (total <= 0) return "No comments yet";
  return `${total} ${total === 1 ? "comment" : "comments"}`;
}
