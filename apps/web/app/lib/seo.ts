/**
 * Page metadata for React Router `meta` exports: title, description, Open Graph and Twitter card tags.
 *
 *   export const meta: Route.MetaFunction = ({ data, matches }) =>
 *     seoMeta(matches, { title: data?.performer.name, description: data?.performer.bio, image: data?.performer.cover });
 */
import { isLocale, type Locale } from "@marquee/contracts/locales";
import type { MetaDescriptor } from "react-router";
import type { TFunction } from "../i18n/i18n.ts";
import { tFor } from "../i18n/i18n.ts";
import { siteNameFrom } from "./meta.ts";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

export interface SeoInput {
  /** The page's own title; the site name is appended ("Ava Stone | Marquee"). Null or empty: the site name only. */
  title?: string | null;
  /** Plain text; whitespace is collapsed and it is cut to about 160 characters at a word boundary. */
  description?: string | null;
  /**
   * A picture for link previews: the API's root-relative media links are made absolute on the site's public URL
   * (PUBLIC_URL, from the root loader), never on the host a request named.
   */
  image?: string | null;
  /** og:type: "website" by default; "profile" for performers, "video.movie" for movies, "article" for posts. */
  type?: string;
  /** Description when `description` is empty. */
  fallbackDescription?: string;
}

export const DESCRIPTION_MAX = 160;

/** Collapses whitespace and cuts at a word boundary, ending with an ellipsis when cut. */
export function summarize(text: string | null | undefined, max = DESCRIPTION_MAX): string {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}

/** `url` made absolute on the site's public origin (from the root loader's data); absolute URLs stay as they are. */
export function absoluteOnSite(matches: ReadonlyArray<MatchLike | undefined>, url: string): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { publicUrl?: string } | undefined;
  try {
    return new URL(url, root?.publicUrl || undefined).href;
  } catch {
    // Relative, and no public URL to resolve it on (an error page without root data): as it is.
    return url;
  }
}

/** The page's language (from the root loader's data) and its translate function, for route `meta` functions. */
export function metaT(matches: ReadonlyArray<MatchLike | undefined>): { t: TFunction; locale: Locale } {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { locale?: string } | undefined;
  const locale = isLocale(root?.locale) ? root.locale : "en";
  return { t: tFor(locale), locale };
}

export function seoMeta(matches: ReadonlyArray<MatchLike | undefined>, input: SeoInput): MetaDescriptor[] {
  const site = siteNameFrom(matches);
  const full = input.title ? `${input.title} | ${site}` : site;
  const description = summarize(input.description) || summarize(input.fallbackDescription) || site;
  const tags: MetaDescriptor[] = [
    { title: full },
    { name: "description", content: description },
    { property: "og:site_name", content: site },
    { property: "og:title", content: full },
    { property: "og:description", content: description },
    { property: "og:type", content: input.type ?? "website" },
    { name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: full },
    { name: "twitter:description", content: description },
  ];
  if (input.image) {
    const image = absoluteOnSite(matches, input.image);
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  return tags;
}
