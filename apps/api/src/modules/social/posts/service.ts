import type {
  CreateFeedPostBody,
  FeedPost,
  FeedPostList,
  FeedPostsQuery,
  Poll,
  UpdateFeedPostBody,
} from "@marquee/contracts/feed";
import type { Checkout } from "@marquee/contracts/payments";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import type { Engageable } from "../../../platform/engageable.ts";
import { tableCounter } from "../../../platform/engageable.ts";
import { conflict, forbidden, notFound, tooManyRequests, unprocessable } from "../../../platform/errors.ts";
import { type Keyset, keysetClauses, nextCursor } from "../../../platform/paging.ts";
import type { Throttle } from "../../../platform/throttle.ts";
import type { Actor, Viewer } from "../../catalogue/access.ts";
import type { Sale } from "../../commerce/checkout/checkout.ts";
import type { Ownership } from "../../commerce/ownership.ts";
import { subscriptionTerms } from "../../performers/commerce-port.ts";
import { requireContent } from "../content.ts";
import type { PostPresenter } from "./present.ts";
import { lockOf, type VaultPort } from "./present.ts";
import { type FeedPostRow, feedPostAttachments, feedPosts, pollOptions, pollVotes } from "./tables.ts";

/** Posts a performer may publish per hour: far above a person's pace, a stop for a script. */
export const POSTS_PER_HOUR = 30;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * The feed's keyset: newest first by creation. Named as the catalogue's newest sort (catalogue/paging.ts), so one
 * cursor continues the feed in every source (social/feed).
 */
export const postsKeyset: Keyset = {
  name: "newest:desc",
  key: feedPosts.createdAt,
  kind: "timestamp",
  id: feedPosts.id,
  direction: "desc",
};

const field = (path: string, message: string) => [{ path, message }];

/**
 * Feed posts (issue 25 section 1): a performer's text with vault media, free, for subscribers or at a price, maybe
 * with a poll. A paid post is sold through commerce's checkout of one item (an order line of kind `post`), so it is
 * settled exactly once, refundable and earned like any sale; it opens for its buyer only while their order is paid.
 */
export function createFeedPosts(deps: {
  db: Db;
  present: PostPresenter;
  vault: VaultPort;
  throttle: Pick<Throttle, "hit">;
  ownership: Pick<Ownership, "subscribedTo" | "boughtOf" | "soldAny">;
  /** Commerce's checkout of one item (checkout.ts `single`). */
  checkout: (buyer: Actor, sale: Sale) => Promise<Checkout>;
  now?: () => Date;
}) {
  const { db, present } = deps;
  const now = deps.now ?? (() => new Date());

  async function row(id: string): Promise<FeedPostRow> {
    const [found] = await db.select().from(feedPosts).where(eq(feedPosts.id, id));
    if (!found) throw notFound("Post");
    return found;
  }

  /** A post the actor may change: its performer's, or any for an admin; 403 for another performer. */
  async function managed(actor: Actor, id: string): Promise<FeedPostRow> {
    const found = await row(id);
    if (actor.role !== "admin" && found.performerId !== actor.id) throw forbidden("This post is not yours.");
    return found;
  }

  const one = async (viewer: Viewer, r: FeedPostRow) => (await present.present(viewer, [r]))[0] as FeedPost;

  function checkAccess(access: FeedPostRow["access"], price: number | null | undefined, attachments: number) {
    if (access === "paid" && (price === null || price === undefined)) {
      throw unprocessable("A paid post needs a price.", field("body.price", "required for a paid post"));
    }
    if (access !== "paid" && price !== null && price !== undefined) {
      throw unprocessable("Only a paid post has a price.", field("body.price", "only for a paid post"));
    }
    if (access !== "free" && attachments === 0) {
      throw unprocessable(
        "A post for subscribers or at a price needs a photo or a video to lock.",
        field("body.attachmentIds", "nothing to lock"),
      );
    }
  }

  async function create(actor: Actor, body: CreateFeedPostBody): Promise<FeedPost> {
    const performer = await subscriptionTerms(db, actor.id);
    if (!performer) throw notFound("Performer profile");
    requireContent(body.text, body.attachmentIds.length, "post");
    checkAccess(body.access, body.price, body.attachmentIds.length);
    await deps.vault.attachable(actor.id, body.attachmentIds);
    if ((await deps.throttle.hit(`feed-post:${actor.id}`, HOUR)) > POSTS_PER_HOUR) {
      throw tooManyRequests(`You can publish at most ${POSTS_PER_HOUR} posts an hour.`);
    }
    const at = now();
    const created = await db.transaction(async (tx) => {
      await deps.vault.attachable(actor.id, body.attachmentIds, tx);
      const [post] = await tx
        .insert(feedPosts)
        .values({
          performerId: actor.id,
          text: body.text,
          access: body.access,
          priceCents: body.access === "paid" && body.price ? Math.round(body.price * 100) : null,
          pollEndsAt: body.poll?.days ? new Date(at.getTime() + body.poll.days * DAY) : null,
          createdAt: at,
        })
        .returning();
      const p = post as FeedPostRow;
      if (body.attachmentIds.length) {
        await tx
          .insert(feedPostAttachments)
          .values(body.attachmentIds.map((vaultItemId, position) => ({ postId: p.id, vaultItemId, position })));
      }
      if (body.poll) {
        await tx
          .insert(pollOptions)
          .values(body.poll.options.map((text, position) => ({ postId: p.id, position, text })));
      }
      return p;
    });
    return one(actor, created);
  }

  async function update(actor: Actor, id: string, body: UpdateFeedPostBody): Promise<FeedPost> {
    const found = await managed(actor, id);
    const access = body.access ?? found.access;
    const price =
      body.price !== undefined
        ? body.price
        : body.access && body.access !== "paid"
          ? null
          : found.priceCents === null
            ? null
            : found.priceCents / 100;
    const changesSale =
      access !== found.access || (access === "paid" && Math.round((price ?? 0) * 100) !== found.priceCents);
    const [attached] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(feedPostAttachments)
      .where(eq(feedPostAttachments.postId, id));
    checkAccess(access, price, attached?.n ?? 0);
    if (changesSale && found.access === "paid" && (await deps.ownership.soldAny("post", id))) {
      throw conflict("Members bought this post: it stays paid, at its price.");
    }
    const text = body.text ?? found.text;
    requireContent(text, attached?.n ?? 0, "post");
    const [updated] = await db
      .update(feedPosts)
      .set({ text, access, priceCents: access === "paid" && price ? Math.round(price * 100) : null, editedAt: now() })
      .where(eq(feedPosts.id, id))
      .returning();
    return one(actor, updated as FeedPostRow);
  }

  /** Deletes a post with its poll and what members left on it; a paid post someone bought stays (409). */
  async function remove(actor: Actor, id: string, forget: (tx: Db, id: string) => Promise<void>): Promise<void> {
    const found = await managed(actor, id);
    if (found.access === "paid" && (await deps.ownership.soldAny("post", id))) {
      throw conflict("Members bought this post, so it cannot be deleted.");
    }
    await db.transaction(async (tx) => {
      await tx.delete(feedPosts).where(eq(feedPosts.id, id));
      await forget(tx as unknown as Db, id);
    });
  }

  const insider = (viewer: Viewer, performerId: string) =>
    !!viewer && (viewer.role === "admin" || viewer.id === performerId);

  /** One post; a post taken down exists for its performer and admins only. */
  async function get(viewer: Viewer, id: string): Promise<FeedPost> {
    const found = await row(id);
    if (found.takenDownAt && !insider(viewer, found.performerId)) throw notFound("Post");
    return one(viewer, found);
  }

  /** Posts of some performers after the cursor, newest first: a performer's tab, and the feed's share. */
  async function rowsOf(
    performerIds: readonly string[],
    q: FeedPostsQuery,
    withTakenDown = false,
  ): Promise<FeedPostRow[]> {
    if (!performerIds.length) return [];
    const { after, orderBy } = keysetClauses(postsKeyset, q.cursor);
    return db
      .select()
      .from(feedPosts)
      .where(
        and(
          inArray(feedPosts.performerId, [...performerIds]),
          withTakenDown ? undefined : isNull(feedPosts.takenDownAt),
          after,
        ),
      )
      .orderBy(...orderBy)
      .limit(q.limit);
  }

  async function ofPerformer(viewer: Viewer, performerId: string, q: FeedPostsQuery): Promise<FeedPostList> {
    const performer = await subscriptionTerms(db, performerId);
    const own = insider(viewer, performerId);
    if (!performer || (performer.status !== "active" && !own)) throw notFound("Performer");
    const rows = await rowsOf([performerId], q, own);
    return {
      data: await present.present(viewer, rows),
      next: nextCursor(rows, q.limit, postsKeyset.name, (r) => [r.createdAt, r.id]),
    };
  }

  /** The feed's share: the posts of these performers after the cursor, each with the time it sorts by. */
  async function feedShare(viewer: Viewer, performerIds: readonly string[], q: FeedPostsQuery) {
    const rows = await rowsOf(performerIds, q);
    const posts = await present.present(viewer, rows);
    return posts.map((post) => ({
      at: post.createdAt,
      id: post._id,
      entry: { kind: "post" as const, at: post.createdAt, post },
    }));
  }

  /** One vote a member on an open post's open poll. */
  async function vote(viewer: Actor, id: string, optionId: string): Promise<Poll> {
    const found = await row(id);
    const { lock } = await present.locks(viewer, [found]);
    if (lock.get(id)) throw forbidden("Open the post to vote in its poll.");
    if (found.pollEndsAt && found.pollEndsAt <= now()) {
      throw unprocessable("This poll has closed.", field("body.optionId", "poll closed"));
    }
    await db.transaction(async (tx) => {
      const [option] = await tx
        .select({ id: pollOptions.id })
        .from(pollOptions)
        .where(and(eq(pollOptions.id, optionId), eq(pollOptions.postId, id)));
      if (!option) throw unprocessable("No such option in this poll.", field("body.optionId", "not an option"));
      const cast = await tx
        .insert(pollVotes)
        .values({ postId: id, userId: viewer.id, optionId })
        .onConflictDoNothing()
        .returning({ postId: pollVotes.postId });
      if (!cast.length) throw conflict("You already voted in this poll.");
      await tx
        .update(pollOptions)
        .set({ votes: sql`${pollOptions.votes} + 1` })
        .where(eq(pollOptions.id, optionId));
    });
    return (await one(viewer, found)).poll as Poll;
  }

  /** Pays for a paid post through the checkout; refused for one's own, a free one, or one already bought. */
  async function unlock(
    buyer: Actor,
    id: string,
    billing: { billingCountry?: string; billingRegion?: string; couponCode?: string },
    ip: string,
  ): Promise<Checkout> {
    const found = await row(id);
    if (found.access !== "paid" || found.priceCents === null) {
      throw unprocessable("This post is not for sale.", field("params.id", "not a paid post"));
    }
    const subscribed = new Set<string>();
    const bought = await deps.ownership.boughtOf(buyer, [{ kind: "post", id }]);
    if (!lockOf(buyer, found, subscribed, bought)) throw conflict("You can already open this post.");
    const performer = await subscriptionTerms(db, found.performerId);
    if (performer?.status !== "active") throw notFound("Post");
    const name = performer.name || performer.username;
    return deps.checkout(buyer, {
      kind: "post",
      itemId: id,
      lockKey: id,
      title: `Post by ${name}`,
      description: `Post by ${name}`,
      priceCents: found.priceCents,
      performerIds: [found.performerId],
      recurring: null,
      ...(billing.couponCode ? { couponCode: billing.couponCode } : {}),
      billing: { billingCountry: billing.billingCountry, billingRegion: billing.billingRegion, ip },
    });
  }

  /** Comments and likes on posts (platform/engageable.ts): every post exists for everyone; its text always shows. */
  const engagement: Engageable = {
    async open(viewer, id) {
      const [found] = await db
        .select({
          id: feedPosts.id,
          performerId: feedPosts.performerId,
          text: feedPosts.text,
          takenDownAt: feedPosts.takenDownAt,
        })
        .from(feedPosts)
        .where(eq(feedPosts.id, id));
      if (!found || (found.takenDownAt && !insider(viewer, found.performerId))) return null;
      const title = found.text.length > 60 ? `${found.text.slice(0, 59)}…` : found.text || "Post";
      return { id: found.id, title, performerIds: [found.performerId], link: `/feed/${found.id}` };
    },
    count: tableCounter(feedPosts, { likes: "likes", comments: "comments" }, "createdAt"),
  };

  /** Whether a viewer may open a vault item's files through a post that carries it (the vault's media grants). */
  async function mayViewItem(viewer: Viewer, vaultItemId: string): Promise<boolean> {
    const carriers = await db
      .select({ post: feedPosts })
      .from(feedPostAttachments)
      .innerJoin(feedPosts, eq(feedPosts.id, feedPostAttachments.postId))
      .where(eq(feedPostAttachments.vaultItemId, vaultItemId))
      .limit(50);
    const shown = carriers.filter((c) => !c.post.takenDownAt || insider(viewer, c.post.performerId));
    if (!shown.length) return false;
    const { lock } = await present.locks(
      viewer,
      shown.map((c) => c.post),
    );
    return shown.some((c) => !lock.get(c.post.id));
  }

  /** Whether a post carries the vault item (it may not be deleted then); read in the vault's deleting `tx`. */
  async function carries(vaultItemId: string, tx: Pick<Db, "select"> = db): Promise<boolean> {
    const [found] = await tx
      .select({ postId: feedPostAttachments.postId })
      .from(feedPostAttachments)
      .where(eq(feedPostAttachments.vaultItemId, vaultItemId))
      .limit(1);
    return !!found;
  }

  /** The newest posts on the site, as a visitor sees them (the news' source). */
  async function newest(limit: number): Promise<FeedPost[]> {
    const rows = await db
      .select()
      .from(feedPosts)
      .where(isNull(feedPosts.takenDownAt))
      .orderBy(desc(feedPosts.createdAt), desc(feedPosts.id))
      .limit(limit);
    return present.present(null, rows);
  }

  /** An admin's take-down after a report (the reason shown to its performer), or its return (null). */
  async function setTakedown(id: string, reason: string | null): Promise<void> {
    const done = await db
      .update(feedPosts)
      .set({ takenDownAt: reason === null ? null : now(), takenDownReason: reason })
      .where(eq(feedPosts.id, id))
      .returning({ id: feedPosts.id });
    if (!done.length) throw notFound("Post");
  }

  return {
    newest,
    setTakedown,
    create,
    update,
    remove,
    get,
    ofPerformer,
    feedShare,
    vote,
    unlock,
    engagement,
    mayViewItem,
    carries,
  };
}
export type FeedPosts = ReturnType<typeof createFeedPosts>;
