/**
 * The filters of the /performers directory, kept in the page's URL (`?q=ava&gender=female&country=GB&category=
 * dancers&hairColor=red&sort=popular`) so a filtered directory can be shared, bookmarked and navigated with
 * back/forward. Parsing is forgiving: a value the API would refuse (400) is dropped instead.
 */
import type { TFunction } from "../i18n/i18n.ts";
import { msg } from "../i18n/i18n.ts";
import type { Query } from "./api.ts";

export type PerformerSort = "newest" | "popular" | "name";

export const PERFORMER_SORT_OPTIONS: ReadonlyArray<{ value: PerformerSort; label: string }> = [
  { value: "newest", label: msg("Newest") },
  { value: "popular", label: msg("Most popular") },
  { value: "name", label: msg("Name A–Z") },
];

/** The attribute filters, named as GET /performers/search takes them and as /user-additional lists them. */
export const ATTRIBUTE_FILTERS = [
  { param: "ethnicity", list: "ethnicities", label: msg("Ethnicity") },
  { param: "bodyType", list: "bodyTypes", label: msg("Body type") },
  { param: "hairColor", list: "hairColors", label: msg("Hair") },
  { param: "eyeColor", list: "eyeColors", label: msg("Eyes") },
  { param: "height", list: "heights", label: msg("Height") },
  { param: "sexualOrientation", list: "sexualOrientations", label: msg("Orientation") },
] as const;

export type AttributeParam = (typeof ATTRIBUTE_FILTERS)[number]["param"];
export type OptionList = ReadonlyArray<{ value: string; text: string }>;

/** The option lists of GET /user-additional (genders and the attributes). */
export interface PerformerOptions {
  genders: OptionList;
  ethnicities: OptionList;
  bodyTypes: OptionList;
  hairColors: OptionList;
  eyeColors: OptionList;
  heights: OptionList;
  sexualOrientations: OptionList;
}

/**
 * The words shown for an option. Heights are ranges in centimetres ("160-170"), which /user-additional spells
 * "160 170"; they read "160–170 cm", "Under 160 cm", "Over 180 cm" (in the page's language with `t`). The other
 * lists' words are the API's.
 */
export function optionText(
  list: keyof PerformerOptions,
  option: { value: string; text: string },
  t: TFunction,
): string {
  if (list !== "heights") return option.text;
  const range = option.value.match(/^(\d+)-(\d+)$/);
  if (range) return `${range[1]}–${range[2]} cm`;
  const edge = option.value.match(/^(under|over)-(\d+)$/);
  if (edge) return edge[1] === "under" ? t("Under {{cm}} cm", { cm: edge[2] }) : t("Over {{cm}} cm", { cm: edge[2] });
  return option.text;
}

/** Directory page size: three rows of six on a wide screen (and whole rows of 2, 3 and 6). */
export const PERFORMERS_PAGE_SIZE = 18;
const MAX_Q_LENGTH = 200;

export interface PerformerFilters {
  q: string;
  gender: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  /** A performer category's slug. */
  category: string | null;
  attributes: Partial<Record<AttributeParam, string>>;
  sort: PerformerSort;
}

export const defaultPerformerFilters: PerformerFilters = {
  q: "",
  gender: null,
  country: null,
  category: null,
  attributes: {},
  sort: "newest",
};

const inList = (list: OptionList | undefined, value: string | null): value is string =>
  !!value && !!list?.some((o) => o.value === value);

/** Reads the filters from a URL, keeping only values the option lists (from /user-additional) know. */
export function parsePerformerFilters(search: URLSearchParams, options: PerformerOptions | null): PerformerFilters {
  const sort = search.get("sort");
  const country = search.get("country")?.trim().toUpperCase() ?? null;
  const category = search.get("category")?.trim().toLowerCase() ?? null;
  const gender = search.get("gender");
  const attributes: PerformerFilters["attributes"] = {};
  for (const f of ATTRIBUTE_FILTERS) {
    const value = search.get(f.param);
    if (inList(options?.[f.list], value)) attributes[f.param] = value;
  }
  return {
    q: (search.get("q") ?? "").trim().slice(0, MAX_Q_LENGTH),
    gender: inList(options?.genders, gender) ? gender : null,
    country: country && /^[A-Z]{2}$/.test(country) ? country : null,
    category: category && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(category) && category.length <= 120 ? category : null,
    attributes,
    sort: PERFORMER_SORT_OPTIONS.some((o) => o.value === sort) ? (sort as PerformerSort) : "newest",
  };
}

/** The URL query of a set of filters ("" or "?…"); defaults are left out so the plain directory has a plain URL. */
export function performerFiltersToSearch(filters: PerformerFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.gender) params.set("gender", filters.gender);
  if (filters.country) params.set("country", filters.country);
  if (filters.category) params.set("category", filters.category);
  for (const f of ATTRIBUTE_FILTERS) {
    const value = filters.attributes[f.param];
    if (value) params.set(f.param, value);
  }
  if (filters.sort !== "newest") params.set("sort", filters.sort);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** How many filters narrow the list (the search text and sort order are not counted). */
export function activePerformerFilterCount(filters: PerformerFilters): number {
  return (
    (filters.gender ? 1 : 0) +
    (filters.country ? 1 : 0) +
    (filters.category ? 1 : 0) +
    Object.values(filters.attributes).filter(Boolean).length
  );
}

/** The query of GET /performers/search; the category goes by id (null when the slug names none). */
export function performerFiltersToApiQuery(
  filters: PerformerFilters,
  categoryId: string | null,
  limit = PERFORMERS_PAGE_SIZE,
): Query {
  const query: Query = { sortBy: filters.sort, limit };
  if (filters.q) query.q = filters.q;
  if (filters.gender) query.gender = filters.gender;
  if (filters.country) query.country = filters.country;
  if (categoryId) query.categoryIds = [categoryId];
  for (const f of ATTRIBUTE_FILTERS) {
    const value = filters.attributes[f.param];
    if (value) query[f.param] = value;
  }
  return query;
}
