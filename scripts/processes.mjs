// Starting and stopping the API and web servers, shared by `npm start` and the end-to-end tests.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { STARTUP_FAILURE_EXIT_CODE, STARTUP_FAILURE_PREFIX } from "../apps/web/startup-errors.mjs";

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

/**
 * `stdio: "forward"` (npm start): stdout as it is, stderr passed on line by line except a start-up failure's one
 * line ("Marquee cannot start: ..."), which is kept as `child.startupFailure` for `npm start` to print last.
 */
const FORWARD = "forward";

function spawnServer(args, cwd, env, stdio) {
  // Benchmarks (bench:ssr --profile DIR): a V8 CPU profile of the server, written to DIR when it stops.
  if (env.CPU_PROFILE_DIR) args = ["--cpu-prof", `--cpu-prof-dir=${env.CPU_PROFILE_DIR}`, ...args];
  const child = spawn(process.execPath, args, {
    cwd,
    env,
    stdio: stdio === FORWARD ? ["inherit", "inherit", "pipe"] : stdio,
  });
  child.startupFailure = undefined;
  if (stdio === FORWARD) {
    createInterface({ input: child.stderr, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
      if (line.startsWith(STARTUP_FAILURE_PREFIX)) child.startupFailure = line;
      else process.stderr.write(`${line}\n`);
    });
  }
  return child;
}

export function startApi(env, { stdio = "inherit" } = {}) {
  return spawnServer(
    ["--import", "tsx", "src/main.ts"],
    path.join(root, "apps/api"),
    // Two glibc malloc arenas instead of eight per core: sharp's image buffers otherwise leave the API's memory
    // fragmented and never returned (bench:memory).
    environment(env, { MALLOC_ARENA_MAX: "2" }),
    stdio,
  );
}

/** A media worker (`npm run worker`): on PostgreSQL only; on the embedded database the API forks its own. */
export function startWorker(env, { stdio = "inherit" } = {}) {
  return spawnServer(
    ["--import", "tsx", "src/worker.ts"],
    path.join(root, "apps/api"),
    environment(env, { MALLOC_ARENA_MAX: "2" }),
    stdio,
  );
}

export function startWeb(env, { stdio = "inherit" } = {}) {
  return spawnServer(["server.mjs"], path.join(root, "apps/web"), environment(env, { NODE_ENV: "production" }), stdio);
}

/** Resolves once `child` has exited and its output is read to the end (so its `startupFailure` is known). */
export function closed(child) {
  if (!child) return Promise.resolve();
  if ((child.exitCode !== null || child.signalCode !== null) && (!child.stderr || child.stderr.readableEnded)) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    child.once("close", resolve);
    // A grandchild holding the pipe open must not keep us waiting.
    child.once("exit", () => setTimeout(resolve, 2000).unref());
  });
}

/** Whether a process exited on a start-up failure that starting it again would not mend. */
export const failedToStart = (child) => child?.exitCode === STARTUP_FAILURE_EXIT_CODE;

const seconds = (ms) => (ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`);

/**
 * Keeps a server running: when its process exits, `start()` makes a new one after a back-off (1 s, 2 s, 4 s ...
 * up to 30 s; back to 1 s once a process has run for a minute), saying so in one line. `first` is a process
 * already started (e.g. the one a first start waited for). `stop()` stops it for good.
 * A process that exits on a start-up failure (STARTUP_FAILURE_EXIT_CODE: a taken port, a full disk ...) is not
 * started again, as that will not mend itself: `onStartupFailure(process)` is called instead. Nor is one that
 * `finished(process)` says ended its work (the media worker the API forks on the embedded database, which stops
 * when it has had nothing to do for a while): `onFinished(process)` is called instead.
 */
export function supervise(name, start, opts = {}) {
  const {
    first,
    log = console.log,
    minDelayMs = 1000,
    maxDelayMs = 30_000,
    resetAfterMs = 60_000,
    onStartupFailure = () => {},
    finished = () => false,
    onFinished = () => {},
  } = opts;
  let child;
  let timer;
  let stopped = false;
  let delayMs = minDelayMs;

  const watch = (proc) => {
    child = proc;
    const startedAt = Date.now();
    const onExit = () => {
      if (stopped) return;
      if (failedToStart(proc)) {
        stopped = true;
        onStartupFailure(proc);
        return;
      }
      if (finished(proc)) {
        stopped = true;
        onFinished(proc);
        return;
      }
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
