import type { MenuItem } from "@marquee/contracts/settings";
import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { appReset } from "./reset.ts";

/** The public site settings (GET /settings/public), with the defaults the API ships. */
export interface PublicSettings {
  siteName: string;
  logo: string;
  favicon: string;
  loginPlaceholderImage: string;
  footerContent: string;
  menus: MenuItem[];
  maintenanceMode: boolean;
  currency: string;
  currencySymbol: string;
  bannerAutoplaySpeed: number;
  requireEmailVerification: boolean;
  reCaptchaSiteKey: string;
  /** The age gate (@marquee/contracts/age-gate): its mode and, for "countries", the listed ones. */
  ageGate: string;
  ageGateCountries: string[];
  /** The smallest and largest tip a member may give (issue 24), in major units. */
  tipMinimum: number;
  tipMaximum: number;
}

export const defaultPublicSettings: PublicSettings = {
  siteName: "Marquee",
  logo: "/logo.svg",
  favicon: "/favicon.svg",
  loginPlaceholderImage: "/login-placeholder.webp",
  footerContent: "© Marquee.",
  menus: [],
  maintenanceMode: false,
  currency: "USD",
  currencySymbol: "$",
  bannerAutoplaySpeed: 5000,
  requireEmailVerification: true,
  reCaptchaSiteKey: "",
  ageGate: "click-through",
  ageGateCountries: [],
  tipMinimum: 1,
  tipMaximum: 500,
};

/** Merges an API settings map over the defaults, ignoring values of the wrong type. */
export function normalizeSettings(raw: unknown): PublicSettings {
  const out: PublicSettings = { ...defaultPublicSettings, menus: [] };
  if (!raw || typeof raw !== "object") return out;
  const map = raw as Record<string, unknown>;
  const target = out as unknown as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(defaultPublicSettings)) {
    const value = map[key];
    if (value === undefined || value === null) continue;
    if (Array.isArray(fallback) ? Array.isArray(value) : typeof value === typeof fallback) target[key] = value;
  }
  return out;
}

export interface SettingsState {
  data: PublicSettings;
  loaded: boolean;
}

export const initialSettingsState: SettingsState = { data: defaultPublicSettings, loaded: false };

const settingsSlice = createSlice({
  name: "settings",
  initialState: initialSettingsState,
  reducers: {
    publicSettingsLoaded(state, action: PayloadAction<PublicSettings>) {
      state.data = action.payload;
      state.loaded = true;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(appReset, () => initialSettingsState);
  },
});

export const { publicSettingsLoaded } = settingsSlice.actions;
export const settingsReducer = settingsSlice.reducer;
