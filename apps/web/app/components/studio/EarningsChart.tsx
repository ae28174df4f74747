import { Text, VisuallyHidden } from "@mantine/core";
import type { Locale } from "@marquee/contracts/locales";
import type { EarningInterval, EarningTimeline } from "@marquee/contracts/payments";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../i18n/format.ts";
import { msg, tFor } from "../../i18n/i18n.ts";

/**
 * A bar chart of the performer's net earnings per day, week or month. Our own SVG rather than @mantine/charts: that
 * one needs recharts (with its own Redux store, immer, d3 scales and es-toolkit) for what is one series of bars, and
 * its responsive container measures the page in the browser, so the server's render would have no chart at all.
 * The bars stretch to any width; the labels are HTML, so they stay sharp and the page never scrolls sideways.
 * Screen readers hear a summary (the SVG's `aria-label`) and can read every value in a visually hidden table.
 */

const UTC = { timeZone: "UTC" } as const;
const formats = new Map<
  Locale,
  { day: Intl.DateTimeFormat; shortDay: Intl.DateTimeFormat; month: Intl.DateTimeFormat }
>();
/** The chart's date formats in a language ("12 Mar 2026" / "12 mar 2026"). */
function formatsIn(locale: Locale) {
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

/** The axis's shorter label: "12 Mar" ("12 Mar 2026" when the chart spans years), "Mar 2026". */
function axisLabel(start: string, interval: EarningInterval, withYear: boolean, locale: Locale): string {
  const date = new Date(start);
  const f = formatsIn(locale);
  if (interval === "month") return f.month.format(date);
  return (withYear ? f.day : f.shortDay).format(date);
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

/** The chart's texts per interval: the table's caption and first column, the summary's start and its totals. */
const TEXTS: Record<EarningInterval, { caption: string; unit: string; head: string }> = {
  day: {
    caption: msg("Your earnings by day"),
    unit: msg("Day"),
    head: msg("Your earnings by day, {{from}} to {{to}}"),
  },
  week: {
    caption: msg("Your earnings by week"),
    unit: msg("Week"),
    head: msg("Your earnings by week, {{from}} to {{to}}"),
  },
  month: {
    caption: msg("Your earnings by month"),
    unit: msg("Month"),
    head: msg("Your earnings by month, {{from}} to {{to}}"),
  },
};

/** What the chart says in a sentence: the period, the total and the best bucket. */
export function chartSummary(
  timeline: EarningTimeline,
  money: (n: number) => string,
  t: TFunction = tFor("en"),
  locale: Locale = "en",
): string {
  const { points, interval } = timeline;
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return t("Your earnings: no data for this period.");
  const total = Math.round(points.reduce((n, p) => n + p.net, 0) * 100) / 100;
  const head = t(TEXTS[interval].head, {
    from: bucketLabel(first.start, interval, t, locale),
    to: bucketLabel(last.start, interval, t, locale),
  });
  if (points.every((p) => p.net === 0)) return t("{{head}}: nothing earned yet.", { head });
  const best = points.reduce((b, p) => (p.net > b.net ? p : b), first);
  const busy = points.filter((p) => p.net !== 0).length;
  const when =
    interval === "week"
      ? t("the week of {{date}}", { date: formatsIn(locale).day.format(new Date(best.start)) })
      : bucketLabel(best.start, interval, t, locale);
  const n = points.length;
  const span =
    interval === "day"
      ? t("{{n}} days", { count: n, n })
      : interval === "week"
        ? t("{{n}} weeks", { count: n, n })
        : t("{{n}} months", { count: n, n });
  return t("{{head}}: {{total}} in total over {{span}}, {{busy}} with earnings; the most, {{best}}, in {{when}}.", {
    head,
    total: money(total),
    span,
    busy,
    best: money(best.net),
    when,
  });
}

export function EarningsChart({
  timeline,
  money,
  busy = false,
}: {
  timeline: EarningTimeline;
  /** Amounts with the site's currency symbol, negative ones with a minus. */
  money: (n: number) => string;
  /** True while the next choice loads. */
  busy?: boolean;
}) {
  const { points, interval } = timeline;
  const { t } = useTranslation();
  const locale = useLocale();
  const n = points.length;
  const top = niceCeil(Math.max(0, ...points.map((p) => p.net)));
  const bottom = -niceCeil(Math.max(0, ...points.map((p) => -p.net)));
  const span = top - bottom || 1;
  // The plot is 100 units high and 10 wide per bar; it is stretched to the box, the strokes are not.
  const y = (v: number) => ((top - v) / span) * 100;
  const gap = n > 60 ? 1 : 2;
  const ticks = [...new Set([top, top / 2, 0, bottom].filter((v) => v >= bottom && v <= top))];
  const first = points[0];
  const last = points.at(-1);
  const middle = n > 2 ? points[Math.floor((n - 1) / 2)] : undefined;
  const empty = points.every((p) => p.net === 0);
  const withYear = !!first && !!last && first.start.slice(0, 4) !== last.start.slice(0, 4);
  const texts = TEXTS[interval];
  return (
    <figure className="marquee-chart" aria-busy={busy} data-testid="earnings-chart" data-interval={interval}>
      <div className="marquee-chart-plot">
        <div className="marquee-chart-y" aria-hidden>
          {/* The widest label sizes the column; the visible ones sit at their heights. */}
          {ticks.map((v) => (
            <span key={`size-${v}`} className="marquee-chart-y-sizer">
              {money(v)}
            </span>
          ))}
          {ticks.map((v) => (
            <span key={v} className="marquee-chart-y-label" style={{ top: `${y(v)}%` }}>
              {money(v)}
            </span>
          ))}
        </div>
        <div className="marquee-chart-area">
          <svg
            role="img"
            aria-label={chartSummary(timeline, money, t, locale)}
            viewBox={`0 0 ${Math.max(n, 1) * 10} 100`}
            preserveAspectRatio="none"
            width="100%"
            height="100%"
          >
            {ticks.map((v) => (
              <line
                key={v}
                className={v === 0 ? "marquee-chart-zero" : "marquee-chart-grid"}
                x1={0}
                x2={Math.max(n, 1) * 10}
                y1={y(v)}
                y2={y(v)}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {points.map((p, i) => {
              const h = Math.abs(y(p.net) - y(0));
              // A bucket with any earnings shows at least a sliver.
              const height = p.net === 0 ? 0 : Math.max(h, 0.8);
              return (
                <rect
                  key={p.start}
                  className={p.net < 0 ? "marquee-chart-bar marquee-chart-bar-negative" : "marquee-chart-bar"}
                  data-testid="earnings-bar"
                  data-start={p.start}
                  data-net={p.net}
                  x={i * 10 + gap / 2}
                  width={10 - gap}
                  y={p.net < 0 ? y(0) : y(0) - height}
                  height={height}
                >
                  <title>
                    {p.refunds
                      ? t("{{bucket}}: {{amount}} ({{sales}}, {{refunds}})", {
                          bucket: bucketLabel(p.start, interval, t, locale),
                          amount: money(p.net),
                          sales: t("{{n}} sales", { count: p.sales, n: p.sales }),
                          refunds: t("{{n}} refunds", { count: p.refunds, n: p.refunds }),
                        })
                      : t("{{bucket}}: {{amount}} ({{sales}})", {
                          bucket: bucketLabel(p.start, interval, t, locale),
                          amount: money(p.net),
                          sales: t("{{n}} sales", { count: p.sales, n: p.sales }),
                        })}
                  </title>
                </rect>
              );
            })}
          </svg>
          {empty && (
            <Text className="marquee-chart-empty" size="sm" c="dimmed">
              {t("Nothing earned in this period yet.")}
            </Text>
          )}
        </div>
        {first && last && (
          <div className="marquee-chart-x" aria-hidden>
            <span>{axisLabel(first.start, interval, withYear, locale)}</span>
            {middle && <span>{axisLabel(middle.start, interval, withYear, locale)}</span>}
            {n > 1 && <span>{axisLabel(last.start, interval, withYear, locale)}</span>}
          </div>
        )}
      </div>
      <VisuallyHidden>
        <table>
          <caption>{t(texts.caption)}</caption>
          <thead>
            <tr>
              <th scope="col">{t(texts.unit)}</th>
              <th scope="col">{t("Earned")}</th>
              <th scope="col">{t("Sales")}</th>
              <th scope="col">{t("Refunds")}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.start}>
                <th scope="row">{bucketLabel(p.start, interval, t, locale)}</th>
                <td>{money(p.net)}</td>
                <td>{p.sales}</td>
                <td>{p.refunds}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
