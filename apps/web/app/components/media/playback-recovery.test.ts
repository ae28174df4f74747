import { describe, expect, it } from "vitest";
import type { CallToAction } from "../../lib/access-cta.ts";
import {
  GONE_MESSAGE,
  isLinkRefused,
  lostAccessCta,
  MAX_REFRESHES,
  REFRESH_WINDOW_MS,
  refreshedOf,
  shouldRefresh,
} from "./playback-recovery.ts";

const media = {
  hls: "/api/media/2/1.u.sig/private/videos/v/hls/master.m3u8",
  mp4: "/api/media/2/1.u.sig/private/videos/v/video.mp4",
  strip: null,
  stripGrid: null,
  expiresAt: "2030-01-01T00:00:00.000Z",
};

describe("when the player asks for fresh links", () => {
  it("asks when a playlist or segment was refused or is gone, or the element failed without a status", () => {
    for (const status of [403, 404, 410, null]) expect(shouldRefresh(status, [], 1000), String(status)).toBe(true);
    for (const status of [0, 200, 400, 416, 500, 503])
      expect(shouldRefresh(status, [], 1000), String(status)).toBe(false);
    expect([403, 404, 410].every(isLinkRefused)).toBe(true);
    expect(isLinkRefused(undefined)).toBe(false);
  });

  it(`asks at most ${MAX_REFRESHES} times a minute: a file that keeps failing is no loop`, () => {
    const now = 10 * REFRESH_WINDOW_MS;
    const recent = [now - 50_000, now - 20_000];
    expect(shouldRefresh(403, recent, now)).toBe(true);
    expect(shouldRefresh(403, [...recent, now - 1000], now)).toBe(false);
    // Links that run out every few minutes are refreshed every time.
    expect(
      shouldRefresh(403, [now - 3 * REFRESH_WINDOW_MS, now - 2 * REFRESH_WINDOW_MS, now - REFRESH_WINDOW_MS], now),
    ).toBe(true);
  });
});

describe("what the API's answer means", () => {
  it("plays on with fresh links", () => {
    expect(refreshedOf(200, media)).toEqual({ kind: "links", media });
  });

  it("locks the movie with the API's message when access is gone, or says it is gone", () => {
    expect(
      refreshedOf(403, { statusCode: 403, error: "Forbidden", message: "You no longer have access to this movie." }),
    ).toEqual({ kind: "lost", message: "You no longer have access to this movie." });
    expect(refreshedOf(403, null)).toEqual({ kind: "lost", message: GONE_MESSAGE });
    expect(refreshedOf(404, { statusCode: 404, message: "Movie not found" })).toEqual({
      kind: "lost",
      message: GONE_MESSAGE,
    });
  });

  it("falls back as for any failure when the API is unreachable or failing", () => {
    expect(refreshedOf(502, "Bad gateway")).toEqual({ kind: "failed" });
    expect(refreshedOf(500, { message: "boom" })).toEqual({ kind: "failed" });
    expect(refreshedOf(200, { nothing: true })).toEqual({ kind: "failed" });
  });
});

describe("the stage once access is gone", () => {
  it("titles the movie's lock with the API's message and keeps its ways in", () => {
    const buy: CallToAction = {
      reason: "sale",
      title: "Buy this movie",
      text: "Own it for $4.00 and watch it as often as you like.",
      actions: [{ kind: "buy", label: "Buy for $4.00", item: "video", id: "v" }],
    };
    expect(lostAccessCta("You no longer have access to this movie.", buy)).toEqual({
      reason: "sale",
      title: "You no longer have access to this movie.",
      text: "Own it for $4.00 and watch it as often as you like.",
      actions: buy.actions,
    });
    expect(lostAccessCta(GONE_MESSAGE, null)).toEqual({
      reason: "visitor",
      title: GONE_MESSAGE,
      text: "",
      actions: [],
    });
  });
});
