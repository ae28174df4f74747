import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDuration, formatShortDate } from "./format.ts";

describe("dates and durations", () => {
  it("formats durations as m:ss or h:mm:ss", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(5)).toBe("0:05");
    expect(formatDuration(95)).toBe("1:35");
    expect(formatDuration(245)).toBe("4:05");
    expect(formatDuration(3723)).toBe("1:02:03");
    expect(formatDuration(59.6)).toBe("1:00");
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(undefined)).toBeNull();
    expect(formatDuration(-1)).toBeNull();
    expect(formatDuration(Number.NaN)).toBeNull();
  });

  it("formats dates in UTC so server and browser agree", () => {
    const now = new Date("2026-06-01T00:00:00Z");
    expect(formatShortDate("2026-03-12T23:30:00Z", now)).toBe("12 Mar");
    expect(formatShortDate("2027-01-02T00:10:00Z", now)).toBe("2 Jan 2027");
    expect(formatShortDate("not a date", now)).toBe("");
    expect(formatDate("2026-03-12T23:30:00Z")).toBe("12 Mar 2026");
    expect(formatDate("2026-03-12T23:30:00-05:00")).toBe("13 Mar 2026");
    expect(formatDate(null)).toBe("");
    expect(formatDate("soon")).toBe("");
  });

  it("formats instants with the time, saying it is UTC", () => {
    expect(formatDateTime("2026-11-24T03:41:09Z")).toBe("24 Nov 2026, 03:41 UTC");
    expect(formatDateTime(undefined)).toBe("");
    expect(formatDateTime("nope")).toBe("");
  });
});
