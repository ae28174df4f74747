// Micro-caching of anonymous HTML (the nginx habit): pages a visitor without a session sees are the same for
// every visitor of the same country status for a second or two, so the server renders each one once per
// `ttlMs` instead of once per request. Logged-in requests (a `token` cookie), non-GET requests and anything
// but a 200 HTML answer without cookies are never cached. The CSP nonce is per response: a cached page gets
// the new request's nonce in place of the one it was rendered with.

/**
 * @param {{
 *   ttlMs?: number,
 *   maxEntries?: number,
 *   variant: (req: import("express").Request) => Promise<string | null>,
 * }} opts `variant` names what else the page depends on (e.g. whether the visitor's country is blocked);
 *   null means "do not cache this one".
 */
export function createMicroCache({ ttlMs = 2000, maxEntries = 500, variant }) {
  /** @type {Map<string, { at: number, body: Buffer, contentType: string, nonce: string }>} */
  const entries = new Map();
  /** @type {Map<string, Promise<unknown>>} */
  const rendering = new Map();

  const fresh = (entry) => entry && Date.now() - entry.at < ttlMs;

  function serve(res, entry) {
    const nonce = res.locals.cspNonce;
    const body =
      nonce && entry.nonce ? Buffer.from(entry.body.toString("utf8").replaceAll(entry.nonce, nonce)) : entry.body;
    res.status(200);
    res.setHeader("Content-Type", entry.contentType);
    res.setHeader("X-Micro-Cache", "HIT");
    res.end(body);
  }

  return async function microCache(req, res, next) {
    if ((req.method !== "GET" && req.method !== "HEAD") || /(?:^|;\s*)token=/.test(req.headers.cookie ?? "")) {
      return next();
    }
    let key;
    try {
      const v = await variant(req);
      if (v === null) return next();
      key = `${v} ${req.originalUrl}`;
    } catch {
      return next();
    }
    let entry = entries.get(key);
    if (fresh(entry)) return serve(res, entry);
    // Another request is rendering this page right now: wait for it rather than render it twice.
    const inFlight = rendering.get(key);
    if (inFlight) {
      await inFlight;
      entry = entries.get(key);
      if (fresh(entry)) return serve(res, entry);
      return next();
    }

    let done;
    rendering.set(
      key,
      new Promise((resolve) => {
        done = resolve;
      }),
    );
    const chunks = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = (chunk, ...rest) => {
      if (chunk) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      return write(chunk, ...rest);
    };
    res.end = (chunk, ...rest) => {
      if (chunk && typeof chunk !== "function") chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      const contentType = String(res.getHeader("Content-Type") ?? "");
      if (res.statusCode === 200 && contentType.startsWith("text/html") && !res.getHeader("Set-Cookie")) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value);
        entries.set(key, { at: Date.now(), body: Buffer.concat(chunks), contentType, nonce: res.locals.cspNonce });
      }
      rendering.delete(key);
      done();
      return end(chunk, ...rest);
    };
    res.on("close", () => {
      if (rendering.get(key)) {
        rendering.delete(key);
        done();
      }
    });
    res.setHeader("X-Micro-Cache", "MISS");
    next();
  };
}
