/**
 * Pure helpers behind the performer studio: form values <-> API bodies for movies, galleries and the performer
 * profile, processing badges, the media-processed notification, photo ordering and the upload queue.
 */
import type { AccessKind } from "@marquee/contracts/catalogue";
import type { StudioPhoto, UpdateGalleryBody } from "@marquee/contracts/galleries";
import type { Performer, UpdatePerformerBody } from "@marquee/contracts/performers";
import type { CreateVideoBody, StudioVideo } from "@marquee/contracts/videos";
import type { z } from "zod";

type AssetStatus = "draft" | "active" | "inactive";
type ProcessingStatus = "none" | "pending" | "processing" | "ready" | "failed";

export const STUDIO_PAGE_SIZE = 20;
/** How often the movies screen asks again while a movie is pending or processing. */
export const PROCESSING_POLL_MS = 3000;

// ---- shared -----------------------------------------------------------------------------------------------------

export const accessLabels: Record<AccessKind, string> = { free: "Free", members: "Members", sale: "For sale" };
export const statusLabels: Record<AssetStatus, string> = { draft: "Draft", active: "Active", inactive: "Inactive" };
export const statusColors: Record<AssetStatus, string> = { draft: "gray", active: "teal", inactive: "orange" };

/** A `NumberInput` value: a number, or "" while empty. */
export type NumberValue = number | string;

/** The number a NumberInput holds, or null when it is empty or not a number. */
export function numberOrNull(value: NumberValue | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO instant as the value of `<input type="datetime-local">` in the browser's time zone ("" for none). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (local time) as an ISO instant, or null when empty or not a date. */
export function fromLocalInput(local: string): string | null {
  const text = local.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Tags as the API keeps them: trimmed, lower case, no blanks, no duplicates. */
export function normalizeTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().toLowerCase();
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out;
}

/**
 * Runs a contract schema over a body and maps its issues to form field names (the first message per field),
 * so the form shows the same rules the API applies. `fieldOf` renames body keys to form keys.
 */
export function schemaErrors(
  schema: z.ZodType,
  body: unknown,
  fieldOf: (key: string) => string = (key) => key,
): Record<string, string> {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? fieldOf(String(issue.path[0])) : "form";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

// ---- movies -----------------------------------------------------------------------------------------------------

export interface VideoFormValues {
  title: string;
  description: string;
  tags: string[];
  access: AccessKind;
  price: NumberValue;
  status: AssetStatus;
  /** `datetime-local` value; empty: not scheduled. */
  scheduledAt: string;
  categoryIds: string[];
  /** Admins choose the performers; empty for a performer's own movie. */
  performerIds: string[];
}

export const emptyVideoForm: VideoFormValues = {
  title: "",
  description: "",
  tags: [],
  access: "free",
  price: "",
  status: "draft",
  scheduledAt: "",
  categoryIds: [],
  performerIds: [],
};

export function videoFormValues(video: StudioVideo | null | undefined): VideoFormValues {
  if (!video) return { ...emptyVideoForm, tags: [], categoryIds: [], performerIds: [] };
  return {
    title: video.title,
    description: video.description,
    tags: [...video.tags],
    access: video.access,
    price: video.price ?? "",
    status: video.status,
    scheduledAt: toLocalInput(video.scheduledAt),
    categoryIds: video.categories.map((c) => c._id),
    performerIds: video.performers.map((p) => p._id),
  };
}

/**
 * The body of POST/PUT /performer/assets/videos: trimmed text, a price only for `sale`, the scheduled date as an
 * ISO instant (null clears it), performers only when chosen (admins).
 */
export function videoBody(values: VideoFormValues): CreateVideoBody {
  const body: CreateVideoBody = {
    title: values.title.trim(),
    description: values.description.trim(),
    tags: normalizeTags(values.tags),
    access: values.access,
    price: values.access === "sale" ? numberOrNull(values.price) : null,
    status: values.status,
    scheduledAt: fromLocalInput(values.scheduledAt),
    categoryIds: [...values.categoryIds],
  };
  if (values.performerIds.length) body.performerIds = [...values.performerIds];
  return body;
}

/** Form-side checks the API would also make, with messages next to the fields. */
export function validateVideoForm(values: VideoFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.title.trim()) errors.title = "Title is required";
  if (values.access === "sale" && numberOrNull(values.price) === null) errors.price = "A movie for sale needs a price";
  if (values.scheduledAt.trim() && !fromLocalInput(values.scheduledAt)) errors.scheduledAt = "Enter a valid date";
  return errors;
}

// ---- processing -------------------------------------------------------------------------------------------------

export const processingLabels: Record<ProcessingStatus, string> = {
  none: "No file",
  pending: "Pending",
  processing: "Processing",
  ready: "Ready",
  failed: "Failed",
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
export function mediaProcessedMessage(event: MediaProcessed): { color: string; title: string; message: string } {
  if (event.status === "ready") {
    return { color: "teal", title: `${event.title} is ready`, message: "Processing finished; it can be watched now." };
  }
  return { color: "red", title: `${event.title} could not be processed`, message: event.error ?? "" };
}

// ---- uploads ----------------------------------------------------------------------------------------------------

export type UploadKind = "video" | "teaser" | "thumbnail" | "photo" | "cover" | "image";

const MB = 1024 * 1024;

/** Why a chosen file cannot be uploaded as `kind`, or null when it may. Sizes in MB. */
export function fileProblem(
  file: { type: string; size: number },
  kind: UploadKind,
  limits: { imageMaxMb: number; videoMaxMb?: number },
): string | null {
  const isImage = /^image\/(jpeg|png|webp|gif|avif)$/i.test(file.type);
  const isVideo = file.type.startsWith("video/");
  if (kind === "video" || kind === "teaser") {
    if (!isVideo) return "Choose a video file (MP4, MOV, WebM or MKV).";
    if (limits.videoMaxMb && file.size > limits.videoMaxMb * MB) {
      return `The video must be ${limits.videoMaxMb} MB or smaller.`;
    }
    return null;
  }
  if (!isImage) return "Choose an image file (JPEG, PNG or WebP).";
  if (file.size > limits.imageMaxMb * MB) return `The image must be ${limits.imageMaxMb} MB or smaller.`;
  return null;
}

/** "1 gallery", "3 galleries". */
export function countLabel(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
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

// ---- galleries and photos ---------------------------------------------------------------------------------------

export interface GalleryFormValues {
  title: string;
  description: string;
  tags: string[];
  access: AccessKind;
  price: NumberValue;
  status: AssetStatus;
  categoryIds: string[];
  performerIds: string[];
}

export const emptyGalleryForm: GalleryFormValues = {
  title: "",
  description: "",
  tags: [],
  access: "free",
  price: "",
  status: "draft",
  categoryIds: [],
  performerIds: [],
};

interface GalleryLike {
  title: string;
  description: string;
  tags: string[];
  access: AccessKind;
  price: number | null;
  status: AssetStatus;
  categories: Array<{ _id: string }>;
  performers: Array<{ _id: string }>;
}

export function galleryFormValues(gallery: GalleryLike | null | undefined): GalleryFormValues {
  if (!gallery) return { ...emptyGalleryForm, tags: [], categoryIds: [], performerIds: [] };
  return {
    title: gallery.title,
    description: gallery.description,
    tags: [...gallery.tags],
    access: gallery.access,
    price: gallery.price ?? "",
    status: gallery.status,
    categoryIds: gallery.categories.map((c) => c._id),
    performerIds: gallery.performers.map((p) => p._id),
  };
}

export function galleryBody(values: GalleryFormValues): UpdateGalleryBody & { title: string } {
  const body: UpdateGalleryBody & { title: string } = {
    title: values.title.trim(),
    description: values.description.trim(),
    tags: normalizeTags(values.tags),
    access: values.access,
    price: values.access === "sale" ? numberOrNull(values.price) : null,
    status: values.status,
    categoryIds: [...values.categoryIds],
  };
  if (values.performerIds.length) body.performerIds = [...values.performerIds];
  return body;
}

export function validateGalleryForm(values: GalleryFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.title.trim()) errors.title = "Title is required";
  if (values.access === "sale" && numberOrNull(values.price) === null) {
    errors.price = "A gallery for sale needs a price";
  }
  return errors;
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

// ---- performer profile ------------------------------------------------------------------------------------------

export interface ProfileFormValues {
  languages: string[];
  ethnicity: string | null;
  bodyType: string | null;
  hairColor: string | null;
  eyeColor: string | null;
  height: string | null;
  sexualOrientation: string | null;
  categoryIds: string[];
  monthlyPrice: NumberValue;
  yearlyPrice: NumberValue;
}

export function profileFormValues(performer: Performer | null | undefined): ProfileFormValues {
  const a = performer?.attributes;
  return {
    languages: [...(performer?.languages ?? [])],
    ethnicity: a?.ethnicity ?? null,
    bodyType: a?.bodyType ?? null,
    hairColor: a?.hairColor ?? null,
    eyeColor: a?.eyeColor ?? null,
    height: a?.height ?? null,
    sexualOrientation: a?.sexualOrientation ?? null,
    categoryIds: (performer?.categories ?? []).map((c) => c._id),
    monthlyPrice: performer?.monthlyPrice ?? "",
    yearlyPrice: performer?.yearlyPrice ?? "",
  };
}

/** The body of PUT /performer/profile: every field, with empty choices sent as null (clearing them). */
export function profileBody(values: ProfileFormValues): UpdatePerformerBody {
  const choice = <T extends string>(v: string | null) => (v ? (v as T) : null);
  return {
    languages: [...new Set(values.languages.map((l) => l.trim().toLowerCase()).filter(Boolean))],
    ethnicity: choice(values.ethnicity),
    bodyType: choice(values.bodyType),
    hairColor: choice(values.hairColor),
    eyeColor: choice(values.eyeColor),
    height: choice(values.height),
    sexualOrientation: choice(values.sexualOrientation),
    categoryIds: [...values.categoryIds],
    monthlyPrice: numberOrNull(values.monthlyPrice),
    yearlyPrice: numberOrNull(values.yearlyPrice),
  } as UpdatePerformerBody;
}

/** "slim" -> "Slim", "plus-size" -> "Plus size", "under-160" -> "Under 160 cm", "160-170" -> "160–170 cm". */
export function attributeLabel(value: string): string {
  if (/^\d+-\d+$/.test(value)) return `${value.replace("-", "–")} cm`;
  const text = value.replace(/-/g, " ");
  const label = text.charAt(0).toUpperCase() + text.slice(1);
  return /\d$/.test(value) ? `${label} cm` : label;
}

/** The movie price shown in tables: "$9.99", or the access label. */
export function priceLabel(item: { access: AccessKind; price: number | null }, currencySymbol: string): string {
  if (item.access !== "sale") return accessLabels[item.access];
  return item.price === null ? accessLabels.sale : `${currencySymbol}${item.price.toFixed(2)}`;
}
