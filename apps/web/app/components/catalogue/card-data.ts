/**
 * The fields each card shows, picked from the API's items. Loaders of pages that render many cards (the home
 * page) send only these to the browser, which keeps the server-rendered page and its data small.
 */
import type { PerformerRef } from "@marquee/contracts/catalogue";
import type { Gallery } from "@marquee/contracts/galleries";
import type { Performer } from "@marquee/contracts/performers";
import type { Video } from "@marquee/contracts/videos";

export type PerformerLink = Pick<PerformerRef, "_id" | "username" | "name">;

export type PerformerCardData = Pick<
  Performer,
  "_id" | "username" | "name" | "avatar" | "avatarSrcSet" | "country" | "isSubscribed"
> & {
  stats: Pick<Performer["stats"], "videos" | "subscribers">;
};

export type VideoCardData = Pick<
  Video,
  "_id" | "slug" | "title" | "access" | "price" | "isComing" | "scheduledAt" | "durationSec" | "thumbnail" | "isBought"
> & { performers: PerformerLink[]; stats: Pick<Video["stats"], "views"> };

export type GalleryCardData = Pick<
  Gallery,
  "_id" | "slug" | "title" | "access" | "price" | "cover" | "photosCount" | "isBought"
> & {
  performers: PerformerLink[];
};

const link = ({ _id, username, name }: PerformerLink): PerformerLink => ({ _id, username, name });

export function performerCardData(p: PerformerCardData): PerformerCardData {
  return {
    _id: p._id,
    username: p.username,
    name: p.name,
    avatar: p.avatar,
    avatarSrcSet: p.avatarSrcSet,
    country: p.country,
    isSubscribed: p.isSubscribed ?? false,
    stats: { videos: p.stats.videos, subscribers: p.stats.subscribers },
  };
}

export function videoCardData(v: VideoCardData): VideoCardData {
  return {
    _id: v._id,
    slug: v.slug,
    title: v.title,
    access: v.access,
    price: v.price,
    isComing: v.isComing,
    scheduledAt: v.scheduledAt,
    durationSec: v.durationSec,
    thumbnail: v.thumbnail,
    isBought: v.isBought ?? false,
    performers: v.performers.map(link),
    stats: { views: v.stats.views },
  };
}

export function galleryCardData(g: GalleryCardData): GalleryCardData {
  return {
    _id: g._id,
    slug: g.slug,
    title: g.title,
    access: g.access,
    price: g.price,
    cover: g.cover,
    photosCount: g.photosCount,
    isBought: g.isBought ?? false,
    performers: g.performers.map(link),
  };
}
