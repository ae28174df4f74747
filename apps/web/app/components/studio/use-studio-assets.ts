import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useLocation, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { PROCESSING_POLL_MS, type StatusFilter, studioListQuery } from "../../lib/studio.ts";
import type { Option } from "./options.ts";

/** The drawer of a studio list: closed, creating a new item, or editing one. */
export type AssetDrawer<T> = { mode: "new" } | { mode: "edit"; item: T } | null;

/** What the loader of a studio list gives its screen (studio-assets.server.ts). */
export interface StudioListData<T> {
  list: { result: { data: T[]; total: number } | null; error: string | null };
  open: T | null;
  options: { categories: Option[]; performers: Option[] };
}

/**
 * The state of a studio list of the viewer's movies or galleries: search, status filter and page live in the URL
 * (the loader reads them), so does the item open in the drawer (`edit`); the loader's data is the list.
 */
export function useStudioAssets<T extends { _id: string }>(data: StudioListData<T>) {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  const revalidator = useRevalidator();
  const { q, status, page } = studioListQuery(params);
  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search, 300);
  const [creating, setCreating] = useState(false);
  /** The item as last saved, until the loader has it. */
  const [saved, setSaved] = useState<T | null>(null);

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

  // The typed search reaches the URL once typing pauses; changing it starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text moves the URL
  useEffect(() => {
    if (debounced.trim() !== q) update({ q: debounced.trim() || null, page: null });
  }, [debounced]);

  const editId = params.get("edit");
  // The list's copy first (as the search signs it), then the one read by id (not on this page), then the saved one.
  const item = editId
    ? (data.list.result?.data.find((x) => x._id === editId) ??
      (data.open?._id === editId ? data.open : saved?._id === editId ? saved : null))
    : null;
  const drawer: AssetDrawer<T> = creating ? { mode: "new" } : item ? { mode: "edit", item } : null;

  return {
    search,
    setSearch,
    q,
    status,
    setStatus: (value: StatusFilter) => update({ status: value === "all" ? null : value, page: null }),
    page,
    setPage: (value: number) => update({ page: value > 1 ? String(value) : null }),
    result: data.list.result,
    error: data.list.error,
    load: () => void revalidator.revalidate(),
    loading: navigation.state === "loading" && navigation.location?.pathname === location.pathname,
    drawer,
    options: data.options,
    openNew: () => setCreating(true),
    /** Opens `value` in the drawer (a new item on the first page, where the newest come first). */
    openItem: (value: T, firstPage = false) => {
      setCreating(false);
      setSaved(value);
      update(firstPage ? { edit: value._id, page: null } : { edit: value._id });
    },
    close: () => {
      setCreating(false);
      update({ edit: null });
    },
  };
}

/** While something is pending or processing, the page's data is asked for again every few seconds. */
export function useProcessingPoll(busy: boolean): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!busy) return;
    const timer = window.setInterval(() => void revalidate(), PROCESSING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [busy, revalidate]);
}
