// Media on the site's origin in one Node hop (issue 21): for `GET|HEAD /api/media/...` and `/api/files/...` the web
// server asks the API to check the request and hand the file off (`X-Sendfile-Type: X-Accel-Redirect`, honoured
// only from the API's trusted proxies), then sends the file from MEDIA_DIR itself with `send` (Range, HEAD,
// If-None-Match/If-Modified-Since, 1 MB reads), keeping the API's headers (Cache-Control, Content-Type,
// Content-Disposition, its security headers). The API stays the only judge of a link, an access and a take-down.
//
// The API's hand-off says how long it may be reused (`X-Accel-Expires`, MEDIA_HANDOFF_CACHE_SEC at most, never past
// the link's expiry): for that long the same URL is sent from MEDIA_DIR without asking the API again, as nginx's cache
// does in the README's configuration. Kept by the full URL, at most HANDOFFS_KEPT of them; that is how late a
// take-down or a refund reaches a link already being fetched.
//
// Where this server cannot read the files (WEB_SERVES_MEDIA=false, or MEDIA_DIR is on another machine and the
// file is not here), the API's answer is forwarded as it is, bytes and all: the two-hop path of before.
import { existsSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { LRUCache } from "lru-cache";
import send from "send";

/** The request header that asks the API for the hand-off, and its value (Rack::Sendfile's convention). */
const SENDFILE_TYPE = "x-sendfile-type";
const ACCEL_REDIRECT = "x-accel-redirect";
const ACCEL_EXPIRES = "x-accel-expires";
/** Hand-offs kept at once (a URL and the API's headers: about 1 KB each). */
const HANDOFFS_KEPT = 5000;
/** What a hand-off may name: a key under private/ or public/, plain characters, no dot segment (no `..`, dotfiles). */
const HANDED_KEY = /^(?:private|public)(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+$/;
/**
 * Read size for files sent from disk: few reads and writes per range, while a slow reader pins at most about twice
 * this in memory (the read stream's buffer and the chunk queued on its socket).
 */
const HIGH_WATER_MARK = 256 * 1024;
/** Headers of one hop (RFC 9110 section 7.6.1), never passed on. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);
/** The API's headers that describe its own (empty) answer, not the file this server sends. */
const NOT_THE_FILES = new Set([...HOP_BY_HOP, "content-length", "date", ACCEL_REDIRECT, ACCEL_EXPIRES]);

/** The seconds a hand-off may be reused (its X-Accel-Expires); 0 without it, or with a cookie or a Vary. */
function reuseSecOf(headers) {
  if (headers["set-cookie"] || headers.vary) return 0;
  const value = headers[ACCEL_EXPIRES];
  return typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : 0;
}

/** A request target without its query string. */
const pathOf = (url = "/") => url.split("?")[0];

const json = (res, statusCode, body, headers = {}) => {
  const text = JSON.stringify(body);
  res.writeHead(statusCode, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
};

/**
 * @param {object} opts
 * @param {string} opts.target the API's internal URL, e.g. http://127.0.0.1:4000
 * @param {string} opts.apiPrefix where the API answers on this origin (`/api`)
 * @param {string | null} opts.mediaDir the folder to send handed-off files from; null: always forward the bytes
 * @param {string} opts.accelPrefix the hand-off's location prefix the API uses (MEDIA_ACCEL_REDIRECT, `/_media/`)
 * @param {(res: import("node:http").ServerResponse, err: Error) => void} opts.unavailable the answer when the API
 *   cannot be reached
 * @param {(message: string) => void} [opts.warn]
 */
export function createMediaDelivery({ target, apiPrefix, mediaDir, accelPrefix, unavailable, warn = console.warn }) {
  const api = new URL(target);
  const client = api.protocol === "https:" ? https : http;
  // Connections to the API are kept open and reused: a media request costs one small round trip on one of them.
  const agent = new client.Agent({ keepAlive: true, scheduling: "lifo" });
  const paths = [`${apiPrefix}/media/`, `${apiPrefix}/files/`];
  const warned = new Set();
  /** Whether hand-offs are asked for: files are readable here (see sendFile). */
  let serving = mediaDir !== null;
  /** The API's hand-offs still valid, by the full URL (path and query): { key, headers }. */
  const handoffs = new LRUCache({ max: HANDOFFS_KEPT });
  const warnOnce = (key, message) => {
    if (warned.has(key)) return;
    warned.add(key);
    warn(message);
  };

  /** The request's headers for the API: the visitor's address appended as http-proxy's `xfwd` does (api-proxy.mjs). */
  function headersFor(req, askHandoff) {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && name !== SENDFILE_TYPE) headers[name] = value;
    }
    const values = {
      for: req.socket.remoteAddress ?? "",
      port: String(req.socket.localPort ?? ""),
      proto: req.socket.encrypted ? "https" : "http",
    };
    for (const [name, value] of Object.entries(values)) {
      const existing = req.headers[`x-forwarded-${name}`];
      headers[`x-forwarded-${name}`] = existing ? `${existing},${value}` : value;
    }
    headers["x-forwarded-host"] = req.headers["x-forwarded-host"] || req.headers.host || "";
    if (askHandoff) headers[SENDFILE_TYPE] = "X-Accel-Redirect";
    return headers;
  }

  /** The API's answer to the browser as it is (status, headers, body). */
  function passOn(upstream, res) {
    const headers = {};
    for (const [name, value] of Object.entries(upstream.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
    res.writeHead(upstream.statusCode ?? 502, headers);
    // A visitor who leaves mid-transfer: the rest is not read from the API.
    res.once("close", () => {
      if (!upstream.complete) upstream.destroy();
    });
    upstream.pipe(res);
  }

  /** Asks the API (for the hand-off when `askHandoff`), then sends the file or passes the API's answer on. */
  function forward(req, res, askHandoff) {
    const upstream = client.request({
      protocol: api.protocol,
      hostname: api.hostname,
      port: api.port,
      method: req.method,
      path: req.url,
      headers: headersFor(req, askHandoff),
      agent,
    });
    let left = false;
    const abandon = () => {
      left = true;
      upstream.destroy();
    };
    res.once("close", abandon);
    upstream.once("error", (err) => {
      res.off("close", abandon);
      if (left) return;
      // The path only: the query string may carry a secret, and logs are kept.
      warn(`[web] ${req.method} ${pathOf(req.url)}: the API did not answer (${err?.code ?? err?.message})`);
      unavailable(res, err);
    });
    upstream.once("response", (answer) => {
      res.off("close", abandon);
      const location = answer.headers[ACCEL_REDIRECT];
      if (!askHandoff || typeof location !== "string" || answer.statusCode !== 200) return passOn(answer, res);
      // The hand-off's body is empty: read it to its end so the connection goes back to the pool.
      answer.resume();
      const key = location.startsWith(accelPrefix) ? location.slice(accelPrefix.length) : "";
      if (!HANDED_KEY.test(key)) {
        // Another prefix (MEDIA_ACCEL_REDIRECT differs here): perhaps for a proxy in front of this server.
        warnOnce(
          "prefix",
          `[web] the API handed a file off outside ${accelPrefix} (MEDIA_ACCEL_REDIRECT): passed on as it is, for a proxy in front; give the web server and the API the same MEDIA_ACCEL_REDIRECT`,
        );
        return passOn(answer, res);
      }
      const reuseSec = reuseSecOf(answer.headers);
      if (reuseSec > 0) handoffs.set(req.url, { key, headers: answer.headers }, { ttl: reuseSec * 1000 });
      sendFile(req, res, key, answer.headers);
    });
    upstream.end();
  }

  /** Sends MEDIA_DIR/`key` with the API's headers; a file this server cannot find is asked of the API again, bytes and all. */
  function sendFile(req, res, key, apiHeaders) {
    const file = send(req, `/${key}`, {
      root: mediaDir,
      dotfiles: "deny",
      index: false,
      cacheControl: false,
      acceptRanges: true,
      etag: true,
      lastModified: true,
      highWaterMark: HIGH_WATER_MARK,
    });
    const headersOfTheFile = () => {
      for (const [name, value] of Object.entries(apiHeaders)) if (!NOT_THE_FILES.has(name)) res.setHeader(name, value);
    };
    // Set once the file is found (before send's own headers: its Content-Type and Cache-Control are the API's).
    file.on("headers", headersOfTheFile);
    file.on("error", (err) => {
      const status = err.status ?? err.statusCode ?? 500;
      if (status === 416) {
        headersOfTheFile();
        return json(
          res,
          416,
          { statusCode: 416, error: "Range Not Satisfiable", message: "The requested range is not in the file." },
          { "Content-Range": err.headers?.["Content-Range"] },
        );
      }
      if (status === 412) {
        headersOfTheFile();
        return json(res, 412, { statusCode: 412, error: "Precondition Failed", message: "The file has changed." });
      }
      // The API found the file, this server does not: its MEDIA_DIR is not the API's (another machine). Without
      // even the public folder the API makes at start, it has none of them: no more hand-offs are asked for.
      if (!existsSync(path.join(mediaDir, "public"))) serving = false;
      warnOnce(
        "missing",
        `[web] ${key} is not in MEDIA_DIR here (${mediaDir}), though the API has it: ${serving ? "such files are" : "media is"} forwarded from the API, bytes and all. Point MEDIA_DIR (or DATA_DIR) at the API's media folder, or set WEB_SERVES_MEDIA=false`,
      );
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      forward(req, res, false);
    });
    // A folder (made since the API looked): not a file.
    file.on("directory", () =>
      json(
        res,
        404,
        { statusCode: 404, error: "Not Found", message: "Media not found" },
        { "Cache-Control": "no-store" },
      ),
    );
    file.pipe(res);
  }

  return {
    /**
     * Whether this is a request answered here: GET or HEAD of a media path. It is taken before Express sees it:
     * Express swaps the prototypes of the request and response objects, which costs every later write (a third of
     * the CPU spent on a megabyte range, measured with bench:media).
     */
    handles(req) {
      return (req.method === "GET" || req.method === "HEAD") && paths.some((p) => req.url?.startsWith(p));
    },
    /** Answers a request `handles` took. */
    serve(req, res) {
      const kept = serving ? handoffs.get(req.url) : undefined;
      if (kept) sendFile(req, res, kept.key, kept.headers);
      else forward(req, res, serving);
    },
    close() {
      agent.destroy();
    },
  };
}
