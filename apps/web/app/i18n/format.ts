import { isLocale, type Locale } from "@marquee/contracts/locales";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatCount, formatPrice } from "../components/catalogue/format.ts";
import { formatDate, formatDateTime, formatShortDate } from "../lib/format.ts";
import { useAppSelector } from "../state/store.ts";

/** The page's language, as i18next holds it for this render. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : "en";
}

export interface Format {
  locale: Locale;
  date(value: string | Date | null | undefined): string;
  shortDate(iso: string | null | undefined, now?: Date): string;
  dateTime(iso: string | null | undefined): string;
  /** An amount in the site's currency and symbol. */
  price(amount: number): string;
  /** A compact count: "1.2K". */
  count(n: number): string;
  /** A plain number with the language's grouping: "12,345" / "12.345". */
  number(n: number): string;
}

/** Dates, counts and money in the page's language and the site's currency (issue 23 section 5). */
export function useFormat(): Format {
  const locale = useLocale();
  const currency = useAppSelector((s) => s.ui.currency);
  const symbol = useAppSelector((s) => s.ui.currencySymbol);
  return useMemo(() => formatIn(locale, currency, symbol), [locale, currency, symbol]);
}

export function formatIn(locale: Locale, currency = "USD", symbol = "$"): Format {
  const numbers = new Intl.NumberFormat(locale === "en" ? "en-US" : "es-ES");
  return {
    locale,
    date: (value) => formatDate(value, locale),
    shortDate: (iso, now) => formatShortDate(iso, now, locale),
    dateTime: (iso) => formatDateTime(iso, locale),
    price: (amount) => formatPrice(amount, symbol, locale, currency),
    count: (n) => formatCount(n, locale),
    number: (n) => numbers.format(n),
  };
}
