import type { AppLoadContext } from "react-router";
import type { ListPage, ListRequest } from "../state/asset-list.ts";
import { errorMessage } from "./api.ts";
import { type CategoryOption, categoriesOf, throwIfNoAnswer } from "./catalogue.server.ts";
import { type CatalogueFilters, filtersToApiQuery, parseFilters } from "./catalogue-filters.ts";
import { sessionApi } from "./session.server.ts";

export interface CatalogueListData<T> {
  filters: CatalogueFilters;
  categories: CategoryOption[];
  /** What the list shows (the store keeps it so load-more asks for the same filters). */
  request: ListRequest;
  page: ListPage<T>;
  /** The API's message when the list could not be loaded. */
  error: string | null;
}

/**
 * The first page of /movies or /galleries for the filters in the URL, as the viewer sees it, with the categories
 * the filter offers. A category is named by slug in the URL and by id in the API; an unknown slug filters nothing.
 */
export async function loadCatalogueList<T>(
  request: Request,
  context: AppLoadContext | undefined,
  opts: {
    path: string;
    categoryGroup: "video" | "gallery";
    /** More of the API's query for these filters (e.g. leaving announced movies out of the newest list). */
    extraQuery?: (filters: CatalogueFilters) => Record<string, string>;
  },
): Promise<CatalogueListData<T>> {
  const filters = parseFilters(new URL(request.url).searchParams);
  const client = sessionApi(request, context);
  const categories = categoriesOf(client, opts.categoryGroup).catch(() => [] as CategoryOption[]);
  const categoryId = filters.category
    ? ((await categories).find((c) => c.slug === filters.category)?._id ?? null)
    : null;
  const listRequest: ListRequest = {
    path: opts.path,
    query: { ...filtersToApiQuery(filters, categoryId), ...opts.extraQuery?.(filters) },
  };
  const empty: ListPage<T> = { data: [], total: 0, totalCapped: false, next: null };
  const [cats, result] = await Promise.all([
    categories,
    client.get<ListPage<T>>(listRequest.path, listRequest.query).then(
      (page) => ({ page, error: null }),
      (error: unknown) => {
        throwIfNoAnswer(error);
        return { page: empty, error: errorMessage(error) };
      },
    ),
  ]);
  return { filters, categories: cats, request: listRequest, page: result.page, error: result.error };
}
