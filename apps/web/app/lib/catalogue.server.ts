/**
 * Loader helpers of the catalogue pages (server only).
 */
import { data } from "react-router";
import { type ApiClient, gatewayFailure, isApiError } from "./api.ts";

const memo = new Map<string, { at: number; value: Promise<unknown> }>();

/**
 * Lists that rarely change (countries, the attribute options, categories) are fetched once per `ttlMs` per server
 * process instead of on every render. A failed fetch is not kept.
 */
export function cachedLookup<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const hit = memo.get(key);
  if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
  const value = load();
  memo.set(key, { at: Date.now(), value });
  value.catch(() => {
    if (memo.get(key)?.value === value) memo.delete(key);
  });
  return value;
}

function warn(what: string, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  console.warn(`[web] ${what} failed: ${reason}`);
}

/** The value of a call a page can do without (a side section): null when the API fails, logged quietly. */
export async function optional<T>(what: string, call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    warn(what, error);
    return null;
  }
}

/**
 * The 503/504 page when the API gave no answer (down, or slower than API_TIMEOUT_MS); nothing otherwise. A page's
 * own call may be the first to find the API gone, as the root loader's settings and country come from copies.
 */
export function throwIfNoAnswer(error: unknown): void {
  const failure = gatewayFailure(error);
  if (failure) throw data(failure.message, { status: failure.status });
}

/**
 * The value of a call that makes up a page of optional sections: null when the API answers with an error (the
 * sections stay empty, logged quietly), the 503/504 page when it gives no answer at all, as when the root loader's
 * own calls get none.
 */
export async function ifAnswered<T>(what: string, call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    throwIfNoAnswer(error);
    warn(what, error);
    return null;
  }
}

/**
 * The value of the call a page is about: a 404 (or a 400 for an id the API cannot read) becomes the page's own
 * 404, no answer from the API the 503/504 page; anything else propagates to the error boundary.
 */
export async function required<T>(call: Promise<T>, notFoundText: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && (error.statusCode === 404 || error.statusCode === 400)) {
      throw data(notFoundText, { status: 404 });
    }
    throwIfNoAnswer(error);
    throw error;
  }
}

export interface CategoryOption {
  _id: string;
  name: string;
  slug: string;
}

/** The active categories of a group, in their order (cached for a minute). */
export function categoriesOf(api: ApiClient, group: "performer" | "video" | "gallery"): Promise<CategoryOption[]> {
  return cachedLookup(`categories:${group}`, 60_000, async () => {
    const res = await api.get<{ data: CategoryOption[] }>("/user/assets/categories/search", { group, limit: 100 });
    return res.data.map(({ _id, name, slug }) => ({ _id, name, slug }));
  });
}
