import { type ReactNode, useCallback } from "react";
import { api, type Query } from "../../lib/api.ts";
import { CardGrid } from "./CardGrid.tsx";
import { LoadMore } from "./LoadMore.tsx";
import { type Page, usePagedList } from "./usePagedList.ts";

/**
 * A card grid that starts from the page the loader rendered (`initial`) and loads the next pages of
 * `path` + `query` by cursor from the browser. `resetKey` names the list: when it changes, the list starts over.
 */
export function PagedGrid<T extends { _id: string }>({
  initial,
  path,
  query,
  resetKey,
  render,
  label,
  empty,
  variant = "media",
  testId,
}: {
  initial: Page<T> | null;
  path: string;
  query: Query;
  resetKey: string;
  render: (item: T, index: number) => ReactNode;
  label: string;
  empty: ReactNode;
  variant?: "performers" | "media";
  testId?: string;
}) {
  const fetchPage = useCallback((cursor: string) => api.get<Page<T>>(path, { ...query, cursor }), [path, query]);
  const list = usePagedList<T>(initial, fetchPage, resetKey);
  return (
    <>
      <CardGrid label={label} testId={testId} empty={empty} variant={variant}>
        {list.items.map(render)}
      </CardGrid>
      <LoadMore
        hasMore={!!list.next}
        loading={list.loading}
        onClick={list.loadMore}
        shown={list.items.length}
        total={list.total}
        totalCapped={list.totalCapped}
        error={list.error}
      />
    </>
  );
}
