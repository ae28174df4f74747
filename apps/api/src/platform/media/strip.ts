/** The seek bar's thumbnail strip, as the transcode makes it (video.ts) and the API describes it to players. */

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The thumbnail strip: STRIP_FRAMES frames, STRIP_TILE_WIDTH px wide at the movie's shape, in one row. */
export const STRIP_FRAMES = 10;
export const STRIP_TILE_WIDTH = 160;

/**
 * How the strip of a movie of this display size and duration is laid out: tile `i` shows the movie at
 * `i * intervalSec` (the strip samples it at STRIP_FRAMES / duration frames a second, from 0).
 */
export function stripGridOf(width: number, height: number, durationSec: number) {
  return {
    tileWidth: STRIP_TILE_WIDTH,
    tileHeight: even((STRIP_TILE_WIDTH * height) / width),
    columns: STRIP_FRAMES,
    count: STRIP_FRAMES,
    intervalSec: durationSec / STRIP_FRAMES,
  };
}
