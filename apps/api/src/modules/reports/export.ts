import { REPORT_REASON_LABELS } from "@marquee/contracts/reports";
import { stringify } from "csv-stringify/sync";
import { and, asc, gte, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type ContentReportRow, contentReports } from "./tables.ts";

export const CSV_HEADER = [
  "reference",
  "filed",
  "reason",
  "item",
  "due",
  "resolved",
  "outcome",
  "days to resolve",
  "overdue",
] as const;

const DAY_MS = 86_400_000;

/**
 * A cell a spreadsheet would take for a formula (=, +, -, @ first) gets a leading apostrophe, so a reported item's
 * title cannot run one.
 */
const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** A report as the monthly export's line: resolved only once its final decision is made. */
export function csvLine(row: ContentReportRow, now: Date): string[] {
  const resolvedAt = row.status === "resolved" ? row.resolvedAt : null;
  const overdue = (resolvedAt ?? now).getTime() > row.dueAt.getTime();
  return [
    row.reference,
    row.createdAt.toISOString(),
    REPORT_REASON_LABELS[row.reason],
    `${row.itemKind}: ${row.itemTitle} (${row.itemId})`,
    row.dueAt.toISOString(),
    resolvedAt?.toISOString() ?? "",
    resolvedAt ? (row.outcome === "taken_down" ? "taken down" : "dismissed") : "open",
    resolvedAt ? ((resolvedAt.getTime() - row.createdAt.getTime()) / DAY_MS).toFixed(1) : "",
    overdue ? "yes" : "no",
  ];
}

/** The reports filed in one calendar month (UTC), oldest first, with how each went: what acquirers ask for. */
export async function monthlyCsv(db: Db, month: string, now: Date): Promise<string> {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const from = new Date(Date.UTC(y, m - 1, 1));
  const to = new Date(Date.UTC(y, m, 1));
  const rows = await db
    .select()
    .from(contentReports)
    .where(and(gte(contentReports.createdAt, from), lt(contentReports.createdAt, to)))
    .orderBy(asc(contentReports.createdAt), asc(contentReports.id));
  // RFC 4180: lines end in CRLF; a cell with a comma, quote or any line break (a lone LF too) is quoted, its
  // quotes doubled.
  return stringify(
    rows.map((r) => csvLine(r, now)),
    {
      header: true,
      columns: [...CSV_HEADER],
      record_delimiter: "windows",
      quoted_match: /[\r\n]/,
      cast: { string: asText },
    },
  );
}
