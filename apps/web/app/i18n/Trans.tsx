import { cloneElement, Fragment, type ReactElement, type ReactNode } from "react";
import { interpolate, type TFunction } from "./i18n.ts";

/** `<name/>` (the element as given) or `<name>text</name>` (the element around the translated text). */
const TAG = /<(\w+)\s*\/>|<(\w+)>([\s\S]*?)<\/\2>/g;

/**
 * A translated text with elements in it: `t("Check <b/> first, {{name}}", ...)` with `components={{ b: <b>...</b> }}`.
 * The translation is cut at its tags before the values are filled in, so a value (a title a member wrote) is always
 * text, never read as markup. A tag without its component is shown as written.
 */
export function Trans({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TFunction;
  i18nKey: string;
  values?: Record<string, unknown>;
  components: Record<string, ReactElement>;
}) {
  const text = t(i18nKey);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, selfClosing, opening, inner] = match;
    const at = match.index ?? 0;
    if (at > last) parts.push(interpolate(text.slice(last, at), values));
    last = at + whole.length;
    const element = components[selfClosing ?? opening ?? ""];
    if (!element) parts.push(interpolate(whole, values));
    else if (selfClosing) parts.push(cloneElement(element, { key: parts.length }));
    else parts.push(cloneElement(element, { key: parts.length }, interpolate(inner ?? "", values)));
  }
  if (last < text.length) parts.push(interpolate(text.slice(last), values));
  return <Fragment>{parts}</Fragment>;
}
