/** The /search page's query and tabs. */

export const SEARCH_MAX_LENGTH = 200;

export type SearchTab = "performers" | "movies" | "galleries" | "products";
export const SEARCH_TABS: readonly SearchTab[] = ["performers", "movies", "galleries", "products"];

/** GET /search/total. */
export interface SearchTotals {
  performers: number;
  movies: number;
  galleries: number;
  products: number;
}

/** The search text of a URL: trimmed, at most 200 characters (the API's limit). */
export function searchText(params: URLSearchParams): string {
  return (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
}

/** The tab to open: the one the URL names, else the first with results, else performers. */
export function pickSearchTab(requested: string | null, counts: Record<SearchTab, number>): SearchTab {
  const named = SEARCH_TABS.find((t) => t === requested);
  if (named) return named;
  return SEARCH_TABS.find((t) => counts[t] > 0) ?? "performers";
}

/** The /search URL for a text ("/search" alone for an empty one). */
export function searchHref(text: string): string {
  const q = text.trim().slice(0, SEARCH_MAX_LENGTH);
  return q ? `/search?q=${encodeURIComponent(q)}` : "/search";
}
