import { Group, Text, VisuallyHidden } from "@mantine/core";
import { type Dashboard, type RevenueKind, revenueKinds } from "@marquee/contracts/dashboard";
import type { Locale } from "@marquee/contracts/locales";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../i18n/format.ts";
import { msg } from "../../i18n/i18n.ts";
import { bucketLabel, niceCeil } from "../studio/EarningsChart.tsx";
import "./dashboard.css";

/**
 * The dashboard's revenue per day or month, stacked by kind: the studio's earnings chart (EarningsChart.tsx) with a
 * segment per kind, drawn on the server as the same stretched SVG with HTML labels. Screen readers hear a summary
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
  const n = points.length;
  const top = niceCeil(Math.max(0, ...points.map((p) => p.total)));
  const span = top || 1;
  const y = (v: number) => ((top - v) / span) * 100;
  const gap = n > 60 ? 1 : 2;
  const ticks = [...new Set([top, top / 2, 0])];
  const first = points[0];
  const last = points.at(-1);
  const middle = n > 2 ? points[Math.floor((n - 1) / 2)] : undefined;
  const empty = points.every((p) => p.total === 0);
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
      <div className="marquee-chart-plot">
        <div className="marquee-chart-y" aria-hidden>
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
            aria-label={revenueSummary(points, interval, money, t, locale)}
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
                        x={i * 10 + gap / 2}
                        width={10 - gap}
                        y={y(from) - height}
                        height={height}
                      />
                    );
                  })}
                </g>
              );
            })}
          </svg>
          {empty && (
            <Text className="marquee-chart-empty" size="sm" c="dimmed">
              {t("No revenue in this period.")}
            </Text>
          )}
        </div>
        {first && last && (
          <div className="marquee-chart-x" aria-hidden>
            <span>{axis(first.start)}</span>
            {middle && <span>{axis(middle.start)}</span>}
            {n > 1 && <span>{axis(last.start)}</span>}
          </div>
        )}
      </div>
      <VisuallyHidden>
        <table>
          <caption>{interval === "day" ? t("Revenue by day") : t("Revenue by month")}</caption>
          <thead>
            <tr>
              <th scope="col">{interval === "day" ? t("Day") : t("Month")}</th>
              {revenueKinds.map((k) => (
                <th key={k} scope="col">
                  {t(KIND_LABELS[k])}
                </th>
              ))}
              <th scope="col">{t("Total")}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.start}>
                <th scope="row">{axis(p.start)}</th>
                {revenueKinds.map((k) => (
                  <td key={k}>{money(p[k])}</td>
                ))}
                <td>{money(p.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
