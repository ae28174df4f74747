import { DEFAULT_LOCALE, type Locale } from "@marquee/contracts/locales";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { messagesFor } from "./messages.ts";

const instances = new Map<Locale, I18n>();

/**
 * The i18next instance of a language. Keys are English texts, so neither ":" nor "." separates anything, and a text
 * with no translation falls back to English. React escapes what it renders, so interpolation does not. An instance
 * never changes language (a page in another language is a new page), so one per language serves every render at
 * once, on the server too; it is made once the language's messages are registered.
 */
export function i18nFor(locale: Locale): I18n {
  const known = instances.get(locale);
  if (known) return known;
  const resources: Record<string, { translation: Record<string, string> }> = {
    [DEFAULT_LOCALE]: { translation: messagesFor(DEFAULT_LOCALE) ?? {} },
  };
  const own = messagesFor(locale);
  if (own) resources[locale] = { translation: own };
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    resources,
    initAsync: false,
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  if (own || locale === DEFAULT_LOCALE) instances.set(locale, i18n);
  return i18n;
}

/** The translate function of a language, for code outside components (route `meta`, loaders' messages). */
export function tFor(locale: Locale): TFunction {
  return i18nFor(locale).t;
}

/**
 * Marks a text for translation where it is defined, away from where it is shown (a table of labels): it returns the
 * text unchanged, and the component shows it through `t(...)`. The translation check reads these as keys.
 */
export function msg<const T extends string>(text: T): T {
  return text;
}
