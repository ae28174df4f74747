import type { ReportsDeps } from "./deps.ts";
import { monthlyCsv } from "./export.ts";
import { createReportFiling } from "./filing.ts";
import { createReportQueue } from "./queue.ts";

/** Reports of content items (issue 22 section 3): filing and appeals, the admin's queue, the monthly export. */
export function createReportsService(deps: ReportsDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    filing: createReportFiling(deps),
    queue: createReportQueue(deps),
    exportMonth: (month: string) => monthlyCsv(deps.db, month, now()),
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
