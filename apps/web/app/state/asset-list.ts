/**
 * Catalogue lists (SPEC section 3: videos, relatedVideos, galleries, relatedGalleries hold requesting, items,
 * total, error, success; SPEC section 4: a first load replaces items, a load-more appends them).
 *
 * One factory makes each of those slices. A list remembers the request its items answer (path and query, no
 * cursor) and the cursor of its next page, so "load more" asks for the page after the last one shown, and a
 * late answer for an older request (the filters changed meanwhile) is dropped instead of mixed in.
 */
import { createAction, createSlice } from "@reduxjs/toolkit";
import { buildQueryString, type Query } from "../lib/api.ts";
import { appReset } from "./reset.ts";
import { createAppThunk, type RejectedError, toRejected } from "./thunk.ts";

/** One page of a catalogue list as the API answers it (`pagedResponse` in the contracts). */
export interface ListPage<T> {
  data: T[];
  total: number;
  totalCapped?: boolean;
  next: string | null;
}

/** What a list shows: an API path and its query without `cursor`/`offset`. */
export interface ListRequest {
  path: string;
  query: Query;
}

export interface AssetListState<T> {
  requesting: boolean;
  items: T[];
  total: number;
  error: RejectedError | null;
  success: boolean;
  /** Whether the API stopped counting at its cap (the real total is larger). */
  totalCapped: boolean;
  /** Cursor of the page after the last one loaded; null when there is no more. */
  next: string | null;
  /** The request the items answer; null before the first load. */
  request: ListRequest | null;
}

export function initialListState<T>(): AssetListState<T> {
  return {
    requesting: false,
    items: [],
    total: 0,
    error: null,
    success: false,
    totalCapped: false,
    next: null,
    request: null,
  };
}

/** A stable text for a request: the same path and filters give the same key, whatever the order of the query. */
export function listKey(request: ListRequest | null | undefined): string {
  if (!request) return "";
  const { cursor: _cursor, offset: _offset, ...rest } = request.query;
  const sorted: Query = {};
  for (const name of Object.keys(rest).sort()) {
    const value = rest[name];
    sorted[name] = Array.isArray(value) ? [...value].map(String).sort() : value;
  }
  return `${request.path}${buildQueryString(sorted)}`;
}

/** Appends `more` to `items`, skipping any already present (a page boundary that moved under our feet). */
export function appendUnique<T extends { _id: string }>(items: T[], more: T[]): T[] {
  const seen = new Set(items.map((i) => i._id));
  return [...items, ...more.filter((i) => !seen.has(i._id))];
}

export interface PageLoaded<T> {
  request: ListRequest;
  page: ListPage<T>;
}

export interface ListFailed {
  request: ListRequest;
  error: RejectedError;
}

/**
 * A list slice named `name` (also its key in the store). Exports:
 * - `requested(request)`: a first page is on its way from the route's loader (new filters): requesting;
 * - `loaded({ request, page })`: a first page the server rendered with (replaces items);
 * - `failed({ request, error })`: the loader could not get the first page (no items, the error);
 * - `load(request)`: fetch the first page of a request (replaces items);
 * - `loadMore()`: fetch the next page of the current request by its cursor (appends items).
 */
export function createAssetListSlice<T extends { _id: string }>(name: string, errorText: string) {
  const initialState = initialListState<T>() as AssetListState<T>;
  const select = (root: unknown) => (root as Record<string, AssetListState<T>>)[name] ?? initialState;

  const requested = createAction<ListRequest>(`${name}/requested`);
  const loaded = createAction<PageLoaded<T>>(`${name}/loaded`);
  const failed = createAction<ListFailed>(`${name}/failed`);

  const load = createAppThunk(`${name}/load`, async (request: ListRequest, { extra, rejectWithValue }) => {
    try {
      return await extra.api.get<ListPage<T>>(request.path, request.query);
    } catch (error) {
      return rejectWithValue(toRejected(error, errorText));
    }
  });

  const loadMore = createAppThunk(
    `${name}/loadMore`,
    async (_: undefined, { extra, getState, rejectWithValue }) => {
      const state = select(getState());
      const request = state.request as ListRequest;
      try {
        const page = await extra.api.get<ListPage<T>>(request.path, { ...request.query, cursor: state.next });
        return { request, page } as PageLoaded<T>;
      } catch (error) {
        return rejectWithValue(toRejected(error, errorText));
      }
    },
    {
      // Nothing to ask for: no list yet, the last page is shown, or a request is already running.
      condition: (_, { getState }) => {
        const state = select(getState());
        return !!state.request && !!state.next && !state.requesting;
      },
    },
  );

  const replace = (state: AssetListState<T>, request: ListRequest, page: ListPage<T>) => {
    state.request = request;
    state.items = page.data as typeof state.items;
    state.total = page.total;
    state.totalCapped = page.totalCapped ?? false;
    state.next = page.next;
    state.requesting = false;
    state.error = null;
    state.success = true;
  };

  const slice = createSlice({
    name,
    initialState,
    reducers: {},
    extraReducers: (builder) => {
      builder
        .addCase(appReset, () => initialListState<T>() as AssetListState<T>)
        .addCase(requested, (state, action) => {
          state.request = action.payload;
          state.requesting = true;
          state.error = null;
          state.success = false;
        })
        .addCase(loaded, (state, action) => {
          replace(state as AssetListState<T>, action.payload.request, action.payload.page);
        })
        .addCase(failed, (state, action) => {
          state.request = action.payload.request;
          state.items = [];
          state.total = 0;
          state.totalCapped = false;
          state.next = null;
          state.requesting = false;
          state.success = false;
          state.error = action.payload.error;
        })
        .addCase(load.pending, (state, action) => {
          // From now on the list answers this request: answers for older ones are dropped.
          state.request = action.meta.arg;
          state.requesting = true;
          state.error = null;
          state.success = false;
        })
        .addCase(load.fulfilled, (state, action) => {
          if (listKey(state.request) !== listKey(action.meta.arg)) return;
          replace(state as AssetListState<T>, action.meta.arg, action.payload);
        })
        .addCase(load.rejected, (state, action) => {
          if (listKey(state.request) !== listKey(action.meta.arg)) return;
          state.requesting = false;
          state.success = false;
          state.error = action.payload ?? { message: action.error.message || errorText };
        })
        .addCase(loadMore.pending, (state) => {
          state.requesting = true;
          state.error = null;
        })
        .addCase(loadMore.fulfilled, (state, action) => {
          if (listKey(state.request) !== listKey(action.payload.request)) return;
          const { page } = action.payload;
          state.items = appendUnique(state.items as T[], page.data) as typeof state.items;
          state.total = page.total;
          state.totalCapped = page.totalCapped ?? false;
          state.next = page.next;
          state.requesting = false;
          state.success = true;
        })
        .addCase(loadMore.rejected, (state, action) => {
          state.requesting = false;
          state.error = action.payload ?? { message: action.error.message || errorText };
        });
    },
  });

  return { reducer: slice.reducer, initialState, requested, loaded, failed, load, loadMore, select };
}
