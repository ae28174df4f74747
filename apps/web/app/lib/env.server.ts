import { DEFAULT_API_URL } from "./api.ts";

/** The API URL the browser uses. */
export function publicApiUrl(): string {
  return process.env.PUBLIC_API_URL || DEFAULT_API_URL;
}

/** The API URL the SSR server uses (a private address when the two differ). */
export function internalApiUrl(): string {
  return process.env.API_INTERNAL_URL || publicApiUrl();
}
