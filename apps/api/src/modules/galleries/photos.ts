import type { StudioPhoto, UpdatePhotoBody } from "@marquee/contracts/galleries";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../platform/errors.ts";
import { isUuid, uuidv7 } from "../../platform/ids.ts";
import type { Jobs } from "../../platform/jobs.ts";
import { readImage } from "../../platform/media/images.ts";
import { MEDIA_QUEUES, type PhotoJob, type PhotoResult } from "../../platform/media/work.ts";
import type { Storage } from "../../platform/storage.ts";
import type { Actor } from "../catalogue/access.ts";
import { type ReviewGate, reviewOfNewMedia } from "../catalogue/review.ts";
import type { GalleryPresenter } from "./present.ts";
import type { GalleryReads } from "./reading.ts";
import { GALLERY_JOBS, PHOTO_FULL_MAX, PHOTO_THUMB_WIDTH } from "./rows.ts";
import { type GalleryRow, galleries, type PhotoRow, photos } from "./tables.ts";
import type { GalleryWrites } from "./writing.ts";

/** The photos of a gallery: uploads (processed by the media workers), edits, moves and deletions. */
export function createPhotoWrites(deps: {
  db: Db;
  storage: Storage;
  jobs: Jobs;
  reads: GalleryReads;
  writes: GalleryWrites;
  present: GalleryPresenter;
  review: ReviewGate;
}) {
  const { db, storage, jobs, reads, writes, present } = deps;

  /**
   * Adds one photo at the end of a gallery. Only the image's header is read here (its format and size, refused with
   * 422 before anything is stored); the media workers make its variants (`media.photo`, platform/media/work.ts) and
   * `gallery.photo-processed` makes it ready, so a camera picture's seconds of decoding never hold an API process.
   * `readFile` is called only once the gallery is known to be the editor's, so a refused request never reads a whole
   * upload.
   */
  async function uploadPhoto(user: Actor, galleryId: string, readFile: () => Promise<Buffer>): Promise<StudioPhoto> {
    const g = await reads.editableGallery(user, galleryId);
    // A new photo in a gallery that is out (or approved) is new content: review again when the site asks for it.
    const review = await reviewOfNewMedia(deps.review, user, g, new Date());
    const file = await readFile();
    const source = await readImage(file);

    const id = uuidv7();
    const mediaKey = `private/photos/${id}`;
    const previewKey = `public/photos/${id}/preview.webp`;
    let result: { photo: PhotoRow; refreshed: { before: GalleryRow; after: GalleryRow } | null };
    try {
      await storage.put(`${mediaKey}/source`, file);
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
            processingStatus: "processing",
            mediaKey,
            previewKey,
            width: source.width,
            height: source.height,
            createdAt: new Date(),
          })
          .returning();
        if (Object.keys(review).length && locked.reviewState !== "pending")
          await tx.update(galleries).set(review).where(eq(galleries.id, g.id));
        const refreshed = await writes.refreshGallery(tx as unknown as Db, g.id);
        return { photo: photo as PhotoRow, refreshed };
      });
      const job: PhotoJob = {
        source: `${mediaKey}/source`,
        out: mediaKey,
        preview: previewKey,
        fullMax: PHOTO_FULL_MAX,
        thumbWidth: PHOTO_THUMB_WIDTH,
        reply: { name: GALLERY_JOBS.photoProcessed, data: { photoId: id } },
      };
      await jobs.send(MEDIA_QUEUES.photo, job, { singletonKey: id });
    } catch (err) {
      // Nothing is left half-made: no row without its job, no file without its row.
      await db.delete(photos).where(eq(photos.id, id));
      await writes.removePhotoFiles(id);
      throw err;
    }
    if (result.refreshed) await writes.syncCounts(result.refreshed.before, result.refreshed.after);
    return (await present.toStudioPhotos([result.photo]))[0] as StudioPhoto;
  }

  /**
   * The `gallery.photo-processed` job: a worker's result. Taken only while the photo still waits for it; the
   * source goes once the variants are in (or the photo failed), and a deleted photo's files go with it. Safe to run
   * again.
   */
  async function applyProcessed(result: PhotoResult & { photoId: string }): Promise<void> {
    const photoId = String(result.photoId ?? "");
    if (!isUuid(photoId)) return;
    const [current] = await db.select().from(photos).where(eq(photos.id, photoId));
    if (!current) return writes.removePhotoFiles(photoId);
    if (current.processingStatus !== "processing" || current.mediaKey !== result.out) return;
    const outcome = await db.transaction(async (tx) => {
      await tx.select({ id: galleries.id }).from(galleries).where(eq(galleries.id, current.galleryId)).for("update");
      const [row] = await tx
        .update(photos)
        .set(
          result.size
            ? { processingStatus: "ready", processingError: null, ...result.size }
            : { processingStatus: "failed", processingError: result.error ?? "The photo could not be processed." },
        )
        .where(and(eq(photos.id, photoId), eq(photos.processingStatus, "processing")))
        .returning({ id: photos.id });
      return row ? writes.refreshGallery(tx as unknown as Db, current.galleryId) : undefined;
    });
    if (outcome === undefined) return;
    if (outcome) await writes.syncCounts(outcome.before, outcome.after);
    await storage.remove(`${current.mediaKey}/source`);
  }

  async function registerJobs() {
    await jobs.work<PhotoResult & { photoId: string }>(GALLERY_JOBS.photoProcessed, (data) => applyProcessed(data));
  }

  async function updatePhoto(user: Actor, photoId: string, body: UpdatePhotoBody) {
    const { photo } = await writes.photoOf(user, photoId);
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
      const refreshed = await writes.refreshGallery(tx as unknown as Db, photo.galleryId);
      return { row, refreshed };
    });
    if (result.refreshed) await writes.syncCounts(result.refreshed.before, result.refreshed.after);
    return (await present.toStudioPhotos([result.row]))[0] as StudioPhoto;
  }

  async function removePhoto(user: Actor, photoId: string) {
    const { photo } = await writes.photoOf(user, photoId);
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
      return writes.refreshGallery(tx as unknown as Db, photo.galleryId);
    });
    if (refreshed) await writes.syncCounts(refreshed.before, refreshed.after);
    await writes.removePhotoFiles(photo.id);
  }

  return { uploadPhoto, applyProcessed, registerJobs, updatePhoto, removePhoto };
}
