import { rm } from "node:fs/promises";
import path from "node:path";
import { AppError } from "../errors.ts";
import type { JobInfo, Jobs, JobsLog } from "../jobs.ts";
import { assertKey, type Storage, withLocalCopy } from "../storage.ts";
import { type ImageSpec, imageVariants, photoFiles } from "./images.ts";
import { MediaToolError } from "./probe.ts";
import { makeTeaser, transcodeVideo } from "./video.ts";

/**
 * The heavy media work (DESIGN section 10): jobs that need no application table, only storage keys and options in,
 * files written to storage under keys nothing serves yet and a small result out. They run in the media workers
 * (`npm run worker`, or the worker the API forks on the embedded database), or in the API with MEDIA_JOBS=inline.
 *
 * A job ends by sending its result to the `reply` queue it was given, a light job the API processes work (row
 * updates, counts, notifications). Handlers are idempotent: a job whose worker died is run again elsewhere after its
 * lease; the run first clears what the earlier one may have left at its output keys, and only the light job makes
 * those keys served.
 */
export const MEDIA_QUEUES = {
  /** A movie: HLS ladder, MP4, strip and poster under `out`; poster thumbnails and an automatic teaser when asked. */
  transcode: "media.transcode",
  /** A teaser cut from an uploaded clip. */
  teaser: "media.teaser",
  /** A gallery photo: its full size, thumbnail and blurred preview. */
  photo: "media.photo",
} as const;
export const HEAVY_QUEUES: readonly string[] = Object.values(MEDIA_QUEUES);

/** Where the answer goes: the light job's queue, and data passed through unchanged (e.g. the movie's id). */
export interface Reply {
  name: string;
  data: Record<string, unknown>;
}

export interface TranscodeJob {
  /** The uploaded original. */
  source: string;
  /** A fresh prefix (`private/videos/<id>/<random>`) for the renditions; it holds nothing served. */
  out: string;
  /** Thumbnails from the poster: `<key>-<spec name>.webp`. */
  thumbnail?: { key: string; specs: readonly ImageSpec[] };
  /** An automatic teaser of `seconds` at this key. */
  teaser?: { key: string; seconds: number };
  reply: Reply;
}

/** What `media.transcode` sends to its reply queue (with the reply's own data). */
export interface TranscodeResult {
  out: string;
  /** Null when the source could not be processed; `error` says why, for the uploader. */
  video: { durationSec: number; width: number; height: number } | null;
  error: string | null;
  /** The thumbnail key made, or null (not asked, or it failed: a movie without a poster thumbnail still plays). */
  thumbnail: string | null;
  teaser: string | null;
}

export interface TeaserJob {
  source: string;
  out: string;
  seconds: number;
}

/** `media.teaser`'s output (see `Jobs.result`): the teaser is at `out`, or `error` says why not. */
export interface TeaserResult {
  out: string;
  error: string | null;
}

export interface PhotoJob {
  /** The uploaded original (its header was read when it was uploaded). */
  source: string;
  /** The private prefix for `full.webp` and `thumb.webp`; nothing serves them before the reply is taken. */
  out: string;
  /** The public key of the blurred preview. */
  preview: string;
  fullMax: number;
  thumbWidth: number;
  reply: Reply;
}

/** What `media.photo` sends to its reply queue (with the reply's own data). */
export interface PhotoResult {
  out: string;
  preview: string;
  /** The full size's dimensions; null when the photo could not be made (`error` says why). */
  size: { width: number; height: number } | null;
  error: string | null;
}

const NOT_PROCESSED = "The video could not be processed. Try again or upload another file.";
const PHOTO_NOT_PROCESSED = "The photo could not be processed. Upload it again.";
const NOT_A_VIDEO = "The file is not a video we can read.";

/** A failure the file itself causes (not worth a retry), as the uploader is told it; null for any other error. */
function mediaProblem(err: unknown, toolFailed = NOT_PROCESSED): string | null {
  if (err instanceof AppError) return err.message;
  if (err instanceof MediaToolError) return toolFailed;
  return null;
}

export function createMediaWork(deps: { storage: Storage; jobs: Jobs; log: JobsLog }) {
  const { storage, jobs, log } = deps;

  async function storeThumbnails(poster: string, spec: NonNullable<TranscodeJob["thumbnail"]>) {
    const { variants } = await imageVariants(poster, spec.specs);
    for (const [name, data] of variants) await storage.put(`${spec.key}-${name}.webp`, data);
  }

  async function cutTeaser(input: string, key: string, seconds: number) {
    const out = await storage.tempPath("teaser");
    try {
      await makeTeaser(input, out, { seconds });
      await storage.moveIn(out, key);
    } finally {
      await rm(out, { force: true });
    }
  }

  /** Removes what an earlier run of the same job may have left at its output keys. */
  async function clearOutputs(job: TranscodeJob) {
    await storage.remove(job.out);
    if (job.thumbnail) for (const s of job.thumbnail.specs) await storage.remove(`${job.thumbnail.key}-${s.name}.webp`);
    if (job.teaser) await storage.remove(job.teaser.key);
  }

  /**
   * A transcode's job. A failure the file causes is a result (the uploader is told why); any other (the storage
   * unreachable, a full disk) is retried, and on the last attempt the API is told the movie failed before the job
   * fails for good, so it never stays "processing" with nobody to tell.
   */
  async function transcode(job: TranscodeJob, info: JobInfo): Promise<TranscodeResult> {
    for (const key of [job.source, job.out, job.thumbnail?.key, job.teaser?.key]) if (key) assertKey(key);
    try {
      return await attemptTranscode(job, info);
    } catch (err) {
      if (info.retryCount < info.retryLimit) throw err;
      await clearOutputs(job).catch((cleanup: unknown) => log.warn({ err: cleanup }, "outputs left after a failure"));
      const failed: TranscodeResult = {
        out: job.out,
        video: null,
        error: NOT_PROCESSED,
        thumbnail: null,
        teaser: null,
      };
      await jobs.send(job.reply.name, { ...job.reply.data, ...failed }, { singletonKey: `${job.out}:${info.id}` });
      throw err;
    }
  }

  async function attemptTranscode(job: TranscodeJob, info: JobInfo): Promise<TranscodeResult> {
    if (info.retryCount > 0) await clearOutputs(job);
    const result: TranscodeResult = { out: job.out, video: null, error: null, thumbnail: null, teaser: null };
    // The outputs are made in a work folder and moved in once complete: a run cut short leaves them only in the
    // scratch folder (removed at the next start or by the housekeeping).
    const work = await storage.tempPath("transcode");
    try {
      await withLocalCopy(storage, job.source, async (source) => {
        let made: Awaited<ReturnType<typeof transcodeVideo>>;
        try {
          made = await transcodeVideo(source, work);
        } catch (err) {
          result.error = mediaProblem(err);
          if (result.error === null) throw err;
          log.warn({ err, source: job.source }, "video processing failed");
          return;
        }
        result.video = { durationSec: made.durationSec, width: made.width, height: made.height };
        if (job.thumbnail) {
          try {
            await storeThumbnails(path.join(work, made.files.poster), job.thumbnail);
            result.thumbnail = job.thumbnail.key;
          } catch (err) {
            log.warn({ err, source: job.source }, "thumbnail from the poster failed");
            for (const s of job.thumbnail.specs) await storage.remove(`${job.thumbnail.key}-${s.name}.webp`);
          }
        }
        if (job.teaser) {
          try {
            await cutTeaser(source, job.teaser.key, job.teaser.seconds);
            result.teaser = job.teaser.key;
          } catch (err) {
            log.warn({ err, source: job.source }, "teaser could not be made");
          }
        }
        await storage.moveIn(work, job.out);
      });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    // Sent before this job completes: a crash in between runs the job again and the light job sees the same
    // result twice (its checks make the second one a no-op), never none.
    await jobs.send(job.reply.name, { ...job.reply.data, ...result }, { singletonKey: `${job.out}:${info.id}` });
    return result;
  }

  /**
   * A gallery photo's job. A file that cannot be decoded is a result (the uploader sees why); any other failure is
   * retried, and the last attempt tells the API the photo failed, so it never stays "processing".
   */
  async function photo(job: PhotoJob, info: JobInfo): Promise<PhotoResult> {
    for (const key of [job.source, job.out, job.preview]) assertKey(key);
    const outputs = [`${job.out}/full.webp`, `${job.out}/thumb.webp`, job.preview];
    const result: PhotoResult = { out: job.out, preview: job.preview, size: null, error: null };
    try {
      const made = await withLocalCopy(storage, job.source, (source) =>
        photoFiles(source, { fullMax: job.fullMax, thumbWidth: job.thumbWidth }),
      );
      await storage.put(outputs[0] as string, made.full);
      await storage.put(outputs[1] as string, made.thumb);
      await storage.put(job.preview, made.preview);
      result.size = { width: made.width, height: made.height };
    } catch (err) {
      result.error = mediaProblem(err);
      if (result.error === null) {
        if (info.retryCount < info.retryLimit) throw err;
        result.error = PHOTO_NOT_PROCESSED;
      }
      log.warn({ err, source: job.source }, "photo could not be processed");
      for (const key of outputs) await storage.remove(key).catch(() => {});
    }
    await jobs.send(job.reply.name, { ...job.reply.data, ...result }, { singletonKey: `${job.out}:${info.id}` });
    return result;
  }

  async function teaser(job: TeaserJob): Promise<TeaserResult> {
    assertKey(job.source);
    assertKey(job.out);
    try {
      await withLocalCopy(storage, job.source, (source) => cutTeaser(source, job.out, job.seconds));
      return { out: job.out, error: null };
    } catch (err) {
      const error = mediaProblem(err, NOT_A_VIDEO);
      if (error === null) throw err;
      log.warn({ err, source: job.source }, "teaser could not be made");
      return { out: job.out, error };
    }
  }

  /** Works the heavy queues in this process. */
  async function registerJobs() {
    await jobs.work<TranscodeJob>(MEDIA_QUEUES.transcode, transcode);
    await jobs.work<TeaserJob>(MEDIA_QUEUES.teaser, (data) => teaser(data));
    await jobs.work<PhotoJob>(MEDIA_QUEUES.photo, photo);
  }

  return { transcode, teaser, photo, registerJobs };
}

/** What a job is on, for the heartbeat and the system screen: its source key. */
export function describeJob(data: unknown): string | null {
  const source = (data as { source?: unknown } | null)?.source;
  return typeof source === "string" ? source : null;
}
