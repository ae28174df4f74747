import type { CategoryRef, Image, PerformerRef } from "@marquee/contracts/catalogue";
import type { Gallery, GalleryDetail, Photo, StudioGallery, StudioPhoto } from "@marquee/contracts/galleries";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import type { Storage } from "../../platform/storage.ts";
import type { AccessService } from "../access/service.ts";
import type { Actor, Viewer } from "../catalogue/access.ts";
import { signMedia } from "../catalogue/media.ts";
import { takedownOf } from "../catalogue/paging.ts";
import { moderationOf } from "../catalogue/review.ts";
import type { ReactionsService } from "../reactions/service.ts";
import { type Gathered, PHOTO_THUMB_WIDTH, protectedOf, visiblePhoto } from "./rows.ts";
import { type GalleryRow, galleries, type PhotoRow, photos } from "./tables.ts";

/** The size a thumbnail of a `width` x `height` photo is shown at (never enlarged). */
function thumbSize(width: number, height: number) {
  if (!width || !height) return { width: PHOTO_THUMB_WIDTH, height: PHOTO_THUMB_WIDTH };
  const w = Math.min(PHOTO_THUMB_WIDTH, width);
  return { width: w, height: Math.max(1, Math.round((height * w) / width)) };
}

export interface PresentDeps {
  db: Db;
  storage: Storage;
  signer: UrlSigner;
  access: AccessService;
  reactions: ReactionsService;
  performers: { refs(ids: readonly string[]): Promise<Map<string, PerformerRef>> };
  categories: { refs(ids: readonly string[]): Promise<Map<string, CategoryRef>> };
}

/** Galleries and photos as answers: access decided once per list, signed images where it lets the viewer in. */
export function createGalleryPresenter(deps: PresentDeps) {
  const { db, storage, signer, access, reactions } = deps;

  /** The signed thumbnail (with the full size in its srcset) and the full size of a processed photo. */
  function signedImages(p: Pick<PhotoRow, "mediaKey" | "width" | "height">) {
    const size = thumbSize(p.width, p.height);
    const { thumb, full } = signMedia(signer, {
      thumb: `${p.mediaKey}/thumb.webp`,
      full: `${p.mediaKey}/full.webp`,
    }).urls;
    const srcSet = p.width > size.width ? `${thumb} ${size.width}w, ${full} ${p.width}w` : `${thumb} ${size.width}w`;
    const thumbnail: Image = { url: thumb, srcSet, ...size };
    return { thumbnail, url: full };
  }

  function previewImage(p: Pick<PhotoRow, "previewKey" | "width" | "height">): Image | null {
    if (!p.previewKey) return null;
    return { url: storage.publicUrl(p.previewKey), srcSet: null, ...thumbSize(p.width, p.height) };
  }

  /**
   * What a viewer gets of a photo: signed links when the gallery is open to them, else the blurred preview. A photo
   * the workers have not made yet has neither (its editor sees it as processing).
   */
  function photoImages(p: PhotoRow, canWatch: boolean): { thumbnail: Image | null; url: string | null } {
    if (p.processingStatus !== "ready") return { thumbnail: null, url: null };
    if (canWatch && p.mediaKey) return signedImages(p);
    return { thumbnail: previewImage(p), url: null };
  }

  /** The cover of each gallery: its cover photo when visible, else its first visible photo. One query. */
  async function coversOf(rows: GalleryRow[]) {
    const out = new Map<string, PhotoRow>();
    if (!rows.length) return out;
    const found = await db
      .selectDistinctOn([photos.galleryId])
      .from(photos)
      .innerJoin(galleries, eq(galleries.id, photos.galleryId))
      .where(
        and(
          inArray(
            photos.galleryId,
            rows.map((r) => r.id),
          ),
          visiblePhoto,
        ),
      )
      .orderBy(
        photos.galleryId,
        sql`(${photos.id} = ${galleries.coverPhotoId}) desc nulls last`,
        photos.position,
        photos.id,
      );
    for (const r of found) out.set(r.photos.galleryId, r.photos);
    return out;
  }

  const pick = <T>(map: Map<string, T>, ids: readonly string[]) =>
    ids.flatMap((id) => {
      const v = map.get(id);
      return v ? [v] : [];
    });

  /** What every viewer's view of these galleries is made of: the rows, their covers and refs (one query each). */
  async function gather(rows: GalleryRow[]): Promise<Gathered> {
    const [covers, performerRefs, categoryRefs] = await Promise.all([
      coversOf(rows),
      deps.performers.refs([...new Set(rows.flatMap((r) => r.performerIds))]),
      deps.categories.refs([...new Set(rows.flatMap((r) => r.categoryIds))]),
    ]);
    return { rows, covers, performerRefs, categoryRefs };
  }

  /** Galleries as a viewer sees them: access decided once for the whole list (signed covers where it may look). */
  async function presentGathered(viewer: Viewer, { rows, covers, performerRefs, categoryRefs }: Gathered) {
    const ent = await access.entitlements(viewer, rows.map(protectedOf));
    return rows.map((r) => {
      const decision = access.decideWith(viewer, protectedOf(r), ent);
      const cover = covers.get(r.id);
      const gallery: Gallery = {
        _id: r.id,
        slug: r.slug,
        title: r.title,
        description: r.description,
        tags: r.tags,
        access: r.access,
        price: r.access === "sale" ? r.priceCents / 100 : null,
        status: r.status,
        publishedAt: r.listed ? r.releasedAt.toISOString() : null,
        cover: cover ? photoImages(cover, decision.canWatch).thumbnail : null,
        photosCount: r.photosCount,
        performers: pick(performerRefs, r.performerIds),
        categories: pick(categoryRefs, r.categoryIds),
        stats: { views: r.views, likes: r.likes, favourites: r.favourites, comments: r.comments },
        createdAt: r.createdAt.toISOString(),
        isBought: decision.isBought,
      };
      return { gallery, decision };
    });
  }

  const present = async (viewer: Viewer, rows: GalleryRow[]) => presentGathered(viewer, await gather(rows));

  /** Galleries with the viewer's flags; the reactions of the whole list are read in one query. */
  async function details(viewer: Viewer, rows: GalleryRow[]): Promise<GalleryDetail[]> {
    const [presented, flags] = await Promise.all([
      present(viewer, rows),
      reactions.flagsFor(
        viewer?.id ?? null,
        "gallery",
        rows.map((r) => r.id),
      ),
    ]);
    return presented.map(({ gallery, decision }) => ({
      ...gallery,
      ...(flags.get(gallery._id) ?? reactions.none),
      isBought: decision.isBought,
      canWatch: decision.canWatch,
      lock: decision.lock,
    }));
  }

  const detail = async (viewer: Viewer, row: GalleryRow) => (await details(viewer, [row]))[0] as GalleryDetail;

  async function studioGalleries(user: Actor, rows: GalleryRow[]) {
    const list = await details(user, rows);
    return list.map((g, i) => {
      const row = rows[i] as GalleryRow;
      return { ...g, takedown: takedownOf(row), moderation: moderationOf(row), updatedAt: row.updatedAt.toISOString() };
    });
  }

  const studioGallery = async (user: Actor, row: GalleryRow) =>
    (await studioGalleries(user, [row]))[0] as StudioGallery;

  /** Photos as a viewer sees them; `canWatch` says whether the viewer may see each photo's gallery. */
  async function presentPhotos(rows: PhotoRow[], canWatch: (p: PhotoRow) => boolean) {
    const performerRefs = await deps.performers.refs([...new Set(rows.flatMap((r) => r.performerIds))]);
    return rows.map((p) => {
      const images = photoImages(p, canWatch(p));
      return {
        _id: p.id,
        galleryId: p.galleryId,
        title: p.title,
        position: p.position,
        width: p.width,
        height: p.height,
        thumbnail: images.thumbnail,
        url: images.url,
        locked: images.url === null,
        performers: pick(performerRefs, p.performerIds),
        createdAt: p.createdAt.toISOString(),
      };
    });
  }

  /** Photos as their editors see them: always open, with their processing and status. */
  async function toStudioPhotos(rows: PhotoRow[]): Promise<StudioPhoto[]> {
    const presented = await presentPhotos(rows, () => true);
    return presented.map((p, i) => {
      const row = rows[i] as PhotoRow;
      return {
        ...p,
        locked: false,
        processing: { status: row.processingStatus, error: row.processingError },
        status: row.status,
      };
    });
  }

  /** A public photo answer: a visible photo always has its blurred preview, so `thumbnail` is never null. */
  const publicPhotos = (list: Awaited<ReturnType<typeof presentPhotos>>): Photo[] =>
    list.flatMap((p) => (p.thumbnail ? [{ ...p, thumbnail: p.thumbnail }] : []));

  return {
    photoImages,
    gather,
    presentGathered,
    details,
    detail,
    studioGallery,
    studioGalleries,
    presentPhotos,
    toStudioPhotos,
    publicPhotos,
  };
}
export type GalleryPresenter = ReturnType<typeof createGalleryPresenter>;
