import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
// @ts-expect-error plain ESM helper shared with `npm start`
import { supervise as superviseUntyped } from "../../../../../scripts/processes.mjs";
import type { Jobs, JobsLog, SqlExecutor } from "../jobs.ts";
import { serveSql } from "../jobs-ipc.ts";
import { IDLE_EXIT_CODE } from "./idle.ts";
import { HEAVY_QUEUES } from "./work.ts";

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

interface Supervised {
  readonly child: ChildProcess;
  stop(): Promise<void>;
}
/** scripts/processes.mjs's `supervise`, which `npm start` keeps its servers running with. */
const supervise = superviseUntyped as (
  name: string,
  start: () => ChildProcess,
  opts: {
    log?: (line: string) => void;
    minDelayMs?: number;
    onStartupFailure?: (child: ChildProcess) => void;
    finished?: (child: ChildProcess) => boolean;
    onFinished?: (child: ChildProcess) => void;
  },
) => Supervised;

/** What the admin's system screen says of the worker (modules/system). */
export interface OnDemandStatus {
  /** Whether its process runs now (or is being restarted after a crash). */
  running: boolean;
  idleStopSeconds: number;
}

export interface EmbeddedWorker {
  /** Its latest process (after a crash, the one that died until its successor starts); null while stopped for want of work. */
  readonly child: ChildProcess | null;
  /** Null when it is kept running (an idle period of 0). */
  onDemand(): OnDemandStatus | null;
  /** Stops it for good (the API is stopping). */
  stop(): Promise<void>;
}

/**
 * The media worker beside an API on the embedded database (`npm start`'s default): forked by the API, its pg-boss
 * reaching the API's database through `executor` over the IPC channel, supervised like `npm start` supervises the
 * servers (restarted with a growing delay). When it exits, the heavy jobs it was running are failed at once, so
 * retried by its successor rather than after their lease: on the embedded database it is the only one that runs them.
 *
 * On demand (issue 26: it holds 100 MB and more for nothing most of the time): it is forked when a heavy job is
 * queued through `jobs` (or is waiting at start, e.g. a movie uploaded before a restart), and exits by itself after
 * `idleSec` with no heavy job running or waiting (IDLE_EXIT_CODE), which is not restarted. Each time it stops, the
 * queues are read again, so a job queued while it was stopping forks it again. `idleSec` 0: forked now, kept running.
 */
export function startEmbeddedWorker(opts: {
  executor: SqlExecutor;
  jobs: Jobs;
  log: JobsLog;
  /** Seconds without work after which it exits (MEDIA_WORKER_IDLE_SEC); 0: it runs from now on. */
  idleSec: number;
  /** Over this process's environment (tests: a short lease, another media folder). */
  env?: Record<string, string>;
  /** For tests: a faster restart. */
  minDelayMs?: number;
}): EmbeddedWorker {
  const { log, jobs, idleSec } = opts;
  const start = (): ChildProcess => {
    const child = fork(path.join(apiDir, "src/worker.ts"), [], {
      cwd: apiDir,
      execArgv: ["--import", "tsx"],
      env: {
        ...process.env,
        MALLOC_ARENA_MAX: "2",
        ...opts.env,
        MEDIA_WORKER_IDLE_SEC: String(idleSec),
        MARQUEE_WORKER_IPC: "1",
      },
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    serveSql(child, opts.executor, log);
    child.once("exit", () => {
      jobs
        .failRunning(HEAVY_QUEUES, "the media worker running this job stopped")
        .catch((err) => log.warn({ err }, "the media worker's jobs could not be given back"));
    });
    return child;
  };

  /** The supervised worker; null while stopped for want of work. */
  let session: Supervised | null = null;
  /** The queues are being read after a stop (or at start); a job queued meanwhile forks it once that is done. */
  let checking = false;
  let wanted = false;
  let closed = false;

  const wake = () => {
    if (closed || session) return;
    if (checking) {
      wanted = true;
      return;
    }
    session = supervise("Media worker", start, {
      log: (line) => log.warn({}, line),
      minDelayMs: opts.minDelayMs,
      onStartupFailure: () =>
        log.error({}, "the media worker cannot start (its one line is above); movies wait until the next start"),
      finished: (child) => idleSec > 0 && child.exitCode === IDLE_EXIT_CODE,
      onFinished: () => {
        session = null;
        log.info({}, "the media worker stopped for want of work; it starts again when media is waiting");
        void checkQueues();
      },
    });
  };

  /** Forks the worker when a heavy job is waiting or running (left by the worker that just stopped). */
  const checkQueues = async () => {
    checking = true;
    wanted = false;
    let waiting = true;
    try {
      waiting = (await jobs.pending(HEAVY_QUEUES)) > 0;
    } catch (err) {
      // Unknown: started all the same; it stops again if there is nothing.
      log.warn({ err }, "the media queues could not be read");
    } finally {
      checking = false;
    }
    if (waiting || wanted) wake();
  };

  const unlisten = jobs.onQueued((name) => {
    if (HEAVY_QUEUES.includes(name)) wake();
  });
  if (idleSec > 0) void checkQueues();
  else wake();

  return {
    get child() {
      return session?.child ?? null;
    },
    onDemand: () => (idleSec > 0 ? { running: session !== null, idleStopSeconds: idleSec } : null),
    async stop() {
      closed = true;
      unlisten();
      await session?.stop();
    },
  };
}
