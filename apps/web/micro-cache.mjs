// Micro-caching of anonymous HTML (the nginx habit): pages a visitor without a session sees are the same for
// every visitor of the same country status for a second or two, so the server renders each one once per
// `ttlMs` instead of once per request. Requests that may carry a session (decided by the renderer's own cookie
// reading), non-GET requests and anything but a 200 HTML answer without cookies that shared caches may keep are
// never cached. The CSP nonce is per response: a cached page gets the new request's nonce in place of the one it
// was rendered with.

/** Cache-Control values that forbid a shared cache to keep the response (the renderer marks member pages so). */
const NOT_SHARED = /\b(?:private|no-store|no-cache)\b/i;

/** Resolves when `promise` settles or after `ms`, whichever comes first, leaving no timer behind. */
function within(promise, ms) {
  let timer;
  return Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

/**
 * @param {{
 *   ttlMs?: number,
 *   maxEntries?: number,
 *   waitMs?: number,
 *   mayCarrySession: (cookieHeader: string | undefined) => boolean,
 *   variant: (req: import("express").Request) => Promise<string | null>,
 * }} opts `mayCarrySession` is the renderer's own test of the Cookie header; `variant` names what else the page
 *   depends on (e.g. whether the visitor's country is blocked), null meaning "do not cache this one"; `waitMs`
 *   bounds how long a request waits for another request's render of the same page before rendering it itself.
 */
export function createMicroCache({ ttlMs = 2000, maxEntries = 500, waitMs = 2500, mayCarrySession, variant }) {
  if (typeof mayCarrySession !== "function")
    throw new TypeError("createMicroCache needs the renderer's mayCarrySession");
  /** @type {Map<string, { at: number, body: Buffer, contentType: string, nonce: string }>} */
  const entries = new Map();
  /** @type {Map<string, { at: number, done: Promise<void>, finish: () => void }>} */
  const rendering = new Map();

  const fresh = (entry) => entry && Date.now() - entry.at < ttlMs;

  function serve(res, entry) {
    const nonce = res.locals.cspNonce;
    const body =
      nonce && entry.nonce ? Buffer.from(entry.body.toString("utf8").replaceAll(entry.nonce, nonce)) : entry.body;
    res.status(200);
    res.setHeader("Content-Type", entry.contentType);
    if (entry.link) res.setHeader("Link", entry.link);
    res.setHeader("X-Micro-Cache", "HIT");
    res.end(body);
  }

  function storable(res) {
    return (
      res.statusCode === 200 &&
      String(res.getHeader("Content-Type") ?? "").startsWith("text/html") &&
      !res.getHeader("Set-Cookie") &&
      !NOT_SHARED.test(String(res.getHeader("Cache-Control") ?? ""))
    );
  }

  return async function microCache(req, res, next) {
    if ((req.method !== "GET" && req.method !== "HEAD") || mayCarrySession(req.headers.cookie)) return next();
    // The visitor may leave at any moment, also while the variant is being read, before any render started:
    // listen from the start, so a render this request owns is always released (the key once stayed taken forever
    // when the socket closed during the variant check and React Router then never ended the response).
    let gone = false;
    let release = () => {};
    res.once("close", () => {
      gone = true;
      release();
    });
    let key;
    try {
      const v = await variant(req);
      if (v === null) return next();
      key = `${v} ${req.originalUrl}`;
    } catch {
      return next();
    }
    if (gone) return;
    let entry = entries.get(key);
    if (fresh(entry)) return serve(res, entry);
    // Another request is rendering this page right now: wait for it rather than render it twice, but never longer
    // than `waitMs` from when that render began; after that the page is rendered here.
    const inFlight = rendering.get(key);
    const waited = inFlight ? Date.now() - inFlight.at : Number.POSITIVE_INFINITY;
    if (waited < waitMs) {
      await within(inFlight.done, waitMs - waited);
      if (gone) return;
      entry = entries.get(key);
      if (fresh(entry)) return serve(res, entry);
      return next();
    }

    // This request renders the page (taking over from a render older than `waitMs`, which may never finish).
    let finish;
    const flight = { at: Date.now(), done: new Promise((resolve) => (finish = resolve)), finish };
    rendering.set(key, flight);
    release = () => {
      if (rendering.get(key) === flight) rendering.delete(key);
      flight.finish();
    };
    const chunks = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = (chunk, ...rest) => {
      if (chunk) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      return write(chunk, ...rest);
    };
    res.end = (chunk, ...rest) => {
      if (chunk && typeof chunk !== "function") chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      if (storable(res)) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value);
        entries.set(key, {
          at: Date.now(),
          body: Buffer.concat(chunks),
          contentType: String(res.getHeader("Content-Type")),
          // The page's stylesheet preloads (entry.server.tsx).
          link: res.getHeader("Link"),
          nonce: res.locals.cspNonce,
        });
      }
      release();
      return end(chunk, ...rest);
    };
    res.setHeader("X-Micro-Cache", "MISS");
    next();
  };
}
