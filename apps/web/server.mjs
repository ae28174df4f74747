// Production server for the web app: Express + React Router's request handler.
// It forwards the API's prefix and the socket to the API process (api-proxy.mjs: one public origin), knows the
// visitor's socket address (passed to loaders so SSR calls to the API can forward it in X-Forwarded-For), adds
// security headers and a per-request CSP nonce, and serves the built assets.
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import http from "node:http";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import helmet from "helmet";
import { createApiProxy, unavailable } from "./api-proxy.mjs";
import { compressPages } from "./compress-pages.mjs";
import { createMediaDelivery } from "./media-delivery.mjs";
import { createMicroCache } from "./micro-cache.mjs";
import {
  cannotStart,
  listenProblem,
  originsFrom,
  portFrom,
  portProblem,
  STARTUP_FAILURE_EXIT_CODE,
} from "./startup-errors.mjs";
import { clientBuildFiles } from "./static-files.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
// Every setting is checked before anything starts: a bad one stops the server with one line (startup-errors.mjs).
const { port, problem: portIsBad } = portFrom(process.env, "WEB_PORT", 3000);
if (portIsBad) cannotStart(portIsBad);
const host = process.env.HOST || undefined;
/** A whole number from the environment; a bad value stops the server at start, like the API does. */
function whole(name, fallback, min, unit) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    cannotStart(
      `${name} is ${JSON.stringify(raw.slice(0, 80))} (expected a whole number of ${unit}, at least ${min}). Fix it in the environment, or unset it for the default.`,
    );
  }
  return value;
}
const millis = (name, fallback, min = 0) => whole(name, fallback, min, "milliseconds");
const microCacheMs = millis("WEB_MICROCACHE_MS", 2000);
const microCacheWaitMs = millis("WEB_MICROCACHE_WAIT_MS", 2500);
// Read by the renderer (app/lib/env.server.ts) for its calls to the API; checked here so a typo stops the start.
millis("API_TIMEOUT_MS", 10_000, 1);
// Uploads to the API pass through this server: give them as long as the API does (its API_REQUEST_TIMEOUT_MS).
const requestTimeoutMs = millis("API_REQUEST_TIMEOUT_MS", 4 * 3600_000, 100);
// Proxies whose X-Forwarded-Proto and X-Forwarded-Host are believed (the same setting as the API's): behind a TLS
// proxy the token cookie is then marked Secure.
// Media: sent from MEDIA_DIR by this server once the API has checked each request (media-delivery.mjs), with the
// API's defaults (DATA_DIR/media); WEB_SERVES_MEDIA=false forwards the bytes from the API instead (a web server
// on a machine without the media folder).
const servesMedia = process.env.WEB_SERVES_MEDIA?.trim() || "true";
if (servesMedia !== "true" && servesMedia !== "false") {
  cannotStart(
    `WEB_SERVES_MEDIA is ${JSON.stringify(servesMedia.slice(0, 80))} (expected true or false). Fix it in the environment, or unset it for the default (true).`,
  );
}
const dataDir = path.resolve(process.env.DATA_DIR || path.join(here, "../../data"));
const mediaDir = servesMedia === "true" ? path.resolve(process.env.MEDIA_DIR || path.join(dataDir, "media")) : null;
const accelPrefix = process.env.MEDIA_ACCEL_REDIRECT?.trim() || "/_media/";
if (!/^\/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*\/)+$/.test(accelPrefix)) {
  cannotStart(
    `MEDIA_ACCEL_REDIRECT is ${JSON.stringify(accelPrefix.slice(0, 80))} (expected a path that starts and ends with /, such as /_media/). Fix it in the environment, or unset it for the default.`,
  );
}
// Where browsers fetch media besides this origin (object storage): the bucket's presigned links and the CDN of
// S3_PUBLIC_BASE_URL. The CSP lets pictures, video and hls.js's segment requests reach them, and nothing else.
const { origins: mediaOrigins, problem: mediaOriginsAreBad } = originsFrom(process.env, "MEDIA_ORIGINS");
if (mediaOriginsAreBad) cannotStart(mediaOriginsAreBad);
const trustedProxies = (process.env.TRUSTED_PROXIES ?? "loopback")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
/** Host names a browser trusts like https (potentially trustworthy origins). */
const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);
const serverBuild = path.join(here, "build/server/index.js");
if (!existsSync(serverBuild)) {
  cannotStart(
    "the web app is not built (apps/web/build is missing). Run `npm run build`, or `npm start`, which builds it.",
  );
}

/**
 * A start-up failure found in a worker (a setting only the build can read, the port): the primary tells it once and
 * stops the others; a lone server tells it itself.
 */
function failStart(line, err) {
  if (cluster.isWorker) process.send?.({ startupFailure: line }, () => process.exit(STARTUP_FAILURE_EXIT_CODE));
  else cannotStart(line, err);
}

// Server rendering is CPU-bound: workers (WEB_WORKERS) share the port through node:cluster, one per core but one,
// which the API's answers to them need as much (a member's page costs the API about what it costs this server).
// On 2 cores that is one process and no cluster: with a second worker and the cluster's master (some 300 MB more)
// bench:ssr measured no more member pages per second.
const workers = whole("WEB_WORKERS", Math.max(1, availableParallelism() - 1), 1, "processes");
if (cluster.isPrimary) {
  // A taken port is told once, here, instead of by every worker.
  const taken = await portProblem(port, host, "WEB_PORT").catch(() => null);
  if (taken) cannotStart(taken);
}
if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i++) cluster.fork();
  let stopping = false;
  cluster.on("message", (_worker, message) => {
    if (stopping || typeof message?.startupFailure !== "string") return;
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
    cannotStart(message.startupFailure);
  });
  cluster.on("exit", (worker, code) => {
    // A setting that will not mend itself: no other worker is started (the message above says which).
    if (!stopping && code !== 0 && code !== STARTUP_FAILURE_EXIT_CODE) {
      console.error(`[web] worker ${worker.process.pid} exited (${code}); starting another`);
      cluster.fork();
    }
  });
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
      setTimeout(() => process.exit(0), 3500).unref();
      cluster.on("exit", () => {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      });
    });
  }
} else {
  await serve();
}

async function serve() {
  const build = await import(serverBuild);
  const env = build.entry.module;
  try {
    env.publicUrl();
  } catch (err) {
    return failStart(`${err.message}. Fix it in the environment, or unset it for the default.`, err);
  }
  const internalApi = env.internalApiUrl();

  const app = express();
  app.disable("x-powered-by");
  try {
    app.set("trust proxy", trustedProxies);
  } catch (err) {
    return failStart(
      `TRUSTED_PROXIES is ${JSON.stringify(process.env.TRUSTED_PROXIES?.slice(0, 80))} (${err.message}). Fix it in the environment, or unset it for the default.`,
      err,
    );
  }

  // First: the API's answers keep the API's own headers and bodies (no compression, no page CSP, no page cache).
  // Media files: the API checks, this server sends the bytes (one Node hop).
  const media = createMediaDelivery({
    target: internalApi,
    apiPrefix: env.API_PREFIX,
    mediaDir,
    accelPrefix,
    unavailable,
  });
  const apiProxy = createApiProxy({
    target: internalApi,
    matches: (pathname) => env.isApiPath(pathname) || env.isSocketPath(pathname),
  });
  app.use(apiProxy.middleware);

  // The client build: fingerprinted assets cached for a year, scripts and stylesheets sent as the brotli or gzip
  // copy the build wrote beside them (static-files.mjs). Before the page headers below: a script or stylesheet has
  // no use for a CSP, and its headers are sent with each of the dozen files a page loads.
  app.use(clientBuildFiles(path.join(here, "build/client")));

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });

  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // Google reCAPTCHA (register and contact, when a site key is set): its loader and the scripts it pulls in.
          scriptSrc: [
            "'self'",
            (_req, res) => `'nonce-${res.locals.cspNonce}'`,
            "https://www.google.com",
            "https://www.gstatic.com",
          ],
          // Mantine writes its CSS variables into <style> tags at runtime.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // The API, media and the socket are on this origin ('self' covers ws: and wss: to it); media on object
          // storage also on MEDIA_ORIGINS.
          imgSrc: ["'self'", "data:", "blob:", ...mediaOrigins],
          mediaSrc: ["'self'", "blob:", ...mediaOrigins],
          fontSrc: ["'self'", "data:"],
          connectSrc: ["'self'", ...mediaOrigins],
          // The reCAPTCHA checkbox and its challenge are iframes from google.com.
          frameSrc: ["https://www.google.com"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      // Set below, where browsers honour it.
      crossOriginOpenerPolicy: false,
      crossOriginResourcePolicy: { policy: "same-site" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );

  // Cross-Origin-Opener-Policy only on a trustworthy origin (https, also behind a trusted TLS proxy, or loopback): on
  // plain http by another name (http://192.168.1.20:3000) Chromium ignores it and logs a console error on every page.
  app.use((req, res, next) => {
    if (req.secure || LOOPBACK_NAMES.has(req.hostname)) res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    next();
  });

  // Rendered pages are compressed as they stream: brotli at quality 4 (the library's default) and gzip at level 4,
  // which compresses a member's 110 KB home page in about 0.9 ms instead of 1.4 ms at zlib's default 6, for a file
  // 4% larger (node:zlib, measured on the built home page).
  app.use(compressPages({ level: 4 }));

  if (microCacheMs > 0) {
    app.use(
      createMicroCache({
        ttlMs: microCacheMs,
        waitMs: microCacheWaitMs,
        // The renderer's own reading of the Cookie header, so the two can never disagree on who has a session.
        mayCarrySession: build.entry.module.mayCarrySession,
        // A blocked visitor sees the geo-block page, everyone the maintenance page while it is on: both are part
        // of the key, from the renderer's own short-lived copies (app/lib/site-state.server.ts), so the key and
        // the page rendered for it agree, and neither calls the API for what the other just read.
        // The age gate's cookie too: a browser the gate stands before never gets a page cached for one past it.
        variant: (req) =>
          build.entry.module.pageCacheVariant(req.headers["x-forwarded-for"], req.socket.remoteAddress, {
            cookie: req.headers.cookie,
            acceptLanguage: req.headers["accept-language"],
          }),
      }),
    );
  }

  app.all(
    "*",
    createRequestHandler({
      build,
      getLoadContext: (req, res) => ({
        clientAddress: req.socket.remoteAddress,
        forwardedFor: typeof req.headers["x-forwarded-for"] === "string" ? req.headers["x-forwarded-for"] : undefined,
        nonce: res.locals.cspNonce,
      }),
    }),
  );

  // Media requests go to `media` before Express (media-delivery.mjs says why); everything else to the app.
  const server = http.createServer((req, res) => (media.handles(req) ? media.serve(req, res) : app(req, res)));
  server.listen(port, host, () => {
    console.log(`[web] listening on http://${host ?? "localhost"}:${port} (API ${internalApi})`);
  });
  server.once("error", (err) => {
    const line = listenProblem(err, { port, host, variable: "WEB_PORT" });
    if (!line) throw err;
    failStart(line, err);
  });
  server.requestTimeout = requestTimeoutMs;
  // Every worker forwards the socket's websocket upgrades from its first connection on.
  server.on("upgrade", apiProxy.upgrade);
  server.on("close", () => {
    apiProxy.close();
    media.close();
  });

  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      server.close(() => process.exit(0));
      // Keep-alive sockets may hold the server open; do not wait for them forever.
      setTimeout(() => process.exit(0), 3000).unref();
    });
  }
}
