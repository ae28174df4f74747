import { describe, expect, it } from "vitest";
import { setLoggedIn } from "./auth.ts";
import { appReset } from "./reset.ts";
import { defaultPublicSettings, publicSettingsLoaded } from "./settings.ts";
import { makeStore } from "./store.ts";
import { setSystemError } from "./system.ts";
import { setTheme } from "./ui.ts";
import { setCurrentUser } from "./user.ts";

describe("app reset", () => {
  it("returns every slice to its initial state", () => {
    const store = makeStore();
    const initial = store.getState();
    store.dispatch(setLoggedIn(true));
    store.dispatch(setCurrentUser({ _id: "u1", name: "M", email: "m@x" }));
    store.dispatch(setTheme("dark"));
    store.dispatch(setSystemError({ message: "x" }));
    store.dispatch(publicSettingsLoaded({ ...defaultPublicSettings, siteName: "Club" }));
    expect(store.getState()).not.toEqual(initial);
    store.dispatch(appReset());
    expect(store.getState()).toEqual(initial);
  });
});
