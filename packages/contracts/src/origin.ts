/**
 * One public origin (DESIGN section 3): the browser only talks to the site's own origin. The web server answers the
 * API under API_PREFIX and the socket under SOCKET_PATH, and forwards both to the API process; the API answers under
 * API_PREFIX too, so a reverse proxy may route that prefix to it without rewriting paths.
 *
 * No zod here: the browser's first load imports this file.
 */

/** Where the browser reaches the API on the site's own origin; media links the API makes start with it. */
export const API_PREFIX = "/api";

/** The socket.io path (SPEC section 9), at the root of the site's origin and of the API. */
export const SOCKET_PATH = "/socket.io";

/** Whether a request path is the API's under API_PREFIX (`/api`, `/api/...`, `/api?...`; not `/apiary`). */
export function isApiPath(path: string): boolean {
  return (
    path.startsWith(API_PREFIX) &&
    (path.length === API_PREFIX.length || path[API_PREFIX.length] === "/" || path[API_PREFIX.length] === "?")
  );
}

/** Whether a request path is the socket's (`/socket.io/...`). */
export function isSocketPath(path: string): boolean {
  return path === SOCKET_PATH || path.startsWith(`${SOCKET_PATH}/`) || path.startsWith(`${SOCKET_PATH}?`);
}

/** The path the API routes `path` to: API_PREFIX removed once, anything else unchanged. */
export function withoutApiPrefix(path: string): string {
  if (!isApiPath(path)) return path;
  const rest = path.slice(API_PREFIX.length);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/**
 * PUBLIC_URL, the address members open (`https://fans.example.com`), as an origin without a trailing slash; or
 * why it is not one. Mail links and link previews are built from it, never from a request's Host header.
 */
export function parsePublicUrl(raw: string): { url: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { error: `must be a URL such as https://fans.example.com, got ${JSON.stringify(raw)}` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { error: `must start with https:// or http://, got ${JSON.stringify(raw)}` };
  if (url.username || url.password) return { error: "must not carry a user name or password" };
  if (url.pathname !== "/" || url.search || url.hash)
    return {
      error: `must be the site's origin alone (scheme, host and port; the site cannot live under a path), got ${JSON.stringify(raw)}`,
    };
  return { url: url.origin };
}

/** The public URL when PUBLIC_URL is unset outside production: the web server on this machine. */
export function localPublicUrl(env: Record<string, string | undefined>): string {
  return `http://localhost:${env.WEB_PORT || 3000}`;
}
