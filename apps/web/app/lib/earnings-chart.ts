/**
 * The studio earnings chart's choices as the URL holds them (`range`, `interval`): the loader turns them into the
 * timeline's query; the page shows them and changes them.
 */
import { bucketStart, type EarningInterval, earningIntervals } from "@marquee/contracts/payments";
import { msg } from "../i18n/i18n.ts";
import { oneOf } from "./list-params.ts";

export const chartRanges = ["30d", "90d", "12m", "3y"] as const;
export type ChartRange = (typeof chartRanges)[number];

export const RANGE_LABELS: Record<ChartRange, string> = {
  "30d": msg("30 days"),
  "90d": msg("90 days"),
  "12m": msg("12 months"),
  "3y": msg("3 years"),
};
export const INTERVAL_LABELS: Record<EarningInterval, string> = {
  day: msg("Day"),
  week: msg("Week"),
  month: msg("Month"),
};

/** What each range shows when the URL names no interval. */
const DEFAULT_INTERVAL: Record<ChartRange, EarningInterval> = {
  "30d": "day",
  "90d": "week",
  "12m": "month",
  "3y": "month",
};
export const DEFAULT_RANGE: ChartRange = "12m";

/** The intervals a range can be shown by (three years by day would be more bars than the API draws). */
export function intervalsFor(range: ChartRange): readonly EarningInterval[] {
  return range === "3y" ? ["week", "month"] : earningIntervals;
}

/** The range and interval the URL asks for; a missing, unknown or impossible pair falls back to the defaults. */
export function chartChoice(params: URLSearchParams): { range: ChartRange; interval: EarningInterval } {
  const range = oneOf(params, "range", chartRanges, DEFAULT_RANGE);
  const interval = oneOf(params, "interval", intervalsFor(range), DEFAULT_INTERVAL[range]);
  return { range, interval };
}

/**
 * The timeline's query for a choice at `now`: from the start of the bucket that holds the range's first day, so the
 * first bar is a whole day, week or month, to now (the API's default `to`).
 */
export function timelineQuery(choice: { range: ChartRange; interval: EarningInterval }, now = new Date()) {
  const from = new Date(now);
  if (choice.range === "30d") from.setUTCDate(from.getUTCDate() - 30);
  else if (choice.range === "90d") from.setUTCDate(from.getUTCDate() - 90);
  else from.setUTCMonth(from.getUTCMonth() - (choice.range === "12m" ? 12 : 36));
  return { from: bucketStart(from, choice.interval).toISOString(), interval: choice.interval };
}

/**
 * The search params after a change of the chart's choice: the other params (the lines' page) stay; the defaults
 * are left out of the URL; an interval the new range cannot show is dropped.
 */
export function withChartChoice(
  params: URLSearchParams,
  change: { range?: ChartRange; interval?: EarningInterval },
): URLSearchParams {
  const current = chartChoice(params);
  const range = change.range ?? current.range;
  let interval = change.interval ?? (params.has("interval") ? current.interval : undefined);
  if (interval && !intervalsFor(range).includes(interval)) interval = undefined;
  const next = new URLSearchParams(params);
  if (range === DEFAULT_RANGE) next.delete("range");
  else next.set("range", range);
  if (!interval || interval === DEFAULT_INTERVAL[range]) next.delete("interval");
  else next.set("interval", interval);
  return next;
}
