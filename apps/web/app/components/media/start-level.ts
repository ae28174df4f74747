/**
 * The quality a movie starts at (issue 23): the lowest rendition that fills the player's pixels (its CSS size times
 * the device pixel ratio), or a lower one when the bandwidth estimate cannot carry it. hls.js left to itself loads
 * its first segment at the lowest rendition to measure the link, so a 1120 px player on a fast link started at 360p.
 */

export interface StartLevelInput {
  /** hls.js levels in their order (the index returned refers to it). */
  levels: readonly { width: number; height: number; bitrate: number }[];
  /** The player's CSS size. */
  playerWidth: number;
  playerHeight: number;
  devicePixelRatio: number;
  /** Bits per second the link is believed to carry. */
  bandwidthBps: number;
}

/** Only this share of the estimate is counted on at the start: the estimate may be old, and the buffer is empty. */
export const START_BANDWIDTH_SHARE = 0.7;

/** The index in `levels` to start at; -1 when there are none. */
export function chooseStartLevel({
  levels,
  playerWidth,
  playerHeight,
  devicePixelRatio,
  bandwidthBps,
}: StartLevelInput): number {
  if (levels.length === 0) return -1;
  const ratio = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  const pixelsWide = Math.max(0, playerWidth) * ratio;
  const pixelsHigh = Math.max(0, playerHeight) * ratio;
  const order = levels.map((_, i) => i).sort((a, b) => area(levels[a]) - area(levels[b]) || rate(levels, a, b));
  // The smallest rendition that covers the player in either direction; a player larger than every rendition takes
  // the largest.
  const fitsAt = order.findIndex((i) => {
    const level = levels[i] as StartLevelInput["levels"][number];
    return level.width >= pixelsWide || level.height >= pixelsHigh;
  });
  const cap = fitsAt === -1 ? order.length - 1 : fitsAt;
  const budget = Math.max(0, bandwidthBps) * START_BANDWIDTH_SHARE;
  for (let k = cap; k > 0; k--) {
    const i = order[k] as number;
    if ((levels[i]?.bitrate ?? Number.POSITIVE_INFINITY) <= budget) return i;
  }
  return order[0] as number;
}

const area = (l: { width: number; height: number } | undefined) => (l ? l.width * l.height : 0);
const rate = (levels: StartLevelInput["levels"], a: number, b: number) =>
  (levels[a]?.bitrate ?? 0) - (levels[b]?.bitrate ?? 0);

/** Where the last measured estimate is kept, so the next movie starts from what the link did last time. */
export const BANDWIDTH_KEY = "marquee.bandwidth";
/** A measurement older than this says little about the link now. */
export const BANDWIDTH_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** With nothing measured and no hint from the browser: a common broadband link. */
export const DEFAULT_BANDWIDTH_BPS = 5_000_000;

interface Stored {
  bps: number;
  at: number;
}

/**
 * The bandwidth to start with: the last estimate hls.js measured in this browser (if recent), else the browser's
 * own estimate of the link (`navigator.connection.downlink`, in Mbit/s), else DEFAULT_BANDWIDTH_BPS.
 */
export function startBandwidth(stored: string | null, downlinkMbps: number | undefined, now: number): number {
  try {
    const parsed = stored ? (JSON.parse(stored) as Partial<Stored>) : null;
    if (
      parsed &&
      typeof parsed.bps === "number" &&
      parsed.bps > 0 &&
      typeof parsed.at === "number" &&
      now - parsed.at < BANDWIDTH_MAX_AGE_MS
    ) {
      return parsed.bps;
    }
  } catch {
    // A broken entry counts as none.
  }
  if (typeof downlinkMbps === "number" && downlinkMbps > 0) return downlinkMbps * 1_000_000;
  return DEFAULT_BANDWIDTH_BPS;
}

export const storedBandwidth = (bps: number, now: number): string => JSON.stringify({ bps: Math.round(bps), at: now });

/** The start bandwidth in this browser. */
export function browserBandwidth(): number {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(BANDWIDTH_KEY);
  } catch {
    // Storage refused (private mode).
  }
  const connection = (navigator as Navigator & { connection?: { downlink?: number } }).connection;
  return startBandwidth(stored, connection?.downlink, Date.now());
}

/** Keeps a measured estimate for the next movie. */
export function rememberBandwidth(bps: number) {
  if (!Number.isFinite(bps) || bps <= 0) return;
  try {
    localStorage.setItem(BANDWIDTH_KEY, storedBandwidth(bps, Date.now()));
  } catch {
    // Storage full or refused: the next movie starts from the browser's hint.
  }
}
