import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { PerformerCardData } from "../components/catalogue/card-data.ts";
import { msg } from "../i18n/i18n.ts";
import type { Query } from "../lib/api.ts";
import { appReset } from "./reset.ts";
import { injectSlice } from "./store.ts";
import { createAppThunk, initialRequest, type RequestState, toRejected } from "./thunk.ts";

/**
 * A page of GET /performers/search (`pagedResponse(performer)`): the directory keeps what its cards show (the
 * server's first page is cut to that, so the page's HTML does not carry every performer's whole profile).
 */
export interface PerformerPage {
  data: PerformerCardData[];
  total: number;
  totalCapped: boolean;
  next: string | null;
}

/** What the directory shows: the items loaded so far for one query (`key`), its total and the next cursor. */
export interface PerformerListingData {
  key: string;
  items: PerformerCardData[];
  total: number;
  totalCapped: boolean;
  next: string | null;
}

/** SPEC section 3: performerListing has requesting, error, data, success. */
export type PerformerListingState = RequestState<PerformerListingData>;

export const initialPerformerListingState: PerformerListingState = initialRequest();

export interface SearchPerformersArgs {
  /** Identifies the filters; a load-more for another key than the one shown is dropped. */
  key: string;
  query: Query;
  /** A load-more: fetch the page after `cursor` and append it. */
  cursor?: string;
}

/** A first load replaces the items; a load-more (with `cursor`) appends them. */
export const searchPerformers = createAppThunk(
  "performerListing/search",
  async ({ query, cursor }: SearchPerformersArgs, { extra, rejectWithValue }) => {
    try {
      return await extra.api.get<PerformerPage>("/performers/search", cursor ? { ...query, cursor } : query);
    } catch (error) {
      return rejectWithValue(toRejected(error, msg("Could not load performers, please try again.")));
    }
  },
);

function appendUnique(items: PerformerCardData[], more: PerformerCardData[]): PerformerCardData[] {
  const seen = new Set(items.map((p) => p._id));
  return [...items, ...more.filter((p) => !seen.has(p._id))];
}

const performerListingSlice = createSlice({
  name: "performerListing",
  initialState: initialPerformerListingState,
  reducers: {
    /** A page the server already loaded (SSR): a first load, so it replaces what was there. */
    performerListingReceived(_state, action: PayloadAction<{ key: string; page: PerformerPage }>) {
      const { key, page } = action.payload;
      return {
        requesting: false,
        error: null,
        success: true,
        data: { key, items: page.data, total: page.total, totalCapped: page.totalCapped, next: page.next },
      };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(appReset, () => initialPerformerListingState)
      .addCase(searchPerformers.pending, (state, action) => {
        state.requesting = true;
        state.error = null;
        state.success = false;
        // A new first load drops the items of other filters right away.
        if (!action.meta.arg.cursor && state.data?.key !== action.meta.arg.key) state.data = null;
      })
      .addCase(searchPerformers.fulfilled, (state, action) => {
        const { key, cursor } = action.meta.arg;
        const page = action.payload;
        state.requesting = false;
        if (cursor) {
          if (state.data?.key !== key) return; // the filters changed while this page was loading
          state.data.items = appendUnique(state.data.items, page.data);
          state.data.total = page.total;
          state.data.totalCapped = page.totalCapped;
          state.data.next = page.next;
        } else {
          state.data = { key, items: page.data, total: page.total, totalCapped: page.totalCapped, next: page.next };
        }
        state.success = true;
      })
      .addCase(searchPerformers.rejected, (state, action) => {
        state.requesting = false;
        state.success = false;
        state.error = action.payload ?? { message: action.error.message ?? msg("Could not load performers.") };
      });
  },
});

export const { performerListingReceived } = performerListingSlice.actions;
export const performerListingReducer = performerListingSlice.reducer;

// This screen slice joins the store with the screens that import it (store.ts, ScreenState).
injectSlice("performerListing", performerListingReducer);
