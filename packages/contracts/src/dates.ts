import type { Locale } from "./locales.ts";

/**
 * The site's date format, shared by the web and the API (a notification or a message of the API reads the same
 * dates as the pages do): day, short month, year, in UTC, e.g. "26 Dec 2026" in English and "26 dic 2026" in
 * Spanish. English keeps the day-month-year order of the British format whatever the browser.
 */
export const intlLocale: Record<Locale, string> = { en: "en-GB", es: "es-ES" };

const dayMonthYear = new Map<Locale, Intl.DateTimeFormat>();

function formatterFor(locale: Locale): Intl.DateTimeFormat {
  let format = dayMonthYear.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale[locale], {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    dayMonthYear.set(locale, format);
  }
  return format;
}

/** "26 Dec 2026" for an ISO string or a Date; "" for a missing or invalid one. */
export function formatDate(value: string | Date | null | undefined, locale: Locale = "en"): string {
  if (!value) return "";
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "" : formatterFor(locale).format(date);
}
