import { z } from "zod";
import { entityId } from "./common.ts";
import { video } from "./videos.ts";

// The watching API's schemas; the constants and types the player needs are in watching.ts, without zod.

export const progressParams = z.strictObject({ videoId: entityId });

/** A player's report: where it is, and the movie's length as the player knows it (the stored one wins). */
export const progressReport = z.strictObject({
  position: z.number().finite().min(0).max(1_000_000),
  duration: z.number().finite().positive().max(1_000_000).optional(),
});
export type ProgressReport = z.infer<typeof progressReport>;

/** Where the member is in a movie: `position` 0 when they have not started it or finished it. */
export const watchProgress = z.object({
  videoId: entityId,
  position: z.number(),
  duration: z.number().nullable(),
  finished: z.boolean(),
  /** Whether this report was saved (false: too soon after the previous one, which stands). */
  saved: z.boolean().optional(),
  watchedAt: z.string().nullable(),
});
export type WatchProgress = z.infer<typeof watchProgress>;

/** A movie in "Continue watching" or the history, as the catalogue lists it, with the member's progress. */
export const watchedVideo = z.object({
  video,
  position: z.number(),
  duration: z.number().nullable(),
  finished: z.boolean(),
  watchedAt: z.string(),
});
export type WatchedVideo = z.infer<typeof watchedVideo>;

export const continueWatchingList = z.object({ data: z.array(watchedVideo) });
export type ContinueWatchingList = z.infer<typeof continueWatchingList>;

export const historyQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

/** The member's history, newest first; `total` counts their entries (movies they can no longer open included). */
export const watchHistory = z.object({ data: z.array(watchedVideo), total: z.number().int() });
export type WatchHistory = z.infer<typeof watchHistory>;
