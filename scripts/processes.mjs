// Starting and stopping the API and web servers, shared by `npm start` and the end-to-end tests.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 2xx, or fails after `timeoutMs`, or as soon as `child` exits. */
export async function waitFor(url, child, timeoutMs = 120_000) {
  const started = Date.now();
  let exited = null;
  child?.once("exit", (code) => {
    exited = code ?? "signal";
  });
  while (Date.now() - started < timeoutMs) {
    if (exited !== null) throw new Error(`${url}: the process exited (${exited}) before it answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** This process's environment with `env` over it; a key `env` gives as undefined is removed (e.g. DATABASE_URL). */
function environment(env, defaults = {}) {
  const out = { ...process.env, ...defaults, ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete out[key];
  return out;
}

export function startApi(env, { stdio = "inherit" } = {}) {
  return spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: path.join(root, "apps/api"),
    // Two glibc malloc arenas instead of eight per core: sharp's image buffers otherwise leave the API's memory
    // fragmented and never returned (bench:memory).
    env: environment(env, { MALLOC_ARENA_MAX: "2" }),
    stdio,
  });
}

export function startWeb(env, { stdio = "inherit" } = {}) {
  return spawn(process.execPath, ["server.mjs"], {
    cwd: path.join(root, "apps/web"),
    env: environment(env, { NODE_ENV: "production" }),
    stdio,
  });
}

const seconds = (ms) => (ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`);

/**
 * Keeps a server running: when its process exits, `start()` makes a new one after a back-off (1 s, 2 s, 4 s ...
 * up to 30 s; back to 1 s once a process has run for a minute), saying so in one line. `first` is a process
 * already started (e.g. the one a first start waited for). `stop()` stops it for good.
 */
export function supervise(name, start, opts = {}) {
  const { first, log = console.log, minDelayMs = 1000, maxDelayMs = 30_000, resetAfterMs = 60_000 } = opts;
  let child;
  let timer;
  let stopped = false;
  let delayMs = minDelayMs;

  const watch = (proc) => {
    child = proc;
    const startedAt = Date.now();
    const onExit = () => {
      if (stopped) return;
      if (Date.now() - startedAt >= resetAfterMs) delayMs = minDelayMs;
      const how = proc.signalCode ? `signal ${proc.signalCode}` : `code ${proc.exitCode}`;
      log(`${name} exited (${how}); restarting in ${seconds(delayMs)}`);
      timer = setTimeout(() => watch(start()), delayMs);
      delayMs = Math.min(delayMs * 2, maxDelayMs);
    };
    // It may have died before we looked.
    if (proc.exitCode !== null || proc.signalCode !== null) onExit();
    else proc.once("exit", onExit);
  };
  watch(first ?? start());

  return {
    get child() {
      return child;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await stop(child);
    },
  };
}

/** SIGTERM, then SIGKILL if the process has not exited after `graceMs`. */
export function stop(child, graceMs = 8000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
