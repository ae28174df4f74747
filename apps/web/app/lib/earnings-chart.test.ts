import { describe, expect, it } from "vitest";
import { chartChoice, timelineQuery, withChartChoice } from "./earnings-chart.ts";

const params = (s: string) => new URLSearchParams(s);

describe("chartChoice", () => {
  it("reads the range and interval, each range with its own default interval", () => {
    expect(chartChoice(params(""))).toEqual({ range: "12m", interval: "month" });
    expect(chartChoice(params("range=30d"))).toEqual({ range: "30d", interval: "day" });
    expect(chartChoice(params("range=90d&interval=month"))).toEqual({ range: "90d", interval: "month" });
  });

  it("falls back to the defaults for what it does not know or cannot draw", () => {
    expect(chartChoice(params("range=forever&interval=hour"))).toEqual({ range: "12m", interval: "month" });
    // Three years by day would be more than the API's 400 bars.
    expect(chartChoice(params("range=3y&interval=day"))).toEqual({ range: "3y", interval: "month" });
  });
});

describe("timelineQuery", () => {
  const now = new Date("2026-03-18T15:30:00Z"); // a Wednesday

  it("starts at the start of the bucket that holds the range's first day", () => {
    expect(timelineQuery({ range: "30d", interval: "day" }, now)).toEqual({
      from: "2026-02-16T00:00:00.000Z",
      interval: "day",
    });
    // 90 days back is Thursday 18 Dec 2025: its week started on Monday the 15th.
    expect(timelineQuery({ range: "90d", interval: "week" }, now).from).toBe("2025-12-15T00:00:00.000Z");
    expect(timelineQuery({ range: "12m", interval: "month" }, now).from).toBe("2025-03-01T00:00:00.000Z");
    expect(timelineQuery({ range: "3y", interval: "month" }, now).from).toBe("2023-03-01T00:00:00.000Z");
  });
});

describe("withChartChoice", () => {
  it("keeps the lines' page and leaves the defaults out of the URL", () => {
    expect(withChartChoice(params("page=2"), { interval: "week" }).toString()).toBe("page=2&interval=week");
    expect(withChartChoice(params("interval=week"), { interval: "month" }).toString()).toBe("");
    expect(withChartChoice(params("interval=week"), { range: "30d" }).toString()).toBe("interval=week&range=30d");
  });

  it("drops an interval the new range cannot show", () => {
    expect(withChartChoice(params("range=30d&interval=day"), { range: "3y" }).toString()).toBe("range=3y");
  });
});
