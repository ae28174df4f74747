// The client build's compressed copies (precompress.ts writes a .br and a .gz beside each text file): the one the
// browser accepts is sent as a static file, with its own Content-Encoding, Content-Length and ETag, and
// `Vary: Accept-Encoding` on every answer for a file that has copies, so a shared cache keeps them apart. Nothing is
// compressed per request. Files without copies (pictures), and a browser that accepts neither, go on to
// express.static, which sends the file as it is.
import { createReadStream, readdirSync, statSync } from "node:fs";
import path from "node:path";
import express from "express";
import send from "send";

/** Best first: brotli is the smaller of the two. */
const CODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
];

/**
 * The weight (q) the request's Accept-Encoding gives each coding (0 when it does not name it): `*` stands for the
 * codings it does not name, and q=0 refuses. The plain file (identity) is always acceptable (RFC 9110 12.5.3).
 */
export function acceptedCodings(header) {
  const q = new Map();
  for (const part of (header ?? "").split(",")) {
    const [token, ...params] = part.split(";");
    const name = token.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const [k, v] = p.split("=").map((s) => s.trim());
      if (k?.toLowerCase() === "q") weight = Number(v) >= 0 && Number(v) <= 1 ? Number(v) : 0;
    }
    q.set(name === "x-gzip" ? "gzip" : name, weight);
  }
  return (coding) => q.get(coding) ?? q.get("*") ?? 0;
}

/**
 * The coding to send, among those the file has: the one the browser weighs highest, brotli before gzip on a tie;
 * null for the plain file (neither accepted, or identity named with a higher weight).
 */
export function chooseCoding(header, available) {
  const weight = acceptedCodings(header);
  let best = null;
  let bestQ = 0;
  for (const c of CODINGS) {
    const w = available.has(c.name) ? weight(c.name) : 0;
    if (w > bestQ) {
      best = c.name;
      bestQ = w;
    }
  }
  return best && weight("identity") <= bestQ ? best : null;
}

/**
 * The files under `root` that have compressed copies, by URL path (read once: the build does not change while
 * the server runs).
 */
function index(root) {
  const files = new Map();
  let entries;
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch {
    return files;
  }
  const present = new Set(entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)));
  for (const file of present) {
    if (CODINGS.some((c) => file.endsWith(c.suffix))) continue;
    const variants = new Map();
    for (const c of CODINGS) {
      if (!present.has(file + c.suffix)) continue;
      const stat = statSync(file + c.suffix);
      variants.set(c.name, {
        file: file + c.suffix,
        size: stat.size,
        etag: `W/"${c.name}-${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`,
      });
    }
    if (variants.size === 0) continue;
    const type = send.mime.lookup(file);
    const charset = send.mime.charsets.lookup(type);
    const url = `/${path.relative(root, file).split(path.sep).map(encodeURIComponent).join("/")}`;
    files.set(url, {
      contentType: charset ? `${type}; charset=${charset.toLowerCase()}` : type,
      lastModified: statSync(file).mtime.toUTCString(),
      variants,
    });
  }
  return files;
}

/**
 * Express middleware sending the compressed copies of the files under `root`. `cacheControl` is the header for
 * those files (the fingerprinted assets are immutable).
 */
export function precompressedFiles(root, { cacheControl }) {
  const files = index(root);
  return function precompressed(req, res, next) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const entry = files.get(req.path);
    if (!entry) return next();
    res.setHeader("Vary", "Accept-Encoding");
    const coding = chooseCoding(req.headers["accept-encoding"], entry.variants);
    if (!coding) return next();
    const variant = entry.variants.get(coding);
    res.setHeader("Content-Type", entry.contentType);
    res.setHeader("Content-Encoding", coding);
    res.setHeader("Cache-Control", cacheControl);
    res.setHeader("Last-Modified", entry.lastModified);
    res.setHeader("ETag", variant.etag);
    const tags = req.headers["if-none-match"];
    if (tags?.split(",").some((t) => t.trim() === variant.etag || t.trim() === "*")) {
      res.removeHeader("Content-Encoding");
      res.statusCode = 304;
      return res.end();
    }
    res.setHeader("Content-Length", variant.size);
    if (req.method === "HEAD") return res.end();
    const stream = createReadStream(variant.file);
    stream.on("error", (err) => (res.headersSent ? res.destroy(err) : next(err)));
    stream.pipe(res);
  };
}

/**
 * The client build's files as server.mjs serves them, before its page headers (helmet's CSP and the rest): `/assets`
 * (fingerprinted: cached for a year, a missing file is a 404 rather than a page) and the rest of public/ (logo,
 * favicon, images) for an hour. Files with compressed
 * copies go as the copy the browser accepts; express.static sends the rest, and the plain file to a browser that
 * accepts neither.
 */
export function clientBuildFiles(clientDir) {
  const router = express.Router();
  // The two page headers that matter to a file: no type sniffing, and no loading from another site.
  router.use((_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cross-Origin-Resource-Policy", "same-site");
    next();
  });
  const assets = path.join(clientDir, "assets");
  router.use(
    "/assets",
    precompressedFiles(assets, { cacheControl: "public, max-age=31536000, immutable" }),
    express.static(assets, { immutable: true, maxAge: "1y", fallthrough: false }),
  );
  router.use(
    precompressedFiles(clientDir, { cacheControl: "public, max-age=3600" }),
    express.static(clientDir, { maxAge: "1h" }),
  );
  return router;
}
