import type { RealtimeNotifier } from "@marquee/contracts/realtime-events";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUuid } from "../../platform/ids.ts";
import type { Jobs, JobsLog } from "../../platform/jobs.ts";
import { MEDIA_QUEUES, type TranscodeJob, type TranscodeResult } from "../../platform/media/work.ts";
import type { Storage } from "../../platform/storage.ts";
import { randomTail } from "../catalogue/editing.ts";
import type { VideoReads } from "./reading.ts";
import { type Row, rowColumns, sourceDir, THUMB_SPECS, VIDEO_JOBS } from "./rows.ts";
import { videos } from "./tables.ts";
import type { VideoWrites } from "./writing.ts";

export const TEASER_SECONDS = 8;

/**
 * A fresh prefix for one upload's renditions. Signed links scope by `private/videos/<id>`, so they still open it;
 * a worker writes only there, and only the light job below makes the row (hence the site) use it.
 */
export const freshMediaKey = (videoId: string) => `private/videos/${videoId}/${randomTail()}`;

/** Generated thumbnails and teasers are replaced when the movie is processed again; uploaded ones stay. */
export const isGenerated = (key: string | null) => !key || /\/(poster|teaser-auto)-[^/]+$/.test(key);

/**
 * A movie's processing, on the API's side (the light bookkeeping): `video.process` hands the upload to the media
 * workers (`media.transcode`, platform/media/work.ts) and `video.transcoded` takes their result into the row, drops a
 * stale or failed one's files, syncs the counts and tells the uploader.
 */
export function createVideoProcessing(deps: {
  db: Db;
  storage: Storage;
  jobs: Jobs;
  log: JobsLog;
  reads: VideoReads;
  writes: VideoWrites;
  notify: RealtimeNotifier;
}) {
  const { db, storage, jobs, reads, writes } = deps;

  const removeThumbnail = async (key: string) => {
    for (const s of THUMB_SPECS) await storage.remove(`${key}-${s.name}.webp`);
  };

  /**
   * The `video.process` job: marks the movie processing and queues its transcode, asking for a poster thumbnail and
   * a teaser unless uploaded ones are there. Safe to run again (the heavy job's key drops a second one waiting).
   */
  async function processVideo(videoId: string): Promise<void> {
    if (!isUuid(videoId)) return;
    const start = await reads.findRow(videoId);
    if (!start?.mediaKey || !["pending", "processing"].includes(start.processingStatus)) return;
    // A row from before fresh prefixes (`private/videos/<id>` itself) gets one.
    const out = start.mediaKey.split("/").length > 3 ? start.mediaKey : freshMediaKey(videoId);
    const [row] = await db
      .update(videos)
      .set({ processingStatus: "processing", mediaKey: out })
      .where(and(eq(videos.id, videoId), eq(videos.mediaKey, start.mediaKey)))
      .returning({ id: videos.id });
    if (!row) return;
    const job: TranscodeJob = {
      source: `${sourceDir(videoId)}/source`,
      out,
      ...(isGenerated(start.thumbnailKey)
        ? { thumbnail: { key: `public/videos/${videoId}/poster-${randomTail()}`, specs: THUMB_SPECS } }
        : {}),
      ...(isGenerated(start.teaserKey)
        ? { teaser: { key: `public/videos/${videoId}/teaser-auto-${randomTail()}.mp4`, seconds: TEASER_SECONDS } }
        : {}),
      reply: { name: VIDEO_JOBS.transcoded, data: { videoId } },
    };
    await jobs.send(MEDIA_QUEUES.transcode, job, { singletonKey: out });
  }

  /**
   * The `video.transcoded` job: a worker's result. Taken only while the movie still waits for this very upload
   * (its `mediaKey` is the result's prefix and it is processing); a stale result's files go. Safe to run again.
   */
  async function applyTranscoded(result: TranscodeResult & { videoId: string }): Promise<void> {
    const videoId = String(result.videoId ?? "");
    if (!isUuid(videoId) || typeof result.out !== "string") return;
    const current = await reads.findRow(videoId);
    if (!current) return writes.removeFiles(videoId);
    /** The files of this result the row does not use. */
    const dropUnused = async (row: Pick<Row, "mediaKey" | "thumbnailKey" | "teaserKey">) => {
      if (row.mediaKey !== result.out) await storage.remove(result.out);
      if (result.thumbnail && result.thumbnail !== row.thumbnailKey) await removeThumbnail(result.thumbnail);
      if (result.teaser && result.teaser !== row.teaserKey) await storage.remove(result.teaser);
    };
    // A newer upload replaced this one (its own job makes the movie), or this result was taken already.
    if (current.mediaKey !== result.out || current.processingStatus !== "processing") return dropUnused(current);

    const changes: Partial<typeof videos.$inferInsert> = {};
    const stale: (() => Promise<void>)[] = [];
    if (result.video) {
      Object.assign(changes, { processingStatus: "ready", processingError: null, ...result.video });
      // An uploaded thumbnail or teaser that arrived meanwhile wins over the generated one.
      if (result.thumbnail && isGenerated(current.thumbnailKey)) {
        changes.thumbnailKey = result.thumbnail;
        const old = current.thumbnailKey;
        if (old) stale.push(() => removeThumbnail(old));
      }
      if (result.teaser && isGenerated(current.teaserKey)) {
        changes.teaserKey = result.teaser;
        const old = current.teaserKey;
        if (old) stale.push(() => storage.remove(old));
      }
    } else {
      Object.assign(changes, {
        processingStatus: "failed",
        processingError: result.error ?? "The video could not be processed.",
      });
    }
    const [row] = await db
      .update(videos)
      .set({
        ...changes,
        ...writes.placementNow({ ...current, processingStatus: changes.processingStatus as Row["processingStatus"] }),
      })
      // Only while still processing this upload: a newer upload set it back to pending under another prefix.
      .where(and(eq(videos.id, videoId), eq(videos.processingStatus, "processing"), eq(videos.mediaKey, result.out)))
      .returning(rowColumns);
    if (!row) {
      const now = await reads.findRow(videoId);
      return now ? dropUnused(now) : writes.removeFiles(videoId);
    }
    await dropUnused(row);
    for (const drop of stale) await drop();
    await writes.syncCounts([{ before: current, after: row }]);
    const error = row.processingError;
    deps.notify(row.createdBy, "notification", {
      type: "media.processed",
      objectType: "video",
      objectId: row.id,
      status: result.video ? "ready" : "failed",
      title: row.title,
      message: result.video
        ? `"${row.title}" is processed and ready.`
        : `"${row.title}" could not be processed: ${error}`,
    });
  }

  async function registerJobs() {
    await jobs.work<{ videoId: string }>(VIDEO_JOBS.process, (data) => processVideo(String(data?.videoId ?? "")));
    await jobs.work<TranscodeResult & { videoId: string }>(VIDEO_JOBS.transcoded, (data) => applyTranscoded(data));
  }

  return { processVideo, applyTranscoded, registerJobs };
}
