import { describe, expect, it } from "vitest";
import {
  BANDWIDTH_MAX_AGE_MS,
  chooseStartLevel,
  DEFAULT_BANDWIDTH_BPS,
  startBandwidth,
  storedBandwidth,
} from "./start-level.ts";

const ladder = [
  { width: 640, height: 360, bitrate: 900_000 },
  { width: 1280, height: 720, bitrate: 2_600_000 },
  { width: 1920, height: 1080, bitrate: 5_500_000 },
];
const fast = 20_000_000;

describe("the quality a movie starts at", () => {
  it("starts a 1120 px player on a fast link at 720p, not 360p", () => {
    const level = chooseStartLevel({
      levels: ladder,
      playerWidth: 1120,
      playerHeight: 630,
      devicePixelRatio: 1,
      bandwidthBps: fast,
    });
    expect(ladder[level]?.height).toBe(720);
  });

  it("counts the device's pixels: the same player on a 2x screen starts at 1080p", () => {
    const level = chooseStartLevel({
      levels: ladder,
      playerWidth: 1120,
      playerHeight: 630,
      devicePixelRatio: 2,
      bandwidthBps: fast,
    });
    expect(ladder[level]?.height).toBe(1080);
  });

  it("starts a phone's 390 px player at 360p and a player larger than every rendition at the largest", () => {
    const phone = { levels: ladder, playerWidth: 390, playerHeight: 219, devicePixelRatio: 1, bandwidthBps: fast };
    expect(ladder[chooseStartLevel(phone)]?.height).toBe(360);
    const wall = { ...phone, playerWidth: 2560, playerHeight: 1440 };
    expect(ladder[chooseStartLevel(wall)]?.height).toBe(1080);
  });

  it("steps down to what the bandwidth carries, with a margin, and to the lowest when nothing fits", () => {
    const big = { levels: ladder, playerWidth: 1920, playerHeight: 1080, devicePixelRatio: 1 };
    // 5.5 Mbit/s needs 7.9 at the 70 % margin; 2.6 needs 3.8.
    expect(ladder[chooseStartLevel({ ...big, bandwidthBps: 6_000_000 })]?.height).toBe(720);
    expect(ladder[chooseStartLevel({ ...big, bandwidthBps: 8_000_000 })]?.height).toBe(1080);
    expect(ladder[chooseStartLevel({ ...big, bandwidthBps: 500_000 })]?.height).toBe(360);
  });

  it("returns the index in hls.js's order, whatever that order is, and -1 with no levels", () => {
    const shuffled = [ladder[2], ladder[0], ladder[1]] as typeof ladder;
    const level = chooseStartLevel({
      levels: shuffled,
      playerWidth: 1120,
      playerHeight: 630,
      devicePixelRatio: 1,
      bandwidthBps: fast,
    });
    expect(level).toBe(2);
    expect(
      chooseStartLevel({ levels: [], playerWidth: 1120, playerHeight: 630, devicePixelRatio: 1, bandwidthBps: fast }),
    ).toBe(-1);
  });

  it("fits a portrait movie by its height", () => {
    const portrait = [
      { width: 360, height: 640, bitrate: 900_000 },
      { width: 720, height: 1280, bitrate: 2_600_000 },
    ];
    // A 16:9 player 1120 px wide shows a portrait movie 630 px high.
    const level = chooseStartLevel({
      levels: portrait,
      playerWidth: 1120,
      playerHeight: 630,
      devicePixelRatio: 1,
      bandwidthBps: fast,
    });
    expect(portrait[level]?.height).toBe(640);
  });
});

describe("the bandwidth a movie starts with", () => {
  const now = 1_800_000_000_000;

  it("is the last measured estimate when it is recent", () => {
    expect(startBandwidth(storedBandwidth(12_345_678, now - 1000), 1.5, now)).toBe(12_345_678);
  });

  it("falls back to the browser's estimate of the link, then to a default", () => {
    const old = storedBandwidth(12_000_000, now - BANDWIDTH_MAX_AGE_MS - 1);
    expect(startBandwidth(old, 3.2, now)).toBe(3_200_000);
    expect(startBandwidth("not json", undefined, now)).toBe(DEFAULT_BANDWIDTH_BPS);
    expect(startBandwidth(null, 0, now)).toBe(DEFAULT_BANDWIDTH_BPS);
  });
});
