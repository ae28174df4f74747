import { z } from "zod";
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

const description = z.string().trim().max(10_000);

export const gallery = z.object({
  _id: entityId,
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  access: accessKind,
  price: z.number().nullable(),
  status: assetStatus,
  publishedAt: z.string().nullable(),
  /** The cover: blurred when the viewer may not see the gallery. */
  cover: image.nullable(),
  photosCount: z.number().int(),
  performers: z.array(performerRef),
  categories: z.array(categoryRef),
  stats: z.object({
    views: z.number().int(),
    likes: z.number().int(),
    favourites: z.number().int(),
    comments: z.number().int(),
  }),
  createdAt: z.string(),
  isBought: ownedFlag,
});
export type Gallery = z.infer<typeof gallery>;

export const galleryDetail = gallery.extend(viewerFlags.shape);
export type GalleryDetail = z.infer<typeof galleryDetail>;

export const photo = z.object({
  _id: entityId,
  galleryId: entityId,
  title: z.string(),
  position: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /**
   * A blurred preview when locked, else a signed thumbnail (`srcSet` adds the full size). `width`/`height` are
   * the size to show it at (the thumbnail's), also for the small blurred preview, so locking never moves the layout.
   */
  thumbnail: image,
  /** Signed full-size image (at most 2048 px a side); null when the viewer may not see it. */
  url: z.string().nullable(),
  locked: z.boolean(),
  performers: z.array(performerRef),
  createdAt: z.string(),
});
export type Photo = z.infer<typeof photo>;

/** The owner's view of a photo: also drafts and photos whose processing failed (no thumbnail then). */
export const studioPhoto = photo.extend({ thumbnail: image.nullable(), processing, status: assetStatus });
export type StudioPhoto = z.infer<typeof studioPhoto>;

/**
 * `newest` and `oldest` order by release date; `popular` (views) and `price` follow `sort` (default `desc`).
 */
export const gallerySortBy = z.enum(["newest", "popular", "oldest", "price"]);

export const searchGalleriesQuery = pagedQuery.extend({
  sortBy: gallerySortBy.default("newest"),
  performerIds: repeated(entityId),
  categoryIds: repeated(entityId),
  tags: repeated(tag),
  access: accessKind.optional(),
  excludedId: entityId.optional(),
});
export type SearchGalleriesQuery = z.infer<typeof searchGalleriesQuery>;
export const galleryList = pagedResponse(gallery);

/** `newest` first, or `position`: the order of one gallery (needs `galleryId`). */
export const searchPhotosQuery = pagedQuery.extend({
  sortBy: z.enum(["newest", "position"]).default("newest"),
  performerIds: repeated(entityId),
  galleryId: entityId.optional(),
});
export type SearchPhotosQuery = z.infer<typeof searchPhotosQuery>;
export const galleryPhotosQuery = pagedQuery
  .extend({ sortBy: z.enum(["position"]).default("position") })
  .omit({ q: true });
export const photoList = pagedResponse(photo);

/** `takedown`: taken down by an admin, not shown to members and visitors until restored. */
export const studioGallery = galleryDetail.extend({
  takedown: takedown.nullable(),
  /** In review, refused or taken down (with the reason), as the studio shows it; null when nothing holds it back. */
  moderation: moderation.nullable(),
  updatedAt: z.string(),
});
export type StudioGallery = z.infer<typeof studioGallery>;
export const studioGalleryList = pagedResponse(studioGallery);
export const searchStudioGalleriesQuery = pagedQuery.extend({
  sortBy: z.enum(["newest", "oldest"]).default("newest"),
  status: assetStatus.optional(),
  performerId: entityId.optional(),
});
export const studioPhotoList = pagedResponse(studioPhoto);

const galleryFields = {
  title: z.string().trim().min(1, "Title is required").max(200),
  slug: slug.optional(),
  description: description.default(""),
  tags: z.array(tag).max(30).default([]),
  access: accessKind.default("free"),
  price: price.nullable().optional(),
  status: assetStatus.default("draft"),
  categoryIds: z.array(entityId).max(20).default([]),
  performerIds: z.array(entityId).min(1).max(20).optional(),
};
export const createGalleryBody = z.strictObject(galleryFields);
export type CreateGalleryBody = z.infer<typeof createGalleryBody>;
export const updateGalleryBody = z.strictObject({
  title: galleryFields.title.optional(),
  slug: slug.optional(),
  description: description.optional(),
  tags: z.array(tag).max(30).optional(),
  access: accessKind.optional(),
  price: price.nullable().optional(),
  status: assetStatus.optional(),
  categoryIds: z.array(entityId).max(20).optional(),
  performerIds: z.array(entityId).min(1).max(20).optional(),
  coverPhotoId: entityId.nullable().optional(),
});
export type UpdateGalleryBody = z.infer<typeof updateGalleryBody>;
export const updatePhotoBody = z.strictObject({
  title: z.string().trim().max(200).optional(),
  /** Moves the photo to this index of the gallery's order (0 first; past the end: last); the others close up. */
  position: z.number().int().min(0).max(100_000).optional(),
  status: assetStatus.optional(),
});
export type UpdatePhotoBody = z.infer<typeof updatePhotoBody>;
