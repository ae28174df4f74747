import { useComputedColorScheme } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useCallback } from "react";
import { useNavigate, useRouteLoaderData } from "react-router";
import { appReset } from "../state/reset.ts";
import { publicSettingsLoaded } from "../state/settings.ts";
import { useAppDispatch } from "../state/store.ts";
import { setTheme } from "../state/ui.ts";
import { api } from "./api.ts";
import type { RootData } from "./root-types.ts";
import { browserToken, removeToken } from "./session.ts";

export const LOGGED_OUT = "Log out!";

/**
 * SPEC section 4, Logout: every slice back to its initial state, the token removed, POST /auth/logout,
 * the "Log out!" toast, then /auth/login. The site settings and colour scheme are re-applied afterwards,
 * as a fresh page load would.
 */
export function useLogout(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const scheme = useComputedColorScheme("light");

  return useCallback(async () => {
    const token = browserToken();
    dispatch(appReset());
    removeToken();
    if (root?.settings) dispatch(publicSettingsLoaded(root.settings));
    dispatch(setTheme(scheme));
    if (token) await api.post("/auth/logout", undefined, { token, noRedirect: true }).catch(() => undefined);
    notifications.show({ color: "grape", message: LOGGED_OUT });
    await navigate("/auth/login");
  }, [dispatch, navigate, root, scheme]);
}
