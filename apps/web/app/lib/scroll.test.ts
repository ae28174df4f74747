import { describe, expect, it } from "vitest";
import { BACK_TO_TOP_DURATION_MS, BACK_TO_TOP_THRESHOLD, scrollPositionAt } from "./scroll.ts";

describe("back to top", () => {
  it("uses SPEC's constants", () => {
    expect(BACK_TO_TOP_THRESHOLD).toBe(400);
    expect(BACK_TO_TOP_DURATION_MS).toBe(450);
  });

  it("starts where the page is, ends at the top after 450 ms, and only moves up", () => {
    expect(scrollPositionAt(1000, 0)).toBe(1000);
    expect(scrollPositionAt(1000, 225)).toBe(500);
    expect(scrollPositionAt(1000, 449)).toBeGreaterThanOrEqual(0);
    expect(scrollPositionAt(1000, 450)).toBe(0);
    let previous = 1000;
    for (let t = 0; t <= 450; t += 15) {
      const y = scrollPositionAt(1000, t);
      expect(y).toBeLessThanOrEqual(previous);
      previous = y;
    }
  });
});
