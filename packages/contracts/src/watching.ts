// What the player needs of the watching API without its schemas (watching-schemas.ts): the movie page loads these
// with the page, and zod only with the screens that validate.
export type {
  ContinueWatchingList,
  HistoryQuery,
  ProgressReport,
  WatchedVideo,
  WatchHistory,
  WatchProgress,
} from "./watching-schemas.ts";

/** Where a movie counts as finished: its last seconds (a tenth of it for clips under 50 s). */
export const FINISH_MARGIN_SEC = 5;
export const finishMarginOf = (durationSec: number) => Math.min(FINISH_MARGIN_SEC, durationSec / 10);

/** How often a playing movie reports its position, and how long the server drops repeats of a saved position. */
export const PROGRESS_REPORT_MS = 10_000;
export const PROGRESS_MIN_INTERVAL_MS = 2_000;

/** Progress of a movie's visitors, kept in the browser (localStorage) under this key. */
export const LOCAL_PROGRESS_KEY = "watchProgress";
