import { safeReturnPath } from "@marquee/contracts/return-path";

/**
 * SPEC section 2: where a successful login goes — the movie, the cart, or home; and (issue 23) the page sign-up or
 * login started from, when `next` is a path on this site (anything else, such as `//host`, is ignored).
 */
export function destinationAfterLogin(search: URLSearchParams): string {
  const videoId = search.get("videoId");
  if (videoId) return `/movies/${encodeURIComponent(videoId)}`;
  if (search.get("from") === "cart") return "/cart";
  return safeReturnPath(search.get("next")) ?? "/";
}

/** The way back a login or sign-up page carries on to the next one (`?next=`), or null for home. */
export function returnPathOf(search: URLSearchParams): string | null {
  const destination = destinationAfterLogin(search);
  return destination === "/" ? null : destination;
}
