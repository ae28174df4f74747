import { randomUUID } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import PgBoss from "pg-boss";

/**
 * Background jobs (DESIGN section 1) through pg-boss 10, kept in the database in every mode: on a PostgreSQL
 * server through its own connection pool, on the embedded database (PGlite) through `pgliteExecutor`. So a job
 * survives a restart or a crash. Handlers must be idempotent: a job can run again after a failure or a crash.
 */
export interface JobOptions {
  /** While a job with this key waits to start, another one sent with the same key is dropped. */
  singletonKey?: string;
  /** Retries after the first failure (default 2), with a growing delay. */
  retryLimit?: number;
}

// biome-ignore lint/suspicious/noExplicitAny: handlers type their own payload
export type JobHandler<T = any> = (data: T) => Promise<void>;

export interface Jobs {
  /** Queues a job. Call `start()` first. */
  send(name: string, data: object, opts?: JobOptions): Promise<void>;
  /** Runs `handler` for the jobs of `name`, one at a time per process. Errors are logged and retried. */
  // biome-ignore lint/suspicious/noExplicitAny: handlers type their own payload
  work<T = any>(name: string, handler: JobHandler<T>): Promise<void>;
  /** Sends an empty job named `name` on a cron pattern (UTC); a second call for a name replaces the first. */
  schedule(name: string, cron: string): Promise<void>;
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
  /** Resolves once no job is waiting or running in a queue this process works. */
  idle(): Promise<void>;
}

/** What the runner needs of a logger (pino's and Fastify's fit). */
export interface JobsLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Where pg-boss keeps its tables: a PostgreSQL server, or the embedded database of this process. */
export type JobsDatabase = { connectionString: string } | { pglite: PGlite };

const DEFAULT_RETRY_LIMIT = 2;
const QUEUE_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

function assertName(name: string) {
  if (!QUEUE_NAME.test(name)) throw new Error(`invalid job name: ${name}`);
}

/**
 * pg-boss's `db` option on PGlite. A statement with parameters is one extended-protocol query. Without parameters
 * pg-boss may send several statements, some in their own `BEGIN ... COMMIT` (schema creation, maintenance);
 * they run through `exec` inside PGlite's transaction, which holds its connection for the whole text and rolls
 * back on an error, so a failed statement never leaves the single connection in an aborted transaction.
 */
export function pgliteExecutor(client: PGlite) {
  return {
    async executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
      if (values?.length) return client.query(text, values);
      return client.transaction(async (tx) => (await tx.exec(text)).at(-1) ?? { rows: [] });
    },
  };
}

/**
 * Jobs in pg-boss's own schema (`pgboss`): durable, retried with backoff, shared by every API process (each works
 * one job at a time per queue). Queues use the `stately` policy so that `singletonKey` keeps at most one waiting
 * job per key; jobs sent without a key get a unique one.
 *
 * A running job holds a lease (pg-boss's expiry): a job whose process died is retried once it runs out. pg-boss 10
 * cannot renew one (it also fails a handler still running at the expiry), so it is as long as the longest job
 * (a transcode) may take. On the embedded database this process is the only one (the data directory is locked),
 * so every job still `active` at start was left by a process that died: it is retried at once.
 */
export function createJobs(opts: {
  database: JobsDatabase;
  log: JobsLog;
  schema?: string;
  /** Retry the jobs left active at start (default: on the embedded database, which one process owns). */
  reclaimOnStart?: boolean;
  /** How often an idle worker looks for work sent by another process (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Base retry delay; pg-boss doubles it per attempt and adds jitter (default 5). */
  retryDelaySeconds?: number;
  /** How long a job may run before it is failed and retried, also when its process died (default 4 hours). */
  leaseSeconds?: number;
  /** How often expired leases are looked for (default 60). */
  maintenanceIntervalSeconds?: number;
}): Jobs {
  const { log } = opts;
  const schema = opts.schema ?? "pgboss";
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 2;
  const leaseSeconds = opts.leaseSeconds ?? 4 * 60 * 60;
  const reclaimOnStart = opts.reclaimOnStart ?? "pglite" in opts.database;
  const boss = new PgBoss({
    ...("pglite" in opts.database
      ? { db: pgliteExecutor(opts.database.pglite) }
      : { connectionString: opts.database.connectionString, max: 4, application_name: "marquee-jobs" }),
    schema,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 60,
  });
  boss.on("error", (err) => log.error({ err }, "pg-boss"));
  const sql = (text: string, values: unknown[] = []) => boss.getDb().executeSql(text, values);

  // Job-level settings, so that they hold also for queues made by an older version.
  const jobSettings = {
    retryDelay: opts.retryDelaySeconds ?? 5,
    retryBackoff: true,
    expireInSeconds: leaseSeconds,
  };

  const created = new Map<string, Promise<void>>();
  const workers = new Map<string, JobHandler>();
  const workerIds = new Map<string, string>();
  const schedules = new Map<string, string>();
  let started = false;

  const ensureQueue = (name: string) => {
    let p = created.get(name);
    if (!p) {
      p = boss.createQueue(name, {
        name,
        policy: "stately",
        retryLimit: DEFAULT_RETRY_LIMIT,
        retryDelay: jobSettings.retryDelay,
        retryBackoff: true,
        expireInSeconds: leaseSeconds,
      });
      p.catch(() => created.delete(name));
      created.set(name, p);
    }
    return p;
  };

  const reclaim = async () => {
    const { rows } = await sql(
      `SELECT name, array_agg(id) AS ids FROM ${schema}.job WHERE state = 'active' GROUP BY name`,
    );
    for (const { name, ids } of rows as { name: string; ids: string[] }[]) {
      // A failure like any other: retried with backoff, up to the job's retry limit (a job that keeps
      // crashing the process is not retried forever).
      for (const id of ids) await boss.fail(name, id, { message: "the process running this job stopped" });
      log.warn({ job: name, count: ids.length }, "jobs interrupted by a stop are retried");
    }
  };

  const startWorker = async (name: string, handler: JobHandler) => {
    await ensureQueue(name);
    const id = await boss.work<object>(name, { batchSize: 1, pollingIntervalSeconds }, async (batch) => {
      // pg-boss 10 hands a batch (an array) to every handler; a throw fails the batch, which is retried.
      for (const job of batch) {
        try {
          await handler(job.data);
        } catch (err) {
          log.error({ err, job: name, id: job.id }, "job failed");
          throw err;
        } finally {
          // Look for the next job right away instead of after the polling interval.
          boss.notifyWorker(workerIds.get(name) ?? "");
        }
      }
    });
    workerIds.set(name, id);
  };

  const startSchedule = async (name: string, cron: string) => {
    await ensureQueue(name);
    await boss.schedule(name, cron, {}, { ...jobSettings, tz: "UTC", singletonKey: `schedule:${name}` });
  };

  return {
    async send(name, data, sendOpts = {}) {
      assertName(name);
      if (!started) throw new Error("jobs: call start() before send()");
      await ensureQueue(name);
      await boss.send(name, data, {
        ...jobSettings,
        singletonKey: sendOpts.singletonKey ?? randomUUID(),
        retryLimit: sendOpts.retryLimit ?? DEFAULT_RETRY_LIMIT,
      });
      const worker = workerIds.get(name);
      if (worker) boss.notifyWorker(worker);
    },
    async work(name, handler) {
      assertName(name);
      if (workers.has(name)) throw new Error(`jobs: ${name} already has a worker`);
      workers.set(name, handler as JobHandler);
      if (started) await startWorker(name, handler as JobHandler);
    },
    async schedule(name, cron) {
      assertName(name);
      schedules.set(name, cron);
      if (started) await startSchedule(name, cron);
    },
    async start() {
      if (started) return;
      await boss.start();
      started = true;
      if (reclaimOnStart) await reclaim();
      for (const [name, handler] of workers) await startWorker(name, handler);
      for (const [name, cron] of schedules) await startSchedule(name, cron);
    },
    async stop() {
      if (!started) return;
      started = false;
      // A job still running after a short wait is failed, so retried by the next start (`npm start` kills a
      // server that takes more than 8 s to stop).
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
      workerIds.clear();
    },
    async idle() {
      for (;;) {
        let busy = 0;
        for (const name of workers.keys()) {
          // States before `completed` are created, retry and active.
          busy += (await boss.getQueueSize(name, { before: "completed" })) ?? 0;
        }
        if (busy === 0) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
