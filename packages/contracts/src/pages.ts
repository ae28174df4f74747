/**
 * Composed pages: what one server-rendered page shows, in one answer, so a render waits on one call instead of
 * one per section. Each part is the same shape the list and detail endpoints answer, for the same viewer.
 */
import { z } from "zod";
import { idOrSlug } from "./common.ts";
import { banner, post } from "./content.ts";
import { gallery, galleryDetail, galleryList, photoList } from "./galleries.ts";
import { performer, performerProfile } from "./performers.ts";
import { productList } from "./products.ts";
import { subscriptionPackage } from "./subscriptions.ts";
import { video, videoDetail, videoList } from "./videos.ts";
import { watchedVideo } from "./watching-schemas.ts";

/** How many of each the home page shows. */
export const HOME_FEATURED_PERFORMERS = 12;
export const HOME_LATEST_MOVIES = 8;
export const HOME_LATEST_GALLERIES = 8;

/** `GET /pages/home`: the top banners, popular performers, newest movies and galleries, and the `home` post. */
export const homePage = z.object({
  /** The `top` banners (the carousel). */
  banners: z.array(banner),
  /** The `middle` banners, shown between the movie and gallery rows. */
  middleBanners: z.array(banner),
  performers: z.array(performer),
  /** The newest movies one can watch now (announced ones are in `coming`). */
  movies: z.array(video),
  /** Announced movies, the soonest first. */
  coming: z.array(video),
  /** Covers are blurred where the viewer may not see the gallery. */
  galleries: z.array(gallery),
  /** The `home` page post; null when there is none (or it is a draft and the viewer is not an admin). */
  intro: post.nullable(),
  /** A signed-in viewer's movies started and not finished, most recently watched first; empty for visitors. */
  continueWatching: z.array(watchedVideo),
});
export type HomePage = z.infer<typeof homePage>;

/** A performer whose subscription would unlock a members item, with the monthly price when they set one. */
export const subscribeOffer = z.object({
  username: z.string(),
  name: z.string(),
  monthlyPrice: z.number().nullable(),
});
export type SubscribeOffer = z.infer<typeof subscribeOffer>;

/** Up to this many performers of a locked item are offered. */
export const MAX_SUBSCRIBE_OFFERS = 2;

export const pageParams = z.strictObject({ id: idOrSlug });

/**
 * `GET /pages/movies/:id`: the movie as the viewer sees it (counting a view, like `/user/assets/videos/:id`), and
 * for a signed-in viewer locked out of a members movie the subscriptions of its performers that would open it.
 */
/** The site membership a members lock offers: the cheapest active package that is paid for. */
export const membershipOffer = subscriptionPackage.pick({
  _id: true,
  name: true,
  type: true,
  price: true,
  initialPeriodDays: true,
  recurringPeriodDays: true,
});
export type MembershipOffer = z.infer<typeof membershipOffer>;

export const moviePage = z.object({
  video: videoDetail,
  offers: z.array(subscribeOffer),
  /** For a movie locked to members (visitors too): the membership that would open it; null otherwise or when none is sold. */
  membership: membershipOffer.nullable(),
});
export type MoviePage = z.infer<typeof moviePage>;

/** How many movies, galleries and products a performer's profile shows before "load more". */
export const PERFORMER_TAB_PAGE_SIZE = 12;

/**
 * `GET /pages/performers/:id` (id or username): the profile as the viewer sees it (counting a view, like
 * `/performers/:id`), with the first page of the performer's newest movies, galleries and listed products (`next`
 * continues each list through its search endpoint).
 */
export const performerPage = z.object({
  performer: performerProfile,
  movies: videoList,
  galleries: galleryList,
  products: productList,
});
export type PerformerPage = z.infer<typeof performerPage>;

/** How many photos a gallery's page shows before "load more". */
export const GALLERY_PHOTOS_PAGE_SIZE = 24;

/**
 * `GET /pages/galleries/:id`: the gallery as the viewer sees it (counting a view, like
 * `/user/assets/galleries/:id/view`), the first page of its photos (blurred previews where it is locked; `next`
 * continues through `/user/assets/gallery/:id/photos`), and the subscriptions that would open a members gallery to a
 * signed-in viewer locked out of it.
 */
export const galleryPage = z.object({
  gallery: galleryDetail,
  photos: photoList,
  offers: z.array(subscribeOffer),
});
export type GalleryPage = z.infer<typeof galleryPage>;
