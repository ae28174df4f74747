import type { MenuItem } from "@marquee/contracts/settings";
import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { appReset } from "./reset.ts";
import { publicSettingsLoaded } from "./settings.ts";

export type Theme = "light" | "dark";

/** SPEC section 3, ui settings; persisted to localStorage and restored from it. */
export interface UiState {
  theme: Theme;
  siteName: string;
  logo: string;
  menus: MenuItem[];
  favicon: string;
  loginPlaceholderImage: string;
  footerContent: string;
  currencySymbol: string;
  currency: string;
}

export const UI_STORAGE_KEY = "ui";

export const initialUiState: UiState = {
  theme: "light",
  siteName: "",
  logo: "",
  menus: [],
  favicon: "",
  loginPlaceholderImage: "",
  footerContent: "",
  currencySymbol: "$",
  currency: "USD",
};

/** Reads a persisted ui state, keeping only known keys of the right type. */
export function parsePersistedUi(text: string | null): Partial<UiState> {
  if (!text) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (!raw || typeof raw !== "object") return {};
  const out: Record<string, unknown> = {};
  for (const [key, fallback] of Object.entries(initialUiState)) {
    const value = (raw as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (Array.isArray(fallback) ? Array.isArray(value) : typeof value === typeof fallback) out[key] = value;
  }
  if (out.theme !== undefined && out.theme !== "light" && out.theme !== "dark") delete out.theme;
  return out as Partial<UiState>;
}

const uiSlice = createSlice({
  name: "ui",
  initialState: initialUiState,
  reducers: {
    setTheme(state, action: PayloadAction<Theme>) {
      state.theme = action.payload;
    },
    updateUiSettings(state, action: PayloadAction<Partial<UiState>>) {
      Object.assign(state, action.payload);
    },
    restoreUi(state, action: PayloadAction<Partial<UiState>>) {
      Object.assign(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(appReset, () => initialUiState)
      .addCase(publicSettingsLoaded, (state, action) => {
        const s = action.payload;
        state.siteName = s.siteName;
        state.logo = s.logo;
        state.menus = s.menus;
        state.favicon = s.favicon;
        state.loginPlaceholderImage = s.loginPlaceholderImage;
        state.footerContent = s.footerContent;
        state.currency = s.currency;
        state.currencySymbol = s.currencySymbol;
      });
  },
});

export const { setTheme, updateUiSettings, restoreUi } = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
