/**
 * Every date and duration the site shows, in the page's language. Dates use UTC so the server's render and the
 * browser's hydration always produce the same text. Components take them bound to the page's language from
 * `useFormat()` (i18n/format.ts).
 */
import { formatDate, intlLocale } from "@marquee/contracts/dates";
import type { Locale } from "@marquee/contracts/locales";

const cache = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: Locale, kind: "dayMonth" | "dayMonthYearTime"): Intl.DateTimeFormat {
  const key = `${locale}:${kind}`;
  let format = cache.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      kind === "dayMonth"
        ? { day: "numeric", month: "short", timeZone: "UTC" }
        : { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" };
    format = new Intl.DateTimeFormat(intlLocale[locale], options);
    cache.set(key, format);
  }
  return format;
}

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
export function formatShortDate(iso: string | null | undefined, now: Date = new Date(), locale: Locale = "en"): string {
  const date = parse(iso);
  if (!date) return "";
  return date.getUTCFullYear() === now.getUTCFullYear()
    ? dateFormat(locale, "dayMonth").format(date)
    : formatDate(date, locale);
}

/** "12 Mar 2026"; "" for an invalid date. The API writes dates in its messages with the same helper. */
export { formatDate };

/** "24 Nov 2026, 03:41 UTC"; "" for an invalid date. */
export function formatDateTime(iso: string | null | undefined, locale: Locale = "en"): string {
  const date = parse(iso);
  return date ? `${dateFormat(locale, "dayMonthYearTime").format(date)} UTC` : "";
}
