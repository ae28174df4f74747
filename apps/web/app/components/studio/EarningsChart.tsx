import type { Locale } from "@marquee/contracts/locales";
import type { EarningInterval, EarningTimeline } from "@marquee/contracts/payments";
import { useLocale } from "../../i18n/format.ts";
import type { TFunction } from "../../i18n/i18n.ts";
import { msg, tFor } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { ChartPlot } from "../charts/ChartPlot.tsx";
import { ChartTable } from "../charts/ChartTable.tsx";
import { barScale, bucketLabel, formatsIn } from "../charts/scale.ts";

/**
 * A bar chart of the performer's net earnings per day, week or month. Our own SVG rather than @mantine/charts: that
 * one needs recharts (with its own Redux store, immer, d3 scales and es-toolkit) for what is one series of bars, and
 * its responsive container measures the page in the browser, so the server's render would have no chart at all.
 * The bars stretch to any width (ChartPlot.tsx); screen readers hear a summary and can read every value in a
 * visually hidden table (ChartTable.tsx).
 */

/** The axis's shorter label: "12 Mar" ("12 Mar 2026" when the chart spans years), "Mar 2026". */
function axisLabel(start: string, interval: EarningInterval, withYear: boolean, locale: Locale): string {
  const date = new Date(start);
  const f = formatsIn(locale);
  if (interval === "month") return f.month.format(date);
  return (withYear ? f.day : f.shortDay).format(date);
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
  const scale = barScale(
    points.map((p) => p.net),
    { negative: true },
  );
  const { y } = scale;
  const first = points[0];
  const last = points.at(-1);
  const withYear = !!first && !!last && first.start.slice(0, 4) !== last.start.slice(0, 4);
  const texts = TEXTS[interval];
  const bucket = (start: string) => bucketLabel(start, interval, t, locale);
  return (
    <figure className="marquee-chart" aria-busy={busy} data-testid="earnings-chart" data-interval={interval}>
      <ChartPlot
        scale={scale}
        money={money}
        summary={chartSummary(timeline, money, t, locale)}
        empty={points.every((p) => p.net === 0) && t("Nothing earned in this period yet.")}
        starts={points.map((p) => p.start)}
        axisLabel={(start) => axisLabel(start, interval, withYear, locale)}
      >
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
              x={scale.x(i)}
              width={scale.width}
              y={p.net < 0 ? y(0) : y(0) - height}
              height={height}
            >
              <title>
                {p.refunds
                  ? t("{{bucket}}: {{amount}} ({{sales}}, {{refunds}})", {
                      bucket: bucket(p.start),
                      amount: money(p.net),
                      sales: t("{{n}} sales", { count: p.sales, n: p.sales }),
                      refunds: t("{{n}} refunds", { count: p.refunds, n: p.refunds }),
                    })
                  : t("{{bucket}}: {{amount}} ({{sales}})", {
                      bucket: bucket(p.start),
                      amount: money(p.net),
                      sales: t("{{n}} sales", { count: p.sales, n: p.sales }),
                    })}
              </title>
            </rect>
          );
        })}
      </ChartPlot>
      <ChartTable
        caption={t(texts.caption)}
        columns={[t(texts.unit), t("Earned"), t("Sales"), t("Refunds")]}
        rows={points.map((p) => ({ key: p.start, label: bucket(p.start), cells: [money(p.net), p.sales, p.refunds] }))}
      />
    </figure>
  );
}
