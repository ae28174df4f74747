import { getTableColumns, sql } from "drizzle-orm";
import type { Kind } from "../catalogue/editing.ts";
import { type VideoRow, videos } from "./tables.ts";

/**
 * Job names: processing one upload (handing it to the media workers, then taking their result), the hourly release
 * of scheduled movies, and completing thumbnails at start.
 */
export const VIDEO_JOBS = {
  process: "video.process",
  transcoded: "video.transcoded",
  publishScheduled: "videos.publishScheduled",
  thumbnailVariants: "videos.thumbnailVariants",
} as const;

export const MOVIE: Kind = { noun: "movie", title: "Movie", categoryGroup: "video" };

/**
 * Thumbnails are cropped to 16:9. The list card takes the small one; the movie's stage takes the one that fits the
 * screen: 720 for a phone (a 380 px stage on a 412 px screen at 1.75x needs 665), 800 for a tablet, 1280 for a
 * computer. A size added here is made for the stored thumbnails at the next start (completeThumbnailVariants).
 */
export const THUMB_SPECS = [
  { name: "480", width: 480, height: 270, fit: "cover" },
  { name: "720", width: 720, height: 405, fit: "cover" },
  { name: "800", width: 800, height: 450, fit: "cover" },
  { name: "1280", width: 1280, height: 720, fit: "cover" },
] as const;

/** The slice of a row lists and pages need (the `search` tsvector stays in the database). */
export const { search: _search, ...rowColumns } = getTableColumns(videos);
export type Row = Omit<VideoRow, "search">;

/** What a list shows of a movie: reading and decoding fewer columns is most of a list's cost on the API side. */
export const {
  processingStatus: _ps,
  processingError: _pe,
  mediaKey: _mk,
  sourceSizeBytes: _sb,
  width: _w,
  height: _h,
  createdBy: _cb,
  updatedAt: _ua,
  takenDownAt: _td,
  takenDownReason: _tr,
  reviewState: _rs,
  reviewReason: _rr,
  reviewSubmittedAt: _rsa,
  reviewedAt: _ra,
  heldAt: _ha,
  heldReason: _hr,
  ...listColumns
} = rowColumns;
export type ListRow = Pick<Row, keyof typeof listColumns>;

/** The exact stored timestamp (microseconds), so a cursor continues after the very row it names. */
export const exactTime = (col: typeof videos.releasedAt | typeof videos.createdAt) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The uploaded original lives apart from what is served: a signed link opens everything under
 * `private/videos/<id>/`, and the original must never be downloadable through one.
 */
export const sourceDir = (id: string) => `private/video-sources/${id}`;
