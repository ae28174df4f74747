import type { Banner } from "@marquee/contracts/content";
import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { msg } from "../i18n/i18n.ts";
import { appReset } from "./reset.ts";
import { injectSlice } from "./store.ts";
import { createAppThunk, type RejectedError, toRejected } from "./thunk.ts";

export type BannerPosition = Banner["position"];

/** SPEC section 3: banners (listBanners) has loading, data, error, success. */
export interface BannersState {
  listBanners: {
    loading: boolean;
    data: Banner[];
    error: RejectedError | null;
    success: boolean;
  };
}

export const initialBannersState: BannersState = {
  listBanners: { loading: false, data: [], error: null, success: false },
};

/** GET /site-promo/search?position=…: the active banners of one position, in their order. */
export const listBanners = createAppThunk(
  "banners/list",
  async ({ position = "top" }: { position?: BannerPosition } = {}, { extra, rejectWithValue }) => {
    try {
      const res = await extra.api.get<{ data: Banner[]; total: number }>("/site-promo/search", { position });
      return res.data;
    } catch (error) {
      return rejectWithValue(toRejected(error, msg("Could not load the banners.")));
    }
  },
);

const bannersSlice = createSlice({
  name: "banners",
  initialState: initialBannersState,
  reducers: {
    /** Banners the server already loaded (SSR); a first load, so they replace what was there. */
    bannersReceived(state, action: PayloadAction<Banner[]>) {
      state.listBanners = { loading: false, data: action.payload, error: null, success: true };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(appReset, () => initialBannersState)
      .addCase(listBanners.pending, (state) => {
        state.listBanners.loading = true;
        state.listBanners.error = null;
        state.listBanners.success = false;
      })
      .addCase(listBanners.fulfilled, (state, action) => {
        state.listBanners = { loading: false, data: action.payload, error: null, success: true };
      })
      .addCase(listBanners.rejected, (state, action) => {
        state.listBanners.loading = false;
        state.listBanners.success = false;
        state.listBanners.error = action.payload ?? {
          message: action.error.message ?? msg("Could not load the banners."),
        };
      });
  },
});

export const { bannersReceived } = bannersSlice.actions;
export const bannersReducer = bannersSlice.reducer;

// This screen slice joins the store with the screens that import it (store.ts, ScreenState).
injectSlice("banners", bannersReducer);
