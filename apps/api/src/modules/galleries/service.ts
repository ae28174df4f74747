import type { CategoryRef, Image, PerformerRef } from "@marquee/contracts/catalogue";
import type {
  CreateGalleryBody,
  Gallery,
  GalleryDetail,
  Photo,
  SearchGalleriesQuery,
  SearchPhotosQuery,
  StudioPhoto,
  UpdateGalleryBody,
  UpdatePhotoBody,
} from "@marquee/contracts/galleries";
import { and, arrayContains, arrayOverlaps, count, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors.ts";
import { matchText } from "../../platform/fulltext.ts";
import { isUuid, uuidv7 } from "../../platform/ids.ts";
import { blurredPreview, imageVariants } from "../../platform/media/images.ts";
import { cappedCount, cappedCountOf, type Keyset, keysetClauses, nextCursor } from "../../platform/paging.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import { cleanTerm, isUniqueViolation, slugify } from "../../platform/slugs.ts";
import type { Storage } from "../../platform/storage.ts";
import type { AccessService, Entitlements, Protected, Viewer } from "../access/service.ts";
import type { ReactionsService } from "../reactions/service.ts";
import { type GalleryRow, galleries, type PhotoRow, photos } from "./tables.ts";

/** Photo variants: a thumbnail for grids and a full size for the viewer, both private (signed links). */
export const PHOTO_THUMB_WIDTH = 480;
export const PHOTO_FULL_MAX = 2048;

/** Who edits in the studio: the route guard lets performers and admins in; ownership is checked here. */
export interface Editor {
  id: string;
  role: "user" | "performer" | "admin";
}

/** What this module needs of the performers module. */
export interface PerformerDirectory {
  /** Display references keyed by id; ids that name no performer are absent. */
  refs(ids: readonly string[]): Promise<Map<string, PerformerRef>>;
  /** Moves the performers' public galleries counters. */
  adjustCounts(ids: readonly string[], by: { galleries?: number }): Promise<void>;
}

/** What this module needs of the categories module. */
export interface CategoryDirectory {
  refs(ids: readonly string[]): Promise<Map<string, CategoryRef>>;
  /** 400 naming `path` when an id is not a category of `group`. */
  assertExist(ids: readonly string[], group: "gallery", path: string): Promise<void>;
}

interface PagedIn {
  limit: number;
  offset: number;
  cursor?: string | undefined;
  sort: "asc" | "desc";
}

type StudioSearchQuery = PagedIn & {
  q?: string | undefined;
  sortBy: "newest" | "oldest";
  status?: GalleryRow["status"] | undefined;
  performerId?: string | undefined;
};

/** The viewer-independent makings of a list of galleries. */
interface Gathered {
  rows: GalleryRow[];
  covers: Map<string, PhotoRow>;
  performerRefs: Map<string, PerformerRef>;
  categoryRefs: Map<string, CategoryRef>;
}

/** A page of the public list, gathered: what `presentListing` turns into one viewer's answer. */
export interface Listing extends Gathered {
  total: number;
  totalCapped: boolean;
  next: string | null;
}

const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const visiblePhoto = and(eq(photos.status, "active"), eq(photos.processingStatus, "ready")) as SQL;

const protectedOf = (g: Pick<GalleryRow, "id" | "access" | "performerIds">): Protected => ({
  kind: "gallery",
  id: g.id,
  access: g.access,
  performerIds: g.performerIds,
});

const isOwner = (user: Editor, g: Pick<GalleryRow, "performerIds">) =>
  user.role === "admin" || g.performerIds.includes(user.id);

/** The size a thumbnail of a `width` x `height` photo is shown at (never enlarged). */
function thumbSize(width: number, height: number) {
  if (!width || !height) return { width: PHOTO_THUMB_WIDTH, height: PHOTO_THUMB_WIDTH };
  const w = Math.min(PHOTO_THUMB_WIDTH, width);
  return { width: w, height: Math.max(1, Math.round((height * w) / width)) };
}

export function createGalleriesService(deps: {
  db: Db;
  storage: Storage;
  signer: UrlSigner;
  access: AccessService;
  reactions: ReactionsService;
  performers: PerformerDirectory;
  categories: CategoryDirectory;
}) {
  const { db, storage, signer, access, reactions } = deps;
  const refs = {
    performers: (ids: readonly string[]) => deps.performers.refs(ids),
    categories: (ids: readonly string[]) => deps.categories.refs(ids),
  };
  const adjustPerformerCounts = (ids: readonly string[], by: { galleries: number }) =>
    deps.performers.adjustCounts(ids, by);

  /** Moves the counters of the performers whose public galleries changed: one listed gallery each. */
  async function syncCounts(
    before: { listed: boolean; performerIds: string[] } | null,
    after: { listed: boolean; performerIds: string[] } | null,
  ) {
    const was = new Set(before?.listed ? before.performerIds : []);
    const is = new Set(after?.listed ? after.performerIds : []);
    const gone = [...was].filter((id) => !is.has(id));
    const added = [...is].filter((id) => !was.has(id));
    if (gone.length) await adjustPerformerCounts(gone, { galleries: -1 });
    if (added.length) await adjustPerformerCounts(added, { galleries: 1 });
  }

  // ---- presenting -------------------------------------------------------------------------------------------

  function signedImage(p: Pick<PhotoRow, "mediaKey" | "width" | "height">): Image {
    const size = thumbSize(p.width, p.height);
    const thumb = signer.sign(`${p.mediaKey}/thumb.webp`);
    const full = signer.sign(`${p.mediaKey}/full.webp`);
    const srcSet = p.width > size.width ? `${thumb} ${size.width}w, ${full} ${p.width}w` : `${thumb} ${size.width}w`;
    return { url: thumb, srcSet, ...size };
  }

  function previewImage(p: Pick<PhotoRow, "previewKey" | "width" | "height">): Image | null {
    if (!p.previewKey) return null;
    return { url: storage.publicUrl(p.previewKey), srcSet: null, ...thumbSize(p.width, p.height) };
  }

  /** What a viewer gets of a photo: signed links when the gallery is open to them, else the blurred preview. */
  function photoImages(p: PhotoRow, canWatch: boolean): { thumbnail: Image | null; url: string | null } {
    if (canWatch && p.mediaKey && p.processingStatus === "ready") {
      return { thumbnail: signedImage(p), url: signer.sign(`${p.mediaKey}/full.webp`) };
    }
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
      refs.performers([...new Set(rows.flatMap((r) => r.performerIds))]),
      refs.categories([...new Set(rows.flatMap((r) => r.categoryIds))]),
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

  async function studioGalleries(user: Editor, rows: GalleryRow[]) {
    const list = await details(user, rows);
    return list.map((g, i) => ({ ...g, updatedAt: (rows[i] as GalleryRow).updatedAt.toISOString() }));
  }

  const studioGallery = async (user: Editor, row: GalleryRow) =>
    (await studioGalleries(user, [row]))[0] as GalleryDetail & { updatedAt: string };

  /** Photos as a viewer sees them; `canWatch` says whether the viewer may see each photo's gallery. */
  async function presentPhotos(rows: PhotoRow[], canWatch: (p: PhotoRow) => boolean) {
    const performerRefs = await refs.performers([...new Set(rows.flatMap((r) => r.performerIds))]);
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

  function toStudioPhotos(rows: PhotoRow[], performerRefs: Map<string, PerformerRef>): StudioPhoto[] {
    return rows.map((p) => {
      const images = photoImages(p, true);
      return {
        _id: p.id,
        galleryId: p.galleryId,
        title: p.title,
        position: p.position,
        width: p.width,
        height: p.height,
        thumbnail: images.thumbnail,
        url: images.url,
        locked: false,
        performers: pick(performerRefs, p.performerIds),
        createdAt: p.createdAt.toISOString(),
        processing: { status: p.processingStatus, error: p.processingError },
        status: p.status,
      };
    });
  }

  /** A public photo answer: a visible photo always has its blurred preview, so `thumbnail` is never null. */
  const publicPhotos = (list: Awaited<ReturnType<typeof presentPhotos>>): Photo[] =>
    list.flatMap((p) => (p.thumbnail ? [{ ...p, thumbnail: p.thumbnail }] : []));

  // ---- reading -------------------------------------------------------------------------------------------------

  async function byIdOrSlug(idOrSlug: string) {
    const key = idOrSlug.trim().toLowerCase();
    // Neither an id nor a slug (slugs are letters, digits and dashes): nothing to look up.
    if (!isUuid(key) && !SLUG_SHAPE.test(key)) return undefined;
    const [row] = await db
      .select()
      .from(galleries)
      .where(isUuid(key) ? eq(galleries.id, key) : eq(galleries.slug, key));
    return row;
  }

  /** A gallery the viewer may open: listed, or their own (or any for an admin). Unlisted ones are not found. */
  async function openGallery(viewer: Viewer, idOrSlug: string) {
    const row = await byIdOrSlug(idOrSlug);
    if (!row || (!row.listed && !(viewer && isOwner(viewer, row)))) throw notFound("Gallery");
    return row;
  }

  /** A gallery the editor may change: 404 when there is none, 403 when it belongs to other performers. */
  async function editableGallery(user: Editor, idOrSlug: string) {
    const row = await byIdOrSlug(idOrSlug);
    if (!row) throw notFound("Gallery");
    if (!isOwner(user, row)) throw forbidden("This gallery belongs to another performer.");
    return row;
  }

  function galleryKeyset(q: Pick<SearchGalleriesQuery, "sortBy" | "sort">): Keyset {
    switch (q.sortBy) {
      case "newest":
        return { name: "newest", key: galleries.releasedAt, kind: "timestamp", id: galleries.id, direction: "desc" };
      case "oldest":
        return { name: "oldest", key: galleries.releasedAt, kind: "timestamp", id: galleries.id, direction: "asc" };
      case "popular":
        return { name: `popular-${q.sort}`, key: galleries.views, kind: "int", id: galleries.id, direction: q.sort };
      case "price":
        return { name: `price-${q.sort}`, key: galleries.priceCents, kind: "int", id: galleries.id, direction: q.sort };
    }
  }

  const keyOfGallery =
    (sortBy: SearchGalleriesQuery["sortBy"]) =>
    (g: GalleryRow): [Date | number, string] => {
      if (sortBy === "popular") return [g.views, g.id];
      if (sortBy === "price") return [g.priceCents, g.id];
      return [g.releasedAt, g.id];
    };

  function publicWhere(q: Omit<SearchGalleriesQuery, "limit" | "offset" | "sort" | "sortBy">): SQL {
    const conds: SQL[] = [sql`${galleries.listed}`];
    const match = matchText(galleries.search, cleanTerm(q.q));
    if (match) conds.push(match);
    if (q.performerIds?.length) conds.push(arrayOverlaps(galleries.performerIds, q.performerIds));
    if (q.categoryIds?.length) conds.push(arrayOverlaps(galleries.categoryIds, q.categoryIds));
    if (q.tags?.length) conds.push(arrayOverlaps(galleries.tags, q.tags));
    if (q.access) conds.push(eq(galleries.access, q.access));
    if (q.excludedId) conds.push(ne(galleries.id, q.excludedId));
    return and(...conds) as SQL;
  }

  /** One page of galleries sorted on `keyset`: by cursor when given, else by offset. */
  async function pageOf(where: SQL, keyset: Keyset, q: PagedIn, keyOf: (g: GalleryRow) => [Date | number, string]) {
    const { after, orderBy } = keysetClauses(keyset, q.cursor);
    const [rows, counted] = await Promise.all([
      db
        .select()
        .from(galleries)
        .where(after ? and(where, after) : where)
        .orderBy(...orderBy)
        .limit(q.limit)
        .offset(q.cursor ? 0 : q.offset),
      cappedCount(db, galleries, where),
    ]);
    return { rows, ...counted, next: nextCursor(rows, q.limit, keyset.name, keyOf) };
  }

  /**
   * A page of listed galleries as every viewer's view is made of it (rows, covers, refs), to be presented to one
   * viewer with `presentListing`: a page shown to many viewers can keep it for a moment.
   */
  async function listing(q: SearchGalleriesQuery): Promise<Listing> {
    const page = await pageOf(publicWhere(q), galleryKeyset(q), q, keyOfGallery(q.sortBy));
    return { ...(await gather(page.rows)), total: page.total, totalCapped: page.totalCapped, next: page.next };
  }

  /** A listing as `viewer` sees it: their access decides each cover (signed links now, or the blurred preview). */
  async function presentListing(viewer: Viewer, list: Listing) {
    const data = (await presentGathered(viewer, list)).map((p) => p.gallery);
    return { data, total: list.total, totalCapped: list.totalCapped, next: list.next };
  }

  // ---- validation of bodies ---------------------------------------------------------------------------------

  async function checkPerformers(user: Editor, ids: string[] | undefined, path: string, current?: readonly string[]) {
    const unique = [...new Set(ids ?? [])];
    if (user.role !== "admin" && !unique.includes(user.id)) {
      if (ids === undefined) return [user.id];
      throw badRequest("Include yourself among the performers of your gallery.", [
        { path, message: "must include yourself" },
      ]);
    }
    if (!unique.length) throw badRequest("Name at least one performer.", [{ path, message: "required" }]);
    // A co-performer may add people to a gallery, never take others (its maker above all) off it.
    if (user.role !== "admin" && (current ?? []).some((p) => !unique.includes(p)))
      throw badRequest("Only an admin can remove another performer from this gallery.", [
        { path, message: "cannot remove other performers" },
      ]);
    const found = await refs.performers(unique);
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length)
      throw badRequest(`No performer has the id ${missing.join(", ")}.`, [{ path, message: "unknown performer" }]);
    return unique;
  }

  async function checkCategories(ids: string[] | undefined, path: string) {
    const unique = [...new Set(ids ?? [])];
    await deps.categories.assertExist(unique, "gallery", path);
    return unique;
  }

  /** `price` is given exactly when access is `sale`; stored in cents. */
  function priceCentsFor(accessKind: GalleryRow["access"], price: number | null | undefined, current?: number) {
    if (accessKind === "sale") {
      if (price != null) return Math.round(price * 100);
      // Left out keeps the price; an explicit null clears it, which a gallery for sale cannot have.
      if (price === undefined && current) return current;
      throw badRequest("A gallery for sale needs a price.", [{ path: "body.price", message: "required for sale" }]);
    }
    if (price != null)
      throw badRequest("Only galleries for sale have a price.", [{ path: "body.price", message: "only for sale" }]);
    return 0;
  }

  /** A free slug made from the title: `title`, else `title-2`, `title-3`, ... */
  async function freeSlug(title: string) {
    const base = slugify(title, 100) || "gallery";
    const taken = await db
      .select({ slug: galleries.slug })
      .from(galleries)
      .where(sql`${galleries.slug} = ${base} or ${galleries.slug} like ${`${base}-%`}`);
    const used = new Set(taken.map((t) => t.slug));
    if (!used.has(base)) return base;
    for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  const slugTaken = () => conflict("Another gallery has this slug.", [{ path: "body.slug", message: "already taken" }]);

  /**
   * Recomputes what follows from a gallery's photos, inside the caller's transaction with the gallery locked:
   * `photos_count` (photos the public sees) and `listed` (active with at least one of them).
   */
  async function refreshGallery(tx: Db, galleryId: string) {
    const [g] = await tx.select().from(galleries).where(eq(galleries.id, galleryId)).for("update");
    if (!g) return null;
    const [c] = await tx
      .select({ n: count() })
      .from(photos)
      .where(and(eq(photos.galleryId, galleryId), visiblePhoto));
    const n = c?.n ?? 0;
    const listed = g.status === "active" && n > 0;
    if (n === g.photosCount && listed === g.listed) return { before: g, after: g };
    const [after] = await tx
      .update(galleries)
      .set({ photosCount: n, listed })
      .where(eq(galleries.id, galleryId))
      .returning();
    return { before: g, after: after as GalleryRow };
  }

  async function photoOf(user: Editor, photoId: string) {
    const [row] = await db
      .select({ photo: photos, gallery: galleries })
      .from(photos)
      .innerJoin(galleries, eq(galleries.id, photos.galleryId))
      .where(eq(photos.id, photoId));
    if (!row) throw notFound("Photo");
    if (!isOwner(user, row.gallery)) throw forbidden("This photo belongs to another performer.");
    return row;
  }

  async function removePhotoFiles(photoId: string) {
    await storage.remove(`private/photos/${photoId}`);
    await storage.remove(`public/photos/${photoId}`);
  }

  return {
    // ---- public ----------------------------------------------------------------------------------------------

    async search(viewer: Viewer, q: SearchGalleriesQuery) {
      return presentListing(viewer, await listing(q));
    },

    listing,
    presentListing,

    /** How many listed galleries match `q` (capped), for `/search/total`. */
    async countMatching(q: string | undefined): Promise<number> {
      return (await cappedCount(db, galleries, publicWhere({ q }))).total;
    },

    /** A gallery's page: counts a view. Unlisted galleries exist only for their performers and admins. */
    async view(viewer: Viewer, idOrSlug: string): Promise<GalleryDetail> {
      const row = await openGallery(viewer, idOrSlug);
      if (!row.listed) return detail(viewer, row);
      const [counted] = await db
        .update(galleries)
        .set({ views: sql`${galleries.views} + 1`, updatedAt: sql`${galleries.updatedAt}` })
        .where(eq(galleries.id, row.id))
        .returning();
      return detail(viewer, counted ?? row);
    },

    /** The photos of one gallery in its order; a locked gallery gives blurred previews only. */
    async galleryPhotos(viewer: Viewer, idOrSlug: string, q: PagedIn) {
      const g = await openGallery(viewer, idOrSlug);
      const decision = await access.decide(viewer, protectedOf(g));
      const keyset: Keyset = {
        name: "position",
        key: photos.position,
        kind: "int",
        id: photos.id,
        direction: "asc",
      };
      const where = and(eq(photos.galleryId, g.id), visiblePhoto) as SQL;
      const { after, orderBy } = keysetClauses(keyset, q.cursor);
      const [rows, counted] = await Promise.all([
        db
          .select()
          .from(photos)
          .where(after ? and(where, after) : where)
          .orderBy(...orderBy)
          .limit(q.limit)
          .offset(q.cursor ? 0 : q.offset),
        cappedCount(db, photos, where),
      ]);
      return {
        data: publicPhotos(await presentPhotos(rows, () => decision.canWatch)),
        ...counted,
        next: nextCursor(rows, q.limit, keyset.name, (p) => [p.position, p.id]),
      };
    },

    /** Photos of listed galleries, newest first or in one gallery's order; each locked as its gallery is. */
    async searchPhotos(viewer: Viewer, q: SearchPhotosQuery) {
      if (q.sortBy === "position" && !q.galleryId)
        throw badRequest("Sorting by position needs a galleryId.", [
          { path: "querystring.galleryId", message: "required when sortBy is position" },
        ]);
      const conds: SQL[] = [sql`${galleries.listed}`, visiblePhoto];
      if (q.galleryId) conds.push(eq(photos.galleryId, q.galleryId));
      if (q.performerIds?.length) conds.push(arrayOverlaps(photos.performerIds, q.performerIds));
      const match = matchText(galleries.search, cleanTerm(q.q));
      if (match) conds.push(match);
      const where = and(...conds) as SQL;
      const keyset: Keyset =
        q.sortBy === "position"
          ? { name: "position", key: photos.position, kind: "int", id: photos.id, direction: "asc" }
          : { name: "newest", key: photos.createdAt, kind: "timestamp", id: photos.id, direction: "desc" };
      const { after, orderBy } = keysetClauses(keyset, q.cursor);
      const gallery = { id: galleries.id, access: galleries.access, performerIds: galleries.performerIds };
      const [rows, counted] = await Promise.all([
        db
          .select({ photo: photos, gallery })
          .from(photos)
          .innerJoin(galleries, eq(galleries.id, photos.galleryId))
          .where(after ? and(where, after) : where)
          .orderBy(...orderBy)
          .limit(q.limit)
          .offset(q.cursor ? 0 : q.offset),
        cappedCountOf(
          db,
          db.select({ one: sql`1` }).from(photos).innerJoin(galleries, eq(galleries.id, photos.galleryId)).where(where),
        ),
      ]);
      const ent: Entitlements = await access.entitlements(
        viewer,
        rows.map((r) => protectedOf(r.gallery)),
      );
      const canWatch = new Map(
        rows.map((r) => [r.gallery.id, access.decideWith(viewer, protectedOf(r.gallery), ent).canWatch]),
      );
      return {
        data: publicPhotos(
          await presentPhotos(
            rows.map((r) => r.photo),
            (p) => canWatch.get(p.galleryId) ?? false,
          ),
        ),
        ...counted,
        next: nextCursor(rows, q.limit, keyset.name, (r) =>
          q.sortBy === "position" ? [r.photo.position, r.photo.id] : [r.photo.createdAt, r.photo.id],
        ),
      };
    },

    // ---- studio ----------------------------------------------------------------------------------------------

    async studioSearch(user: Editor, q: StudioSearchQuery) {
      const conds: SQL[] = [];
      if (user.role !== "admin") conds.push(arrayContains(galleries.performerIds, [user.id]));
      if (q.performerId) conds.push(arrayContains(galleries.performerIds, [q.performerId]));
      if (q.status) conds.push(eq(galleries.status, q.status));
      const match = matchText(galleries.search, cleanTerm(q.q));
      if (match) conds.push(match);
      const where = (conds.length ? and(...conds) : sql`true`) as SQL;
      const keyset: Keyset = {
        name: `studio-${q.sortBy}`,
        key: galleries.createdAt,
        kind: "timestamp",
        id: galleries.id,
        direction: q.sortBy === "newest" ? "desc" : "asc",
      };
      const page = await pageOf(where, keyset, q, (g) => [g.createdAt, g.id]);
      const data = await studioGalleries(user, page.rows);
      return { data, total: page.total, totalCapped: page.totalCapped, next: page.next };
    },

    async studioView(user: Editor, idOrSlug: string) {
      return studioGallery(user, await editableGallery(user, idOrSlug));
    },

    async create(user: Editor, body: CreateGalleryBody) {
      const performerIds = await checkPerformers(user, body.performerIds, "body.performerIds");
      const categoryIds = await checkCategories(body.categoryIds, "body.categoryIds");
      const priceCents = priceCentsFor(body.access, body.price);
      const now = new Date();
      const values = {
        title: body.title,
        description: body.description,
        tags: [...new Set(body.tags)],
        access: body.access,
        priceCents,
        status: body.status,
        performerIds,
        categoryIds,
        createdBy: user.id,
        // Set here, in milliseconds, so that keyset cursors (which carry milliseconds) match the stored value.
        releasedAt: now,
        createdAt: now,
      };
      let row: GalleryRow | undefined;
      for (let attempt = 0; !row; attempt++) {
        const slug = body.slug ?? (await freeSlug(body.title));
        try {
          [row] = await db
            .insert(galleries)
            .values({ ...values, slug: attempt < 2 || body.slug ? slug : `${slug}-${uuidv7().slice(-6)}` })
            .returning();
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          // A slug the client chose is theirs to change; a made-up one lost a race: make another.
          if (body.slug || attempt >= 3) throw slugTaken();
        }
      }
      return studioGallery(user, row);
    },

    async update(user: Editor, id: string, body: UpdateGalleryBody) {
      const current = await editableGallery(user, id);
      const patch: Partial<typeof galleries.$inferInsert> = {};
      if (body.title !== undefined) patch.title = body.title;
      if (body.description !== undefined) patch.description = body.description;
      if (body.tags !== undefined) patch.tags = [...new Set(body.tags)];
      if (body.slug !== undefined && body.slug !== current.slug) patch.slug = body.slug;
      if (body.performerIds !== undefined)
        patch.performerIds = await checkPerformers(user, body.performerIds, "body.performerIds", current.performerIds);
      if (body.categoryIds !== undefined)
        patch.categoryIds = await checkCategories(body.categoryIds, "body.categoryIds");
      if (body.access !== undefined || body.price !== undefined) {
        const kind = body.access ?? current.access;
        patch.access = kind;
        patch.priceCents = priceCentsFor(kind, body.price, current.priceCents);
      }
      if (body.coverPhotoId !== undefined) {
        if (body.coverPhotoId !== null) {
          const [photo] = await db
            .select({ id: photos.id })
            .from(photos)
            .where(and(eq(photos.id, body.coverPhotoId), eq(photos.galleryId, current.id)));
          if (!photo)
            throw badRequest("The cover must be a photo of this gallery.", [
              { path: "body.coverPhotoId", message: "not a photo of this gallery" },
            ]);
        }
        patch.coverPhotoId = body.coverPhotoId;
      }
      if (body.status !== undefined) {
        patch.status = body.status;
        // First publication: "newest" lists it from now on, not from when the draft was made.
        if (current.status === "draft" && body.status === "active") patch.releasedAt = new Date();
      }
      let result: { before: GalleryRow; after: GalleryRow } | null = null;
      try {
        result = await db.transaction(async (tx) => {
          const [before] = await tx.select().from(galleries).where(eq(galleries.id, current.id)).for("update");
          if (!before) throw notFound("Gallery");
          if (Object.keys(patch).length) await tx.update(galleries).set(patch).where(eq(galleries.id, current.id));
          if (patch.performerIds)
            await tx.update(photos).set({ performerIds: patch.performerIds }).where(eq(photos.galleryId, current.id));
          const refreshed = await refreshGallery(tx as unknown as Db, current.id);
          return { before, after: refreshed?.after as GalleryRow };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw slugTaken();
        throw err;
      }
      await syncCounts(result.before, result.after);
      return studioGallery(user, result.after);
    },

    /** Deletes a gallery, its photos and their files. */
    async remove(user: Editor, id: string) {
      const current = await editableGallery(user, id);
      const removed = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(galleries).where(eq(galleries.id, current.id)).for("update");
        if (!before) throw notFound("Gallery");
        const photoIds = await tx.select({ id: photos.id }).from(photos).where(eq(photos.galleryId, current.id));
        await tx.delete(galleries).where(eq(galleries.id, current.id));
        return { before, photoIds: photoIds.map((p) => p.id) };
      });
      await syncCounts(removed.before, null);
      for (const photoId of removed.photoIds) await removePhotoFiles(photoId);
    },

    async studioPhotos(user: Editor, idOrSlug: string, q: PagedIn) {
      const g = await editableGallery(user, idOrSlug);
      const keyset: Keyset = { name: "position", key: photos.position, kind: "int", id: photos.id, direction: "asc" };
      const where = eq(photos.galleryId, g.id);
      const { after, orderBy } = keysetClauses(keyset, q.cursor);
      const [rows, counted] = await Promise.all([
        db
          .select()
          .from(photos)
          .where(after ? and(where, after) : where)
          .orderBy(...orderBy)
          .limit(q.limit)
          .offset(q.cursor ? 0 : q.offset),
        cappedCount(db, photos, where),
      ]);
      const performerRefs = await refs.performers([...new Set(rows.flatMap((r) => r.performerIds))]);
      return {
        data: toStudioPhotos(rows, performerRefs),
        ...counted,
        next: nextCursor(rows, q.limit, keyset.name, (p) => [p.position, p.id]),
      };
    },

    /**
     * Adds one photo at the end of a gallery. The image is processed during the request: uploads are capped
     * (UPLOAD_IMAGE_MAX_MB), sharp works off the event loop, and a 24-megapixel camera picture takes one to two
     * seconds on a busy 2-core machine. So a file that is not an image is refused with 422 before anything is
     * stored, and the photo answers ready, with no queue to wait for. `readFile` is called only once the gallery is known to
     * be the editor's, so a refused request never reads a whole upload.
     */
    async uploadPhoto(user: Editor, galleryId: string, readFile: () => Promise<Buffer>): Promise<StudioPhoto> {
      const g = await editableGallery(user, galleryId);
      const file = await readFile();
      // The upload is decoded once, into the full size; the thumbnail and the preview come from that
      // (rotated already, and at most 2048 px), which halves the work on a large camera picture.
      const processed = await imageVariants(file, [
        { name: "full", width: PHOTO_FULL_MAX, height: PHOTO_FULL_MAX, fit: "inside" },
      ]);
      const full = processed.variants.get("full") as Buffer;
      const thumb = (
        await imageVariants(full, [{ name: "thumb", width: PHOTO_THUMB_WIDTH, fit: "inside" }])
      ).variants.get("thumb") as Buffer;
      const preview = await blurredPreview(full);
      const fullMeta = await sharp(full).metadata();

      const id = uuidv7();
      const mediaKey = `private/photos/${id}`;
      const previewKey = `public/photos/${id}/preview.webp`;
      let result: { photo: PhotoRow; refreshed: { before: GalleryRow; after: GalleryRow } | null };
      try {
        await storage.put(`${mediaKey}/thumb.webp`, thumb);
        await storage.put(`${mediaKey}/full.webp`, full);
        await storage.put(previewKey, preview);
        result = await db.transaction(async (tx) => {
          // Locking the gallery orders concurrent uploads: each takes the next position.
          const [locked] = await tx.select().from(galleries).where(eq(galleries.id, g.id)).for("update");
          if (!locked) throw notFound("Gallery");
          const [last] = await tx
            .select({ next: sql<number>`coalesce(max(${photos.position}), -1)::int + 1` })
            .from(photos)
            .where(eq(photos.galleryId, g.id));
          const [photo] = await tx
            .insert(photos)
            .values({
              id,
              galleryId: g.id,
              performerIds: locked.performerIds,
              position: last?.next ?? 0,
              status: "active",
              processingStatus: "ready",
              mediaKey,
              previewKey,
              width: fullMeta.width ?? processed.width,
              height: fullMeta.height ?? processed.height,
              createdAt: new Date(),
            })
            .returning();
          const refreshed = await refreshGallery(tx as unknown as Db, g.id);
          return { photo: photo as PhotoRow, refreshed };
        });
      } catch (err) {
        await removePhotoFiles(id);
        throw err;
      }
      if (result.refreshed) await syncCounts(result.refreshed.before, result.refreshed.after);
      const performerRefs = await refs.performers(result.photo.performerIds);
      return toStudioPhotos([result.photo], performerRefs)[0] as StudioPhoto;
    },

    async updatePhoto(user: Editor, photoId: string, body: UpdatePhotoBody) {
      const { photo } = await photoOf(user, photoId);
      const result = await db.transaction(async (tx) => {
        await tx.select({ id: galleries.id }).from(galleries).where(eq(galleries.id, photo.galleryId)).for("update");
        const patch: Partial<typeof photos.$inferInsert> = {};
        if (body.title !== undefined) patch.title = body.title;
        if (body.status !== undefined) patch.status = body.status;
        let moved = false;
        if (body.position !== undefined) {
          // A move to an index of the gallery's order: the others close up behind it, positions stay 0..n-1.
          const order = await tx
            .select({ id: photos.id, position: photos.position })
            .from(photos)
            .where(eq(photos.galleryId, photo.galleryId))
            .orderBy(photos.position, photos.id);
          const ids = order.map((o) => o.id).filter((id) => id !== photo.id);
          ids.splice(Math.min(body.position, ids.length), 0, photo.id);
          const was = new Map(order.map((o) => [o.id, o.position]));
          for (const [index, id] of ids.entries()) {
            if (was.get(id) === index) continue;
            await tx.update(photos).set({ position: index }).where(eq(photos.id, id));
            moved = true;
          }
        }
        let row = photo;
        if (Object.keys(patch).length) {
          const [updated] = await tx.update(photos).set(patch).where(eq(photos.id, photo.id)).returning();
          row = updated as PhotoRow;
        } else if (moved) {
          const [reread] = await tx.select().from(photos).where(eq(photos.id, photo.id));
          row = reread as PhotoRow;
        }
        const refreshed = await refreshGallery(tx as unknown as Db, photo.galleryId);
        return { row, refreshed };
      });
      if (result.refreshed) await syncCounts(result.refreshed.before, result.refreshed.after);
      const performerRefs = await refs.performers(result.row.performerIds);
      return toStudioPhotos([result.row], performerRefs)[0] as StudioPhoto;
    },

    async removePhoto(user: Editor, photoId: string) {
      const { photo } = await photoOf(user, photoId);
      const refreshed = await db.transaction(async (tx) => {
        await tx.select({ id: galleries.id }).from(galleries).where(eq(galleries.id, photo.galleryId)).for("update");
        await tx.delete(photos).where(eq(photos.id, photo.id));
        // Close the gap, so that positions stay 0..n-1 and a move names an index.
        await tx.execute(sql`
          update ${photos} set position = r.n - 1
          from (select id, row_number() over (order by position, id) as n from ${photos}
                where gallery_id = ${photo.galleryId}) r
          where ${photos.id} = r.id and ${photos.position} <> r.n - 1`);
        await tx
          .update(galleries)
          .set({ coverPhotoId: null })
          .where(and(eq(galleries.id, photo.galleryId), eq(galleries.coverPhotoId, photo.id)));
        return refreshGallery(tx as unknown as Db, photo.galleryId);
      });
      if (refreshed) await syncCounts(refreshed.before, refreshed.after);
      await removePhotoFiles(photo.id);
    },
  };
}
export type GalleriesService = ReturnType<typeof createGalleriesService>;
