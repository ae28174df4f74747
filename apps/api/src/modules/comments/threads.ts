import type { Comment, CommentObjectType } from "@marquee/contracts/comments";
import type { PublicUser } from "@marquee/contracts/users";
import { and, count, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Engageable, EngagingViewer } from "../../platform/engageable.ts";
import { isUuid } from "../../platform/ids.ts";
import type { ReactionsService } from "../reactions/service.ts";
import { type CommentRow, comments } from "./tables.ts";

/**
 * What the comments service and moderation share about threads: reading a comment, whether it is shown, how many
 * shown comments hang on it, and answering comments as the API shows them.
 */
export function createThreads(deps: {
  db: Db;
  targets: Record<CommentObjectType, Engageable>;
  users: { publicProfiles(ids: readonly string[]): Promise<Map<string, PublicUser>> };
  reactions: Pick<ReactionsService, "flagsFor">;
}) {
  const { db } = deps;

  async function byId(id: string, tx: Db = db): Promise<CommentRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await tx.select().from(comments).where(eq(comments.id, id));
    return row;
  }

  /** The comment if members see it: neither it nor the comment it replies to is hidden. */
  async function shown(id: string, tx: Db = db): Promise<CommentRow | undefined> {
    const row = await byId(id, tx);
    if (!row || row.hiddenAt) return undefined;
    if (row.parentId && (await byId(row.parentId, tx))?.hiddenAt !== null) return undefined;
    return row;
  }

  /**
   * Locks the object's row, then the thread (its top-level comment), and answers `id` as it is now, or undefined
   * when gone. Every change to a thread takes its locks in this order, as deleting the object does (its row, then
   * its comments), so none of them can deadlock another.
   */
  async function locked(tx: Db, row: CommentRow): Promise<CommentRow | undefined> {
    await lockObject(tx, row);
    await tx
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.id, row.parentId ?? row.id))
      .for("update");
    return byId(row.id, tx);
  }

  /** The comment and, for a top-level one, its replies: what goes with it when it is deleted or hidden. */
  const withReplies = (row: Pick<CommentRow, "id" | "parentId">): SQL =>
    row.parentId ? eq(comments.id, row.id) : (or(eq(comments.id, row.id), eq(comments.parentId, row.id)) as SQL);

  /** Locks the row of the object a comment is on (an update that changes nothing); false when it is gone. */
  async function lockObject(tx: Db, row: Pick<CommentRow, "objectType" | "objectId">): Promise<boolean> {
    return (await deps.targets[row.objectType].count(tx, row.objectId, {})) !== null;
  }

  /**
   * How many shown comments `row` stands for on its object's counter when shown: itself and, for a top-level
   * comment, its shown replies; none for a reply under a hidden comment. Call with the thread locked.
   */
  async function weight(tx: Db, row: CommentRow): Promise<number> {
    if (row.parentId) {
      const parent = await byId(row.parentId, tx);
      return parent && !parent.hiddenAt ? 1 : 0;
    }
    const [replies] = await tx
      .select({ n: count() })
      .from(comments)
      .where(and(eq(comments.parentId, row.id), isNull(comments.hiddenAt)));
    return 1 + (replies?.n ?? 0);
  }

  /** Moves the `replies` counter of a reply's thread (shown replies only). */
  async function countReply(tx: Db, row: CommentRow, by: 1 | -1) {
    if (!row.parentId) return;
    await tx
      .update(comments)
      .set({ replies: sql`greatest(0, ${comments.replies} + ${by})` })
      .where(eq(comments.id, row.parentId));
  }

  /** Comments as the API answers them, with their authors and the viewer's like (authors gone: left out). */
  async function present(viewer: EngagingViewer | null, rows: CommentRow[]): Promise<Comment[]> {
    const [authors, flags] = await Promise.all([
      deps.users.publicProfiles(rows.map((r) => r.userId)),
      deps.reactions.flagsFor(
        viewer?.id ?? null,
        "comment",
        rows.map((r) => r.id),
      ),
    ]);
    return rows.flatMap((r) => {
      const author = authors.get(r.userId);
      if (!author) return [];
      return [
        {
          _id: r.id,
          objectType: r.objectType,
          objectId: r.objectId,
          parentId: r.parentId,
          content: r.content,
          author,
          stats: { likes: r.likes, replies: r.replies },
          isLiked: flags.get(r.id)?.isLiked ?? false,
          createdAt: r.createdAt.toISOString(),
          editedAt: r.editedAt?.toISOString() ?? null,
        },
      ];
    });
  }

  return { byId, shown, withReplies, lockObject, locked, weight, countReply, present };
}
export type Threads = ReturnType<typeof createThreads>;
