import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { PROCESSING_POLL_MS, type StatusFilter, studioListQuery } from "../../lib/studio.ts";
import { useListParams } from "../../lib/use-list-params.ts";
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
  const list = useListParams();
  const { params, update } = list;
  const revalidator = useRevalidator();
  const { status } = studioListQuery(params);
  const [creating, setCreating] = useState(false);
  /** The item as last saved, until the loader has it. */
  const [saved, setSaved] = useState<T | null>(null);

  const editId = params.get("edit");
  // The list's copy first (as the search signs it), then the one read by id (not on this page), then the saved one.
  const item = editId
    ? (data.list.result?.data.find((x) => x._id === editId) ??
      (data.open?._id === editId ? data.open : saved?._id === editId ? saved : null))
    : null;
  const drawer: AssetDrawer<T> = creating ? { mode: "new" } : item ? { mode: "edit", item } : null;

  return {
    search: list.search,
    setSearch: list.setSearch,
    q: list.q,
    status,
    setStatus: (value: StatusFilter) => list.setFilter("status", value),
    page: list.page,
    setPage: list.setPage,
    result: data.list.result,
    error: data.list.error,
    load: () => void revalidator.revalidate(),
    loading: list.loading,
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
