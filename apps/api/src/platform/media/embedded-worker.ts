import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
// @ts-expect-error plain ESM helper shared with `npm start`
import { supervise as superviseUntyped } from "../../../../../scripts/processes.mjs";
import type { Jobs, JobsLog, SqlExecutor } from "../jobs.ts";
import { serveSql } from "../jobs-ipc.ts";
import { HEAVY_QUEUES } from "./work.ts";

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface Supervised {
  readonly child: ChildProcess;
  stop(): Promise<void>;
}
/** scripts/processes.mjs's `supervise`, which `npm start` keeps its servers running with. */
const supervise = superviseUntyped as (
  name: string,
  start: () => ChildProcess,
  opts: { log?: (line: string) => void; minDelayMs?: number; onStartupFailure?: (child: ChildProcess) => void },
) => Supervised;

/**
 * The media worker beside an API on the embedded database (`npm start`'s default): forked by the API, its pg-boss
 * reaching the API's database through `executor` over the IPC channel, supervised like `npm start` supervises the
 * servers (restarted with a growing delay). When it exits, the heavy jobs it was running are failed at once, so
 * retried by its successor rather than after their lease: on the embedded database it is the only one that runs them.
 */
export function startEmbeddedWorker(opts: {
  executor: SqlExecutor;
  jobs: Jobs;
  log: JobsLog;
  /** Over this process's environment (tests: a short lease, another media folder). */
  env?: Record<string, string>;
  /** For tests: a faster restart. */
  minDelayMs?: number;
}): Supervised {
  const { log } = opts;
  const start = (): ChildProcess => {
    const child = fork(path.join(apiDir, "src/worker.ts"), [], {
      cwd: apiDir,
      execArgv: ["--import", "tsx"],
      env: { ...process.env, MALLOC_ARENA_MAX: "2", ...opts.env, MARQUEE_WORKER_IPC: "1" },
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    serveSql(child, opts.executor, log);
    child.once("exit", () => {
      opts.jobs
        .failRunning(HEAVY_QUEUES, "the media worker running this job stopped")
        .catch((err) => log.warn({ err }, "the media worker's jobs could not be given back"));
    });
    return child;
  };
  return supervise("Media worker", start, {
    log: (line) => log.warn({}, line),
    minDelayMs: opts.minDelayMs,
    onStartupFailure: () =>
      log.error({}, "the media worker cannot start (its one line is above); movies wait until the next start"),
  });
}
