import { describe, expect, it } from "vitest";
import { formatTime, qualitiesOf, stripTileAt } from "./player-actions.ts";
import { playerAction } from "./player-keys.ts";

describe("the player's keyboard shortcuts", () => {
  it("plays and pauses with space or k, seeks 5 s with the arrows, changes the volume, f fullscreen, m mute", () => {
    expect(playerAction(" ", "player")).toEqual({ kind: "toggle-play" });
    expect(playerAction("k", "button")).toEqual({ kind: "toggle-play" });
    expect(playerAction("ArrowLeft", "player")).toEqual({ kind: "seek", by: -5 });
    expect(playerAction("ArrowRight", "button")).toEqual({ kind: "seek", by: 5 });
    expect(playerAction("ArrowUp", "player")).toEqual({ kind: "volume", by: 0.1 });
    expect(playerAction("ArrowDown", "player")).toEqual({ kind: "volume", by: -0.1 });
    expect(playerAction("f", "player")).toEqual({ kind: "fullscreen" });
    expect(playerAction("m", "player")).toEqual({ kind: "mute" });
  });

  it("leaves a focused button its space, the volume slider its arrows, menus and fields all their keys", () => {
    expect(playerAction(" ", "button")).toBeNull();
    expect(playerAction("ArrowLeft", "range")).toBeNull();
    expect(playerAction("m", "range")).toEqual({ kind: "mute" });
    expect(playerAction("ArrowDown", "menu")).toBeNull();
    expect(playerAction("k", "text")).toBeNull();
    // Browser shortcuts (Ctrl+F, Cmd+M) stay the browser's.
    expect(playerAction("f", "player", true)).toBeNull();
    expect(playerAction("x", "player")).toBeNull();
  });
});

describe("what the controls show", () => {
  it("times as m:ss or h:mm:ss", () => {
    expect(formatTime(0)).toBe("0:00");
    expect(formatTime(75.9)).toBe("1:15");
    expect(formatTime(3725)).toBe("1:02:05");
    expect(formatTime(Number.NaN)).toBe("0:00");
  });

  it("names renditions by their short side, highest first, keeping hls.js's index", () => {
    const levels = [
      { width: 640, height: 360 },
      { width: 1920, height: 1080 },
      { width: 720, height: 1280 },
    ];
    expect(qualitiesOf(levels)).toEqual([
      { index: 1, label: "1080p", height: 1080 },
      { index: 2, label: "720p", height: 720 },
      { index: 0, label: "360p", height: 360 },
    ]);
  });

  it("finds the strip's frame for a time on the seek bar", () => {
    const grid = { tileWidth: 160, tileHeight: 90, columns: 5, count: 10, intervalSec: 6 };
    expect(stripTileAt(grid, 0)).toEqual({ index: 0, x: 0, y: 0 });
    expect(stripTileAt(grid, 13)).toEqual({ index: 2, x: 320, y: 0 });
    // Second row.
    expect(stripTileAt(grid, 41)).toEqual({ index: 6, x: 160, y: 90 });
    // The end of the movie is the last frame, not one past it.
    expect(stripTileAt(grid, 60)).toEqual({ index: 9, x: 640, y: 90 });
  });
});
