import { describe, expect, it } from "vitest";
import { nextIndex, SWIPE_MIN_PX, swipeStep } from "./viewer-keys.ts";

describe("keys in the photo viewer", () => {
  it("moves one photo with the arrows, within what is loaded", () => {
    expect(nextIndex("ArrowRight", 0, 5, false)).toBe(1);
    expect(nextIndex("ArrowLeft", 3, 5, false)).toBe(2);
    expect(nextIndex("ArrowLeft", 0, 5, false)).toBeNull();
    expect(nextIndex("ArrowRight", 4, 5, false)).toBeNull();
  });

  it("goes past the last loaded photo when more exist, so the next page is fetched", () => {
    expect(nextIndex("ArrowRight", 4, 5, true)).toBe(5);
  });

  it("jumps to the ends with Home and End, and ignores other keys", () => {
    expect(nextIndex("Home", 3, 5, true)).toBe(0);
    expect(nextIndex("End", 1, 5, true)).toBe(4);
    expect(nextIndex("Home", 0, 5, true)).toBeNull();
    expect(nextIndex("Enter", 1, 5, true)).toBeNull();
  });
});

describe("swipes in the photo viewer", () => {
  it("goes to the next photo on a swipe left and the previous one on a swipe right", () => {
    expect(swipeStep(-120, 10)).toBe(1);
    expect(swipeStep(90, -20)).toBe(-1);
  });

  it("ignores taps, short moves and mostly vertical moves", () => {
    expect(swipeStep(0, 0)).toBeNull();
    expect(swipeStep(-(SWIPE_MIN_PX - 1), 0)).toBeNull();
    expect(swipeStep(-60, 80)).toBeNull();
  });
});
