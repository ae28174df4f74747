/**
 * Pure helpers behind the studio's media: processing badges, the media-processed notification, the upload queue
 * and photo ordering.
 */
import type { StudioPhoto } from "@marquee/contracts/galleries";
import type { TFunction } from "../i18n/i18n.ts";
import { msg, tFor } from "../i18n/i18n.ts";

type ProcessingStatus = "none" | "pending" | "processing" | "ready" | "failed";

export const processingLabels: Record<ProcessingStatus, string> = {
  none: msg("No file"),
  pending: msg("Pending"),
  processing: msg("Processing"),
  ready: msg("Ready"),
  failed: msg("Failed"),
};
/** Filled badge colours dark enough for white text (WCAG AA) in both colour schemes. */
export const processingColors: Record<ProcessingStatus, string> = {
  none: "gray.7",
  pending: "gray.7",
  processing: "blue.8",
  ready: "teal.9",
  failed: "red.9",
};

export function isProcessing(status: ProcessingStatus): boolean {
  return status === "pending" || status === "processing";
}

/** Whether the list has to be asked again shortly: some movie is still being processed. */
export function needsPolling(items: ReadonlyArray<{ processing: { status: ProcessingStatus } }>): boolean {
  return items.some((item) => isProcessing(item.processing.status));
}

export interface MediaProcessed {
  /** What was processed: "video", "photo", ... (as the API names it). */
  objectType: string;
  objectId: string | null;
  title: string;
  status: "ready" | "failed";
  error: string | null;
}

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);

/**
 * Reads a realtime `notification` payload; returns the media result when it is one (`type: "media.processed"`),
 * else null. Tolerates the id and title under the item's own name (`videoId`, `video.title`, ...).
 */
export function parseMediaProcessed(payload: unknown): MediaProcessed | null {
  if (!payload || typeof payload !== "object") return null;
  const p = payload as Record<string, unknown>;
  if (p.type !== "media.processed") return null;
  const data = p.data && typeof p.data === "object" ? (p.data as Record<string, unknown>) : {};
  const pick = (key: string) => p[key] ?? data[key];
  const rawStatus = str(pick("status"));
  const ok = rawStatus === "ready" || rawStatus === "done" || rawStatus === "succeeded" || pick("success") === true;
  const objectType = str(pick("objectType")) ?? str(pick("kind")) ?? str(pick("target")) ?? "video";
  const nested = pick(objectType);
  const inner = nested && typeof nested === "object" ? (nested as Record<string, unknown>) : {};
  const objectId = str(pick("objectId")) ?? str(pick(`${objectType}Id`)) ?? str(pick("id")) ?? str(inner._id);
  const title = str(pick("title")) ?? str(inner.title) ?? "Your upload";
  // The API says why in `error`, or at the end of its `message` ("… could not be processed: <why>").
  const message = str(pick("message"));
  const why = message?.match(/could not be processed:\s*(.+)$/s)?.[1]?.trim() ?? message;
  const error = ok ? null : (str(pick("error")) ?? why ?? "The file could not be processed.");
  return { objectType, objectId, title, status: ok ? "ready" : "failed", error };
}

/** The toast for a media result: "<title> is ready" or why it failed. */
export function mediaProcessedMessage(
  event: MediaProcessed,
  t: TFunction = tFor("en"),
): { color: string; title: string; message: string } {
  if (event.status === "ready") {
    return {
      color: "teal",
      title: t("{{title}} is ready", { title: event.title }),
      message: t("Processing finished; it can be watched now."),
    };
  }
  return {
    color: "red",
    title: t("{{title}} could not be processed", { title: event.title }),
    message: event.error ?? "",
  };
}

/**
 * `file`: a digital product's file, any type (the API reads it from its bytes and caps its size). `picture`: the
 * site's logo and favicon, which may also be SVG (the API draws it to pixels).
 */
export type UploadKind = "video" | "teaser" | "thumbnail" | "photo" | "cover" | "image" | "picture" | "file";

const MB = 1024 * 1024;

/** Why a chosen file cannot be uploaded as `kind`, or null when it may. Sizes in MB. */
export function fileProblem(
  file: { type: string; size: number },
  kind: UploadKind,
  limits: { imageMaxMb: number; videoMaxMb?: number },
  t: TFunction = tFor("en"),
): string | null {
  if (kind === "file") return file.size > 0 ? null : t("This file is empty.");
  const isImage = /^image\/(jpeg|png|webp|gif|avif)$/i.test(file.type);
  const isVideo = file.type.startsWith("video/");
  if (kind === "video" || kind === "teaser") {
    if (!isVideo) return t("Choose a video file (MP4, MOV, WebM or MKV).");
    if (limits.videoMaxMb && file.size > limits.videoMaxMb * MB) {
      return t("The video must be {{mb}} MB or smaller.", { mb: limits.videoMaxMb });
    }
    return null;
  }
  if (kind === "picture") {
    if (!/^image\/(jpeg|png|webp|gif|avif|svg\+xml)$/i.test(file.type)) {
      return t("Choose a picture (PNG, SVG, JPEG, WebP or GIF).");
    }
  } else if (!isImage) return t("Choose an image file (JPEG, PNG or WebP).");
  if (file.size > limits.imageMaxMb * MB)
    return t("The image must be {{mb}} MB or smaller.", { mb: limits.imageMaxMb });
  return null;
}

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** One file of a multi-photo upload: queued, then uploading with a percentage, then done or failed. */
export interface QueuedUpload {
  key: string;
  name: string;
  size: number;
  progress: number;
  state: "queued" | "uploading" | "done" | "failed";
  error: string | null;
}

export function queueFiles(
  queue: readonly QueuedUpload[],
  files: ReadonlyArray<{ name: string; size: number }>,
  makeKey: (index: number) => string,
): QueuedUpload[] {
  return [
    ...queue,
    ...files.map((f, i) => ({
      key: makeKey(i),
      name: f.name,
      size: f.size,
      progress: 0,
      state: "queued" as const,
      error: null,
    })),
  ];
}

export function updateUpload(
  queue: readonly QueuedUpload[],
  key: string,
  patch: Partial<Omit<QueuedUpload, "key">>,
): QueuedUpload[] {
  return queue.map((u) => (u.key === key ? { ...u, ...patch } : u));
}

/** The next file to send, one request at a time: none while another is uploading. */
export function nextQueued(queue: readonly QueuedUpload[]): QueuedUpload | null {
  if (queue.some((u) => u.state === "uploading")) return null;
  return queue.find((u) => u.state === "queued") ?? null;
}

/** Drops finished uploads, keeping failures so their reason stays visible. */
export function clearFinished(queue: readonly QueuedUpload[]): QueuedUpload[] {
  return queue.filter((u) => u.state !== "done");
}

export function queueSummary(queue: readonly QueuedUpload[]): { done: number; failed: number; total: number } {
  return {
    done: queue.filter((u) => u.state === "done").length,
    failed: queue.filter((u) => u.state === "failed").length,
    total: queue.length,
  };
}

type PhotoLike = Pick<StudioPhoto, "_id" | "position">;

/**
 * Which photo a gallery's cover shows. Cover and photo links are signed separately (their signatures differ),
 * so the photo is recognised by its id in the cover's path.
 */
export function coverPhotoId(
  cover: { url: string } | null | undefined,
  photos: ReadonlyArray<{ _id: string }>,
): string | null {
  if (!cover?.url) return null;
  let pathname = cover.url;
  try {
    pathname = new URL(cover.url, "http://localhost").pathname;
  } catch {
    // not a URL: search the text as it is
  }
  return photos.find((p) => pathname.split("/").includes(p._id))?._id ?? null;
}

/** Photos in the order the gallery shows them. */
export function byPosition<T extends PhotoLike>(photos: readonly T[]): T[] {
  return [...photos].sort((a, b) => a.position - b.position);
}

/**
 * Moves the photo at `from` to `to` and numbers every photo by its place (0, 1, 2...). Returns the new order and
 * only the position changes that have to be saved.
 */
export function movePhoto<T extends PhotoLike>(
  photos: readonly T[],
  from: number,
  to: number,
): { photos: T[]; changes: Array<{ _id: string; position: number }> } {
  const list = [...photos];
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) {
    return { photos: list, changes: [] };
  }
  const [moved] = list.splice(from, 1) as [T];
  list.splice(to, 0, moved);
  const changes: Array<{ _id: string; position: number }> = [];
  const renumbered = list.map((photo, index) => {
    if (photo.position === index) return photo;
    changes.push({ _id: photo._id, position: index });
    return { ...photo, position: index };
  });
  return { photos: renumbered, changes };
}

/**
 * The ids of a list in their new order once the item at `from` moved to `to` (a product's pictures, saved whole
 * through `PUT .../images/order`), or null when nothing moves.
 */
export function moveId(ids: readonly string[], from: number, to: number): string[] | null {
  if (from < 0 || from >= ids.length || to < 0 || to >= ids.length || from === to) return null;
  const list = [...ids];
  const [moved] = list.splice(from, 1) as [string];
  list.splice(to, 0, moved);
  return list;
}

/** Items in the order of `ids` (those `ids` does not name keep their place after them). */
export function inOrder<T extends { _id: string }>(items: readonly T[], ids: readonly string[] | null): T[] {
  if (!ids) return [...items];
  const rank = new Map(ids.map((id, i) => [id, i]));
  return [...items].sort((a, b) => (rank.get(a._id) ?? ids.length) - (rank.get(b._id) ?? ids.length));
}
