import { Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { BarScale } from "./scale.ts";

/**
 * A bar chart's plot: the amounts' axis, the grid and the bars (`children`) in an SVG stretched to the box, and the
 * first, middle and last buckets' dates under it. The labels are HTML, so they stay sharp and the page never scrolls
 * sideways. Screen readers hear `summary` (the SVG's `aria-label`).
 */
export function ChartPlot({
  scale,
  money,
  summary,
  empty,
  starts,
  axisLabel,
  children,
}: {
  scale: BarScale;
  money: (n: number) => string;
  summary: string;
  /** What shows over the plot when there is nothing to draw (false when there is). */
  empty: string | false;
  /** Each bar's bucket, in order, and how the axis under the plot names one. */
  starts: string[];
  axisLabel: (start: string) => string;
  children: ReactNode;
}) {
  const { y, ticks } = scale;
  const n = starts.length;
  const first = starts[0];
  const last = starts.at(-1);
  const middle = n > 2 ? starts[Math.floor((n - 1) / 2)] : undefined;
  const wide = Math.max(n, 1) * 10;
  return (
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
          aria-label={summary}
          viewBox={`0 0 ${wide} 100`}
          preserveAspectRatio="none"
          width="100%"
          height="100%"
        >
          {ticks.map((v) => (
            <line
              key={v}
              className={v === 0 ? "marquee-chart-zero" : "marquee-chart-grid"}
              x1={0}
              x2={wide}
              y1={y(v)}
              y2={y(v)}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {children}
        </svg>
        {empty && (
          <Text className="marquee-chart-empty" size="sm" c="dimmed">
            {empty}
          </Text>
        )}
      </div>
      {first && last && (
        <div className="marquee-chart-x" aria-hidden>
          <span>{axisLabel(first)}</span>
          {middle && <span>{axisLabel(middle)}</span>}
          {n > 1 && <span>{axisLabel(last)}</span>}
        </div>
      )}
    </div>
  );
}
