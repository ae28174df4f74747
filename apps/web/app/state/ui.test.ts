import { describe, expect, it } from "vitest";
import { appReset } from "./reset.ts";
import { defaultPublicSettings, publicSettingsLoaded } from "./settings.ts";
import { initialUiState, parsePersistedUi, restoreUi, setTheme, uiReducer, updateUiSettings } from "./ui.ts";

describe("ui reducer", () => {
  it("defaults to the light theme, USD and $", () => {
    const state = uiReducer(undefined, { type: "@@init" });
    expect(state).toEqual(initialUiState);
    expect(state).toMatchObject({ theme: "light", currency: "USD", currencySymbol: "$" });
  });

  it("switches theme and merges settings", () => {
    const dark = uiReducer(initialUiState, setTheme("dark"));
    expect(dark.theme).toBe("dark");
    const named = uiReducer(dark, updateUiSettings({ siteName: "Club" }));
    expect(named).toMatchObject({ theme: "dark", siteName: "Club" });
  });

  it("takes site settings from the public settings", () => {
    const settings = { ...defaultPublicSettings, siteName: "Club", currency: "EUR", currencySymbol: "€" };
    const state = uiReducer(initialUiState, publicSettingsLoaded(settings));
    expect(state).toMatchObject({ siteName: "Club", currency: "EUR", currencySymbol: "€", theme: "light" });
    expect(state.logo).toBe(settings.logo);
    expect(state.loginPlaceholderImage).toBe(settings.loginPlaceholderImage);
  });

  it("restores from a persisted copy, keeping only valid keys", () => {
    const persisted = parsePersistedUi(JSON.stringify({ theme: "dark", siteName: "Club", menus: "bad", junk: 1 }));
    expect(persisted).toEqual({ theme: "dark", siteName: "Club" });
    expect(parsePersistedUi(JSON.stringify({ theme: "purple" }))).toEqual({});
    expect(parsePersistedUi("{not json")).toEqual({});
    expect(parsePersistedUi(null)).toEqual({});
    expect(uiReducer(initialUiState, restoreUi(persisted))).toMatchObject({ theme: "dark", siteName: "Club" });
  });

  it("returns to its initial state on app reset", () => {
    expect(uiReducer(uiReducer(initialUiState, setTheme("dark")), appReset())).toEqual(initialUiState);
  });
});
