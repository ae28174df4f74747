import { localPublicUrl, parsePublicUrl } from "@marquee/contracts/origin";

/**
 * The site's public origin (PUBLIC_URL), for the few URLs that must be absolute: link previews (og:image). Unset: the
 * web server on this machine. Checked at start by server.mjs, which stops on a bad value.
 */
export function publicUrl(): string {
  const raw = process.env.PUBLIC_URL?.trim();
  if (!raw) return localPublicUrl(process.env);
  const parsed = parsePublicUrl(raw);
  if ("error" in parsed) throw new Error(`PUBLIC_URL ${parsed.error}`);
  return parsed.url;
}

/** Where the web server reaches the API: its own calls while rendering, and the browser's, forwarded. */
export function internalApiUrl(): string {
  return (process.env.API_INTERNAL_URL || `http://127.0.0.1:${process.env.API_PORT || 4000}`).replace(/\/+$/, "");
}

/** How long the SSR server waits for any one API call (API_TIMEOUT_MS, checked at start by server.mjs). */
export function apiTimeoutMs(): number {
  const value = Number(process.env.API_TIMEOUT_MS || 10_000);
  return Number.isInteger(value) && value > 0 ? value : 10_000;
}
