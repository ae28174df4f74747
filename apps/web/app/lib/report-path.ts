// The Report buttons' route and the item pages' `shouldRevalidate`, apart from reports.ts: an item page loads these
// with its first load, and reports.ts brings the reports contract (and zod) with it.
import type { ShouldRevalidateFunctionArgs } from "react-router";

/** The resource route the Report buttons post to (routes/reports.file.ts). */
export const REPORT_PATH = "/reports/file";

/**
 * An item page's `shouldRevalidate`: a report filed from it does not reload the page. A non-consent or possible-minor
 * report hides the item at once, so reloading would replace the page (and the reporter's reference) with a 404.
 */
export function notAfterReport({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return formAction === REPORT_PATH ? false : defaultShouldRevalidate;
}
