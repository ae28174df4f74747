import { isLocale, type Locale } from "@marquee/contracts/locales";
import { useMemo } from "react";
import { formatCount, formatPrice } from "../components/catalogue/format.ts";
import { formatDate, formatDateTime, formatShortDate } from "../lib/format.ts";
import { useAppSelector } from "../state/store.ts";
import { useTranslation } from "./use-translation.ts";

/** The page's language, as its translator holds it for this render. */
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

const formats = new Map<string, Format>();

/**
 * The formatters of a language and currency, made once: an `Intl` formatter costs far more to make than to use, and
 * every card of every page asks for them.
 */
export function formatIn(locale: Locale, currency = "USD", symbol = "$"): Format {
  const key = `${locale}\n${currency}\n${symbol}`;
  let format = formats.get(key);
  if (!format) {
    format = makeFormat(locale, currency, symbol);
    // The site's currency changes rarely; a bound keeps a long-running server's map small whatever happens.
    if (formats.size >= 32) formats.clear();
    formats.set(key, format);
  }
  return format;
}

function makeFormat(locale: Locale, currency: string, symbol: string): Format {
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
