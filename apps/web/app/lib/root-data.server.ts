import type { User } from "@marquee/contracts/users";
import { type AppLoadContext, redirect } from "react-router";
import { pageHandleFor } from "../pages.ts";
import { normalizeSettings } from "../state/settings.ts";
import { type ApiClient, createApiClient, isApiError } from "./api.ts";
import { expiredTokenCookie, parseCookies, TOKEN_COOKIE } from "./cookies.ts";
import { internalApiUrl, publicApiUrl } from "./env.server.ts";
import "./load-context.ts";
import type { RootData } from "./root-types.ts";

export type { RootData };

/** How long the SSR server waits for the API before rendering with defaults. */
const API_TIMEOUT_MS = 4000;

/** The X-Forwarded-For the API sees: whatever proxies already added, then the visitor's socket address. */
export function forwardedFor(incoming: string | undefined | null, remoteAddress: string | undefined): string | null {
  const parts = [incoming?.trim(), remoteAddress?.trim()].filter((p): p is string => !!p);
  return parts.length ? parts.join(", ") : null;
}

export function serverApi(request: Request, context: AppLoadContext | undefined, token: string | null): ApiClient {
  const xff = forwardedFor(context?.forwardedFor ?? request.headers.get("x-forwarded-for"), context?.clientAddress);
  return createApiClient({
    baseUrl: internalApiUrl,
    getToken: () => token,
    headers: (): Record<string, string> => (xff ? { "X-Forwarded-For": xff } : {}),
    fetch: (input, init) => fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(API_TIMEOUT_MS) }),
  });
}

function quietly(what: string, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  console.warn(`[web] ${what} failed: ${reason}`);
}

/**
 * SPEC section 6 on the server: the `token` cookie loads the current user; a failure is ignored on open pages, and
 * on protected pages (unless noRedirect) the cookie is removed and the visitor goes to /auth/login. The country
 * check and public settings decide the geo-block and maintenance layouts. An unreachable API never breaks a page.
 */
export async function loadRootData(request: Request, context: AppLoadContext | undefined): Promise<RootData> {
  const url = new URL(request.url);
  const token = parseCookies(request.headers.get("Cookie"))[TOKEN_COOKIE] || null;
  const client = serverApi(request, context, token);
  const handle = pageHandleFor(url.pathname);

  const [me, geo, settings] = await Promise.allSettled([
    token ? client.get<User>("/users/me") : Promise.reject(new Error("no token")),
    client.get<{ blocked: boolean; countryCode: string | null }>("/country-block/check"),
    client.get<Record<string, unknown>>("/settings/public"),
  ]);

  if (geo.status === "rejected") quietly("GET /country-block/check", geo.reason);
  if (settings.status === "rejected") quietly("GET /settings/public", settings.reason);
  const blocked = geo.status === "fulfilled" && geo.value?.blocked === true;

  let user: User | null = null;
  if (me.status === "fulfilled") {
    user = me.value;
  } else if (handle.requiresAuth && !handle.noRedirect && !blocked) {
    const authFailed = !token || (isApiError(me.reason) && [401, 403].includes(me.reason.statusCode));
    const headers = new Headers();
    if (token && authFailed) headers.append("Set-Cookie", expiredTokenCookie(url.protocol === "https:"));
    throw redirect("/auth/login", { headers });
  }

  return {
    user,
    settings: normalizeSettings(settings.status === "fulfilled" ? settings.value : null),
    blocked,
    countryCode: geo.status === "fulfilled" ? (geo.value?.countryCode ?? null) : null,
    apiUrl: publicApiUrl(),
  };
}
