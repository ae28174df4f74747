import { describe, expect, it } from "vitest";
import { nextIndex } from "./viewer-keys.ts";

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
