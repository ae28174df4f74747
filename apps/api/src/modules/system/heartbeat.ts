import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { JobInfo, JobsLog, SqlExecutor } from "../../platform/jobs.ts";
import { describeJob } from "../../platform/media/work.ts";

/** How often a worker says it is alive; the system screen counts one unseen for three of these as gone. */
export const HEARTBEAT_SECONDS = 10;
/** Rows of workers unseen for this long are removed by the next worker that starts. */
const FORGET_AFTER = "1 day";

/**
 * Resolves once the database has the heartbeats' table, i.e. an API process has migrated it: a worker started with
 * the API processes on a fresh database (or ahead of a version's migrations) waits for them, saying so once, instead
 * of failing. Checked every `intervalMs`.
 */
export async function migrated(executor: SqlExecutor, log: JobsLog, intervalMs = 1000): Promise<void> {
  let told = false;
  for (;;) {
    const { rows } = await executor.executeSql("SELECT to_regclass('worker_heartbeats') IS NOT NULL AS ready");
    if ((rows[0] as { ready?: boolean } | undefined)?.ready) return;
    if (!told) log.warn({}, "waiting for an API process to migrate the database (it has no worker_heartbeats yet)");
    told = true;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * A media worker's row in `worker_heartbeats` (tables.ts), kept up to date in plain SQL through the worker's own
 * connection to the jobs' database (on the embedded database, the API's IPC executor): it is all a worker writes
 * besides pg-boss's statements. Its `observer` goes to `createJobs`, so the row says which job it is on.
 */
export function createHeartbeat(opts: {
  executor: SqlExecutor;
  queues: readonly string[];
  log: JobsLog;
  intervalMs?: number;
}) {
  const { executor, log } = opts;
  const id = `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  const startedAt = new Date();
  let current: { queue: string; id: string; subject: string | null; startedAt: Date } | null = null;
  let done = 0;
  let failed = 0;
  let timer: NodeJS.Timeout | undefined;
  // One write at a time, in order: a job's start is never written after its end.
  let chain: Promise<void> = Promise.resolve();

  const write = (stopped: boolean) => {
    const values = [
      id,
      hostname(),
      process.pid,
      [...opts.queues],
      startedAt,
      stopped,
      current?.queue ?? null,
      current?.id ?? null,
      current?.subject ?? null,
      current?.startedAt ?? null,
      done,
      failed,
    ];
    chain = chain
      .then(async () => {
        await executor.executeSql(
          `INSERT INTO worker_heartbeats (id, host, pid, queues, started_at, last_seen_at, stopped_at, job_queue, job_id,
             job_subject, job_started_at, jobs_done, jobs_failed)
           VALUES ($1, $2, $3, $4, $5, now(), CASE WHEN $6::boolean THEN now() END, $7, $8, $9, $10, $11, $12)
           ON CONFLICT (id) DO UPDATE SET last_seen_at = now(), stopped_at = EXCLUDED.stopped_at,
             job_queue = EXCLUDED.job_queue, job_id = EXCLUDED.job_id, job_subject = EXCLUDED.job_subject,
             job_started_at = EXCLUDED.job_started_at, jobs_done = EXCLUDED.jobs_done, jobs_failed = EXCLUDED.jobs_failed`,
          values,
        );
      })
      .catch((err) => log.warn({ err }, "worker heartbeat not written"));
    return chain;
  };

  return {
    id,
    observer: {
      started(job: JobInfo, data: unknown) {
        current = { queue: job.name, id: job.id, subject: describeJob(data), startedAt: new Date() };
        void write(false);
      },
      finished(_job: JobInfo, error: unknown) {
        if (error) failed++;
        else done++;
        current = null;
        void write(false);
      },
    },
    async start() {
      await executor.executeSql(
        `DELETE FROM worker_heartbeats WHERE last_seen_at < now() - interval '${FORGET_AFTER}'`,
      );
      await write(false);
      timer = setInterval(() => void write(false), opts.intervalMs ?? HEARTBEAT_SECONDS * 1000);
      timer.unref();
    },
    /** The last word: stopped, on no job. */
    async stop() {
      clearInterval(timer);
      current = null;
      await write(true);
    },
  };
}
