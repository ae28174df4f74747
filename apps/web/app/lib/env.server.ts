import { DEFAULT_API_URL } from "./api.ts";

/** The API URL the browser uses. */
export function publicApiUrl(): string {
  return process.env.PUBLIC_API_URL || DEFAULT_API_URL;
}

/** The API URL the SSR server uses (a private address when the two differ). */
export function internalApiUrl(): string {
  return process.env.API_INTERNAL_URL || publicApiUrl();
}

/** How long the SSR server waits for any one API call (API_TIMEOUT_MS, checked at start by server.mjs). */
export function apiTimeoutMs(): number {
  const value = Number(process.env.API_TIMEOUT_MS || 10_000);
  return Number.isInteger(value) && value > 0 ? value : 10_000;
}
