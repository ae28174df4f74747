/**
 * The filters of the /movies and /galleries lists, kept in the page's URL (`?category=outdoor&access=free&tags=
 * beach&sort=popular`) so a filtered list can be shared, bookmarked and reloaded. Parsing is forgiving: an unknown
 * value is dropped rather than sent to the API, which would answer 400.
 */
import type { AccessKind } from "@marquee/contracts/catalogue";
import { msg } from "../i18n/i18n.ts";
import type { Query } from "./api.ts";

export type CatalogueSort = "newest" | "popular" | "oldest" | "price";

export const SORT_OPTIONS: ReadonlyArray<{ value: CatalogueSort; label: string }> = [
  { value: "newest", label: msg("Newest") },
  { value: "popular", label: msg("Most popular") },
  { value: "oldest", label: msg("Oldest") },
  { value: "price", label: msg("Price: low to high") },
];

export const ACCESS_OPTIONS: ReadonlyArray<{ value: AccessKind; label: string }> = [
  { value: "free", label: msg("Free") },
  { value: "members", label: msg("Members") },
  { value: "sale", label: msg("For sale") },
];

/** Page sizes of the catalogue lists (a multiple of 2, 3 and 4 columns). */
export const CATALOGUE_PAGE_SIZE = 24;

const MAX_TAGS = 10;
const MAX_TAG_LENGTH = 40;
const MAX_Q_LENGTH = 200;

export interface CatalogueFilters {
  q: string;
  /** A category's slug. */
  category: string | null;
  access: AccessKind | null;
  tags: string[];
  sort: CatalogueSort;
}

export const defaultFilters: CatalogueFilters = { q: "", category: null, access: null, tags: [], sort: "newest" };

const isSort = (v: string | null): v is CatalogueSort => SORT_OPTIONS.some((o) => o.value === v);
const isAccess = (v: string | null): v is AccessKind => ACCESS_OPTIONS.some((o) => o.value === v);

/** A tag as the API stores it (trimmed, lowercase), or null when it cannot be one. */
export function normalizeTag(raw: string): string | null {
  const tag = raw.trim().toLowerCase();
  return tag && tag.length <= MAX_TAG_LENGTH ? tag : null;
}

export function parseFilters(search: URLSearchParams): CatalogueFilters {
  const category = search.get("category")?.trim().toLowerCase() || null;
  const access = search.get("access");
  const sort = search.get("sort");
  const tags: string[] = [];
  for (const raw of search.getAll("tags")) {
    const tag = normalizeTag(raw);
    if (tag && !tags.includes(tag) && tags.length < MAX_TAGS) tags.push(tag);
  }
  return {
    q: (search.get("q") ?? "").trim().slice(0, MAX_Q_LENGTH),
    category: category && /^[a-z0-9-]{1,120}$/.test(category) ? category : null,
    access: isAccess(access) ? access : null,
    tags,
    sort: isSort(sort) ? sort : "newest",
  };
}

/** The URL query of a set of filters; defaults are left out so the plain list has a plain URL. */
export function filtersToSearch(filters: CatalogueFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.category) params.set("category", filters.category);
  if (filters.access) params.set("access", filters.access);
  for (const tag of filters.tags) params.append("tags", tag);
  if (filters.sort !== "newest") params.set("sort", filters.sort);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function hasActiveFilters(filters: CatalogueFilters): boolean {
  return !!(filters.q || filters.category || filters.access || filters.tags.length);
}

/**
 * The API query for the filters (GET /user/assets/videos/search and /galleries/search). The category goes by id;
 * `categoryId` is null when the URL named no category or one that does not exist (then the list is unfiltered).
 * Price sorts cheapest first; the other sorts carry their own direction.
 */
export function filtersToApiQuery(
  filters: CatalogueFilters,
  categoryId: string | null,
  limit = CATALOGUE_PAGE_SIZE,
): Query {
  const query: Query = { sortBy: filters.sort, limit };
  if (filters.sort === "price") query.sort = "asc";
  if (filters.q) query.q = filters.q;
  if (categoryId) query.categoryIds = [categoryId];
  if (filters.access) query.access = filters.access;
  if (filters.tags.length) query.tags = [...filters.tags];
  return query;
}
