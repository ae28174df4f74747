import { describe, expect, it } from "vitest";
import { addBusinessDays, reportDueAt } from "./due.ts";

const d = (iso: string) => new Date(iso);

describe("addBusinessDays", () => {
  it("counts seven business days from a Wednesday to the Friday of the week after", () => {
    // 2026-11-25 is a Wednesday.
    expect(reportDueAt(d("2026-11-25T10:30:00.000Z")).toISOString()).toBe("2026-12-04T10:30:00.000Z");
  });
  it("skips the weekend: Friday + 1 is Monday, Monday + 5 is the next Monday", () => {
    expect(addBusinessDays(d("2026-11-27T09:00:00Z"), 1).toISOString()).toBe("2026-11-30T09:00:00.000Z");
    expect(addBusinessDays(d("2026-11-30T09:00:00Z"), 5).toISOString()).toBe("2026-12-07T09:00:00.000Z");
  });
  it("counts a report filed on a Saturday or Sunday from the Monday after", () => {
    expect(addBusinessDays(d("2026-11-28T15:00:00Z"), 1).toISOString()).toBe("2026-11-30T15:00:00.000Z");
    expect(reportDueAt(d("2026-11-29T23:59:00Z")).toISOString()).toBe("2026-12-08T23:59:00.000Z");
  });
  it("crosses months and years", () => {
    // 2026-12-28 is a Monday; seven business days later is Wednesday 2027-01-06.
    expect(reportDueAt(d("2026-12-28T00:00:00Z")).toISOString()).toBe("2027-01-06T00:00:00.000Z");
  });
  it("is the same moment for zero days, and refuses negative or fractional days", () => {
    expect(addBusinessDays(d("2026-11-28T15:00:00Z"), 0).toISOString()).toBe("2026-11-28T15:00:00.000Z");
    expect(() => addBusinessDays(d("2026-11-25T00:00:00Z"), -1)).toThrow(RangeError);
    expect(() => addBusinessDays(d("2026-11-25T00:00:00Z"), 1.5)).toThrow(RangeError);
  });
  it("never lands on a weekend and is always at least `days` calendar days on", () => {
    for (let i = 0; i < 60; i++) {
      const from = new Date(Date.UTC(2026, 0, 1 + i, 12));
      for (const n of [1, 3, 7, 10]) {
        const due = addBusinessDays(from, n);
        expect([0, 6]).not.toContain(due.getUTCDay());
        expect(due.getTime() - from.getTime()).toBeGreaterThanOrEqual(n * 86_400_000);
        expect(due.getTime() - from.getTime()).toBeLessThanOrEqual((n + Math.ceil(n / 5) * 2 + 2) * 86_400_000);
      }
    }
  });
});
