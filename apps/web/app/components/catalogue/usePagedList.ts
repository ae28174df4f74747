import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "../../lib/api.ts";

/** One page of a catalogue list as the API answers it (`pagedResponse` in the contracts). */
export interface Page<T> {
  data: T[];
  total: number;
  totalCapped?: boolean;
  next: string | null;
}

export interface PagedList<T> {
  items: T[];
  total: number;
  totalCapped: boolean;
  next: string | null;
  loading: boolean;
  error: string | null;
  /** Fetches the page after the last one shown and appends it. */
  loadMore: () => void;
}

/**
 * A list local to one page section (a profile tab, a search tab): it starts from the page the loader rendered
 * and appends the next pages by cursor. When `resetKey` changes (new filters, another performer) it starts over
 * from the new `initial` page, and answers for the old key are dropped.
 */
export function usePagedList<T extends { _id: string }>(
  initial: Page<T> | null,
  fetchPage: (cursor: string) => Promise<Page<T>>,
  resetKey: string,
): PagedList<T> {
  const [state, setState] = useState(() => fromPage(initial, resetKey));
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keyRef = useRef(resetKey);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  // A new key (or a fresh first page from the loader): start over.
  const lastInitial = useRef(initial);
  useEffect(() => {
    if (lastInitial.current === initial && keyRef.current === resetKey) return;
    lastInitial.current = initial;
    keyRef.current = resetKey;
    setState(fromPage(initial, resetKey));
    setLoading(false);
    setError(null);
  }, [initial, resetKey]);

  const view = state.key === resetKey ? state : fromPage(initial, resetKey);

  const loadMore = useCallback(() => {
    const cursor = view.next;
    if (!cursor || loading) return;
    const key = keyRef.current;
    setLoading(true);
    setError(null);
    fetchRef.current(cursor).then(
      (page) => {
        if (keyRef.current !== key) return;
        setState((s) => {
          const seen = new Set(s.items.map((i) => i._id));
          return {
            key,
            items: [...s.items, ...page.data.filter((i) => !seen.has(i._id))],
            total: page.total,
            totalCapped: page.totalCapped ?? false,
            next: page.next,
          };
        });
        setLoading(false);
      },
      (err: unknown) => {
        if (keyRef.current !== key) return;
        setError(errorMessage(err, "Could not load more, please try again."));
        setLoading(false);
      },
    );
  }, [view.next, loading]);

  return { ...view, loading, error, loadMore };
}

function fromPage<T>(page: Page<T> | null, key: string) {
  return {
    key,
    items: page?.data ?? [],
    total: page?.total ?? 0,
    totalCapped: page?.totalCapped ?? false,
    next: page?.next ?? null,
  };
}
