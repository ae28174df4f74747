const DAY_MS = 86_400_000;

/** Saturday or Sunday, in UTC (the site's clock). */
const weekend = (d: Date) => d.getUTCDay() === 0 || d.getUTCDay() === 6;

/**
 * The moment `days` business days after `from`: each step moves a day on, and Saturdays and Sundays do not count,
 * at the same time of day. A report filed on a weekend is counted from the Monday after (Saturday + 1 is Monday).
 * Public holidays are not known to the site and count as business days.
 */
export function addBusinessDays(from: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`days must be a whole number >= 0, got ${days}`);
  let at = from.getTime();
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    if (!weekend(new Date(at))) left--;
  }
  return new Date(at);
}

/** How long a report may wait for its decision (issue 22: resolved within 7 business days). */
export const REPORT_DUE_BUSINESS_DAYS = 7;

/** When a report filed (or opened again) at `from` is due. */
export const reportDueAt = (from: Date) => addBusinessDays(from, REPORT_DUE_BUSINESS_DAYS);
