/**
 * Every date and duration the site shows. Dates use UTC and a fixed locale so the server's render and the browser's
 * hydration always produce the same text.
 */

const dayMonth = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const dayMonthYear = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const dayMonthYearTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "4:05", "1:02:09"; null for a missing or negative duration. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** "12 Mar" within the current year of `now`, else "12 Mar 2027"; "" for an invalid date. */
export function formatShortDate(iso: string | null | undefined, now: Date = new Date()): string {
  const date = parse(iso);
  if (!date) return "";
  return date.getUTCFullYear() === now.getUTCFullYear() ? dayMonth.format(date) : dayMonthYear.format(date);
}

/** "12 Mar 2026"; "" for an invalid date. The API writes dates in its messages with the same helper. */
export { formatDate } from "@marquee/contracts/dates";

/** "24 Nov 2026, 03:41 UTC"; "" for an invalid date. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? `${dayMonthYearTime.format(date)} UTC` : "";
}
