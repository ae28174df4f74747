import { z } from "zod";
import { captionTrack } from "./captions.ts";
import {
  accessKind,
  assetStatus,
  categoryRef,
  image,
  moderation,
  ownedFlag,
  performerRef,
  price,
  processing,
  slug,
  tag,
  takedown,
  viewerFlags,
} from "./catalogue.ts";
import { entityId, pagedQuery, pagedResponse, repeated } from "./common.ts";

const title = z.string().trim().min(1, "Title is required").max(200);
const description = z.string().trim().max(10_000);

export const videoStats = z.object({
  views: z.number().int(),
  likes: z.number().int(),
  favourites: z.number().int(),
  comments: z.number().int(),
});

/** A movie as lists show it. `scheduledAt` in the future means "coming": announced, not playable. */
export const video = z.object({
  _id: entityId,
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  access: accessKind,
  price: z.number().nullable(),
  status: assetStatus,
  scheduledAt: z.string().nullable(),
  isComing: z.boolean(),
  publishedAt: z.string().nullable(),
  durationSec: z.number().nullable(),
  thumbnail: image.nullable(),
  /** A short silent clip anyone may see, also when the movie is locked. */
  teaser: z.string().nullable(),
  performers: z.array(performerRef),
  categories: z.array(categoryRef),
  stats: videoStats,
  createdAt: z.string(),
  isBought: ownedFlag,
});
export type Video = z.infer<typeof video>;

/**
 * How the thumbnail strip (`strip`) is laid out, for the seek bar's preview: `count` tiles of `tileWidth` x
 * `tileHeight` px, `columns` to a row, tile `i` showing the movie at `i * intervalSec` seconds.
 */
export const stripGrid = z.object({
  tileWidth: z.number().int().positive(),
  tileHeight: z.number().int().positive(),
  columns: z.number().int().positive(),
  count: z.number().int().positive(),
  intervalSec: z.number().positive(),
});
export type StripGrid = z.infer<typeof stripGrid>;

/** Signed, expiring links; present only when the viewer may watch and the media is ready. */
export const videoMedia = z.object({
  hls: z.string(),
  mp4: z.string(),
  strip: z.string().nullable(),
  /** The strip's layout; null when the movie's size or duration is not known. */
  stripGrid: stripGrid.nullable(),
  expiresAt: z.string(),
  /**
   * Seconds the segment links in an HLS playlist live once it is fetched (MEDIA_SEGMENT_TTL_SEC; on object storage a
   * playlist may be up to a fifth of that old): the player fetches its playlist again before they run out.
   */
  segmentTtlSec: z.number().int().positive(),
  /** The movie's caption tracks (captions.ts), signed like the renditions; none when it has none. */
  captions: z.array(captionTrack),
});
export type VideoMedia = z.infer<typeof videoMedia>;

export const videoDetail = video.extend({ ...viewerFlags.shape, media: videoMedia.nullable() });
export type VideoDetail = z.infer<typeof videoDetail>;

/** The owner's (and admins') view: drafts, processing state and the media even before publishing. */
export const studioVideo = videoDetail.extend({
  processing,
  sourceSizeBytes: z.number().nullable(),
  /** Taken down by an admin: not shown to members and visitors until restored. */
  takedown: takedown.nullable(),
  /** In review, refused or taken down (with the reason), as the studio shows it; null when nothing holds it back. */
  moderation: moderation.nullable(),
  updatedAt: z.string(),
});
export type StudioVideo = z.infer<typeof studioVideo>;

export const videoSortBy = z.enum(["newest", "popular", "oldest", "price"]);

export const searchVideosQuery = pagedQuery.extend({
  sortBy: videoSortBy.default("newest"),
  performerIds: repeated(entityId),
  categoryIds: repeated(entityId),
  tags: repeated(tag),
  access: accessKind.optional(),
  /** Related movies: everything but this one. */
  excludedId: entityId.optional(),
  /** Include the announced (coming) movies; they are listed by default, `false` hides them. */
  includeComing: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .default(true),
});
export type SearchVideosQuery = z.infer<typeof searchVideosQuery>;
export const videoList = pagedResponse(video);
export type VideoList = z.infer<typeof videoList>;

export const studioVideoList = pagedResponse(studioVideo);
export const searchStudioVideosQuery = pagedQuery.extend({
  sortBy: z.enum(["newest", "oldest"]).default("newest"),
  status: assetStatus.optional(),
  /** Admins only: whose movies. Performers always see their own. */
  performerId: entityId.optional(),
});
export type SearchStudioVideosQuery = z.infer<typeof searchStudioVideosQuery>;
export type StudioVideoList = z.infer<typeof studioVideoList>;

const videoFields = {
  title,
  slug: slug.optional(),
  description: description.default(""),
  tags: z.array(tag).max(30).default([]),
  access: accessKind.default("free"),
  price: price.nullable().optional(),
  status: assetStatus.default("draft"),
  scheduledAt: z.iso.datetime({ offset: true }).nullable().optional(),
  categoryIds: z.array(entityId).max(20).default([]),
  /** Admins pick the performers; a performer's own movie always includes themself. */
  performerIds: z.array(entityId).min(1).max(20).optional(),
};

export const createVideoBody = z.strictObject(videoFields);
export type CreateVideoBody = z.infer<typeof createVideoBody>;
export const updateVideoBody = z.strictObject({
  title: title.optional(),
  slug: slug.optional(),
  description: description.optional(),
  tags: z.array(tag).max(30).optional(),
  access: accessKind.optional(),
  price: price.nullable().optional(),
  status: assetStatus.optional(),
  scheduledAt: z.iso.datetime({ offset: true }).nullable().optional(),
  categoryIds: z.array(entityId).max(20).optional(),
  performerIds: z.array(entityId).min(1).max(20).optional(),
});
export type UpdateVideoBody = z.infer<typeof updateVideoBody>;
