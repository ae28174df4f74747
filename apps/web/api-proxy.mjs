// The API on the site's own origin (DESIGN section 3): the web server forwards the API prefix and the socket path
// (websocket upgrades included) to the API process, so the browser talks to one origin under any host name that
// reaches the machine. Bodies stream both ways (uploads of gigabytes, HLS, downloads, Range requests) and the API's
// own headers come back untouched; the visitor's address is appended to X-Forwarded-For, which the API honours from
// its trusted proxies (TRUSTED_PROXIES, loopback by default).
import http from "node:http";
import https from "node:https";
import { createProxyMiddleware } from "http-proxy-middleware";

/** The answer when the API cannot be reached: the API's error shape, so the browser's client shows the message. */
export function unavailable(res, err) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const timedOut = err?.code === "ETIMEDOUT" || err?.code === "ESOCKETTIMEDOUT";
  const statusCode = timedOut ? 504 : 503;
  const body = JSON.stringify({
    statusCode,
    error: timedOut ? "Gateway Timeout" : "Service Unavailable",
    message: "The site is temporarily unavailable. Please try again in a moment.",
  });
  res.writeHead(statusCode, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
  });
  res.end(body);
}

/** A request target without its query string. */
const pathOf = (url = "/") => url.split("?")[0];

/**
 * @param {object} opts
 * @param {string} opts.target the API's internal URL, e.g. http://127.0.0.1:4000
 * @param {(pathname: string) => boolean} opts.matches which request paths are the API's
 * @param {(message: string) => void} [opts.warn]
 */
export function createApiProxy({ target, matches, warn = (m) => console.warn(m) }) {
  // Connections to the API are kept open and reused, rather than one per forwarded request.
  const agent = new (target.startsWith("https:") ? https : http).Agent({ keepAlive: true });
  const proxy = createProxyMiddleware({
    target,
    pathFilter: (pathname) => matches(pathname),
    xfwd: true,
    agent,
    // The API's Host is the visitor's: nothing in it depends on the name, and its logs show what was asked for.
    changeOrigin: false,
    // Upgrades are taken by `upgrade` below, on every server (and cluster worker) from its first request on; the
    // library's own subscription happens only on a worker's first plain HTTP request.
    ws: false,
    on: {
      // Only the media path (media-delivery.mjs) may ask the API for the hand-off; a visitor's own request never does.
      proxyReq(proxyReq) {
        proxyReq.removeHeader("x-sendfile-type");
      },
      error(err, req, resOrSocket) {
        // A visitor who leaves mid-transfer is not news; an API that cannot be reached is.
        if (err?.code !== "ECONNRESET")
          // The path only: a query string may carry a secret (a signed media link's signature), and logs are kept.
          warn(`[web] ${req.method} ${pathOf(req.url)}: the API did not answer (${err?.code ?? err?.message})`);
        if (typeof resOrSocket?.writeHead === "function") unavailable(resOrSocket, err);
        else resOrSocket?.destroy?.();
      },
    },
  });

  return {
    /** Express middleware: the API's paths are forwarded, everything else goes on to `next`. */
    middleware: proxy,
    /** For `server.on("upgrade")`: the socket's upgrades are forwarded, any other is refused. */
    upgrade(req, socket, head) {
      let pathname = "";
      try {
        pathname = new URL(req.url ?? "/", "http://x").pathname;
      } catch {
        // an unparsable target: refused below
      }
      if (matches(pathname)) proxy.upgrade(req, socket, head);
      else socket.destroy();
    },
    close() {
      agent.destroy();
    },
  };
}
