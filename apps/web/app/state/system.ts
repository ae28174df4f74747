import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { appReset } from "./reset.ts";

export interface SystemState {
  error: { message: string; statusCode?: number } | null;
}

export const initialSystemState: SystemState = { error: null };

const systemSlice = createSlice({
  name: "system",
  initialState: initialSystemState,
  reducers: {
    setSystemError(state, action: PayloadAction<SystemState["error"]>) {
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(appReset, () => initialSystemState);
  },
});

export const { setSystemError } = systemSlice.actions;
export const systemReducer = systemSlice.reducer;
