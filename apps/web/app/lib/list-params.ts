/**
 * The filters of a list screen as its URL holds them: the loader reads them to ask the API, the screen to show
 * them (use-list-params.ts changes them).
 */

/** The page number (`page`; 1 when absent or not a number). */
export function pageOf(params: URLSearchParams): number {
  return Math.max(1, Math.floor(Number(params.get("page"))) || 1);
}

/** The trimmed text of `key` ("" when absent). */
export function textOf(params: URLSearchParams, key = "q"): string {
  return (params.get(key) ?? "").trim();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text is an id as the API writes them (a UUID). */
export const isUuid = (value: string): boolean => UUID.test(value);

/** The id in `key` when it is one, else null. */
export function idOf(params: URLSearchParams, key: string): string | null {
  const value = textOf(params, key);
  return isUuid(value) ? value : null;
}

/** The value of `key` when it is one of `values`, else `fallback`. */
export function oneOf<T extends string>(params: URLSearchParams, key: string, values: readonly T[], fallback: T): T {
  const raw = params.get(key);
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : fallback;
}

/** One page of `pageSize`, newest first, as the API's offset paging takes it. */
export function offsetPage(page: number, pageSize: number) {
  return { sortBy: "newest" as const, limit: pageSize, offset: (page - 1) * pageSize };
}

/** A filter as the API takes it: its `all` value means no filter. */
export const apiFilter = <T extends string>(value: T): Exclude<T, "all"> | undefined =>
  value === "all" ? undefined : (value as Exclude<T, "all">);
