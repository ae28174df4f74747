import type { CreateGalleryBody, UpdateGalleryBody } from "@marquee/contracts/galleries";
import { and, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { ForgetEngagement } from "../../platform/engageable.ts";
import { badRequest, conflict, forbidden, notFound, unprocessable } from "../../platform/errors.ts";
import { isUniqueViolation } from "../../platform/slugs.ts";
import type { Storage } from "../../platform/storage.ts";
import { type Actor, ownsOrAdmin } from "../catalogue/access.ts";
import * as rules from "../catalogue/editing.ts";
import { decisionFields, heldByReview, type ReviewGate, reviewAfterWrite } from "../catalogue/review.ts";
import type { ReviewDecisionIn } from "../catalogue/review-port.ts";
import type { GalleryPresenter } from "./present.ts";
import type { GalleryReads } from "./reading.ts";
import { GALLERY, visiblePhoto } from "./rows.ts";
import { type GalleryRow, galleries, photos } from "./tables.ts";

/** Writing galleries: create, edit, delete and take down, keeping `listed`, `photosCount` and the counters true. */
export function createGalleryWrites(deps: {
  db: Db;
  storage: Storage;
  performers: rules.PerformerDirectory;
  categories: rules.CategoryDirectory;
  publication: rules.PublicationGate;
  reads: GalleryReads;
  present: GalleryPresenter;
  forgetEngagement: ForgetEngagement<"gallery">;
  review: ReviewGate;
}) {
  const { db, storage, reads, present } = deps;

  /** Moves the counters of the performers whose public galleries changed: one listed gallery each. */
  const syncCounts = (before: GalleryRow | null, after: GalleryRow | null) =>
    rules.syncPerformerCounts(deps.performers, "galleries", (g) => g.listed, [{ before, after }]);

  /**
   * Recomputes what follows from a gallery's photos, inside the caller's transaction with the gallery locked:
   * `photos_count` (photos the public sees) and `listed` (active with at least one of them, and neither taken down
   * nor held by review).
   */
  async function refreshGallery(tx: Db, galleryId: string) {
    const [g] = await tx.select().from(galleries).where(eq(galleries.id, galleryId)).for("update");
    if (!g) return null;
    const [c] = await tx
      .select({ n: count() })
      .from(photos)
      .where(and(eq(photos.galleryId, galleryId), visiblePhoto));
    const n = c?.n ?? 0;
    const listed = g.status === "active" && n > 0 && !g.takenDownAt && !g.heldAt && !heldByReview(g);
    if (n === g.photosCount && listed === g.listed) return { before: g, after: g };
    const [after] = await tx
      .update(galleries)
      .set({ photosCount: n, listed })
      .where(eq(galleries.id, galleryId))
      .returning();
    return { before: g, after: after as GalleryRow };
  }

  async function photoOf(user: Actor, photoId: string) {
    const [row] = await db
      .select({ photo: photos, gallery: galleries })
      .from(photos)
      .innerJoin(galleries, eq(galleries.id, photos.galleryId))
      .where(eq(photos.id, photoId));
    if (!row) throw notFound("Photo");
    if (!ownsOrAdmin(user, row.gallery)) throw forbidden("This photo belongs to another performer.");
    return row;
  }

  async function removePhotoFiles(photoId: string) {
    await storage.remove(`private/photos/${photoId}`);
    await storage.remove(`public/photos/${photoId}`);
  }

  async function update(
    user: Actor,
    id: string,
    body: UpdateGalleryBody,
    record?: (tx: Db, before: GalleryRow, after: GalleryRow) => Promise<void>,
  ) {
    const current = await reads.editableGallery(user, id);
    const patch: Partial<typeof galleries.$inferInsert> = {};
    if (body.title !== undefined) patch.title = body.title;
    if (body.description !== undefined) patch.description = body.description;
    if (body.tags !== undefined) patch.tags = [...new Set(body.tags)];
    if (body.slug !== undefined && body.slug !== current.slug) {
      rules.assertSlugAllowed(body.slug);
      patch.slug = body.slug;
    }
    if (body.performerIds !== undefined)
      patch.performerIds = await rules.resolvePerformers(
        deps.performers,
        user,
        body.performerIds,
        GALLERY,
        current.performerIds,
      );
    if (body.categoryIds !== undefined)
      patch.categoryIds = await rules.resolveCategories(deps.categories, body.categoryIds, GALLERY);
    if (body.access !== undefined || body.price !== undefined) {
      const kind = body.access ?? current.access;
      patch.access = kind;
      patch.priceCents = rules.priceCentsOf(GALLERY, kind, body.price, current);
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
    const after = { status: body.status ?? current.status, performerIds: patch.performerIds ?? current.performerIds };
    if (rules.publishes(current, after))
      await deps.publication.assertPublishable("gallery", current.id, after.performerIds);
    if (body.status !== undefined) {
      patch.status = body.status;
      // First publication: "newest" lists it from now on, not from when the draft was made.
      if (current.status === "draft" && body.status === "active") patch.releasedAt = new Date();
    }
    Object.assign(patch, await reviewAfterWrite(deps.review, user, current, body.status ?? current.status, new Date()));
    return present.studioGallery(user, await save(current.id, patch, record));
  }

  /** Writes `patch` to a gallery (its photos follow its performers), recomputes `listed`, keeps the counters. */
  async function save(
    id: string,
    patch: Partial<typeof galleries.$inferInsert>,
    record?: (tx: Db, before: GalleryRow, after: GalleryRow) => Promise<void>,
  ): Promise<GalleryRow> {
    let result: { before: GalleryRow; after: GalleryRow };
    try {
      result = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(galleries).where(eq(galleries.id, id)).for("update");
        if (!before) throw notFound("Gallery");
        if (Object.keys(patch).length) await tx.update(galleries).set(patch).where(eq(galleries.id, id));
        if (patch.performerIds)
          await tx.update(photos).set({ performerIds: patch.performerIds }).where(eq(photos.galleryId, id));
        const refreshed = await refreshGallery(tx as unknown as Db, id);
        await record?.(tx as unknown as Db, before, refreshed?.after as GalleryRow);
        return { before, after: refreshed?.after as GalleryRow };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw rules.slugTaken(GALLERY);
      throw err;
    }
    await syncCounts(result.before, result.after);
    return result.after;
  }

  /** An admin takes a gallery off the site (`reason` kept for its performers), or puts it back (`reason` null). */
  async function setTakedown(
    id: string,
    reason: string | null,
    record?: (tx: Db, before: GalleryRow, after: GalleryRow) => Promise<void>,
  ): Promise<GalleryRow> {
    const [current] = await db
      .select({ takenDownAt: galleries.takenDownAt })
      .from(galleries)
      .where(eq(galleries.id, id));
    if (!current) throw notFound("Gallery");
    const takenDownAt = reason === null ? null : (current.takenDownAt ?? new Date());
    return save(id, { takenDownAt, takenDownReason: reason }, record);
  }

  /**
   * An admin's review decision on a waiting gallery, in one transaction with `record` (the audit trail): approved,
   * it is listed (from now on in "newest"); refused, it stays off the site with the reason. 409 when not waiting.
   */
  async function decideReview(
    id: string,
    decision: ReviewDecisionIn,
    record?: (tx: Db, before: GalleryRow, after: GalleryRow) => Promise<void>,
  ): Promise<GalleryRow> {
    const { before, after } = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(galleries).where(eq(galleries.id, id)).for("update");
      if (!current) throw notFound("Gallery");
      if (current.reviewState !== "pending") throw conflict("This gallery is not waiting for review.");
      if (decision.state === "approved" && current.photosCount === 0)
        throw unprocessable("This gallery has no processed photos yet: it can be approved once they show.");
      const at = new Date();
      const fields = decisionFields(decision, at);
      await tx
        .update(galleries)
        .set({ ...fields, ...(decision.state === "approved" ? { releasedAt: at } : {}) })
        .where(eq(galleries.id, id));
      const refreshed = await refreshGallery(tx as unknown as Db, id);
      const row = refreshed?.after as GalleryRow;
      await record?.(tx as unknown as Db, current, row);
      return { before: current, after: row };
    });
    await syncCounts(before, after);
    return after;
  }

  /** A report holds a gallery off the site pending review (`reason` kept for its performers), or lifts it (null). */
  async function setHold(id: string, reason: string | null): Promise<GalleryRow> {
    const [current] = await db.select({ heldAt: galleries.heldAt }).from(galleries).where(eq(galleries.id, id));
    if (!current) throw notFound("Gallery");
    const heldAt = reason === null ? null : (current.heldAt ?? new Date());
    return save(id, { heldAt, heldReason: reason });
  }

  async function create(user: Actor, body: CreateGalleryBody) {
    const fields = await rules.newItemFields(deps, user, body, GALLERY);
    if (rules.publishes(null, { status: body.status, performerIds: fields.performerIds }))
      await deps.publication.assertPublishable("gallery", null, fields.performerIds);
    const now = new Date();
    // Set here, in milliseconds, so that keyset cursors (which carry milliseconds) match the stored value.
    const review = await reviewAfterWrite(deps.review, user, null, body.status, now);
    const values = { ...fields, ...review, status: body.status, releasedAt: now, createdAt: now };
    const row = await rules.insertWithSlug({
      db,
      table: galleries,
      slugColumn: galleries.slug,
      chosen: body.slug,
      title: body.title,
      kind: GALLERY,
      insert: (slug) =>
        db
          .insert(galleries)
          .values({ ...values, slug })
          .returning(),
    });
    return present.studioGallery(user, row);
  }

  /** Deletes a gallery, its photos and their files, and the comments and reactions on it. */
  async function remove(user: Actor, id: string) {
    const current = await reads.editableGallery(user, id);
    const removed = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(galleries).where(eq(galleries.id, current.id)).for("update");
      if (!before) throw notFound("Gallery");
      const photoIds = await tx.select({ id: photos.id }).from(photos).where(eq(photos.galleryId, current.id));
      await tx.delete(galleries).where(eq(galleries.id, current.id));
      await deps.forgetEngagement(tx, "gallery", current.id);
      return { before, photoIds: photoIds.map((p) => p.id) };
    });
    await syncCounts(removed.before, null);
    await deps.publication.forgetItem("gallery", current.id);
    for (const photoId of removed.photoIds) await removePhotoFiles(photoId);
  }

  return {
    syncCounts,
    refreshGallery,
    photoOf,
    removePhotoFiles,
    create,
    update,
    setTakedown,
    setHold,
    decideReview,
    remove,
  };
}
export type GalleryWrites = ReturnType<typeof createGalleryWrites>;
