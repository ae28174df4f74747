import type { ReportItemKind } from "@marquee/contracts/reports";
import { and, eq } from "drizzle-orm";
import type { ReportsDeps } from "./deps.ts";
import { monthlyCsv } from "./export.ts";
import { createReportFiling } from "./filing.ts";
import { createReportQueue } from "./queue.ts";
import { contentReports } from "./tables.ts";

/** Reports of content items (issue 22 section 3): filing and appeals, the admin's queue, the monthly export. */
export function createReportsService(deps: ReportsDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    filing: createReportFiling(deps),
    queue: createReportQueue(deps),
    exportMonth: (month: string) => monthlyCsv(deps.db, month, now()),
    /** Whether anyone reported the item (an admin reads a conversation only around a reported message). */
    async isReported(kind: ReportItemKind, id: string): Promise<boolean> {
      const [row] = await deps.db
        .select({ id: contentReports.id })
        .from(contentReports)
        .where(and(eq(contentReports.itemKind, kind), eq(contentReports.itemId, id)))
        .limit(1);
      return !!row;
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
