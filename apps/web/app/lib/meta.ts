import type { MetaDescriptor } from "react-router";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The site name from the root loader's settings, for page titles. */
export function siteNameFrom(matches: ReadonlyArray<MatchLike | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { settings?: { siteName?: string } } | undefined;
  return root?.settings?.siteName || "Marquee";
}

export function pageMeta(
  matches: ReadonlyArray<MatchLike | undefined>,
  title: string | null,
  description: string,
): MetaDescriptor[] {
  const site = siteNameFrom(matches);
  const full = title ? `${title} | ${site}` : site;
  return [
    { title: full },
    { name: "description", content: description },
    { property: "og:title", content: full },
    { property: "og:description", content: description },
  ];
}
