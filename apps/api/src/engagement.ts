import type { Gallery } from "@marquee/contracts/galleries";
import type { Video } from "@marquee/contracts/videos";
import { createCommentsForgetting } from "./modules/comments/forget.ts";
import { createCommentModeration } from "./modules/comments/moderation.ts";
import { type CommentsDeps, createCommentsService } from "./modules/comments/service.ts";
import type { ReactionsService } from "./modules/reactions/service.ts";
import { createReactionWrites } from "./modules/reactions/writing.ts";
import type { Accounts } from "./modules/users/accounts.ts";
import type { Engageable, EngagingViewer, ForgetEngagement } from "./platform/engageable.ts";
import type { CanRead, ObjectType } from "./platform/realtime.ts";

/**
 * What members left on an object goes with it, in the transaction its module deletes it in: the comments on it
 * (with their likes and the notifications about them), then its own reactions (posts take none). Each module is given this before the comments
 * service exists: deleting needs none of the objects comments are on.
 */
export function forgetEngagementOf(
  reactions: Pick<ReactionsService, "forget">,
  forgetNotifications: CommentsDeps["forgetNotifications"],
): ForgetEngagement {
  const forgetComments = createCommentsForgetting({ reactions, forgetNotifications });
  return async (tx, objectType, id) => {
    await forgetComments(tx, objectType, id);
    if (objectType !== "post") await reactions.forget(tx, objectType, [id]);
  };
}

/**
 * Comments, their moderation, reactions and who may watch an object's realtime room, over the objects as each
 * module exposes them (`engagement`, DESIGN section 2): none of these read another module's tables.
 */
export function buildEngagement(
  deps: Omit<CommentsDeps, "targets" | "limit"> & {
    targets: Record<ObjectType, Engageable>;
    accounts: Pick<Accounts, "byId" | "adminIds">;
    videos: { listByIds(viewer: EngagingViewer, ids: readonly string[]): Promise<Video[]> };
    galleries: { listByIds(viewer: EngagingViewer, ids: readonly string[]): Promise<Gallery[]> };
  },
) {
  const { db, targets, throttle, notify, toObject } = deps;
  const comments = createCommentsService(deps);
  const moderation = createCommentModeration({
    db,
    threads: comments.threads,
    targets,
    throttle,
    notify,
    toObject,
    admins: deps.accounts.adminIds,
  });
  const reacting = createReactionWrites({
    db,
    targets: { ...targets, comment: comments.engagement },
    throttle,
    toObject,
    videos: deps.videos,
    galleries: deps.galleries,
  });

  /**
   * Whether a user may be in an object's realtime room: whether its page exists for them (listed, or their own, or
   * they are an admin), without counting a view. Unknown objects are not readable.
   */
  const canRead: CanRead = async (userId, objectType, objectId) => {
    const account = await deps.accounts.byId(userId);
    if (account?.status !== "active") return false;
    return (await targets[objectType].open({ id: account.id, role: account.role }, objectId)) !== null;
  };

  return { comments, moderation, reacting, canRead };
}
