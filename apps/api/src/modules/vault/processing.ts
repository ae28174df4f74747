import { rm } from "node:fs/promises";
import { VAULT_PHOTO_MAX_BYTES, VAULT_VIDEO_MAX_SECONDS, type VaultKind } from "@marquee/contracts/vault";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { AppError, unprocessable } from "../../platform/errors.ts";
import { isUuid, uuidv7 } from "../../platform/ids.ts";
import type { Jobs, JobsLog } from "../../platform/jobs.ts";
import { readImage } from "../../platform/media/images.ts";
import { probeVideo } from "../../platform/media/probe.ts";
import {
  MEDIA_QUEUES,
  type PhotoJob,
  type PhotoResult,
  type TranscodeJob,
  type TranscodeResult,
} from "../../platform/media/work.ts";
import type { Storage } from "../../platform/storage.ts";
import type { Actor } from "../catalogue/access.ts";
import { displayName, keysOf, POSTER_SPECS, VAULT_FULL_MAX, VAULT_JOBS, VAULT_THUMB_WIDTH } from "./rows.ts";
import { type VaultItemRow, vaultItems } from "./tables.ts";

export const NOT_MEDIA =
  "The file is not a photo or video we accept. Upload a JPEG, PNG, WebP, GIF or AVIF picture, or a video.";
export const PHOTO_TOO_LARGE = `The photo is larger than ${VAULT_PHOTO_MAX_BYTES / 1024 / 1024} MB.`;
export const TOO_LONG = `The video is longer than ${VAULT_VIDEO_MAX_SECONDS / 60} minutes. Upload a shorter clip.`;

/** Writes the upload to `destPath`; answers its size and the file name the browser sent. */
export type Receive = (destPath: string) => Promise<{ bytes: number; filename: string }>;

/** What an upload is, read from its bytes (never from the name or type the browser sent). */
type Sniffed =
  | { kind: "photo"; width: number; height: number }
  | { kind: "video"; width: number; height: number; durationSec: number };

/**
 * The vault's uploads and their processing: the upload is streamed to a temp file, sniffed (a picture the photo
 * pipeline reads, else a video ffprobe reads), moved in as the item's source and handed to the media workers
 * (`media.photo` or `media.transcode`); `vault.photo-processed` and `vault.transcoded` take the result in.
 */
export function createVaultProcessing(deps: { db: Db; storage: Storage; jobs: Jobs; log: JobsLog }) {
  const { db, storage, jobs } = deps;

  async function removeFiles(id: string) {
    const keys = keysOf(id);
    await storage.remove(keys.media);
    await storage.remove(`public/vault/${id}`);
    await storage.remove(keys.sourceDir);
  }

  async function sniff(file: string, bytes: number): Promise<Sniffed> {
    let image: Awaited<ReturnType<typeof readImage>> | null = null;
    try {
      image = await readImage(file);
    } catch (err) {
      // A picture too large to decode is refused as such; what is no picture the pipeline reads may be a video.
      const reason = err instanceof AppError ? err.details?.[0]?.message : undefined;
      if (reason !== "not an image" && !reason?.startsWith("unsupported format")) throw err;
    }
    if (image) {
      if (bytes > VAULT_PHOTO_MAX_BYTES)
        throw unprocessable(PHOTO_TOO_LARGE, [{ path: "file", message: `over ${VAULT_PHOTO_MAX_BYTES} bytes` }]);
      return { kind: "photo", width: image.width, height: image.height };
    }
    const video = await probeVideo(file).catch(() => {
      throw notMedia();
    });
    return { kind: "video", width: video.width, height: video.height, durationSec: video.durationSec };
  }

  /**
   * Takes one upload into the performer's vault: a photo (at most VAULT_PHOTO_MAX_BYTES) or a video (at most
   * VAULT_VIDEO_MAX_BYTES, refused by the route's stream). 422 naming `file` for anything else. A video longer than
   * VAULT_VIDEO_MAX_SECONDS is kept as `failed` with TOO_LONG, and never transcoded. Nothing is left half-made: no
   * row without its job, no file without its row.
   */
  async function upload(actor: Actor, receive: Receive): Promise<VaultItemRow> {
    const tmp = await storage.tempPath("vault-upload");
    const id = uuidv7();
    const keys = keysOf(id);
    let sniffed: Sniffed;
    let received: { bytes: number; filename: string };
    try {
      received = await receive(tmp).catch((err: unknown) => {
        // Too large for a video is bad input like any other: 422 naming the field, as the vault's limits are.
        if (err instanceof AppError && err.statusCode === 413)
          throw unprocessable(err.message, [{ path: "file", message: "too large" }]);
        throw err;
      });
      sniffed = await sniff(tmp, received.bytes);
      if (sniffed.kind === "video" && sniffed.durationSec > VAULT_VIDEO_MAX_SECONDS) {
        await rm(tmp, { force: true });
      } else {
        await storage.moveIn(tmp, keys.source);
      }
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    const tooLong = sniffed.kind === "video" && sniffed.durationSec > VAULT_VIDEO_MAX_SECONDS;
    const kind: VaultKind = sniffed.kind;
    try {
      const [row] = await db
        .insert(vaultItems)
        .values({
          id,
          performerId: actor.id,
          kind,
          name: displayName(received.filename, kind),
          sizeBytes: received.bytes,
          status: tooLong ? "failed" : "processing",
          error: tooLong ? TOO_LONG : null,
          mediaKey: keys.media,
          width: sniffed.width,
          height: sniffed.height,
          durationSec: sniffed.kind === "video" ? sniffed.durationSec : null,
        })
        .returning();
      if (!tooLong) await sendJob(row as VaultItemRow);
      return row as VaultItemRow;
    } catch (err) {
      await db.delete(vaultItems).where(eq(vaultItems.id, id));
      await removeFiles(id);
      throw err;
    }
  }

  async function sendJob(row: VaultItemRow) {
    const keys = keysOf(row.id);
    if (row.kind === "photo") {
      const job: PhotoJob = {
        source: keys.source,
        out: keys.media,
        preview: keys.preview,
        fullMax: VAULT_FULL_MAX,
        thumbWidth: VAULT_THUMB_WIDTH,
        reply: { name: VAULT_JOBS.photoProcessed, data: { itemId: row.id } },
      };
      await jobs.send(MEDIA_QUEUES.photo, job, { singletonKey: row.id });
      return;
    }
    const job: TranscodeJob = {
      source: keys.source,
      out: keys.video,
      thumbnail: { key: keys.poster, specs: POSTER_SPECS },
      reply: { name: VAULT_JOBS.transcoded, data: { itemId: row.id } },
    };
    await jobs.send(MEDIA_QUEUES.transcode, job, { singletonKey: row.id });
  }

  /** The item still waiting for this result, or null: the result is stale (its files go when the item is gone). */
  async function waiting(itemId: string, out: unknown, outOf: (id: string) => string) {
    if (!isUuid(itemId) || typeof out !== "string" || out !== outOf(itemId)) return null;
    const [row] = await db.select().from(vaultItems).where(eq(vaultItems.id, itemId));
    if (!row) {
      await removeFiles(itemId);
      return null;
    }
    return row.status === "processing" ? row : null;
  }

  /** Sets the outcome while the item still processes; false when another run took it first (or it was deleted). */
  async function settle(itemId: string, changes: Partial<typeof vaultItems.$inferInsert>): Promise<boolean> {
    const [row] = await db
      .update(vaultItems)
      .set(changes)
      .where(and(eq(vaultItems.id, itemId), eq(vaultItems.status, "processing")))
      .returning({ id: vaultItems.id });
    if (row) return true;
    const [still] = await db.select({ id: vaultItems.id }).from(vaultItems).where(eq(vaultItems.id, itemId));
    if (!still) await removeFiles(itemId);
    return false;
  }

  /** `vault.photo-processed`: the photo's variants are made (or it failed). Safe to run again. */
  async function applyPhoto(result: PhotoResult & { itemId: string }): Promise<void> {
    const itemId = String(result.itemId ?? "");
    const row = await waiting(itemId, result.out, (id) => keysOf(id).media);
    if (!row) return;
    const done = await settle(
      itemId,
      result.size
        ? { status: "ready", error: null, previewKey: keysOf(itemId).preview, ...result.size }
        : { status: "failed", error: result.error ?? "The photo could not be processed. Upload it again." },
    );
    if (done) await storage.remove(keysOf(itemId).sourceDir);
  }

  /**
   * `vault.transcoded`: the video's renditions and poster thumbnails are made (or it failed). Its blurred preview is
   * moved public; a video longer than VAULT_VIDEO_MAX_SECONDS fails with TOO_LONG and its renditions go. Safe to run
   * again.
   */
  async function applyVideo(result: TranscodeResult & { itemId: string }): Promise<void> {
    const itemId = String(result.itemId ?? "");
    const row = await waiting(itemId, result.out, (id) => keysOf(id).video);
    if (!row) return;
    const keys = keysOf(itemId);
    const video = result.video;
    let changes: Partial<typeof vaultItems.$inferInsert>;
    if (video && video.durationSec > VAULT_VIDEO_MAX_SECONDS) {
      changes = { status: "failed", error: TOO_LONG };
    } else if (video) {
      let previewKey: string | null = null;
      if (result.thumbnail) {
        await storage.copy(`${result.thumbnail}-preview.webp`, keys.preview);
        previewKey = keys.preview;
      }
      changes = { status: "ready", error: null, previewKey, ...video };
    } else {
      changes = { status: "failed", error: result.error ?? "The video could not be processed." };
    }
    if (!(await settle(itemId, changes))) return;
    // Only the public copy of the preview stays; a failed item keeps no renditions.
    if (result.thumbnail) await storage.remove(`${result.thumbnail}-preview.webp`);
    if (changes.status === "failed") {
      await storage.remove(keys.media);
      await storage.remove(`public/vault/${itemId}`);
    }
    await storage.remove(keys.sourceDir);
  }

  async function registerJobs() {
    await jobs.work<PhotoResult & { itemId: string }>(VAULT_JOBS.photoProcessed, (data) => applyPhoto(data));
    await jobs.work<TranscodeResult & { itemId: string }>(VAULT_JOBS.transcoded, (data) => applyVideo(data));
  }

  return { upload, applyPhoto, applyVideo, registerJobs, removeFiles };
}

const notMedia = () => unprocessable(NOT_MEDIA, [{ path: "file", message: "not a photo or video" }]);
