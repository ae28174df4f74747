import { rm } from "node:fs/promises";
import type { RealtimeNotifier } from "@marquee/contracts/realtime-events";
import type { StudioVideo } from "@marquee/contracts/videos";
import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { AppError, notFound, unprocessable } from "../../platform/errors.ts";
import type { JobOutcome, Jobs, JobsLog } from "../../platform/jobs.ts";
import { imageVariants } from "../../platform/media/images.ts";
import { probeVideo } from "../../platform/media/probe.ts";
import { MEDIA_QUEUES, type TeaserJob, type TeaserResult } from "../../platform/media/work.ts";
import { readAll, type Storage } from "../../platform/storage.ts";
import type { Actor } from "../catalogue/access.ts";
import { randomTail } from "../catalogue/editing.ts";
import type { VideoPresenter } from "./present.ts";
import { createVideoProcessing, freshMediaKey, TEASER_SECONDS } from "./processing.ts";
import type { VideoReads } from "./reading.ts";
import { rowColumns, sourceDir, THUMB_SPECS, VIDEO_JOBS } from "./rows.ts";
import { videos } from "./tables.ts";
import type { VideoWrites } from "./writing.ts";

/** How long a teaser upload waits for a media worker to cut it (the cut itself is bounded to about 2 minutes). */
const TEASER_WAIT_MS = 5 * 60_000;
/** Names the thumbnail sizes every stored movie thumbnail has (completeThumbnailVariants). */
export const THUMB_SIZES_MARKER = "private/state/movie-thumbnail-sizes";

/** Media of movies: uploads, the processing job, the hourly release of scheduled movies and the demo's copies. */
export function createVideoMedia(deps: {
  db: Db;
  storage: Storage;
  jobs: Jobs;
  log: JobsLog;
  reads: VideoReads;
  writes: VideoWrites;
  present: VideoPresenter;
  notify: RealtimeNotifier;
  now: () => Date;
}) {
  const { db, storage, jobs, log, reads, writes, present, now } = deps;
  const processing = createVideoProcessing(deps);

  /** Writes a file to `destPath` and says how large it is (the route streams the request body). */
  type Receive = (destPath: string) => Promise<{ bytes: number }>;

  /**
   * Takes the movie file: streamed to a temp file, probed at once so that what is not a video is refused (422) and
   * removed, then moved in as `private/video-sources/<id>/source` and queued for processing under a fresh media
   * prefix; the renditions of the file it replaces go (nothing links to them while the movie is pending). A crash
   * mid-upload leaves only the temp file, which the next start or the housekeeping removes.
   */
  async function uploadVideo(actor: Actor, id: string, receive: Receive): Promise<StudioVideo> {
    const current = await reads.managedRow(actor, id);
    const mediaKey = freshMediaKey(current.id);
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
    // New media of a movie that is out (or approved) is new content: it goes through review again when the site
    // asks for it (issue 22 section 2).
    const review = await writes.reviewOfNewMedia(actor, current);
    const state = { ...current, ...review, processingStatus: "pending" as const };
    const [row] = await db
      .update(videos)
      .set({
        ...review,
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
    if (current.mediaKey) await storage.remove(current.mediaKey);
    await writes.syncCounts([{ before: current, after: row }]);
    await jobs.send(VIDEO_JOBS.process, { videoId: row.id }, { singletonKey: row.id });
    return present.studioOf(actor, row);
  }

  /**
   * A teaser: a short silent clip cut from the uploaded video, public (shown also when the movie is locked). The
   * upload is probed here (what is not a video is refused at once), stored beside the movie's source and cut by a
   * media worker (`media.teaser`) while the request waits for it, so no request runs ffmpeg.
   */
  async function uploadTeaser(actor: Actor, id: string, receive: Receive): Promise<StudioVideo> {
    const current = await reads.managedRow(actor, id);
    const tmp = await storage.tempPath("teaser-upload");
    const source = `${sourceDir(current.id)}/teaser-upload-${randomTail()}`;
    try {
      await receive(tmp);
      await probeVideo(tmp);
      await storage.moveIn(tmp, source);
    } finally {
      await rm(tmp, { force: true });
    }
    const job: TeaserJob = {
      source,
      out: `public/videos/${current.id}/teaser-${randomTail()}.mp4`,
      seconds: TEASER_SECONDS,
    };
    const jobId = await jobs.send(MEDIA_QUEUES.teaser, job);
    const outcome: JobOutcome = jobId
      ? await jobs.result(MEDIA_QUEUES.teaser, jobId, TEASER_WAIT_MS)
      : { state: "failed", error: "not queued" };
    if (outcome.state === "waiting") {
      // Its file, if it comes, is removed with the movie.
      throw new AppError(
        503,
        "Service Unavailable",
        "The teaser is taking too long to make. Try again in a few minutes.",
      );
    }
    await storage.remove(source);
    const made = outcome.state === "completed" ? (outcome.output as TeaserResult) : null;
    if (!made || made.error) {
      log.warn({ videoId: current.id, error: made?.error ?? outcome }, "teaser could not be made");
      throw unprocessable(made?.error ?? "The file is not a video we can read.", [
        { path: "file", message: "not a video" },
      ]);
    }
    return replaceTeaser(actor, current.id, made.out);
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
        listed: sql`${videos.status} = 'active' and ${videos.processingStatus} = 'ready' and ${videos.takenDownAt} is null and ${videos.heldAt} is null`,
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
    const mediaKey = freshMediaKey(to.id);
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
   * `srcSet` names files that exist. Queued at each start (idempotent). Once every thumbnail has the sizes, a marker
   * in storage names them, and later starts skip the scan (one stat instead of one per size and movie) until the sizes
   * change. Returns how many thumbnails it completed, or null when the marker says there is nothing to do.
   */
  async function completeThumbnailVariants(): Promise<number | null> {
    const sizes = THUMB_SPECS.map((s) => s.name).join(",");
    const marked = (await storage.stat(THUMB_SIZES_MARKER))
      ? (await readAll(storage, THUMB_SIZES_MARKER)).toString("utf8")
      : null;
    if (marked === sizes) return null;
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
    // Thumbnails stored from now on are made in every size, so the marker stays true.
    await storage.put(THUMB_SIZES_MARKER, Buffer.from(sizes));
    if (completed) log.info({ completed }, "movie thumbnails given their missing sizes");
    return completed;
  }

  async function registerJobs() {
    await jobs.work(VIDEO_JOBS.thumbnailVariants, async () => {
      await completeThumbnailVariants();
    });
    await processing.registerJobs();
    await jobs.work(VIDEO_JOBS.publishScheduled, async () => {
      await publishScheduled();
    });
  }

  return {
    uploadVideo,
    uploadTeaser,
    uploadThumbnail,
    processVideo: processing.processVideo,
    applyTranscoded: processing.applyTranscoded,
    publishScheduled,
    completeThumbnailVariants,
    copyMedia,
    registerJobs,
  };
}
