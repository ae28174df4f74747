import type { TFunction } from "../i18n/i18n.ts";
import { tFor } from "../i18n/i18n.ts";

const english = () => tFor("en");

/** A period of days with its article ("a month", "3 months") and as a unit after "every" ("month", "3 months"). */
function period(n: number, t: TFunction): { length: string; unit: string } {
  if (n === 365) return { length: t("a year"), unit: t("year") };
  if (n === 30) return { length: t("a month"), unit: t("month") };
  if (n === 7) return { length: t("a week"), unit: t("week") };
  if (n === 1) return { length: t("a day"), unit: t("day") };
  let counted: string;
  if (n % 365 === 0) counted = t("{{n}} years", { count: n / 365, n: n / 365 });
  else if (n % 30 === 0) counted = t("{{n}} months", { count: n / 30, n: n / 30 });
  else if (n % 7 === 0) counted = t("{{n}} weeks", { count: n / 7, n: n / 7 });
  else counted = t("{{n}} days", { count: n, n });
  return { length: counted, unit: counted };
}

/**
 * How a membership package is sold, in words: its period and whether it renews, in the language of `t` (English
 * without one). `once: false` leaves out "paid once" / "once" (after a price: "$99 for a year").
 */
export function packageTerms(
  p: {
    type: "single" | "recurring" | "trial";
    initialPeriodDays: number;
    recurringPeriodDays: number | null;
  },
  t: TFunction = english(),
  { once = true }: { once?: boolean } = {},
): string {
  const first = period(p.initialPeriodDays, t);
  if (p.type === "trial") {
    return once
      ? t("Free for {{period}}, once", { period: first.length })
      : t("Free for {{period}}", { period: first.length });
  }
  if (p.type === "single") {
    return once
      ? t("For {{period}}, paid once", { period: first.length })
      : t("For {{period}}", { period: first.length });
  }
  const every = p.recurringPeriodDays ?? p.initialPeriodDays;
  const unit = period(every, t).unit;
  if (every === p.initialPeriodDays) return t("Every {{unit}}, until you cancel", { unit });
  const length = `${first.length.charAt(0).toUpperCase()}${first.length.slice(1)}`;
  return t("{{period}}, then every {{unit}} until you cancel", { period: length, unit });
}

/** "/ month" beside a renewing package's price; nothing for one paid once. */
export function pricePer(p: { type: string; recurringPeriodDays: number | null }, t: TFunction = english()): string {
  if (p.type !== "recurring") return "";
  if (p.recurringPeriodDays === 30) return t("/ month");
  if (p.recurringPeriodDays === 365) return t("/ year");
  if (p.recurringPeriodDays === 7) return t("/ week");
  return t("/ {{n}} days", { n: p.recurringPeriodDays });
}
