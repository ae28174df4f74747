import { rm } from "node:fs/promises";
import path from "node:path";
import type { StudioVideo } from "@marquee/contracts/videos";
import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { AppError, notFound, unprocessable } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import type { Jobs, JobsLog } from "../../platform/jobs.ts";
import { imageVariants } from "../../platform/media/images.ts";
import { probeVideo } from "../../platform/media/probe.ts";
import { makeTeaser, transcodeVideo } from "../../platform/media/video.ts";
import { readAll, type Storage, withLocalCopy } from "../../platform/storage.ts";
import type { Actor } from "../catalogue/access.ts";
import { randomTail } from "../catalogue/editing.ts";
import type { VideoPresenter } from "./present.ts";
import type { VideoReads } from "./reading.ts";
import { type Row, rowColumns, sourceDir, THUMB_SPECS, VIDEO_JOBS } from "./rows.ts";
import { videos } from "./tables.ts";
import type { VideoWrites } from "./writing.ts";

const TEASER_SECONDS = 8;

/** Media of movies: uploads, the processing job, the hourly release of scheduled movies and the demo's copies. */
export function createVideoMedia(deps: {
  db: Db;
  storage: Storage;
  jobs: Jobs;
  log: JobsLog;
  reads: VideoReads;
  writes: VideoWrites;
  present: VideoPresenter;
  notify(userId: string, event: string, payload: unknown): void;
  now: () => Date;
}) {
  const { db, storage, jobs, log, reads, writes, present, now } = deps;

  /** Writes a file to `destPath` and says how large it is (the route streams the request body). */
  type Receive = (destPath: string) => Promise<{ bytes: number }>;

  /**
   * Takes the movie file: streamed to a temp file, probed at once so that what is not a video is refused (422) and
   * removed, then moved in as `private/video-sources/<id>/source` and queued for processing. A crash mid-upload
   * leaves only the temp file, which the next start or the housekeeping removes.
   */
  async function uploadVideo(actor: Actor, id: string, receive: Receive): Promise<StudioVideo> {
    const current = await reads.managedRow(actor, id);
    const mediaKey = `private/videos/${current.id}`;
    const tmp = await storage.tempPath("upload");
    let bytes: number;
    let info: Awaited<ReturnType<typeof probeVideo>>;
    try {
      ({ bytes } = await receive(tmp));
      info = await probeVideo(tmp);
      await storage.moveIn(tmp, `${sourceDir(current.id)}/source`);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    const state = { ...current, processingStatus: "pending" as const };
    const [row] = await db
      .update(videos)
      .set({
        processingStatus: "pending",
        processingError: null,
        mediaKey,
        sourceSizeBytes: bytes,
        durationSec: info.durationSec,
        width: info.width,
        height: info.height,
        ...writes.placementNow(state),
      })
      .where(eq(videos.id, current.id))
      .returning(rowColumns);
    if (!row) {
      // Deleted while the file was arriving.
      await writes.removeFiles(current.id);
      throw notFound("Movie");
    }
    await writes.syncCounts([{ before: current, after: row }]);
    await jobs.send(VIDEO_JOBS.process, { videoId: row.id }, { singletonKey: row.id });
    return present.studioOf(actor, row);
  }

  /** A teaser: a short silent clip cut from the uploaded video, public (shown also when the movie is locked). */
  async function uploadTeaser(actor: Actor, id: string, receive: Receive): Promise<StudioVideo> {
    const current = await reads.managedRow(actor, id);
    const tmp = await storage.tempPath("teaser-upload");
    const key = `public/videos/${current.id}/teaser-${randomTail()}.mp4`;
    try {
      await receive(tmp);
      await makeTeaserAt(tmp, key);
    } catch (err) {
      if (err instanceof AppError) throw err;
      log.warn({ err, videoId: current.id }, "teaser could not be made");
      throw unprocessable("The file is not a video we can read.", [{ path: "file", message: "not a video" }]);
    } finally {
      await rm(tmp, { force: true });
    }
    return replaceTeaser(actor, current.id, key);
  }

  /** Cuts a teaser from `input` in the scratch folder and moves it in at `key` once complete. */
  async function makeTeaserAt(input: string, key: string) {
    const out = await storage.tempPath("teaser");
    try {
      await makeTeaser(input, out, { seconds: TEASER_SECONDS });
      await storage.moveIn(out, key);
    } finally {
      await rm(out, { force: true });
    }
  }

  async function replaceTeaser(actor: Actor, id: string, key: string) {
    const [before] = await db.select({ teaserKey: videos.teaserKey }).from(videos).where(eq(videos.id, id));
    const [row] = await db.update(videos).set({ teaserKey: key }).where(eq(videos.id, id)).returning(rowColumns);
    if (!row) {
      await writes.removeFiles(id);
      throw notFound("Movie");
    }
    if (before?.teaserKey && before.teaserKey !== key) await storage.remove(before.teaserKey);
    return present.studioOf(actor, row);
  }

  async function storeThumbnail(videoId: string, input: Buffer | string, kind: "thumb" | "poster") {
    const { variants } = await imageVariants(input, THUMB_SPECS);
    const key = `public/videos/${videoId}/${kind}-${randomTail()}`;
    for (const [name, data] of variants) await storage.put(`${key}-${name}.webp`, data);
    return key;
  }
  const removeThumbnail = async (key: string) => {
    for (const s of THUMB_SPECS) await storage.remove(`${key}-${s.name}.webp`);
  };

  /** An uploaded image becomes the thumbnail (webp variants); it then wins over the processing poster. */
  async function uploadThumbnail(actor: Actor, id: string, read: () => Promise<Buffer>): Promise<StudioVideo> {
    const current = await reads.managedRow(actor, id);
    const key = await storeThumbnail(current.id, await read(), "thumb");
    const [before] = await db.select({ key: videos.thumbnailKey }).from(videos).where(eq(videos.id, current.id));
    const [row] = await db
      .update(videos)
      .set({ thumbnailKey: key })
      .where(eq(videos.id, current.id))
      .returning(rowColumns);
    if (!row) {
      await writes.removeFiles(current.id);
      throw notFound("Movie");
    }
    if (before?.key && before.key !== key) await removeThumbnail(before.key);
    return present.studioOf(actor, row);
  }

  /** Generated thumbnails and teasers are replaced when the movie is processed again; uploaded ones stay. */
  const isGenerated = (key: string | null) => !key || /\/(poster|teaser-auto)-[^/]+$/.test(key);

  /**
   * The `video.process` job: transcodes the source into an HLS ladder, an MP4, a strip and a poster, adds a
   * thumbnail and a teaser when none was uploaded, and tells the uploader. Safe to run again.
   */
  async function processVideo(videoId: string): Promise<void> {
    if (!isUuid(videoId)) return;
    const start = await reads.findRow(videoId);
    if (!start?.mediaKey || !["pending", "processing"].includes(start.processingStatus)) return;
    await db.update(videos).set({ processingStatus: "processing" }).where(eq(videos.id, videoId));
    // The outputs are made in a work folder, moved into place only when complete: a run cut short by a crash
    // leaves them in the scratch folder (removed at start or by the housekeeping) and the job runs again.
    const work = await storage.tempPath("transcode");
    try {
      await transcodeAndStore(videoId, start.mediaKey, work);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  async function transcodeAndStore(videoId: string, mediaKey: string, work: string): Promise<void> {
    await withLocalCopy(storage, `${sourceDir(videoId)}/source`, (source) =>
      transcodeFrom(source, videoId, mediaKey, work),
    );
  }

  async function transcodeFrom(source: string, videoId: string, mediaKey: string, work: string): Promise<void> {
    let result: Awaited<ReturnType<typeof transcodeVideo>> | null = null;
    let error: string | null = null;
    try {
      result = await transcodeVideo(source, work);
    } catch (err) {
      log.error({ err, videoId }, "video processing failed");
      error =
        err instanceof AppError ? err.message : "The video could not be processed. Try again or upload another file.";
    }

    const current = await reads.findRow(videoId);
    if (!current) {
      await writes.removeFiles(videoId);
      return;
    }
    // Another file was uploaded while this one was transcoding: its own job makes the movie; this result is stale.
    if (current.processingStatus !== "processing") return;
    const changes: Partial<typeof videos.$inferInsert> = {};
    const stale: (() => Promise<void>)[] = [];
    if (result) {
      Object.assign(changes, {
        processingStatus: "ready",
        processingError: null,
        durationSec: result.durationSec,
        width: result.width,
        height: result.height,
      });
      if (isGenerated(current.thumbnailKey)) {
        try {
          changes.thumbnailKey = await storeThumbnail(videoId, path.join(work, result.files.poster), "poster");
          const old = current.thumbnailKey;
          if (old) stale.push(() => removeThumbnail(old));
        } catch (err) {
          log.warn({ err, videoId }, "thumbnail from the poster failed");
        }
      }
      if (isGenerated(current.teaserKey)) {
        const key = `public/videos/${videoId}/teaser-auto-${randomTail()}.mp4`;
        try {
          await makeTeaserAt(source, key);
          changes.teaserKey = key;
          const old = current.teaserKey;
          if (old) stale.push(() => storage.remove(old));
        } catch (err) {
          log.warn({ err, videoId }, "teaser could not be made");
        }
      }
      await storage.moveIn(work, mediaKey);
    } else {
      Object.assign(changes, { processingStatus: "failed", processingError: error });
    }
    const [row] = await db
      .update(videos)
      .set({
        ...changes,
        ...writes.placementNow({ ...current, processingStatus: changes.processingStatus as Row["processingStatus"] }),
      })
      // Only while still processing this upload: a newer upload set it back to pending.
      .where(and(eq(videos.id, videoId), eq(videos.processingStatus, "processing")))
      .returning(rowColumns);
    if (!row) {
      if (!(await reads.findRow(videoId))) return writes.removeFiles(videoId);
      if (changes.thumbnailKey && changes.thumbnailKey !== current.thumbnailKey)
        await removeThumbnail(changes.thumbnailKey);
      if (changes.teaserKey && changes.teaserKey !== current.teaserKey) await storage.remove(changes.teaserKey);
      return;
    }
    for (const drop of stale) await drop();
    await writes.syncCounts([{ before: current, after: row }]);
    deps.notify(row.createdBy, "notification", {
      type: "media.processed",
      objectType: "video",
      objectId: row.id,
      status: result ? "ready" : "failed",
      title: row.title,
      message: result ? `"${row.title}" is processed and ready.` : `"${row.title}" could not be processed: ${error}`,
    });
  }

  /**
   * The hourly job: movies whose date has come become plain movies, released at their scheduled date;
   * their performers' counts follow. Returns how many were released.
   */
  async function publishScheduled(at: Date = now()): Promise<number> {
    const released = await db
      .update(videos)
      .set({
        releasedAt: sql`${videos.scheduledAt}`,
        scheduledAt: null,
        listed: sql`${videos.status} = 'active' and ${videos.processingStatus} = 'ready' and ${videos.takenDownAt} is null`,
      })
      .where(and(isNotNull(videos.scheduledAt), lte(videos.scheduledAt, at)))
      .returning(rowColumns);
    // Nothing scheduled was counted yet (see `counted`).
    await writes.syncCounts(released.map((after) => ({ before: null, after })));
    if (released.length) log.info({ count: released.length }, "scheduled movies released");
    return released.length;
  }

  /**
   * Gives `toId` the processed media of `fromId` (renditions, thumbnail, teaser) without transcoding again:
   * the demo seed makes a few clips and shares them among its movies.
   */
  async function copyMedia(fromId: string, toId: string): Promise<void> {
    const [from, to] = [await reads.findRow(fromId), await reads.findRow(toId)];
    if (!from || !to) throw notFound("Movie");
    if (from.processingStatus !== "ready" || !from.mediaKey) throw new Error(`movie ${fromId} is not processed`);
    const mediaKey = `private/videos/${to.id}`;
    await storage.copy(from.mediaKey, mediaKey);
    await storage.copy(sourceDir(from.id), sourceDir(to.id));
    let thumbnailKey: string | null = null;
    if (from.thumbnailKey) {
      thumbnailKey = `public/videos/${to.id}/poster-${randomTail()}`;
      for (const spec of THUMB_SPECS) {
        await storage.copy(`${from.thumbnailKey}-${spec.name}.webp`, `${thumbnailKey}-${spec.name}.webp`);
      }
    }
    let teaserKey: string | null = null;
    if (from.teaserKey) {
      teaserKey = `public/videos/${to.id}/teaser-auto-${randomTail()}.mp4`;
      await storage.copy(from.teaserKey, teaserKey);
    }
    const [row] = await db
      .update(videos)
      .set({
        processingStatus: "ready",
        processingError: null,
        mediaKey,
        sourceSizeBytes: from.sourceSizeBytes,
        durationSec: from.durationSec,
        width: from.width,
        height: from.height,
        thumbnailKey,
        teaserKey,
        ...writes.placementNow({ ...to, processingStatus: "ready" }),
      })
      .where(eq(videos.id, to.id))
      .returning(rowColumns);
    if (!row) return writes.removeFiles(to.id);
    await writes.syncCounts([{ before: to, after: row }]);
  }

  /**
   * Thumbnails stored before a size was added to THUMB_SPECS get it, made from their largest variant, so every
   * `srcSet` names files that exist. Run once at each start (idempotent); returns how many thumbnails it completed.
   */
  async function completeThumbnailVariants(): Promise<number> {
    const exists = async (key: string) => (await storage.stat(key)) !== null;
    const largest = THUMB_SPECS[THUMB_SPECS.length - 1] as (typeof THUMB_SPECS)[number];
    const rows = await db.select({ key: videos.thumbnailKey }).from(videos).where(isNotNull(videos.thumbnailKey));
    let completed = 0;
    for (const { key } of rows) {
      if (!key) continue;
      const missing = [];
      for (const s of THUMB_SPECS) if (!(await exists(`${key}-${s.name}.webp`))) missing.push(s);
      const source = `${key}-${largest.name}.webp`;
      if (!missing.length || !(await exists(source))) continue;
      const { variants } = await imageVariants(await readAll(storage, source), missing);
      for (const [name, data] of variants) await storage.put(`${key}-${name}.webp`, data);
      completed++;
    }
    if (completed) log.info({ completed }, "movie thumbnails given their missing sizes");
    return completed;
  }

  async function registerJobs() {
    await jobs.work(VIDEO_JOBS.thumbnailVariants, async () => {
      await completeThumbnailVariants();
    });
    await jobs.work<{ videoId: string }>(VIDEO_JOBS.process, (data) => processVideo(String(data?.videoId ?? "")));
    await jobs.work(VIDEO_JOBS.publishScheduled, async () => {
      await publishScheduled();
    });
  }

  return {
    uploadVideo,
    uploadTeaser,
    uploadThumbnail,
    processVideo,
    publishScheduled,
    completeThumbnailVariants,
    copyMedia,
    registerJobs,
  };
}
