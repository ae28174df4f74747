import { describe, expect, it } from "vitest";
import { percentToBp, roundHalfUp, taxLine } from "./compute.ts";

describe("taxLine", () => {
  it("adds the tax on top when prices exclude it, rounding half up per line", () => {
    expect(taxLine(1000, 2000, false)).toEqual({ netCents: 1000, taxCents: 200, grossCents: 1200 });
    // 999 × 7.25% = 72.4275 → 72; 1010 × 5% = 50.5 → 51.
    expect(taxLine(999, 725, false)).toEqual({ netCents: 999, taxCents: 72, grossCents: 1071 });
    expect(taxLine(1010, 500, false)).toEqual({ netCents: 1010, taxCents: 51, grossCents: 1061 });
  });

  it("derives the net from the listed gross when prices include it", () => {
    // 1200 / 1.2 = 1000 exactly; 999 / 1.2 = 832.5 → 833, tax 166.
    expect(taxLine(1200, 2000, true)).toEqual({ netCents: 1000, taxCents: 200, grossCents: 1200 });
    expect(taxLine(999, 2000, true)).toEqual({ netCents: 833, taxCents: 166, grossCents: 999 });
  });

  it("leaves a line without a rate or a price as it is", () => {
    expect(taxLine(1000, 0, false)).toEqual({ netCents: 1000, taxCents: 0, grossCents: 1000 });
    expect(taxLine(0, 2000, true)).toEqual({ netCents: 0, taxCents: 0, grossCents: 0 });
  });
});

describe("roundHalfUp and percentToBp", () => {
  it("rounds halves up and reads percents with two decimals at most", () => {
    expect([roundHalfUp(5, 2), roundHalfUp(7, 4), roundHalfUp(5, 4)]).toEqual([3, 2, 1]);
    expect([percentToBp(20), percentToBp(7.25), percentToBp(0.01), percentToBp(7.255)]).toEqual([2000, 725, 1, null]);
  });
});
