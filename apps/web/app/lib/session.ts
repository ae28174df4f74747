/**
 * The session in the browser: the one place that reads and writes the `token` cookie there. The API client sends
 * it with uploads and the few calls made from the page, and the realtime socket logs in with it; everything else a
 * screen needs comes from its loader, which reads the session on the server (session.server.ts).
 */
import { DEVICE_COOKIE, deviceCookie, expiredTokenCookie, parseCookies, TOKEN_COOKIE, tokenCookie } from "./cookies.ts";

/** The session token the browser holds, or null (always null on the server). */
export function browserToken(): string | null {
  if (typeof document === "undefined") return null;
  return parseCookies(document.cookie)[TOKEN_COOKIE] || null;
}

function isHttps(): boolean {
  return typeof window !== "undefined" && window.location.protocol === "https:";
}

export function storeToken(token: string, remember: boolean): void {
  if (typeof document === "undefined") return;
  // biome-ignore lint/suspicious/noDocumentCookie: the token cookie is read by the SSR server; Cookie Store API is not universal yet
  document.cookie = tokenCookie(token, remember, isHttps());
}

export function removeToken(): void {
  if (typeof document === "undefined") return;
  // biome-ignore lint/suspicious/noDocumentCookie: see storeToken
  document.cookie = expiredTokenCookie(isHttps());
}

/** The trusted-browser token of an earlier two-factor sign-in, sent with the next login (issue 22). */
export function browserDeviceToken(): string | null {
  if (typeof document === "undefined") return null;
  return parseCookies(document.cookie)[DEVICE_COOKIE] || null;
}

export function storeDeviceToken(token: string): void {
  if (typeof document === "undefined") return;
  // biome-ignore lint/suspicious/noDocumentCookie: see storeToken
  document.cookie = deviceCookie(token, isHttps());
}
