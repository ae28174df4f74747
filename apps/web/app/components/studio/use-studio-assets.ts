import { useCallback, useState } from "react";
import { api } from "../../lib/api.ts";
import { STUDIO_PAGE_SIZE } from "../../lib/studio.ts";
import { useLatestQuery, usePagedSearch } from "../admin/use-manage.tsx";
import type { StatusFilter } from "./AssetList.tsx";

/** The drawer of a studio list: closed, creating a new item, or editing one. */
export type AssetDrawer<T> = { mode: "new" } | { mode: "edit"; item: T } | null;

/**
 * The state of a studio list of the viewer's movies or galleries (`path` searches them): search, status filter,
 * page, the latest page loaded and the drawer. Every page loaded also refreshes the item open in the drawer.
 */
export function useStudioAssets<T extends { _id: string }>(path: string, failMessage: string) {
  const { search, setSearch, q, page, setPage, refilter } = usePagedSearch();
  const [status, setStatus] = useState<StatusFilter>("all");
  const [drawer, setDrawer] = useState<AssetDrawer<T>>(null);

  const fetchPage = useCallback(
    () =>
      api.get<{ data: T[]; total: number }>(path, {
        q: q.trim() || undefined,
        status: status === "all" ? undefined : status,
        sortBy: "newest",
        limit: STUDIO_PAGE_SIZE,
        offset: (page - 1) * STUDIO_PAGE_SIZE,
      }),
    [path, q, status, page],
  );
  const { result, setResult, loading, error, load } = useLatestQuery(fetchPage, failMessage, (res) =>
    setDrawer((d) => {
      if (d?.mode !== "edit") return d;
      const fresh = res.data.find((item) => item._id === d.item._id);
      return fresh ? { mode: "edit", item: fresh } : d;
    }),
  );

  /** Puts a fresh copy of an item into the list and the open drawer. */
  const sync = useCallback(
    (item: T) => {
      setResult((r) => (r ? { ...r, data: r.data.map((x) => (x._id === item._id ? item : x)) } : r));
      setDrawer((d) => (d?.mode === "edit" && d.item._id === item._id ? { mode: "edit", item } : d));
    },
    [setResult],
  );

  /** Closes the drawer if it shows the item `id` (after it was deleted). */
  const closeItem = (id: string) => setDrawer((d) => (d?.mode === "edit" && d.item._id === id ? null : d));

  return {
    search,
    setSearch,
    q,
    status,
    setStatus: refilter(setStatus),
    page,
    setPage,
    result,
    setResult,
    loading,
    error,
    load,
    drawer,
    setDrawer,
    sync,
    closeItem,
  };
}
