import {
  type Caption,
  type CaptionList,
  type CaptionTrack,
  type CaptionUploadFields,
  languageName,
} from "@marquee/contracts/captions";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import type { Storage } from "../../platform/storage.ts";
import type { Actor, Viewer } from "../catalogue/access.ts";
import { randomTail } from "../catalogue/editing.ts";
import type { VideoReads } from "./reading.ts";
import { type VideoCaptionRow, videoCaptions } from "./tables.ts";
import { checkWebVtt } from "./webvtt.ts";

/** Players show the uploader's label, else the language's own name ("Español"). */
const labelOf = (row: Pick<VideoCaptionRow, "label" | "language">) => row.label || languageName(row.language);

const toCaption = (row: VideoCaptionRow): Caption => ({
  _id: row.id,
  language: row.language as Caption["language"],
  label: labelOf(row),
  sizeBytes: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The caption tracks of movies, by movie, in language order. Only ever read for movies the viewer may watch: the
 * presenter asks after the access decision (present.ts).
 */
export async function captionRowsFor(db: Db, videoIds: readonly string[]): Promise<Map<string, VideoCaptionRow[]>> {
  const byVideo = new Map<string, VideoCaptionRow[]>();
  if (!videoIds.length) return byVideo;
  const rows = await db
    .select()
    .from(videoCaptions)
    .where(inArray(videoCaptions.videoId, [...videoIds]))
    .orderBy(asc(videoCaptions.language));
  for (const row of rows) byVideo.set(row.videoId, [...(byVideo.get(row.videoId) ?? []), row]);
  return byVideo;
}

/**
 * Caption tracks for a viewer the access decision let watch the movie: grants like the renditions' (the media
 * route asks the movie's playback rule again at every fetch, platform/media/grants.ts), so a viewer who lost access
 * gets 403 on the caption link too.
 */
export function captionTracks(signer: UrlSigner, viewer: Viewer, rows: readonly VideoCaptionRow[]): CaptionTrack[] {
  return rows.map((row) => ({
    language: row.language as CaptionTrack["language"],
    label: labelOf(row),
    url: signer.granted(row.storageKey, viewer?.id ?? null).url,
  }));
}

/**
 * The studio's side of captions: a movie's performers and admins list, upload and delete its WebVTT files (the
 * movie's ownership rule, `managedRow`: 404 for a movie they cannot see, 403 for one they do not manage). A second
 * upload in a language replaces the first: the file is stored under a new key, the row points at it, then the old
 * file goes.
 */
export function createVideoCaptions(deps: { db: Db; storage: Storage; reads: Pick<VideoReads, "managedRow"> }) {
  const { db, storage, reads } = deps;

  async function list(actor: Actor, videoId: string): Promise<CaptionList> {
    const movie = await reads.managedRow(actor, videoId);
    const rows = (await captionRowsFor(db, [movie.id])).get(movie.id) ?? [];
    return { data: rows.map(toCaption), total: rows.length };
  }

  async function upload(
    actor: Actor,
    videoId: string,
    fields: CaptionUploadFields,
    data: Buffer,
  ): Promise<{ caption: Caption; replaced: boolean }> {
    const movie = await reads.managedRow(actor, videoId);
    const text = checkWebVtt(data);
    const body = Buffer.from(text, "utf8");
    const key = `private/videos/${movie.id}/captions/${fields.language}-${randomTail()}.vtt`;
    await storage.put(key, body);
    const [before] = await db
      .select({ storageKey: videoCaptions.storageKey })
      .from(videoCaptions)
      .where(and(eq(videoCaptions.videoId, movie.id), eq(videoCaptions.language, fields.language)));
    const values = { label: fields.label || null, storageKey: key, sizeBytes: body.length };
    let row: VideoCaptionRow | undefined;
    try {
      [row] = await db
        .insert(videoCaptions)
        .values({ videoId: movie.id, language: fields.language, createdBy: actor.id, ...values })
        .onConflictDoUpdate({ target: [videoCaptions.videoId, videoCaptions.language], set: values })
        .returning();
    } catch (err) {
      // Nothing points at the file. A foreign key refused: the movie was deleted while the file arrived.
      await storage.remove(key);
      const e = err as { code?: string; cause?: { code?: string } };
      if (e.code === "23503" || e.cause?.code === "23503") throw notFound("Movie");
      throw err;
    }
    if (!row) throw notFound("Movie");
    if (before && before.storageKey !== key) await storage.remove(before.storageKey);
    return { caption: toCaption(row), replaced: !!before };
  }

  async function remove(actor: Actor, videoId: string, captionId: string): Promise<void> {
    const movie = await reads.managedRow(actor, videoId);
    if (!isUuid(captionId)) throw notFound("Caption");
    const [gone] = await db
      .delete(videoCaptions)
      .where(and(eq(videoCaptions.id, captionId), eq(videoCaptions.videoId, movie.id)))
      .returning({ storageKey: videoCaptions.storageKey });
    if (!gone) throw notFound("Caption");
    await storage.remove(gone.storageKey);
  }

  return { list, upload, remove };
}
export type VideoCaptions = ReturnType<typeof createVideoCaptions>;
