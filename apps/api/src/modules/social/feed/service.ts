import type { FeedEntry, FeedPage, FeedQuery } from "@marquee/contracts/feed";
import { searchGalleriesQuery } from "@marquee/contracts/galleries";
import { searchProductsQuery } from "@marquee/contracts/products";
import { searchVideosQuery } from "@marquee/contracts/videos";
import { encodeCursor, keysetClauses } from "../../../platform/paging.ts";
import type { Actor } from "../../catalogue/access.ts";
import type { Ownership } from "../../commerce/ownership.ts";
import type { GalleriesService } from "../../galleries/service.ts";
import type { ProductsService } from "../../products/service.ts";
import type { VideosService } from "../../videos/service.ts";
import type { Follows } from "../follows/service.ts";
import { type FeedPosts, postsKeyset } from "../posts/service.ts";

/** One source's rows after the cursor, each with the instant and id it sorts by. */
interface Share {
  at: string;
  id: string;
  entry: FeedEntry;
}

/**
 * The feed (issue 25 section 1): what is new from the performers a member follows or subscribes to, newest first.
 * Each source (feed posts, movies, galleries, products) reads its own rows through its own module, all on the same
 * keyset (`newest:desc`: the instant an item was listed, then its id), so one cursor continues every source and a
 * page is the newest `limit` of their shares: five queries of `limit` rows whatever the depth. Announced movies
 * (coming later) wait for their date.
 */
export function createFeed(deps: {
  follows: Pick<Follows, "followedBy">;
  ownership: Pick<Ownership, "liveSubscriptions">;
  posts: Pick<FeedPosts, "feedShare">;
  videos: Pick<VideosService, "search">;
  galleries: Pick<GalleriesService, "search">;
  products: Pick<ProductsService, "search">;
}) {
  /** The performers whose news reach the member: followed, and subscribed to now. */
  async function performersOf(member: Actor): Promise<string[]> {
    const [followed, live] = await Promise.all([
      deps.follows.followedBy(member.id),
      deps.ownership.liveSubscriptions(member),
    ]);
    return [...new Set([...followed, ...live.flatMap((s) => (s.performerId ? [s.performerId] : []))])];
  }

  async function page(member: Actor, q: FeedQuery): Promise<FeedPage> {
    // A cursor of another list is refused before anything runs.
    keysetClauses(postsKeyset, q.cursor);
    const performerIds = await performersOf(member);
    if (!performerIds.length) return { data: [], next: null, performers: 0 };
    const paging = { limit: q.limit, ...(q.cursor ? { cursor: q.cursor } : {}), sortBy: "newest", sort: "desc" };
    // The feed shows no totals: each list is read without its count.
    const list = { performerIds, uncounted: true };
    const shares = await Promise.all([
      deps.posts.feedShare(member, performerIds, q),
      deps.videos
        .search({ ...searchVideosQuery.parse({ ...paging, includeComing: "false" }), ...list }, member)
        .then((r) => r.data.flatMap((video) => share(video._id, video.publishedAt, { kind: "video", video }))),
      deps.galleries
        .search(member, { ...searchGalleriesQuery.parse(paging), ...list })
        .then((r) =>
          r.data.flatMap((gallery) => share(gallery._id, gallery.publishedAt, { kind: "gallery", gallery })),
        ),
      deps.products
        .search({ ...searchProductsQuery.parse(paging), ...list }, member)
        .then((r) =>
          r.data.flatMap((product) => share(product._id, product.publishedAt, { kind: "product", product })),
        ),
    ]);
    const merged = shares
      .flat()
      .sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1))
      .slice(0, q.limit);
    const last = merged[merged.length - 1];
    return {
      data: merged.map((s) => s.entry),
      next: merged.length === q.limit && last ? encodeCursor(postsKeyset.name, last.at, last.id) : null,
      performers: performerIds.length,
    };
  }

  return { page, performersOf };
}
export type Feed = ReturnType<typeof createFeed>;

/** A listed item's share, at the instant it was listed (its `publishedAt`; none: not listed, left out). */
function share<E extends Omit<FeedEntry, "at">>(id: string, at: string | null, entry: E): Share[] {
  return at ? [{ at, id, entry: { ...entry, at } as unknown as FeedEntry }] : [];
}
