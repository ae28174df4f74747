import type {
  Comment,
  CommentDeletedEvent,
  CommentObjectType,
  CreateCommentBody,
  SearchCommentsQuery,
} from "@marquee/contracts/comments";
import type { RealtimeNotifier, RealtimeSender } from "@marquee/contracts/realtime-events";
import type { PublicUser } from "@marquee/contracts/users";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Engageable, EngageableObject, EngagingViewer } from "../../platform/engageable.ts";
import { forbidden, notFound, tooManyRequests, unprocessable } from "../../platform/errors.ts";
import { cappedCount, type Keyset, keysetClauses, nextCursor } from "../../platform/paging.ts";
import type { Throttle } from "../../platform/throttle.ts";
import type { ReactionsService } from "../reactions/service.ts";
import { type CommentRow, comments } from "./tables.ts";
import { createThreads } from "./threads.ts";

/** New comments per user and window: enough for a conversation, too few for a flood. */
export const COMMENT_LIMIT = { count: 10, windowMs: 60_000 };

const nouns: Record<CommentObjectType, string> = {
  video: "Movie",
  gallery: "Gallery",
  product: "Product",
  performer: "Performer",
  post: "Post",
  "feed-post": "Post",
};

/** Whose new top-level comments their performers hear of (a profile's own comments are its performer's too). */
const TOLD_PERFORMERS = new Set<CommentObjectType>(["video", "gallery", "product", "performer", "feed-post"]);

export interface CommentsDeps {
  db: Db;
  /** The objects comments are on, as their own modules expose them. */
  targets: Record<CommentObjectType, Engageable>;
  users: { publicProfiles(ids: readonly string[]): Promise<Map<string, PublicUser>> };
  reactions: Pick<ReactionsService, "flagsFor" | "forget">;
  throttle: Pick<Throttle, "hit">;
  notify: RealtimeNotifier;
  /** Deletes the stored notifications about comments being deleted (in the caller's transaction). */
  forgetNotifications(tx: Db, commentIds: readonly string[]): Promise<void>;
  toObject: RealtimeSender;
  limit?: { count: number; windowMs: number };
}

/**
 * Comments (DESIGN section 5) on movies, galleries, products, performers, posts and performers' feed posts. Rules:
 * - only on an object the writer may open (else 404, as its page would be);
 * - replies go one level deep: `parentId` must be a top-level comment on the same object, a reply to a reply is
 *   refused with 422 (the client answers the top-level comment instead);
 * - the author edits their own; the author, an admin, or a performer of the object deletes; deleting a top-level
 *   comment deletes its replies too;
 * - the object's `comments` counter counts replies too and follows every insert and delete in the same
 *   transaction; a top-level comment's `replies` likewise.
 * Locks are taken the object's row first, then the top-level comment (as deleting the object does: its row, then
 * its comments), so concurrent comments, replies, deletes and moderation cannot deadlock or miscount.
 */
export function createCommentsService(deps: CommentsDeps) {
  const { db, targets } = deps;
  const limit = deps.limit ?? COMMENT_LIMIT;

  async function openTarget(viewer: EngagingViewer | null, type: CommentObjectType, id: string) {
    const target = await targets[type].open(viewer, id);
    if (!target) throw notFound(nouns[type]);
    return target;
  }

  const threads = createThreads(deps);
  const { byId, present } = threads;

  function tell(author: EngagingViewer, row: CommentRow, target: EngageableObject, parent: CommentRow | undefined) {
    const payload = {
      type: "comment",
      commentId: row.id,
      objectType: row.objectType,
      objectId: row.objectId,
      title: target.title,
      link: target.link,
      reply: !!parent,
    };
    if (parent) {
      if (parent.userId !== author.id) deps.notify(parent.userId, "notification", payload);
      return;
    }
    if (!TOLD_PERFORMERS.has(row.objectType)) return;
    for (const performerId of new Set(target.performerIds)) {
      if (performerId !== author.id) deps.notify(performerId, "notification", payload);
    }
  }

  async function create(author: EngagingViewer, body: CreateCommentBody): Promise<Comment> {
    if ((await deps.throttle.hit(`comment:${author.id}`, limit.windowMs)) > limit.count) {
      throw tooManyRequests("You are commenting too fast. Please wait a minute.");
    }
    const target = await openTarget(author, body.objectType, body.objectId);
    let parent: CommentRow | undefined;
    if (body.parentId) {
      parent = await threads.shown(body.parentId);
      if (!parent || parent.objectType !== body.objectType || parent.objectId !== body.objectId) {
        throw notFound("Comment");
      }
      if (parent.parentId) {
        throw unprocessable("Replies go one level deep: answer the comment this one replies to.", [
          { path: "body.parentId", message: "is a reply" },
        ]);
      }
    }
    const row = await db.transaction(async (tx) => {
      // The object's row first: a concurrent delete of the object waits, or has already taken it (404).
      if (!(await targets[body.objectType].count(tx, body.objectId, { comments: 1 }))) {
        throw notFound(nouns[body.objectType]);
      }
      if (parent) {
        // Locks the thread's top comment: a concurrent delete of it waits, or has already taken it (404).
        const [kept] = await tx
          .update(comments)
          .set({ replies: sql`${comments.replies} + 1` })
          .where(and(eq(comments.id, parent.id), isNull(comments.parentId), isNull(comments.hiddenAt)))
          .returning({ id: comments.id });
        if (!kept) throw notFound("Comment");
      }
      const [inserted] = await tx
        .insert(comments)
        .values({
          objectType: body.objectType,
          objectId: body.objectId,
          parentId: parent?.id ?? null,
          userId: author.id,
          content: body.content,
        })
        .returning();
      return inserted as CommentRow;
    });
    const [out] = (await present(author, [row])) as [Comment];
    deps.toObject(row.objectId, "comment:created", out);
    tell(author, row, target, parent);
    return out;
  }

  async function update(author: EngagingViewer, id: string, content: string): Promise<Comment> {
    const row = await threads.shown(id);
    if (!row) throw notFound("Comment");
    if (row.userId !== author.id) throw forbidden("You can only edit your own comments.");
    await openTarget(author, row.objectType, row.objectId);
    // Rechecked under the thread's lock: a comment (or its thread) hidden meanwhile is not edited into view.
    const changed = await db.transaction(async (tx) => {
      if (!(await threads.locked(tx, row)) || !(await threads.shown(row.id, tx))) return null;
      const [out] = await tx
        .update(comments)
        .set({ content, editedAt: sql`now()` })
        .where(eq(comments.id, row.id))
        .returning();
      return out;
    });
    if (!changed) throw notFound("Comment");
    const [out] = (await present(author, [changed])) as [Comment];
    deps.toObject(changed.objectId, "comment:updated", out);
    return out;
  }

  /** Who may delete: the author, an admin, or a performer of the object commented on (404 if they cannot see it). */
  async function assertRemovable(actor: EngagingViewer, row: CommentRow) {
    if (row.userId === actor.id || actor.role === "admin") return;
    const target = await openTarget(actor, row.objectType, row.objectId);
    if (!target.performerIds.includes(actor.id)) throw forbidden("You can only delete your own comments.");
  }

  async function remove(actor: EngagingViewer, id: string): Promise<CommentDeletedEvent> {
    const row = await byId(id);
    if (!row) throw notFound("Comment");
    await assertRemovable(actor, row);
    const removed = await db.transaction(async (tx) => {
      const now = await threads.locked(tx, row);
      if (!now) throw notFound("Comment");
      // What members saw go: none of a hidden comment or of one under a hidden thread.
      const shown = now.hiddenAt ? 0 : await threads.weight(tx, now);
      const gone = await tx.delete(comments).where(threads.withReplies(now)).returning({ id: comments.id });
      if (!now.hiddenAt) await threads.countReply(tx, now, -1);
      const ids = gone.map((g) => g.id);
      await deps.reactions.forget(tx, "comment", ids);
      await deps.forgetNotifications(tx, ids);
      // The object may be gone meanwhile: nothing to count then.
      if (shown) await targets[row.objectType].count(tx, row.objectId, { comments: -shown });
      return shown;
    });
    const event: CommentDeletedEvent = {
      _id: row.id,
      objectType: row.objectType,
      objectId: row.objectId,
      parentId: row.parentId,
      removed,
    };
    deps.toObject(row.objectId, "comment:deleted", event);
    return event;
  }

  async function search(viewer: EngagingViewer | null, q: SearchCommentsQuery) {
    await openTarget(viewer, q.objectType, q.objectId);
    if (q.parentId) {
      const parent = await threads.shown(q.parentId);
      if (!parent || parent.objectId !== q.objectId || parent.objectType !== q.objectType) throw notFound("Comment");
    }
    const where = and(
      eq(comments.objectType, q.objectType),
      eq(comments.objectId, q.objectId),
      q.parentId ? eq(comments.parentId, q.parentId) : isNull(comments.parentId),
      isNull(comments.hiddenAt),
    );
    // A thread's replies read oldest first, like a conversation; the top-level comments newest first.
    const sort = q.sort ?? (q.parentId ? "asc" : "desc");
    const keyset: Keyset = {
      name: `comments:${sort}`,
      key: comments.createdAt,
      kind: "timestamp",
      id: comments.id,
      direction: sort,
    };
    const { after, orderBy } = keysetClauses(keyset, q.cursor);
    const [rows, counted] = await Promise.all([
      db
        .select()
        .from(comments)
        .where(after ? and(where, after) : where)
        .orderBy(...orderBy)
        .limit(q.limit)
        .offset(q.cursor ? 0 : q.offset),
      cappedCount(db, comments, where),
    ]);
    return {
      data: await present(viewer, rows),
      ...counted,
      next: nextCursor(rows, q.limit, keyset.name, (r) => [r.createdAt, r.id]),
    };
  }

  /** One comment, as the list shows it: for a link to it (its page opens the thread it is in). 404 when hidden. */
  async function one(viewer: EngagingViewer | null, id: string): Promise<Comment> {
    const row = await threads.shown(id);
    if (!row) throw notFound("Comment");
    await openTarget(viewer, row.objectType, row.objectId);
    const [out] = (await present(viewer, [row])) as [Comment];
    return out;
  }

  /**
   * Comments as reactions see them: a comment exists for a viewer when the object it is on does; its likes are
   * its counter. Watchers of the object's page hear of its changes (room of the object, not of the comment).
   */
  const engagement: Engageable = {
    async open(viewer, id) {
      const row = await threads.shown(id);
      if (!row) return null;
      const target = await targets[row.objectType].open(viewer, row.objectId);
      return target ? { ...target, id: row.id, room: row.objectId } : null;
    },
    async count(tx, id, by) {
      const [row] = await tx
        .update(comments)
        .set(
          by.likes ? { likes: sql`greatest(0, ${comments.likes} + ${by.likes})` } : { likes: sql`${comments.likes}` },
        )
        .where(eq(comments.id, id))
        .returning({ likes: comments.likes });
      return row ? { likes: row.likes } : null;
    },
  };

  return { create, update, remove, search, one, engagement, threads };
}
export type CommentsService = ReturnType<typeof createCommentsService>;
