import { searchBannersQuery } from "@marquee/contracts/content";
import { galleryPhotosQuery, searchGalleriesQuery } from "@marquee/contracts/galleries";
import {
  GALLERY_PHOTOS_PAGE_SIZE,
  type GalleryPage,
  HOME_FEATURED_PERFORMERS,
  HOME_LATEST_GALLERIES,
  HOME_LATEST_MOVIES,
  type HomePage,
  MAX_SUBSCRIBE_OFFERS,
  type MembershipOffer,
  type MoviePage,
  PERFORMER_TAB_PAGE_SIZE,
  type PerformerPage,
  type SubscribeOffer,
} from "@marquee/contracts/pages";
import { searchPerformersQuery } from "@marquee/contracts/performers";
import { searchProductsQuery } from "@marquee/contracts/products";
import { searchVideosQuery } from "@marquee/contracts/videos";
import { LRUCache } from "lru-cache";
import { AppError } from "../../platform/errors.ts";
import type { AccessService, Viewer } from "../access/service.ts";
import type { BannersService } from "../banners/service.ts";
import type { SubscriptionsService } from "../commerce/subscriptions/service.ts";
import type { GalleriesService, Listing } from "../galleries/service.ts";
import type { PerformersService } from "../performers/service.ts";
import type { PostsService } from "../posts/service.ts";
import type { ProductsService } from "../products/service.ts";
import type { VideosService } from "../videos/service.ts";
import type { ClientHints } from "../videos/views.ts";
import type { WatchingService } from "../watching/service.ts";

/**
 * How long the home page's shared part (banners, performers, movies, the gallery list, the home text) is kept
 * before it is read again: a change an admin or performer makes shows on members' home pages within this time.
 * Visitors' pages are kept as long by the web server's page cache.
 */
export const HOME_CACHE_MS = 2000;

// The lists the home page shows, with the defaults their own endpoints apply.
const bannersQuery = searchBannersQuery.parse({ position: "top" });
const middleBannersQuery = searchBannersQuery.parse({ position: "middle" });
const performersQuery = searchPerformersQuery.parse({ sortBy: "popular", limit: HOME_FEATURED_PERFORMERS });
const moviesQuery = searchVideosQuery.parse({ sortBy: "newest", limit: HOME_LATEST_MOVIES, includeComing: "false" });
// An announced movie's "newest" key is its premiere date, so the newest list with them starts with them.
const comingQuery = searchVideosQuery.parse({ sortBy: "newest", limit: HOME_LATEST_MOVIES });
const galleriesQuery = searchGalleriesQuery.parse({ sortBy: "newest", limit: HOME_LATEST_GALLERIES });

/** What every viewer's home page is made of; the galleries' covers and the viewer's own rows are added per viewer. */
interface SharedHome extends Omit<HomePage, "galleries" | "continueWatching"> {
  galleries: Listing;
}

/**
 * Pages composed from the catalogue services, so a server-rendered page costs one call: the same answers the
 * list and detail endpoints give the same viewer.
 */
export function createPagesService(deps: {
  banners: Pick<BannersService, "search">;
  performers: Pick<PerformersService, "search" | "prices" | "view">;
  videos: Pick<VideosService, "search" | "detail">;
  galleries: Pick<GalleriesService, "listing" | "presentListing" | "search" | "view" | "galleryPhotos">;
  posts: Pick<PostsService, "view">;
  products: Pick<ProductsService, "search">;
  subscriptions: Pick<SubscriptionsService, "activePackages">;
  /** The viewer's purchases and subscriptions, marked on the cards after the shared part is read. */
  access: Pick<AccessService, "markBought" | "markSubscribed">;
  /** A member's "Continue watching", on the home page itself (one call for the page). */
  watching: Pick<WatchingService, "continueWatching">;
}) {
  /** The `home` post the viewer may see (admins see a draft too), or null. */
  async function homeText(viewer: Viewer) {
    try {
      return await deps.posts.view(viewer, "home");
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) return null;
      throw err;
    }
  }

  /**
   * A signed-in viewer locked out of a members item is offered subscriptions to (up to two of) its performers, with
   * their monthly prices (a hidden profile without one); nothing for other items or visitors.
   */
  async function offersFor(
    viewer: Viewer,
    item: { lock: string | null; performers: ReadonlyArray<{ _id: string; username: string; name: string }> },
  ): Promise<SubscribeOffer[]> {
    if (!viewer || item.lock !== "members") return [];
    const offered = item.performers.slice(0, MAX_SUBSCRIBE_OFFERS);
    const prices = await deps.performers.prices(offered.map((p) => p._id));
    return offered.map((p) => prices.get(p._id) ?? { username: p.username, name: p.name, monthlyPrice: null });
  }

  /** The membership a members lock offers (visitors too): the cheapest active paid package, or null. */
  async function membershipFor(item: { lock: string | null }): Promise<MembershipOffer | null> {
    if (item.lock !== "members") return null;
    const { data } = await deps.subscriptions.activePackages();
    const paid = data.filter((p) => p.type !== "trial" && p.price > 0).sort((a, b) => a.price - b.price);
    const cheapest = paid[0];
    if (!cheapest) return null;
    const { _id, name, type, price, initialPeriodDays, recurringPeriodDays } = cheapest;
    return { _id, name, type, price, initialPeriodDays, recurringPeriodDays };
  }

  async function readHome(viewer: Viewer): Promise<SharedHome> {
    const [banners, middleBanners, performers, movies, newest, galleries, intro] = await Promise.all([
      deps.banners.search(bannersQuery),
      deps.banners.search(middleBannersQuery),
      deps.performers.search(performersQuery),
      deps.videos.search(moviesQuery),
      deps.videos.search(comingQuery),
      deps.galleries.listing(galleriesQuery),
      homeText(viewer),
    ]);
    return {
      banners: banners.data,
      middleBanners: middleBanners.data,
      performers: performers.data,
      movies: movies.data,
      // Soonest first.
      coming: newest.data.filter((v) => v.isComing).reverse(),
      galleries,
      intro,
    };
  }

  // One entry; concurrent requests share one read (lru-cache's fetch), and a failed read is not kept.
  const shared = new LRUCache<"home", SharedHome>({
    max: 1,
    ttl: HOME_CACHE_MS,
    fetchMethod: () => readHome(null),
  });

  return {
    /**
     * The home page as `viewer` sees it. Admins get a fresh read (a draft home text, and their own changes at
     * once); everyone else the shared part of at most HOME_CACHE_MS ago, with the gallery covers their access
     * allows decided now.
     */
    async home(viewer: Viewer): Promise<HomePage> {
      const base = viewer?.role === "admin" ? await readHome(viewer) : ((await shared.fetch("home")) as SharedHome);
      const [galleries, movies, coming, performers, watching] = await Promise.all([
        deps.galleries.presentListing(viewer, base.galleries),
        deps.access.markBought(viewer, "video", base.movies),
        deps.access.markBought(viewer, "video", base.coming),
        deps.access.markSubscribed(viewer, base.performers),
        viewer ? deps.watching.continueWatching(viewer) : { data: [] },
      ]);
      return { ...base, movies, coming, performers, galleries: galleries.data, continueWatching: watching.data };
    },

    /**
     * A movie's page: the movie as the viewer sees it (a view is counted), and when a signed-in viewer is locked
     * out of a members movie, the subscriptions to (up to two of) its performers that would open it.
     */
    async movie(viewer: Viewer, idOrSlug: string, client?: ClientHints): Promise<MoviePage> {
      const video = await deps.videos.detail(viewer, idOrSlug, client);
      const [offers, membership] = await Promise.all([offersFor(viewer, video), membershipFor(video)]);
      return { video, offers, membership };
    },

    /**
     * A performer's profile (a view is counted, not the performer's own), with the first page of their newest movies
     * and galleries as the viewer sees them, and of their listed products.
     */
    async performer(viewer: Viewer, idOrUsername: string): Promise<PerformerPage> {
      const performer = await deps.performers.view(viewer, idOrUsername);
      const theirs = { performerIds: [performer._id], sortBy: "newest", limit: PERFORMER_TAB_PAGE_SIZE };
      const [movies, galleries, products] = await Promise.all([
        deps.videos.search(searchVideosQuery.parse(theirs), viewer),
        deps.galleries.search(viewer, searchGalleriesQuery.parse(theirs)),
        deps.products.search(searchProductsQuery.parse(theirs), viewer),
      ]);
      return { performer, movies, galleries, products };
    },

    /**
     * A gallery's page: the gallery as the viewer sees it (a view is counted), its first photos, and the
     * subscriptions that would open it.
     */
    async gallery(viewer: Viewer, idOrSlug: string): Promise<GalleryPage> {
      const gallery = await deps.galleries.view(viewer, idOrSlug);
      const [photos, offers] = await Promise.all([
        deps.galleries.galleryPhotos(
          viewer,
          gallery._id,
          galleryPhotosQuery.parse({ limit: GALLERY_PHOTOS_PAGE_SIZE }),
        ),
        offersFor(viewer, gallery),
      ]);
      return { gallery, photos, offers };
    },
  };
}
export type PagesService = ReturnType<typeof createPagesService>;
