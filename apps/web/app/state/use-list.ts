import type { UnknownAction } from "@reduxjs/toolkit";
import { useEffect } from "react";
import { type ListFailed, type ListPage, type ListRequest, listKey, type PageLoaded } from "./asset-list.ts";
import { useAppDispatch } from "./store.ts";
import type { RejectedError } from "./thunk.ts";

/** What a page shows of a list, wherever it currently lives (the loader's first page or the store). */
export interface ListView<T> {
  items: T[];
  total: number;
  totalCapped: boolean;
  next: string | null;
  requesting: boolean;
  error: RejectedError | null;
}

export interface StoredList<T> extends ListView<T> {
  request: ListRequest | null;
  success: boolean;
}

/**
 * A list whose first page came from the route's loader (server-rendered): it is put into the store as a first
 * load (replacing what was there), and the page shows the store once it holds this request, so load-more pages
 * append to it. Until then (during server rendering and hydration) the loader's page is shown. When the loader
 * could not get the list (`failure.error`), the store records that instead (`failure.failed`).
 */
export function useHydratedList<T>(
  stored: StoredList<T>,
  request: ListRequest,
  page: ListPage<T>,
  loaded: (payload: PageLoaded<T>) => UnknownAction,
  failure?: { error: string | null; failed: (payload: ListFailed) => UnknownAction },
): ListView<T> {
  const dispatch = useAppDispatch();
  const key = listKey(request);
  const error = failure?.error ?? null;
  const failed = failure?.failed;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the request's content
  useEffect(() => {
    if (error && failed) dispatch(failed({ request, error: { message: error } }));
    else dispatch(loaded({ request, page }));
  }, [dispatch, loaded, failed, key, page, error]);

  if (stored.success && listKey(stored.request) === key) return stored;
  return {
    items: page.data,
    total: page.total,
    totalCapped: page.totalCapped ?? false,
    next: page.next,
    requesting: false,
    error: null,
  };
}
