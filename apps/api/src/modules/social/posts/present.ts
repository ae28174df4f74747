import type { FeedPost, Poll } from "@marquee/contracts/feed";
import type { Attachment } from "@marquee/contracts/vault";
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import type { Storage } from "../../../platform/storage.ts";
import type { Viewer } from "../../catalogue/access.ts";
import type { Ownership } from "../../commerce/ownership.ts";
import type { ReactionsService } from "../../reactions/service.ts";
import { avatarUrls } from "../../users/service.ts";
import { users } from "../../users/tables.ts";
import type { AttachedItem } from "../../vault/rows.ts";
import type { DbOrTx } from "../../vault/service.ts";
import { type FeedPostRow, feedPostAttachments, pollOptions, pollVotes } from "./tables.ts";

/**
 * What the posts module needs of the vault (social/vault): that attachments are the performer's own ready items,
 * and each item as a viewer gets it (its blurred preview always; signed files only when `open`).
 */
export interface VaultPort {
  /**
   * Throws 422 naming `body.attachmentIds` unless every id is the performer's own ready item. Given the transaction
   * that saves the attachment, it also locks the items until it ends, so none is deleted before it is saved (the
   * vault's delete locks the item and then looks for what carries it).
   */
  attachable(performerId: string, ids: readonly string[], tx?: DbOrTx): Promise<void>;
  /** Links made when `open` are grants to `viewerId`, checked again at every fetch (vault `addViewers`). */
  attachments(ids: readonly string[], open: boolean, viewerId: string | null): Promise<Map<string, Attachment>>;
  /** The items an id array column names, read as a column of the caller's own list query (vault `attachedColumn`). */
  attachedColumn(ids: AnyPgColumn): SQL<AttachedItem[]>;
  /** An item read through `attachedColumn` as `viewerId` gets it (links only when `open`). */
  attachmentOf(item: AttachedItem, open: boolean, viewerId: string | null): Attachment;
}

export type Lock = FeedPost["lock"];

/** Who opens a post: its performer and admins always; else by its access, the viewer's subscription or purchase. */
export function lockOf(
  viewer: Viewer,
  post: Pick<FeedPostRow, "id" | "performerId" | "access">,
  subscribed: ReadonlySet<string>,
  bought: ReadonlySet<string>,
): Lock {
  if (viewer && (viewer.role === "admin" || viewer.id === post.performerId)) return null;
  if (post.access === "subscribers") return subscribed.has(post.performerId) ? null : "subscribers";
  if (post.access === "paid") return bought.has(`post:${post.id}`) ? null : "sale";
  return null;
}

/** Posts as answers: every list read in a fixed number of queries, whatever its length. */
export function createPostPresenter(deps: {
  db: Db;
  storage: Pick<Storage, "publicUrl">;
  ownership: Pick<Ownership, "subscribedTo" | "boughtOf">;
  reactions: Pick<ReactionsService, "flagsFor" | "none">;
  vault: VaultPort;
  currency: () => Promise<string>;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** The viewer's locks on these posts: one query for subscriptions, one for purchases. */
  async function locks(viewer: Viewer, rows: readonly FeedPostRow[]) {
    const [subscribed, bought] = await Promise.all([
      deps.ownership.subscribedTo(
        viewer,
        rows.filter((r) => r.access === "subscribers").map((r) => r.performerId),
      ),
      deps.ownership.boughtOf(
        viewer,
        rows.filter((r) => r.access === "paid").map((r) => ({ kind: "post" as const, id: r.id })),
      ),
    ]);
    return {
      bought,
      lock: new Map(rows.map((r) => [r.id, lockOf(viewer, r, subscribed, bought)])),
    };
  }

  async function polls(viewer: Viewer, rows: readonly FeedPostRow[]): Promise<Map<string, Poll>> {
    const ids = rows.map((r) => r.id);
    const out = new Map<string, Poll>();
    if (!ids.length) return out;
    const [options, mine] = await Promise.all([
      db
        .select()
        .from(pollOptions)
        .where(inArray(pollOptions.postId, ids))
        .orderBy(asc(pollOptions.postId), asc(pollOptions.position)),
      viewer
        ? db
            .select({ postId: pollVotes.postId, optionId: pollVotes.optionId })
            .from(pollVotes)
            .where(and(eq(pollVotes.userId, viewer.id), inArray(pollVotes.postId, ids)))
        : Promise.resolve([]),
    ]);
    const voted = new Map(mine.map((v) => [v.postId, v.optionId]));
    const endsOf = new Map(rows.map((r) => [r.id, r.pollEndsAt]));
    for (const o of options) {
      const endsAt = endsOf.get(o.postId) ?? null;
      const poll = out.get(o.postId) ?? {
        options: [],
        totalVotes: 0,
        myVote: voted.get(o.postId) ?? null,
        endsAt: endsAt?.toISOString() ?? null,
        closed: !!endsAt && endsAt <= now(),
      };
      poll.options.push({ _id: o.id, text: o.text, votes: o.votes });
      poll.totalVotes += o.votes;
      out.set(o.postId, poll);
    }
    return out;
  }

  async function attachmentsOf(rows: readonly FeedPostRow[], lock: Map<string, Lock>, viewerId: string | null) {
    const ids = rows.map((r) => r.id);
    const links = ids.length
      ? await db
          .select()
          .from(feedPostAttachments)
          .where(inArray(feedPostAttachments.postId, ids))
          .orderBy(asc(feedPostAttachments.postId), asc(feedPostAttachments.position))
      : [];
    const openItems = links.filter((l) => !lock.get(l.postId)).map((l) => l.vaultItemId);
    const lockedItems = links.filter((l) => lock.get(l.postId)).map((l) => l.vaultItemId);
    const [open, locked] = await Promise.all([
      deps.vault.attachments(openItems, true, viewerId),
      deps.vault.attachments(lockedItems, false, viewerId),
    ]);
    const out = new Map<string, Attachment[]>();
    for (const l of links) {
      const item = (lock.get(l.postId) ? locked : open).get(l.vaultItemId);
      if (!item) continue;
      out.set(l.postId, [...(out.get(l.postId) ?? []), item]);
    }
    return out;
  }

  async function performersOf(rows: readonly FeedPostRow[]) {
    const ids = [...new Set(rows.map((r) => r.performerId))];
    if (!ids.length) return new Map();
    const found = await db
      .select({ id: users.id, username: users.username, name: users.name, avatarKey: users.avatarKey })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(
      found.map((u) => [
        u.id,
        {
          _id: u.id,
          username: u.username,
          name: u.name || u.username,
          avatar: avatarUrls(deps.storage, u.avatarKey).avatar,
        },
      ]),
    );
  }

  /** The posts as `viewer` sees them, in the order given. */
  async function present(viewer: Viewer, rows: readonly FeedPostRow[]): Promise<FeedPost[]> {
    if (!rows.length) return [];
    const { bought, lock } = await locks(viewer, rows);
    const [pollOf, files, refs, flags, currency] = await Promise.all([
      polls(viewer, rows),
      attachmentsOf(rows, lock, viewer?.id ?? null),
      performersOf(rows),
      deps.reactions.flagsFor(
        viewer?.id ?? null,
        "feed-post",
        rows.map((r) => r.id),
      ),
      deps.currency(),
    ]);
    return rows.flatMap((r) => {
      const performer = refs.get(r.performerId);
      if (!performer) return [];
      return [
        {
          _id: r.id,
          performer,
          text: r.text,
          access: r.access,
          price: r.priceCents === null ? null : r.priceCents / 100,
          currency,
          lock: lock.get(r.id) ?? null,
          isBought: bought.has(`post:${r.id}`),
          attachments: files.get(r.id) ?? [],
          poll: pollOf.get(r.id) ?? null,
          stats: { likes: r.likes, comments: r.comments },
          isLiked: (flags.get(r.id) ?? deps.reactions.none).isLiked,
          isMine: !!viewer && (viewer.role === "admin" || viewer.id === r.performerId),
          createdAt: r.createdAt.toISOString(),
          editedAt: r.editedAt?.toISOString() ?? null,
        },
      ];
    });
  }

  return { present, locks };
}
export type PostPresenter = ReturnType<typeof createPostPresenter>;
