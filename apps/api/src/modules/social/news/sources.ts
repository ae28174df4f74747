import type { PerformerRef } from "@marquee/contracts/catalogue";
import { searchGalleriesQuery } from "@marquee/contracts/galleries";
import { searchProductsQuery } from "@marquee/contracts/products";
import { searchVideosQuery } from "@marquee/contracts/videos";
import type { GalleriesService } from "../../galleries/service.ts";
import type { ProductsService } from "../../products/service.ts";
import type { VideosService } from "../../videos/service.ts";
import type { FeedPosts } from "../posts/service.ts";

/** The kinds of item that make news. */
export const newsKinds = ["video", "gallery", "product", "post"] as const;
export type NewsKind = (typeof newsKinds)[number];

/** A new item as the news tells of it. */
export interface NewsItem {
  kind: NewsKind;
  id: string;
  /** Its title (a post: the start of its text; may be empty). */
  title: string;
  /** Its page on the site, a path (`/movies/<slug>`). */
  link: string;
  performerIds: string[];
  /** Who it is from, as the news names them ("Anna", "Anna & Bea"). */
  performerName?: string;
  /** When it came out on the site (listed, or its release date). */
  at: Date;
}

/**
 * Where news comes from (issue 25 section 1): the newest items of one kind that anyone can see on the site now,
 * newest first. Each kind's own module answers it through its public service, never its tables.
 */
export interface NewsSource {
  kind: NewsKind;
  recent(limit: number): Promise<NewsItem[]>;
}

/** The most items a source is asked for per scan (the catalogue lists' largest page). */
export const SOURCE_LIMIT = 100;

const names = (performers: readonly PerformerRef[]) =>
  performers.map((p) => p.name || p.username).join(" & ") || undefined;

const common = (x: { _id: string; title: string; performers: PerformerRef[]; publishedAt: string | null }) => ({
  id: x._id,
  title: x.title,
  performerIds: x.performers.map((p) => p._id),
  performerName: names(x.performers),
  at: new Date(x.publishedAt ?? 0),
});

/** Movies: the newest released (not those only announced as coming), as the public list shows them. */
export const videoSource = (videos: Pick<VideosService, "search">): NewsSource => ({
  kind: "video",
  async recent(limit) {
    const query = searchVideosQuery.parse({ sortBy: "newest", limit: Math.min(limit, SOURCE_LIMIT) });
    const page = await videos.search({ ...query, includeComing: false }, null);
    return page.data
      .filter((v) => v.publishedAt)
      .map((v) => ({ kind: "video", link: `/movies/${encodeURIComponent(v.slug)}`, ...common(v) }));
  },
});

/** Galleries: the newest listed. */
export const gallerySource = (galleries: Pick<GalleriesService, "search">): NewsSource => ({
  kind: "gallery",
  async recent(limit) {
    const query = searchGalleriesQuery.parse({ sortBy: "newest", limit: Math.min(limit, SOURCE_LIMIT) });
    const page = await galleries.search(null, query);
    return page.data
      .filter((g) => g.publishedAt)
      .map((g) => ({ kind: "gallery", link: `/galleries/${g._id}`, ...common(g) }));
  },
});

/** Products: the newest listed in the store. */
export const productSource = (products: Pick<ProductsService, "search">): NewsSource => ({
  kind: "product",
  async recent(limit) {
    const query = searchProductsQuery.parse({ sortBy: "newest", limit: Math.min(limit, SOURCE_LIMIT) });
    const page = await products.search(query, null);
    return page.data
      .filter((p) => p.publishedAt)
      .map((p) => ({ kind: "product", link: `/store/${encodeURIComponent(p.slug || p._id)}`, ...common(p) }));
  },
});

/** Performers' feed posts: the newest not taken down (the news names a post by the start of its text). */
export const postSource = (posts: Pick<FeedPosts, "newest">): NewsSource => ({
  kind: "post",
  async recent(limit) {
    const page = await posts.newest(Math.min(limit, SOURCE_LIMIT));
    return page.map((p) => ({
      kind: "post",
      id: p._id,
      title: p.text.length > 80 ? `${p.text.slice(0, 79)}…` : p.text,
      link: `/feed/${p._id}`,
      performerIds: [p.performer._id],
      performerName: p.performer.name || p.performer.username,
      at: new Date(p.createdAt),
    }));
  },
});
