import { describe, expect, it } from "vitest";
import { appReset } from "./reset.ts";
import {
  defaultPublicSettings,
  initialSettingsState,
  normalizeSettings,
  publicSettingsLoaded,
  settingsReducer,
} from "./settings.ts";

describe("settings reducer", () => {
  it("starts with defaults, maintenance off", () => {
    const state = settingsReducer(undefined, { type: "@@init" });
    expect(state).toEqual(initialSettingsState);
    expect(state.data.maintenanceMode).toBe(false);
  });

  it("keeps the loaded public settings, including maintenanceMode", () => {
    const data = { ...defaultPublicSettings, maintenanceMode: true };
    const state = settingsReducer(initialSettingsState, publicSettingsLoaded(data));
    expect(state).toEqual({ data, loaded: true });
    expect(settingsReducer(state, appReset())).toEqual(initialSettingsState);
  });

  it("normalises an API map over the defaults", () => {
    const menus = [{ title: "Blog", path: "/blog", section: "header", isOpenNewTab: false, ordering: 1 }];
    const s = normalizeSettings({ siteName: "Club", maintenanceMode: true, menus, currency: 5, extra: "x" });
    expect(s).toMatchObject({ siteName: "Club", maintenanceMode: true, menus, currency: "USD" });
    expect(normalizeSettings(null)).toEqual(defaultPublicSettings);
  });
});
