import type { PerformerRef } from "@marquee/contracts/catalogue";
import type { GalleryDetail, SearchGalleriesQuery, SearchPhotosQuery } from "@marquee/contracts/galleries";
import { and, arrayContains, arrayOverlaps, eq, inArray, isNotNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { badRequest, notFound } from "../../platform/errors.ts";
import { matchText } from "../../platform/fulltext.ts";
import { isUuid } from "../../platform/ids.ts";
import {
  cappedCount,
  cappedCountOf,
  countUnless,
  type Keyset,
  keysetClauses,
  nextCursor,
  type Uncounted,
} from "../../platform/paging.ts";
import { cleanTerm, SLUG_SHAPE } from "../../platform/slugs.ts";
import type { AccessService } from "../access/service.ts";
import type { Entitlements, Offer } from "../catalogue/access.ts";
import { type Actor, canOpen, type Viewer } from "../catalogue/access.ts";
import { assertEditable } from "../catalogue/editing.ts";
import { catalogueKeyset, studioKeyset } from "../catalogue/paging.ts";
import type { GalleryPresenter } from "./present.ts";
import { GALLERY, type Listing, type PagedIn, protectedOf, type StudioSearchQuery, visiblePhoto } from "./rows.ts";
import { type GalleryRow, galleries, type PhotoRow, photos } from "./tables.ts";

/** The photos of one gallery in their order. */
const byPosition: Keyset = { name: "position", key: photos.position, kind: "int", id: photos.id, direction: "asc" };

const keyOfGallery =
  (sortBy: SearchGalleriesQuery["sortBy"]) =>
  (g: GalleryRow): [Date | number, string] => {
    if (sortBy === "popular") return [g.views, g.id];
    if (sortBy === "price") return [g.priceCents, g.id];
    return [g.releasedAt, g.id];
  };

/** Reading galleries and photos: the public lists, a gallery's page and photos, and the studio's lists. */
export function createGalleryReads(deps: {
  db: Db;
  access: AccessService;
  present: GalleryPresenter;
  performers: { refs(ids: readonly string[]): Promise<Map<string, PerformerRef>> };
}) {
  const { db, access, present } = deps;

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
    if (!row || !canOpen(viewer, row)) throw notFound("Gallery");
    return row;
  }

  /** A gallery the editor may change: 404 when there is none, 403 when it belongs to other performers. */
  const editableGallery = async (user: Actor, idOrSlug: string) =>
    assertEditable(user, await byIdOrSlug(idOrSlug), GALLERY);

  function publicWhere(q: Omit<SearchGalleriesQuery, "limit" | "offset" | "sort" | "sortBy">): SQL {
    const conds: SQL[] = [sql`${galleries.listed}`];
    const match = matchText(galleries.search, cleanTerm(q.q), galleries.tags);
    if (match) conds.push(match);
    if (q.performerIds?.length) conds.push(arrayOverlaps(galleries.performerIds, q.performerIds));
    if (q.categoryIds?.length) conds.push(arrayOverlaps(galleries.categoryIds, q.categoryIds));
    if (q.tags?.length) conds.push(arrayOverlaps(galleries.tags, q.tags));
    if (q.access) conds.push(eq(galleries.access, q.access));
    if (q.excludedId) conds.push(ne(galleries.id, q.excludedId));
    return and(...conds) as SQL;
  }

  /** One page of a table's rows sorted on `keyset`: by cursor when given, else by offset. */
  async function tablePage<T extends typeof galleries | typeof photos>(
    table: T,
    where: SQL,
    keyset: Keyset,
    q: PagedIn,
    keyOf: (row: T["$inferSelect"]) => [Date | number, string],
  ) {
    const { after, orderBy } = keysetClauses(keyset, q.cursor);
    const [rows, counted] = await Promise.all([
      db
        .select()
        .from(table as typeof galleries)
        .where(after ? and(where, after) : where)
        .orderBy(...orderBy)
        .limit(q.limit)
        .offset(q.cursor ? 0 : q.offset) as Promise<T["$inferSelect"][]>,
      countUnless(q, () => cappedCount(db, table, where)),
    ]);
    return { rows, ...counted, next: nextCursor(rows, q.limit, keyset.name, keyOf) };
  }
  const pageOf = (where: SQL, keyset: Keyset, q: PagedIn, keyOf: (g: GalleryRow) => [Date | number, string]) =>
    tablePage(galleries, where, keyset, q, keyOf);
  /** One page of photos in their gallery's order. */
  const photosPage = (where: SQL, q: PagedIn) =>
    tablePage(photos, where, byPosition, q, (p: PhotoRow) => [p.position, p.id]);

  /**
   * A page of listed galleries as every viewer's view is made of it (rows, covers, refs), to be presented to one
   * viewer with `presentListing`: a page shown to many viewers can keep it for a moment.
   */
  async function listing(q: SearchGalleriesQuery & Uncounted): Promise<Listing> {
    const page = await pageOf(publicWhere(q), catalogueKeyset(q.sortBy, q.sort, galleries), q, keyOfGallery(q.sortBy));
    return { ...(await present.gather(page.rows)), total: page.total, totalCapped: page.totalCapped, next: page.next };
  }

  /** A listing as `viewer` sees it: their access decides each cover (signed links now, or the blurred preview). */
  async function presentListing(viewer: Viewer, list: Listing) {
    const data = (await present.presentGathered(viewer, list)).map((p) => p.gallery);
    return { data, total: list.total, totalCapped: list.totalCapped, next: list.next };
  }

  async function search(viewer: Viewer, q: SearchGalleriesQuery & Uncounted) {
    return presentListing(viewer, await listing(q));
  }

  /** How many listed galleries match `q` (capped), for `/search/total`. */
  async function countMatching(q: string | undefined): Promise<number> {
    return (await cappedCount(db, galleries, publicWhere({ q }))).total;
  }

  /** A gallery's page: counts a view. Unlisted galleries exist only for their performers and admins. */
  async function view(viewer: Viewer, idOrSlug: string): Promise<GalleryDetail> {
    const row = await openGallery(viewer, idOrSlug);
    if (!row.listed) return present.detail(viewer, row);
    const [counted] = await db
      .update(galleries)
      .set({ views: sql`${galleries.views} + 1`, updatedAt: sql`${galleries.updatedAt}` })
      .where(eq(galleries.id, row.id))
      .returning();
    return present.detail(viewer, counted ?? row);
  }

  /** The gallery as a checkout sees it (no view counted): 404 when the viewer may not open it. */
  async function offer(viewer: Viewer, idOrSlug: string): Promise<Offer> {
    const g = await openGallery(viewer, idOrSlug);
    return {
      kind: "gallery",
      id: g.id,
      title: g.title,
      priceCents: g.priceCents,
      performerIds: g.performerIds,
      listed: g.listed,
      decision: await access.decide(viewer, protectedOf(g)),
    };
  }

  /** The photos of one gallery in its order; a locked gallery gives blurred previews only. */
  async function galleryPhotos(viewer: Viewer, idOrSlug: string, q: PagedIn) {
    const g = await openGallery(viewer, idOrSlug);
    const decision = await access.decide(viewer, protectedOf(g));
    const { rows, ...page } = await photosPage(and(eq(photos.galleryId, g.id), visiblePhoto) as SQL, q);
    return { data: present.publicPhotos(await present.presentPhotos(rows, () => decision.canWatch)), ...page };
  }

  /** Photos of listed galleries, newest first or in one gallery's order; each locked as its gallery is. */
  async function searchPhotos(viewer: Viewer, q: SearchPhotosQuery) {
    if (q.sortBy === "position" && !q.galleryId)
      throw badRequest("Sorting by position needs a galleryId.", [
        { path: "querystring.galleryId", message: "required when sortBy is position" },
      ]);
    const conds: SQL[] = [sql`${galleries.listed}`, visiblePhoto];
    if (q.galleryId) conds.push(eq(photos.galleryId, q.galleryId));
    if (q.performerIds?.length) conds.push(arrayOverlaps(photos.performerIds, q.performerIds));
    const match = matchText(galleries.search, cleanTerm(q.q), galleries.tags);
    if (match) conds.push(match);
    const where = and(...conds) as SQL;
    const keyset: Keyset =
      q.sortBy === "position"
        ? byPosition
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
      data: present.publicPhotos(
        await present.presentPhotos(
          rows.map((r) => r.photo),
          (p) => canWatch.get(p.galleryId) ?? false,
        ),
      ),
      ...counted,
      next: nextCursor(rows, q.limit, keyset.name, (r) =>
        q.sortBy === "position" ? [r.photo.position, r.photo.id] : [r.photo.createdAt, r.photo.id],
      ),
    };
  }

  async function studioSearch(user: Actor, q: StudioSearchQuery) {
    const conds: SQL[] = [];
    if (user.role !== "admin") conds.push(arrayContains(galleries.performerIds, [user.id]));
    if (q.performerId) conds.push(arrayContains(galleries.performerIds, [q.performerId]));
    if (q.status) conds.push(eq(galleries.status, q.status));
    const match = matchText(galleries.search, cleanTerm(q.q), galleries.tags);
    if (match) conds.push(match);
    const where = (conds.length ? and(...conds) : sql`true`) as SQL;
    const keyset = studioKeyset(q.sortBy, q.sort, galleries);
    const page = await pageOf(where, keyset, q, (g) => [g.createdAt, g.id]);
    const data = await present.studioGalleries(user, page.rows);
    return { data, total: page.total, totalCapped: page.totalCapped, next: page.next };
  }

  async function studioView(user: Actor, idOrSlug: string) {
    return present.studioGallery(user, await editableGallery(user, idOrSlug));
  }

  async function studioPhotos(user: Actor, idOrSlug: string, q: PagedIn) {
    const g = await editableGallery(user, idOrSlug);
    const { rows, ...page } = await photosPage(eq(photos.galleryId, g.id), q);
    return { data: await present.toStudioPhotos(rows), ...page };
  }

  /** The photos of the galleries an admin has taken down, with when: photo id -> gallery taken down at. */
  async function takenDownPhotos(): Promise<Map<string, Date>> {
    const rows = await db
      .select({
        id: photos.id,
        at: sql<Date>`coalesce(${galleries.takenDownAt}, ${galleries.heldAt})`.mapWith(galleries.takenDownAt),
      })
      .from(photos)
      .innerJoin(galleries, eq(galleries.id, photos.galleryId))
      // Held by a report (modules/reports) stops its files the same way.
      .where(or(isNotNull(galleries.takenDownAt), isNotNull(galleries.heldAt)));
    return new Map(rows.flatMap((r) => (r.at ? [[r.id, r.at] as const] : [])));
  }

  /** Galleries by id as lists show them, in the order given; those the viewer may not open are left out. */
  async function listByIds(viewer: Viewer, ids: readonly string[]) {
    if (!ids.length) return [];
    const found = await db
      .select()
      .from(galleries)
      .where(inArray(galleries.id, [...new Set(ids)]));
    const byId = new Map(found.filter((r) => canOpen(viewer, r)).map((r) => [r.id, r]));
    const rows = ids.flatMap((id) => byId.get(id) ?? []);
    return (await present.presentGathered(viewer, await present.gather(rows))).map((p) => p.gallery);
  }

  return {
    byIdOrSlug,
    listByIds,
    takenDownPhotos,
    offer,
    editableGallery,
    search,
    listing,
    presentListing,
    countMatching,
    view,
    galleryPhotos,
    searchPhotos,
    studioSearch,
    studioView,
    studioPhotos,
  };
}
export type GalleryReads = ReturnType<typeof createGalleryReads>;
