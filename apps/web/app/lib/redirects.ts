/** SPEC section 2: where a successful login goes — the movie, the cart, or home. */
export function destinationAfterLogin(search: URLSearchParams): string {
  const videoId = search.get("videoId");
  if (videoId) return `/movies/${encodeURIComponent(videoId)}`;
  if (search.get("from") === "cart") return "/cart";
  return "/";
}
