/** What /search/total counts; each catalogue module answers for its own items. */
export type SearchCounter = (q: string) => Promise<number>;

/**
 * The counts behind the search page's tabs (`GET /search/total`). Each counter receives the trimmed term;
 * a blank one counts everything listed. The counters run in parallel.
 */
export function createSearchService(deps: {
  counters: Record<"performers" | "movies" | "galleries" | "products", SearchCounter>;
}) {
  return {
    async total(q: string | undefined) {
      const term = (q ?? "").trim();
      const [performers, movies, galleries, products] = await Promise.all([
        deps.counters.performers(term),
        deps.counters.movies(term),
        deps.counters.galleries(term),
        deps.counters.products(term),
      ]);
      return { performers, movies, galleries, products };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
