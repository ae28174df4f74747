import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, discounted, earning, shares } from "./money.ts";

describe("money in cents", () => {
  it("applies a coupon as original x (1 - value), rounded to the cent", () => {
    expect(discounted(1000, 0.2)).toBe(800);
    expect(discounted(999, 0.15)).toBe(849); // 849.15
    expect(discounted(1299, 0.5)).toBe(650); // 649.5 rounds up
    expect(discounted(1, 0.99)).toBe(0);
    // 0.29 is 0.28999... as a float; the cents do not care.
    expect(discounted(100, 0.29)).toBe(71);
  });

  it("shares a line between its performers, the odd cents to the first ones, adding up exactly", () => {
    expect(shares(1000, ["a"])).toEqual([["a", 1000]]);
    expect(shares(1000, ["a", "b", "c"])).toEqual([
      ["a", 334],
      ["b", 333],
      ["c", 333],
    ]);
    expect(shares(1001, ["a", "b", "a"])).toEqual([
      ["a", 501],
      ["b", 500],
    ]);
    expect(shares(500, [])).toEqual([]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 9 }),
        (c, ids) => {
          const parts = shares(c, ids);
          expect(parts.reduce((n, [, v]) => n + v, 0)).toBe(c);
          expect(Math.max(...parts.map(([, v]) => v)) - Math.min(...parts.map(([, v]) => v))).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it("splits an earning into commission and net that add up to the gross", () => {
    expect(earning(999, 0.2)).toEqual({ grossCents: 999, commissionRate: 0.2, commissionCents: 200, netCents: 799 });
    expect(earning(1000, 0)).toMatchObject({ commissionCents: 0, netCents: 1000 });
    expect(earning(1000, 1)).toMatchObject({ commissionCents: 1000, netCents: 0 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (g, r) => {
        const e = earning(g, r);
        expect(e.commissionCents + e.netCents).toBe(g);
        expect(e.commissionCents).toBeGreaterThanOrEqual(0);
        expect(e.netCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("spreads a discounted total over a cart's lines in proportion, adding up to the cent", () => {
    expect(allocate(900, [1000])).toEqual([900]);
    // 20% off 10.00 + 5.00 + 2.50: 14.00 as 8.00, 4.00 and 2.00.
    expect(allocate(1400, [1000, 500, 250])).toEqual([800, 400, 200]);
    // Three equal lines, 10 cents: the odd cent to the first.
    expect(allocate(10, [333, 333, 333])).toEqual([4, 3, 3]);
    expect(allocate(0, [500, 500])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([7, 0]);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 50 }),
        fc.integer({ min: 1, max: 99 }),
        (lines, percentOff) => {
          const whole = lines.reduce((n, c) => n + c, 0);
          const total = discounted(whole, percentOff / 100);
          const parts = allocate(total, lines);
          expect(parts.reduce((n, c) => n + c, 0)).toBe(total);
          parts.forEach((p, i) => {
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(lines[i] as number);
            // Within a cent of its exact share.
            expect(Math.abs(p - (total * (lines[i] as number)) / whole)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});
