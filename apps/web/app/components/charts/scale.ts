import type { Locale } from "@marquee/contracts/locales";
import type { EarningInterval } from "@marquee/contracts/payments";
import type { TFunction } from "../../i18n/i18n.ts";
import { tFor } from "../../i18n/i18n.ts";

/**
 * What the bar charts (the studio's earnings, the admin's revenue) share: their dates per bucket and the scale of
 * their plot, 100 units high and 10 wide per bar, stretched to the box (the strokes are not).
 */

const UTC = { timeZone: "UTC" } as const;
const formats = new Map<
  Locale,
  { day: Intl.DateTimeFormat; shortDay: Intl.DateTimeFormat; month: Intl.DateTimeFormat }
>();
/** The charts' date formats in a language ("12 Mar 2026" / "12 mar 2026"). */
export function formatsIn(locale: Locale) {
  let known = formats.get(locale);
  if (!known) {
    const tag = locale === "en" ? "en-GB" : "es-ES";
    known = {
      day: new Intl.DateTimeFormat(tag, { ...UTC, day: "numeric", month: "short", year: "numeric" }),
      shortDay: new Intl.DateTimeFormat(tag, { ...UTC, day: "numeric", month: "short" }),
      month: new Intl.DateTimeFormat(tag, { ...UTC, month: "short", year: "numeric" }),
    };
    formats.set(locale, known);
  }
  return known;
}

/** "12 Mar 2026", "Week of 9 Mar 2026", "Mar 2026": a bucket as the table and the tooltips name it. */
export function bucketLabel(
  start: string,
  interval: EarningInterval,
  t: TFunction = tFor("en"),
  locale: Locale = "en",
): string {
  const date = new Date(start);
  const f = formatsIn(locale);
  if (interval === "month") return f.month.format(date);
  return interval === "week" ? t("Week of {{date}}", { date: f.day.format(date) }) : f.day.format(date);
}

/** The round number at or above `v` (1, 2, 2.5 or 5 times a power of ten) that tops the axis. */
export function niceCeil(v: number): number {
  if (v <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 2.5, 5, 10]) {
    if (v <= m * power + 1e-9) return m * power;
  }
  return 10 * power;
}

export interface BarScale {
  /** The height in the plot's units (0 at the top, 100 at the bottom) of an amount. */
  y: (v: number) => number;
  /** The amounts the axis names and the grid marks: the top, its half, zero and the bottom when below zero. */
  ticks: number[];
  /** Where the `i`th bar starts, and each bar's width. */
  x: (i: number) => number;
  width: number;
}

/** The scale of bars of these amounts: from zero (or, with `negative`, the lowest amount) to the highest. */
export function barScale(values: number[], { negative = false } = {}): BarScale {
  const top = niceCeil(Math.max(0, ...values));
  const bottom = negative ? -niceCeil(Math.max(0, ...values.map((v) => -v))) : 0;
  const span = top - bottom || 1;
  const gap = values.length > 60 ? 1 : 2;
  return {
    y: (v) => ((top - v) / span) * 100,
    ticks: [...new Set([top, top / 2, 0, bottom].filter((v) => v >= bottom && v <= top))],
    x: (i) => i * 10 + gap / 2,
    width: 10 - gap,
  };
}
