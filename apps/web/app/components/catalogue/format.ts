/** Prices, counts and labels shared by the catalogue cards and pages (dates and durations: lib/format.ts). */
import type { AccessKind } from "@marquee/contracts/catalogue";
import type { Locale } from "@marquee/contracts/locales";
import type { TFunction } from "../../i18n/i18n.ts";
import { tFor } from "../../i18n/i18n.ts";
import { formatShortDate } from "../../lib/format.ts";

const moneyLocale: Record<Locale, string> = { en: "en-US", es: "es-ES" };
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let format = numberFormats.get(key);
  if (!format) {
    format = make();
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * "$9.99", "$10" (whole amounts without cents) in English, "9,99 $" in Spanish: the page's language places the
 * amount and the symbol, and the symbol is the site's own (SPEC's `currencySymbol`), whatever `Intl` calls the
 * currency.
 */
export function formatPrice(amount: number, currencySymbol = "$", locale: Locale = "en", currency = "USD"): string {
  const whole = Number.isInteger(amount);
  let format: Intl.NumberFormat;
  try {
    format = numberFormat(`${locale}:${currency}:${whole}`, () =>
      Intl.NumberFormat(moneyLocale[locale], {
        style: "currency",
        currency,
        minimumFractionDigits: whole ? 0 : 2,
        maximumFractionDigits: whole ? 0 : 2,
      }),
    );
  } catch {
    // A currency code Intl does not know: the amount with the site's symbol before it.
    return `${currencySymbol}${whole ? String(amount) : amount.toFixed(2)}`;
  }
  return format
    .formatToParts(amount)
    .map((part) => (part.type === "currency" ? currencySymbol : part.value))
    .join("");
}

/** 950 -> "950", 1234 -> "1.2K", 25_400 -> "25K", 2_500_000 -> "2.5M" (Spanish: "1,2 mil", "2,5 M"). */
export function formatCount(n: number, locale: Locale = "en"): string {
  const digits = n < 10_000 || n >= 1_000_000 ? 1 : 0;
  return numberFormat(`${locale}:compact:${digits}`, () =>
    Intl.NumberFormat(moneyLocale[locale], { notation: "compact", maximumFractionDigits: digits }),
  ).format(n);
}

export type AccessTone = "free" | "members" | "sale" | "coming" | "owned";

export interface AccessLabel {
  tone: AccessTone;
  text: string;
}

/**
 * What the access badge on a card says: coming (with its date) first, then "Owned" for an item the viewer bought,
 * then the price, members or free; in the language of `t` and `locale` (English without them).
 */
export function accessLabel(
  item: {
    access: AccessKind;
    price: number | null;
    isComing?: boolean;
    scheduledAt?: string | null;
    isBought?: boolean | undefined;
  },
  currencySymbol = "$",
  now: Date = new Date(),
  t: TFunction = tFor("en"),
  locale: Locale = "en",
): AccessLabel {
  if (item.isComing) {
    const when = formatShortDate(item.scheduledAt, now, locale);
    return { tone: "coming", text: when ? t("Coming {{date}}", { date: when }) : t("Coming soon") };
  }
  if (item.isBought) return { tone: "owned", text: t("Owned") };
  if (item.access === "sale") {
    return {
      tone: "sale",
      text: item.price !== null ? formatPrice(item.price, currencySymbol, locale) : t("For sale"),
    };
  }
  if (item.access === "members") return { tone: "members", text: t("Members") };
  return { tone: "free", text: t("Free") };
}

/** Splits plain text into paragraphs at blank lines (post content is never rendered as HTML). */
export function paragraphs(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
