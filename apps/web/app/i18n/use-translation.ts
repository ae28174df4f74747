import { DEFAULT_LOCALE } from "@marquee/contracts/locales";
import { createContext, useContext } from "react";
import { type I18n, i18nFor, type TFunction } from "./i18n.ts";

/** The page's translator (root.tsx provides it, in the page's language). */
export const I18nContext = createContext<I18n | null>(null);

export interface Translation {
  t: TFunction;
  i18n: I18n;
}

const answers = new WeakMap<I18n, Translation>();

/**
 * The page's `t` and translator. A translator never changes language (i18n.ts: a page in another language gets
 * another one, through the provider), and its messages are there before the first render, so every component of
 * every render shares one answer per translator. Outside a provider (a unit test's component), English.
 */
export function useTranslation(): Translation {
  const i18n = useContext(I18nContext) ?? i18nFor(DEFAULT_LOCALE);
  let answer = answers.get(i18n);
  if (!answer) {
    answer = { t: remembering(i18n.t), i18n };
    answers.set(i18n, answer);
  }
  return answer;
}

/**
 * The translator's `t`, remembering the texts it was asked for without options: a card's "Members" or "Free" is
 * looked up once per language instead of in every card of every page. Texts with options (interpolation, plurals)
 * are worked out each time.
 */
function remembering(translate: TFunction): TFunction {
  const known = new Map<string, string>();
  return (key, options) => {
    if (options !== undefined || typeof key !== "string") return translate(key, options);
    let text = known.get(key);
    if (text === undefined) {
      text = translate(key);
      // The app's texts are a few thousand; a text made at run time (an API's message) must not grow it for ever.
      if (known.size >= 10_000) known.clear();
      known.set(key, text);
    }
    return text;
  };
}
