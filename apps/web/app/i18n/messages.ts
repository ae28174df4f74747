import { DEFAULT_LOCALE, type Locale } from "@marquee/contracts/locales";
import { en } from "./en.ts";

/**
 * A locale's messages, keyed by the English text itself (gettext's way): the code reads in English, an English page
 * needs no dictionary beyond its plural forms, and a text missing from a translation shows in English rather than
 * as a key. A plural text has `_one`/`_other` (and the locale's other CLDR categories) after the English key.
 */
export type Messages = Record<string, string>;

const loaded: Partial<Record<Locale, Messages>> = { [DEFAULT_LOCALE]: en };

/** Makes a locale's messages available (the server registers them all at start, the browser the page's one). */
export function registerMessages(locale: Locale, messages: Messages): void {
  loaded[locale] = messages;
}

export function messagesFor(locale: Locale): Messages | undefined {
  return loaded[locale];
}

/** Loads a locale's messages on demand (the browser, before it hydrates a page in that language). */
export async function loadMessages(locale: Locale): Promise<void> {
  if (loaded[locale]) return;
  if (locale === "es") registerMessages("es", (await import("./es.ts")).es);
}
