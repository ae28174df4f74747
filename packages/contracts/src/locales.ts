/**
 * The languages the site speaks (issue 23 section 5). English is the default and the language SPEC's texts are
 * written in; every other locale translates the whole web app.
 */
export const locales = ["en", "es"] as const;
export type Locale = (typeof locales)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language by its own name, as a language menu lists it. */
export const localeNames: Record<Locale, string> = { en: "English", es: "Español" };

/** The cookie a visitor's choice from the language menu is kept in (a member's is kept on the account). */
export const LOCALE_COOKIE = "lang";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/**
 * The best of our locales for an `Accept-Language` header ("es-MX,es;q=0.9,en;q=0.8"): the highest-weighted
 * language we speak, matched on its primary subtag; null when none is spoken or the header is missing.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  let best: { locale: Locale; q: number; order: number } | null = null;
  header.split(",").forEach((part, order) => {
    const [tag = "", ...params] = part.trim().split(";");
    const primary = tag.trim().toLowerCase().split("-")[0];
    if (!isLocale(primary)) return;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) return;
    if (!best || q > best.q || (q === best.q && order < best.order)) best = { locale: primary, q, order };
  });
  return (best as { locale: Locale } | null)?.locale ?? null;
}

/**
 * The page's language: the member's own setting, else the visitor's choice from the language menu (cookie), else
 * the browser's `Accept-Language`, else English.
 */
export function pickLocale(input: {
  memberLocale?: string | null;
  cookieLocale?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (isLocale(input.memberLocale)) return input.memberLocale;
  if (isLocale(input.cookieLocale)) return input.cookieLocale;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE;
}
