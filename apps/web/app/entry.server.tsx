import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "./lib/nonce.ts";
import { requestToken } from "./lib/session.server.ts";
import "./lib/load-context.ts";
import { es } from "./i18n/es.ts";
import { registerMessages } from "./i18n/messages.ts";

// The server renders pages in every language the site speaks.
registerMessages("es", es);

// server.mjs forwards the API's paths with the same rules, and checks the settings the renderer reads, at start.
export { API_PREFIX, isApiPath, isSocketPath } from "@marquee/contracts/origin";
// server.mjs's page cache decides "no session" with the renderer's own cookie reading (build.entry.module), and
// keys pages by the renderer's own copies of the settings and country verdict.
export { mayCarrySession } from "./lib/cookies.ts";
export { internalApiUrl, publicUrl } from "./lib/env.server.ts";
export { pageCacheVariant } from "./lib/site-state.server.ts";

export const streamTimeout = 5_000;

/**
 * A response rendered for a session is the member's alone: no shared cache (server.mjs's page cache included,
 * whatever the request looked like to it) may keep it.
 */
function markPrivate(request: Request, headers: Headers): void {
  if (requestToken(request)) headers.set("Cache-Control", "private, no-store");
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  markPrivate(request, response.headers);
  return response;
};

/**
 * The page's stylesheets as preload headers. React writes the route's script preloads into the <head> ahead of the
 * stylesheet links, so on HTTP/1.1 (six connections) the stylesheets, which hold the first paint, queued behind
 * twenty scripts that do not; named in the response's headers they are asked for first.
 */
export function stylesheetPreloads(context: EntryContext): string {
  const { manifest, staticHandlerContext } = context;
  // The root route lists the shell's stylesheet, which the client entry also loads.
  const hrefs = new Set<string>();
  for (const match of staticHandlerContext.matches) {
    for (const href of manifest.routes[match.route.id]?.css ?? []) hrefs.add(href);
  }
  return [...hrefs].map((href) => `<${href}>; rel=preload; as=style`).join(", ");
}

/** React Router's default Node entry, plus the per-request CSP nonce from server.mjs on every inline script. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  markPrivate(request, responseHeaders);
  // The page's language (root-data.server.ts) depends on the browser's Accept-Language for a visitor.
  const locale = (routerContext.staticHandlerContext.loaderData?.root as { locale?: string } | undefined)?.locale;
  if (locale) responseHeaders.set("Content-Language", locale);
  responseHeaders.append("Vary", "Accept-Language");
  const preloads = stylesheetPreloads(routerContext);
  if (preloads) responseHeaders.append("Link", preloads);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext?.nonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
