import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isUuid, uuidv7 } from "./ids.ts";

describe("uuidv7", () => {
  it("is a valid version 7, variant 1 UUID for any timestamp", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), (ms) => {
        const id = uuidv7(ms);
        expect(isUuid(id)).toBe(true);
        expect(id[14]).toBe("7");
        expect("89ab").toContain(id[19]);
        expect(Number.parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(ms);
      }),
    );
  });

  it("sorts by creation time", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 47 }), fc.integer({ min: 1, max: 10_000 }), (t, dt) => {
        expect(uuidv7(t) < uuidv7(t + dt)).toBe(true);
      }),
    );
  });
});
