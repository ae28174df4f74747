import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import { pageOf, textOf } from "./list-params.ts";

/**
 * The filters of a list screen in its URL (list-params.ts): `update` changes some in place of the current entry;
 * the typed search reaches `q` once typing pauses, and a new search or filter starts again from the first page.
 * `loading` is true while the page's loader reads the list again for new filters.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  const q = textOf(params);
  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search, 300);

  const update = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text moves the URL
  useEffect(() => {
    if (debounced.trim() !== q) update({ q: debounced.trim() || null, page: null });
  }, [debounced]);

  const page = pageOf(params);
  return {
    params,
    update,
    search,
    setSearch,
    q,
    page,
    setPage: (value: number) => update({ page: value > 1 ? String(value) : null }),
    /** Sets a filter (its `all` value leaves the URL) and goes back to the first page. */
    setFilter: (key: string, value: string) => update({ [key]: value === "all" ? null : value, page: null }),
    loading: navigation.state === "loading" && navigation.location?.pathname === location.pathname,
  };
}
