import type { PerformerProfile } from "@marquee/contracts/performers";
import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { msg } from "../i18n/i18n.ts";
import { appReset } from "./reset.ts";
import { injectSlice } from "./store.ts";
import { createAppThunk, initialRequest, type RequestState, toRejected } from "./thunk.ts";

/** SPEC section 3: performerProfile has requesting, error, data, success. */
export type PerformerProfileState = RequestState<PerformerProfile>;

export const initialPerformerProfileState: PerformerProfileState = initialRequest();

/** GET /performers/{id}: by id or username. */
export const fetchPerformerProfile = createAppThunk(
  "performerProfile/fetch",
  async (idOrUsername: string, { extra, rejectWithValue }) => {
    try {
      return await extra.api.get<PerformerProfile>(`/performers/${encodeURIComponent(idOrUsername)}`);
    } catch (error) {
      return rejectWithValue(toRejected(error, msg("Could not load this performer, please try again.")));
    }
  },
);

const performerProfileSlice = createSlice({
  name: "performerProfile",
  initialState: initialPerformerProfileState,
  reducers: {
    /** The profile the server already loaded (SSR). */
    performerProfileReceived(_state, action: PayloadAction<PerformerProfile>) {
      return { requesting: false, error: null, data: action.payload, success: true };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(appReset, () => initialPerformerProfileState)
      .addCase(fetchPerformerProfile.pending, (state, action) => {
        state.requesting = true;
        state.error = null;
        state.success = false;
        // Another performer's profile is not shown while this one loads.
        const wanted = action.meta.arg;
        if (state.data && state.data._id !== wanted && state.data.username !== wanted) state.data = null;
      })
      .addCase(fetchPerformerProfile.fulfilled, (state, action) => {
        state.requesting = false;
        state.data = action.payload;
        state.success = true;
      })
      .addCase(fetchPerformerProfile.rejected, (state, action) => {
        state.requesting = false;
        state.success = false;
        state.error = action.payload ?? { message: action.error.message ?? msg("Could not load this performer.") };
      });
  },
});

export const { performerProfileReceived } = performerProfileSlice.actions;
export const performerProfileReducer = performerProfileSlice.reducer;

// This screen slice joins the store with the screens that import it (store.ts, ScreenState).
injectSlice("performerProfile", performerProfileReducer);
