import type { CommentObjectType } from "@marquee/contracts/comments";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { ReactionsService } from "../reactions/service.ts";
import { comments } from "./tables.ts";

/**
 * Deletes every comment on an object (replies too), the likes on them and the notifications about them, in the
 * caller's transaction: the one that deletes the object (see `ForgetEngagement`, platform/engageable.ts). Apart
 * from the comments service, so that the modules made before it can be given it (engagement.ts
 * `forgetEngagementOf`): it needs only the transaction, the reactions and the notifications.
 * No counter moves: the object they counted on is going.
 */
export function createCommentsForgetting(deps: {
  reactions: Pick<ReactionsService, "forget">;
  forgetNotifications(tx: Db, commentIds: readonly string[]): Promise<void>;
}) {
  return async function forgetComments(tx: Db, objectType: CommentObjectType, objectId: string): Promise<void> {
    const gone = await tx
      .delete(comments)
      .where(and(eq(comments.objectType, objectType), eq(comments.objectId, objectId)))
      .returning({ id: comments.id });
    const ids = gone.map((g) => g.id);
    await deps.reactions.forget(tx, "comment", ids);
    await deps.forgetNotifications(tx, ids);
  };
}
