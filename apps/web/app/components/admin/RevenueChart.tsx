import { Group, Text } from "@mantine/core";
import { type Dashboard, type RevenueKind, revenueKinds } from "@marquee/contracts/dashboard";
import type { Locale } from "@marquee/contracts/locales";
import { useLocale } from "../../i18n/format.ts";
import type { TFunction } from "../../i18n/i18n.ts";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { ChartPlot } from "../charts/ChartPlot.tsx";
import { ChartTable } from "../charts/ChartTable.tsx";
import { barScale, bucketLabel } from "../charts/scale.ts";
import "./dashboard.css";

/**
 * The dashboard's revenue per day or month, stacked by kind: the studio's earnings chart (EarningsChart.tsx) with a
 * segment per kind, drawn on the server in the same plot (ChartPlot.tsx) and table (ChartTable.tsx). Screen readers hear a summary
 * (the SVG's `aria-label`), each bar's figures (its `title`) and can read every value in a visually hidden table.
 */

export const KIND_LABELS: Record<RevenueKind, string> = {
  sales: msg("Sales"),
  memberships: msg("Memberships"),
  subscriptions: msg("Subscriptions"),
  tips: msg("Tips"),
  store: msg("Store"),
};

type Point = Dashboard["revenue"]["points"][number];

/** The chart in a sentence: the period, the total and the best bucket. */
export function revenueSummary(
  points: Point[],
  interval: "day" | "month",
  money: (n: number) => string,
  t: TFunction,
  locale: Locale,
): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return t("Revenue: no data for this period.");
  const head = t("Revenue by {{unit}}, {{from}} to {{to}}", {
    unit: interval === "day" ? t("day") : t("month"),
    from: bucketLabel(first.start, interval, t, locale),
    to: bucketLabel(last.start, interval, t, locale),
  });
  const total = Math.round(points.reduce((n, p) => n + p.total, 0) * 100) / 100;
  if (total === 0) return t("{{head}}: no revenue.", { head });
  const best = points.reduce((b, p) => (p.total > b.total ? p : b), first);
  return t("{{head}}: {{total}} in total; the most, {{best}}, in {{when}}.", {
    head,
    total: money(total),
    best: money(best.total),
    when: bucketLabel(best.start, interval, t, locale),
  });
}

export function RevenueChart({
  points,
  interval,
  money,
  busy = false,
}: {
  points: Point[];
  interval: "day" | "month";
  money: (n: number) => string;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const scale = barScale(points.map((p) => p.total));
  const { y } = scale;
  const axis = (start: string) => bucketLabel(start, interval, t, locale);
  return (
    <figure className="marquee-chart" aria-busy={busy} data-testid="revenue-chart" data-interval={interval}>
      <Group gap="sm" mb="xs" aria-hidden>
        {revenueKinds.map((k) => (
          <Group key={k} gap={4} wrap="nowrap">
            <span className={`marquee-legend-swatch marquee-kind-${k}`} />
            <Text size="xs">{t(KIND_LABELS[k])}</Text>
          </Group>
        ))}
      </Group>
      <ChartPlot
        scale={scale}
        money={money}
        summary={revenueSummary(points, interval, money, t, locale)}
        empty={points.every((p) => p.total === 0) && t("No revenue in this period.")}
        starts={points.map((p) => p.start)}
        axisLabel={axis}
      >
        {points.map((p, i) => {
          let base = 0;
          return (
            <g key={p.start} data-testid="revenue-bar" data-start={p.start} data-total={p.total}>
              <title>
                {t("{{bucket}}: {{amount}}", { bucket: axis(p.start), amount: money(p.total) }) +
                  revenueKinds
                    .filter((k) => p[k] !== 0)
                    .map((k) => ` · ${t(KIND_LABELS[k])} ${money(p[k])}`)
                    .join("")}
              </title>
              {revenueKinds.map((k) => {
                if (p[k] <= 0) return null;
                const from = base;
                base += p[k];
                const height = Math.max(y(from) - y(base), 0.8);
                return (
                  <rect
                    key={k}
                    className={`marquee-kind-${k}`}
                    x={scale.x(i)}
                    width={scale.width}
                    y={y(from) - height}
                    height={height}
                  />
                );
              })}
            </g>
          );
        })}
      </ChartPlot>
      <ChartTable
        caption={interval === "day" ? t("Revenue by day") : t("Revenue by month")}
        columns={[
          interval === "day" ? t("Day") : t("Month"),
          ...revenueKinds.map((k) => t(KIND_LABELS[k])),
          t("Total"),
        ]}
        rows={points.map((p) => ({
          key: p.start,
          label: axis(p.start),
          cells: [...revenueKinds.map((k) => money(p[k])), money(p.total)],
        }))}
      />
    </figure>
  );
}
