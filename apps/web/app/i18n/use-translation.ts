import type { i18n as I18n } from "i18next";
import { useContext } from "react";
import { getI18n, I18nContext, type UseTranslationResponse } from "react-i18next";

type Translation = UseTranslationResponse<"translation", undefined>;

const answers = new WeakMap<I18n, Translation>();

/**
 * The page's `t` and i18next instance: react-i18next's `useTranslation` without its per-component cost. An instance
 * never changes language (i18n.ts: a page in another language gets another instance, through the provider), and its
 * messages are there before the first render, so every component of every render can share one answer per instance.
 * react-i18next's own hook copies the instance's properties into a new wrapper object in each component it first
 * renders, which on the server is every component of every page: 12% of a member's render in a CPU profile.
 */
export function useTranslation(): Translation {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  let answer = answers.get(i18n);
  if (!answer) {
    const t = remembering(i18n);
    answer = Object.assign([t, i18n, true] as [Translation["t"], I18n, boolean], {
      t,
      i18n,
      ready: true,
    }) as Translation;
    answers.set(i18n, answer);
  }
  return answer;
}

/**
 * The instance's `t`, remembering the texts it was asked for without options: a card's "Members" or "Free" is looked
 * up once per language instead of in every card of every page (i18next resolves each call afresh). Texts with
 * options (interpolation, plurals) go to i18next each time.
 */
function remembering(i18n: I18n): Translation["t"] {
  const known = new Map<string, string>();
  // i18next's TFunction is a set of overloads no plain function type matches: the call is typed by hand.
  const translate = i18n.t as unknown as (...args: unknown[]) => string;
  const t = (key: unknown, ...rest: unknown[]): string => {
    if (rest.length > 0 || typeof key !== "string") return translate(key, ...rest);
    let text = known.get(key);
    if (text === undefined) {
      text = translate(key);
      // The app's texts are a few thousand; a text made at run time (an API's message) must not grow it for ever.
      if (known.size >= 10_000) known.clear();
      known.set(key, text);
    }
    return text;
  };
  return t as unknown as Translation["t"];
}
