import { VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";

/** A chart's every value for screen readers: a visually hidden table, a row per bucket named in its first cell. */
export function ChartTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  /** The headers: the bucket's (day, week or month) first, then one per value. */
  columns: string[];
  rows: { key: string; label: string; cells: ReactNode[] }[];
}) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              {r.cells.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in their order
                <td key={i}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
