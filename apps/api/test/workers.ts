import { type ChildProcess, fork, spawn } from "node:child_process";
import path from "node:path";
import { pgliteExecutor } from "../src/platform/jobs.ts";
import { serveSql } from "../src/platform/jobs-ipc.ts";
import { runTool } from "../src/platform/media/probe.ts";
import type { TestContext } from "./harness.ts";

const apiDir = path.resolve(import.meta.dirname, "..");
const quiet = { info() {}, warn() {}, error: (obj: object, msg?: string) => console.error(msg, obj) };

/**
 * A media worker as its own process (src/worker.ts) for `t`'s app: on PostgreSQL with the test database's URL, on
 * the embedded database forked with the IPC channel, its statements run by this process as the API runs them.
 */
export function spawnWorker(t: TestContext, env: Record<string, string> = {}): ChildProcess {
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    MEDIA_DIR: t.mediaDir,
    DATA_DIR: t.mediaDir,
    LOG_LEVEL: "warn",
    ...env,
  };
  delete base.DATABASE_URL;
  if (t.databaseUrl) {
    return spawn(process.execPath, ["--import", "tsx", "src/worker.ts"], {
      cwd: apiDir,
      env: { ...base, DATABASE_URL: t.databaseUrl },
      stdio: ["ignore", "inherit", "inherit"],
    });
  }
  const child = fork(path.join(apiDir, "src/worker.ts"), [], {
    cwd: apiDir,
    execArgv: ["--import", "tsx"],
    env: { ...base, MARQUEE_WORKER_IPC: "1" },
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  serveSql(child, pgliteExecutor(t.database.pglite as NonNullable<TestContext["database"]["pglite"]>), quiet);
  return child;
}

/** Resolves once `child` has exited (at once if it has). */
export const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once("exit", () => resolve()));

/** A test-pattern H.264 movie of `seconds` at `size` (e.g. `640x360`), written to `file`. */
export async function makeClip(file: string, seconds: number, size = "640x360") {
  await runTool(
    "ffmpeg",
    [
      ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", `testsrc2=size=${size}:rate=25`],
      ...["-t", String(seconds), "-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast", file],
    ],
    120_000,
  );
}
