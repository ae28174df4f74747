import { AGE_GATE_PATH, mustPassAgeGate } from "@marquee/contracts/age-gate";
import { LOCALE_COOKIE, pickLocale } from "@marquee/contracts/locales";
import type { User } from "@marquee/contracts/users";
import { type AppLoadContext, data, redirect } from "react-router";
import { isForbidden, MAINTENANCE_RETRY_AFTER_SECONDS, pageHandleFor, showsMaintenance } from "../pages.ts";
import { normalizeSettings } from "../state/settings.ts";
import { gatewayFailure, isApiError } from "./api.ts";
import { expiredTokenCookie, parseCookies } from "./cookies.ts";
import { publicUrl } from "./env.server.ts";
import type { RootData } from "./root-types.ts";
import { clientForwardedFor, requestToken, serverApi } from "./session.server.ts";
import { forwardedFor, siteState } from "./site-state.server.ts";

export type { RootData };
export { forwardedFor };

function quietly(what: string, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  console.warn(`[web] ${what} failed: ${reason}`);
}

/**
 * SPEC section 6 on the server: the `token` cookie loads the current user; a failure is ignored on open pages, and
 * on protected pages (unless noRedirect) the cookie is removed and the visitor goes to /auth/login. The country
 * check and public settings decide the geo-block and maintenance layouts; they come from this process's short-lived
 * copies (site-state.server.ts), so a member's render calls the API for the user only. When any of the three gets
 * no answer (the API is down or too slow) the page is the 503/504 error page: rendering without them would ignore
 * country blocking and maintenance mode, or show a member a visitor's page. Any answer, even an error, renders with
 * defaults. An admin's settings are read fresh, so the changes they make show on their next page.
 */
export async function loadRootData(request: Request, context: AppLoadContext | undefined): Promise<RootData> {
  const url = new URL(request.url);
  const token = requestToken(request);
  const client = serverApi(request, context, token);
  const handle = pageHandleFor(url.pathname);
  const xff = clientForwardedFor(request, context);

  const [me, geo, cachedSettings, promos] = await Promise.allSettled([
    token ? client.get<User>("/users/me") : Promise.reject(new Error("no token")),
    siteState.country(xff),
    siteState.settings(),
    // The extra widget's promos: from the shared copy; without them the page renders all the same.
    handle.layout === "primary" ? siteState.promos() : Promise.resolve([]),
  ]);
  let settings = cachedSettings;
  if (me.status === "fulfilled" && me.value?.role === "admin" && settings.status === "fulfilled") {
    [settings] = await Promise.allSettled([siteState.settings({ fresh: true })]);
  }

  if (geo.status === "rejected") quietly("GET /country-block/check", geo.reason);
  if (settings.status === "rejected") quietly("GET /settings/public", settings.reason);
  for (const call of [settings, geo, me]) {
    const failure = call.status === "rejected" ? gatewayFailure(call.reason) : null;
    if (failure) throw data(failure.message, { status: failure.status });
  }
  const blocked = geo.status === "fulfilled" && geo.value?.blocked === true;
  const countryCode = geo.status === "fulfilled" ? (geo.value?.countryCode ?? null) : null;
  const publicSettings = normalizeSettings(settings.status === "fulfilled" ? settings.value : null);

  // The age gate, before any page's data leaves the server: a visitor it stands before goes to it (the page's own
  // loaders may have run alongside, but nothing of theirs is sent). The blocked and maintenance pages show nothing.
  if (
    !blocked &&
    !(publicSettings.maintenanceMode && !(me.status === "fulfilled" && me.value?.role === "admin")) &&
    mustPassAgeGate({
      settings: publicSettings,
      countryCode,
      cookieHeader: request.headers.get("cookie"),
      pathname: url.pathname,
    })
  ) {
    const next = `${url.pathname}${url.search}`;
    throw redirect(`${AGE_GATE_PATH}${next === "/" ? "" : `?next=${encodeURIComponent(next)}`}`, {
      headers: { "Cache-Control": "no-store" },
    });
  }

  let user: User | null = null;
  if (me.status === "fulfilled") {
    user = me.value;
  } else if (handle.requiresAuth && !handle.noRedirect && !blocked) {
    const authFailed = !token || (isApiError(me.reason) && [401, 403].includes(me.reason.statusCode));
    const headers = new Headers();
    if (token && authFailed) headers.append("Set-Cookie", expiredTokenCookie(url.protocol === "https:"));
    throw redirect("/auth/login", { headers });
  }

  // Issue 22: an admin without two-factor sign-in is sent to turn it on before any admin screen.
  const own = user as (User & { twoFactorEnabled?: boolean; twoFactorRequired?: boolean }) | null;
  if (handle.adminOnly && own?.role === "admin" && own.twoFactorRequired && !own.twoFactorEnabled) {
    throw redirect("/account?twoFactor=required");
  }

  return {
    user,
    settings: publicSettings,
    blocked,
    countryCode,
    publicUrl: publicUrl(),
    locale: pickLocale({
      memberLocale: user?.locale,
      cookieLocale: parseCookies(request.headers.get("cookie"))[LOCALE_COOKIE],
      acceptLanguage: request.headers.get("accept-language"),
    }),
    promos: promos.status === "fulfilled" && !blocked ? promos.value : [],
  };
}

/**
 * The root loader's answer: the root data, with the page's status. The maintenance page answers 503 with
 * `Retry-After` (it is not the page asked for: crawlers keep their copy, and nothing caches it); admin and studio
 * pages answer 403 to whoever may not see them (they render their own "access denied" content).
 */
export async function rootLoader(request: Request, context: AppLoadContext | undefined) {
  const rootData = await loadRootData(request, context);
  const { pathname } = new URL(request.url);
  if (!rootData.blocked && showsMaintenance(rootData.settings.maintenanceMode, rootData.user?.role, pathname)) {
    return data(rootData, {
      status: 503,
      headers: { "Retry-After": String(MAINTENANCE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
    });
  }
  return isForbidden(pageHandleFor(pathname), rootData.user?.role) ? data(rootData, { status: 403 }) : rootData;
}
