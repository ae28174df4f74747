/**
 * The site's date format, shared by the web and the API (a notification or a message of the API reads the same
 * dates as the pages do): day, short month, year, in UTC with a fixed locale, e.g. "26 Dec 2026".
 */
const dayMonthYear = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "26 Dec 2026" for an ISO string or a Date; "" for a missing or invalid one. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return "";
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "" : dayMonthYear.format(date);
}
