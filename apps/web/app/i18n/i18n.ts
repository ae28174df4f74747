import { DEFAULT_LOCALE, type Locale } from "@marquee/contracts/locales";
import { type Messages, messagesFor } from "./messages.ts";

/** A call's values: the texts' `{{name}}` placeholders, `count` (plural forms) and `defaultValue`. */
export interface TOptions {
  count?: number;
  /** The text when neither the page's language nor English has the key. */
  defaultValue?: string;
  [name: string]: unknown;
}

/** The translate function: the key (the English text, see messages.ts) in the page's language, values filled in. */
export type TFunction = (key: string, options?: TOptions) => string;

/** A language's translator. */
export interface I18n {
  readonly language: Locale;
  readonly t: TFunction;
}

const instances = new Map<Locale, I18n>();

/** `{{name}}` (or `{{- name}}`): a value given with the call. */
const PLACEHOLDER = /\{\{-?\s*(.+?)\s*\}\}/g;

/**
 * Fills in a text's placeholders. A placeholder without its value stays as it is (a value given as undefined or
 * null is left empty). React escapes what it renders, so values are not escaped here.
 */
export function interpolate(text: string, values: Record<string, unknown> | undefined): string {
  if (!values || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) return whole;
    const value = values[name];
    return value == null ? "" : String(value);
  });
}

/**
 * The translator of a language. Keys are English texts (messages.ts): a text the language lacks, or translates as
 * empty, is looked up in English, and else shown as the key itself (or the call's `defaultValue`). With a `count`,
 * the language's plural form of the key comes first (`<key>_one`, `_many`, `_other` by the CLDR rules of
 * `Intl.PluralRules`, and `<key>_zero` for 0), then the key itself. An instance never changes language (a page in
 * another language is a new page), so one per language serves every render at once, on the server too; it is made
 * once the language's messages are registered.
 */
export function i18nFor(locale: Locale): I18n {
  const known = instances.get(locale);
  if (known) return known;
  const own = messagesFor(locale);
  const chain: [Messages, Intl.PluralRules][] = [];
  if (own) chain.push([own, new Intl.PluralRules(locale)]);
  if (locale !== DEFAULT_LOCALE) {
    chain.push([messagesFor(DEFAULT_LOCALE) ?? {}, new Intl.PluralRules(DEFAULT_LOCALE)]);
  }
  const t: TFunction = (key, options) => {
    const count = options?.count;
    let text: string | undefined;
    for (const [messages, plurals] of chain) {
      if (typeof count === "number") {
        if (count === 0) text ||= messages[`${key}_zero`];
        text ||= messages[`${key}_${plurals.select(count)}`];
      }
      text ||= messages[key];
      if (text) break;
    }
    return interpolate(text || (options?.defaultValue ?? key), options);
  };
  const i18n: I18n = { language: locale, t };
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
