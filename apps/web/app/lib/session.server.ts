/**
 * The visitor's session on the server: the one place that reads the `token` cookie of a request, and the API
 * client that calls on the visitor's behalf. Loaders and actions use `sessionApi`; the browser gets what it needs
 * (the user, the settings) from the root loader's data.
 */
import type { AppLoadContext } from "react-router";
import { type ApiClient, createApiClient } from "./api.ts";
import { sessionToken } from "./cookies.ts";
import { apiTimeoutMs, internalApiUrl } from "./env.server.ts";
import "./load-context.ts";
import { forwardedFor } from "./site-state.server.ts";

/** The session token a request carries (the `token` cookie), or null. */
export function requestToken(request: Request): string | null {
  return sessionToken(request.headers.get("Cookie"));
}

/** The visitor's address as the API should see it: the proxy's chain, then the socket's peer. */
export function clientForwardedFor(request: Request, context: AppLoadContext | undefined): string | null {
  return forwardedFor(context?.forwardedFor ?? request.headers.get("x-forwarded-for"), context?.clientAddress);
}

/** An API client for this request with `token` (null: anonymous, as for logging in). */
export function serverApi(request: Request, context: AppLoadContext | undefined, token: string | null): ApiClient {
  const xff = clientForwardedFor(request, context);
  // The visitor's address and user agent: a movie's view counts once per visitor told apart by them.
  const ua = request.headers.get("user-agent");
  return createApiClient({
    baseUrl: internalApiUrl,
    getToken: () => token,
    headers: (): Record<string, string> => ({
      ...(xff ? { "X-Forwarded-For": xff } : {}),
      ...(ua ? { "User-Agent": ua } : {}),
    }),
    // Every call the server makes is bounded, whatever signal its caller passes: a slow API never hangs a page.
    timeoutMs: apiTimeoutMs(),
  });
}

/** The API with the visitor's session, so per-viewer fields and permissions are right. */
export function sessionApi(request: Request, context: AppLoadContext | undefined): ApiClient {
  return serverApi(request, context, requestToken(request));
}
