import type { ReactNode } from "react";

/**
 * A translated sentence with one link in it, marked `<link>…</link>` in the text: the words around the link and
 * in it stay one text to translate, so each language orders them its own way.
 */
export function LinkedText({ text, link }: { text: string; link: (words: string) => ReactNode }) {
  const parts = text.match(/^([\s\S]*)<link>([\s\S]*)<\/link>([\s\S]*)$/);
  if (!parts) return <>{text}</>;
  return (
    <>
      {parts[1]}
      {link(parts[2] ?? "")}
      {parts[3]}
    </>
  );
}
