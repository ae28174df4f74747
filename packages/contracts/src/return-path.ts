import { linkKind } from "./links.ts";

/**
 * The way back after signing up or logging in (issue 23 section 3): a page of this site, carried as `?next=`
 * through sign-up, the mailed verification link and login. Only a path on this site passes (the rule of links.ts):
 * an absolute URL, a protocol-relative `//host` or a backslash trick would make the site an open redirect.
 * No zod here: the login page is a common first load.
 */

export const RETURN_PATH_MAX = 500;
export const RETURN_PATH_REASON = "must be a path on this site, such as /movies/123";

/** Whether `next` is a path on this site that may be sent back to. */
export function isSafeReturnPath(next: unknown): next is string {
  return typeof next === "string" && next.length <= RETURN_PATH_MAX && linkKind(next, { external: false }) === "path";
}

/** `next` when it is safe, else null. */
export function safeReturnPath(next: unknown): string | null {
  return isSafeReturnPath(next) ? next : null;
}

/** `path` with `?next=` added when there is a way back other than home (`path` must carry no query of its own). */
export function withReturnPath(path: string, next: unknown): string {
  const safe = safeReturnPath(next);
  return safe && safe !== "/" ? `${path}?next=${encodeURIComponent(safe)}` : path;
}
