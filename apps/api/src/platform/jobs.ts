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

/** The job a handler runs: its queue, its id, how many times it failed before this run and how often it may. */
export interface JobInfo {
  name: string;
  id: string;
  retryCount: number;
  /** Retries after the first failure; a run with `retryCount >= retryLimit` is the last one. */
  retryLimit: number;
}

/** A handler's resolved value is kept as the job's output (see `result`). */
// biome-ignore lint/suspicious/noExplicitAny: handlers type their own payload
export type JobHandler<T = any> = (data: T, job: JobInfo) => Promise<unknown>;

/** What became of a job, once it ended. */
export type JobOutcome =
  | { state: "completed"; output: unknown }
  | { state: "failed" | "cancelled"; error: string }
  | { state: "waiting" };

export interface Jobs {
  /** Queues a job and returns its id (null: one with the same `singletonKey` is already waiting). Call `start()` first. */
  send(name: string, data: object, opts?: JobOptions): Promise<string | null>;
  /**
   * Waits (polling) until the job `id` of `name` ended or `timeoutMs` passed (then `waiting`). Only a failure
   * after its last retry is told as `failed`.
   */
  result(name: string, id: string, timeoutMs: number): Promise<JobOutcome>;
  /** Runs `handler` for the jobs of `name`, one at a time per process. Errors are logged and retried. */
  // biome-ignore lint/suspicious/noExplicitAny: handlers type their own payload
  work<T = any>(name: string, handler: JobHandler<T>): Promise<void>;
  /** Sends an empty job named `name` on a cron pattern (UTC); a second call for a name replaces the first. */
  schedule(name: string, cron: string): Promise<void>;
  start(): Promise<void>;
  /**
   * Stops taking jobs and waits for the running ones up to `timeoutMs` (default 5 s); one still running then is
   * failed, so retried (by another process, or by this one's next start).
   */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
  /** Resolves once no job is waiting or running in a queue this process works (or in `names`). */
  idle(names?: readonly string[]): Promise<void>;
  /** How many jobs of the `names` queues are waiting (also for a retry) or running now. */
  pending(names: readonly string[]): Promise<number>;
  /**
   * Calls `listener` with a queue's name whenever this process queues a job in it (`send`, and `retry` of a failed
   * one): the API forks the embedded database's media worker when a heavy job is queued. Returns its removal.
   */
  onQueued(listener: (name: string) => void): () => void;
  /**
   * Fails, so retries, the jobs of the `names` queues that are marked running: for a process that knows their
   * runner died (the API, when the media worker it supervises exits). Returns how many.
   */
  failRunning(names: readonly string[], message: string): Promise<number>;
  /** Runs a job that failed for good once more (one more attempt); false when it is not failed. */
  retry(name: string, id: string): Promise<boolean>;
  /** Runs one statement on the jobs' database (the system screen reads pg-boss's tables; the heartbeat). */
  sql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** pg-boss's schema name, for `sql`. */
  readonly schema: string;
}

/** What the runner needs of a logger (pino's and Fastify's fit). */
export interface JobsLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Runs SQL for pg-boss (its `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Where pg-boss keeps its tables: a PostgreSQL server, the embedded database of this process, or any executor (the
 * media worker the API forks reaches the API's embedded database through one, over its IPC channel).
 */
export type JobsDatabase = { connectionString: string } | { pglite: PGlite } | { executor: SqlExecutor };

const DEFAULT_RETRY_LIMIT = 2;
/** PostgreSQL's SQLSTATE for "deadlock detected", and how often creating a queue is tried when it meets one. */
const DEADLOCK_DETECTED = "40P01";
const QUEUE_CREATE_ATTEMPTS = 5;
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
  /**
   * Off: no maintenance (expiring leases, archiving), no cron schedules and no schema migration here; another
   * process does them (the API, for the worker it forks on the embedded database). Default on.
   */
  maintenance?: boolean;
  /** Told when a handler of this process starts and ends a job (the worker's heartbeat says what it is on). */
  observer?: {
    started(job: JobInfo, data: unknown): void;
    finished(job: JobInfo, error: unknown): void;
  };
}): Jobs {
  const { log } = opts;
  const schema = opts.schema ?? "pgboss";
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 2;
  const leaseSeconds = opts.leaseSeconds ?? 4 * 60 * 60;
  const reclaimOnStart = opts.reclaimOnStart ?? "pglite" in opts.database;
  const { observer } = opts;
  const maintenance = opts.maintenance ?? true;
  const db = opts.database;
  const boss = new PgBoss({
    ...("pglite" in db
      ? { db: pgliteExecutor(db.pglite) }
      : "executor" in db
        ? { db: { executeSql: (text: string, values: unknown[]) => db.executor.executeSql(text, values) } }
        : { connectionString: db.connectionString, max: 4, application_name: "marquee-jobs" }),
    schema,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 60,
    ...(maintenance ? {} : { supervise: false, schedule: false, migrate: false }),
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
  const queuedListeners = new Set<(name: string) => void>();
  let started = false;

  const queued = (name: string) => {
    for (const listener of queuedListeners) {
      try {
        listener(name);
      } catch (err) {
        log.error({ err, job: name }, "a listener of queued jobs failed");
      }
    }
  };

  // Every process creates the queues it uses when it starts. pg-boss's create_queue inserts the queue's row, then
  // makes its partition of the job table and attaches it: two processes creating the same new queue at once (API
  // processes and workers started together on a fresh database, or rolling out a version that adds a queue)
  // deadlock, and PostgreSQL aborts one of them. That one tries again and finds the queue made.
  const createQueue = async (name: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await boss.createQueue(name, {
          name,
          policy: "stately",
          retryLimit: DEFAULT_RETRY_LIMIT,
          retryDelay: jobSettings.retryDelay,
          retryBackoff: true,
          expireInSeconds: leaseSeconds,
        });
      } catch (err) {
        if ((err as { code?: unknown }).code !== DEADLOCK_DETECTED || attempt >= QUEUE_CREATE_ATTEMPTS) throw err;
        log.info({ queue: name, attempt }, "creating a queue met another process creating it; trying again");
        await new Promise((r) => setTimeout(r, 20 + Math.random() * 100 * attempt));
      }
    }
  };

  const ensureQueue = (name: string) => {
    let p = created.get(name);
    if (!p) {
      p = createQueue(name);
      p.catch(() => created.delete(name));
      created.set(name, p);
    }
    return p;
  };

  const failRunning = async (names: readonly string[] | null, message: string) => {
    const { rows } = await sql(
      `SELECT name, array_agg(id) AS ids FROM ${schema}.job WHERE state = 'active'${names ? " AND name = ANY($1::text[])" : ""} GROUP BY name`,
      names ? [names] : [],
    );
    let count = 0;
    for (const { name, ids } of rows as { name: string; ids: string[] }[]) {
      // A failure like any other: retried with backoff, up to the job's retry limit (a job that keeps
      // crashing the process is not retried forever).
      for (const id of ids) await boss.fail(name, id, { message });
      log.warn({ job: name, count: ids.length }, "jobs interrupted by a stop are retried");
      count += ids.length;
    }
    return count;
  };

  const startWorker = async (name: string, handler: JobHandler) => {
    await ensureQueue(name);
    const options = { batchSize: 1, pollingIntervalSeconds, includeMetadata: true as const };
    const id = await boss.work<object>(name, options, async (batch) => {
      // pg-boss 10 hands a batch (an array) to every handler; a throw fails the batch, which is retried. With one
      // job per batch, what the handler returns is kept as the job's output.
      let output: unknown;
      for (const job of batch) {
        const info: JobInfo = { name, id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit };
        observer?.started(info, job.data);
        let error: unknown = null;
        try {
          output = await handler(job.data, info);
        } catch (err) {
          error = err;
          log.error({ err, job: name, id: job.id }, "job failed");
          throw err;
        } finally {
          observer?.finished(info, error);
          // Look for the next job right away instead of after the polling interval.
          boss.notifyWorker(workerIds.get(name) ?? "");
        }
      }
      return output;
    });
    workerIds.set(name, id);
  };

  const startSchedule = async (name: string, cron: string) => {
    await ensureQueue(name);
    await boss.schedule(name, cron, {}, { ...jobSettings, tz: "UTC", singletonKey: `schedule:${name}` });
  };

  return {
    schema,
    sql,
    failRunning: (names, message) => failRunning(names, message),
    async retry(name, id) {
      assertName(name);
      const res = (await boss.retry(name, id)) as unknown as { affected: number };
      if (res.affected > 0) queued(name);
      return res.affected > 0;
    },
    async send(name, data, sendOpts = {}) {
      assertName(name);
      if (!started) throw new Error("jobs: call start() before send()");
      await ensureQueue(name);
      const id = await boss.send(name, data, {
        ...jobSettings,
        singletonKey: sendOpts.singletonKey ?? randomUUID(),
        retryLimit: sendOpts.retryLimit ?? DEFAULT_RETRY_LIMIT,
      });
      const worker = workerIds.get(name);
      if (worker) boss.notifyWorker(worker);
      // Also when one with the same key was waiting already (id null): whoever runs it is woken all the same.
      queued(name);
      return id;
    },
    async result(name, id, timeoutMs) {
      const until = Date.now() + timeoutMs;
      // From 100 ms (a teaser is cut in a second or two) to 2 s between looks, so a long wait costs few queries.
      let pauseMs = 100;
      for (;;) {
        const job = await boss.getJobById(name, id, { includeArchive: true });
        if (job?.state === "completed") return { state: "completed", output: job.output };
        if (job?.state === "failed" || job?.state === "cancelled") {
          const output = job.output as { message?: unknown } | null;
          return { state: job.state, error: String(output?.message ?? job.state) };
        }
        if (!job || Date.now() >= until) return { state: "waiting" };
        await new Promise((r) => setTimeout(r, pauseMs));
        pauseMs = Math.min(pauseMs * 2, 2000);
      }
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
      if (reclaimOnStart) await failRunning(null, "the process running this job stopped");
      for (const [name, handler] of workers) await startWorker(name, handler);
      for (const [name, cron] of schedules) await startSchedule(name, cron);
    },
    async stop(stopOpts = {}) {
      if (!started) return;
      started = false;
      // A job still running after a short wait is failed, so retried by the next start (`npm start` kills a
      // server that takes more than 8 s to stop).
      await boss.stop({ graceful: true, wait: true, timeout: stopOpts.timeoutMs ?? 5_000 });
      workerIds.clear();
    },
    async pending(names) {
      const { rows } = await sql(
        `SELECT count(*)::int AS n FROM ${schema}.job WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active')`,
        [names],
      );
      return Number((rows[0] as { n?: unknown } | undefined)?.n ?? 0);
    },
    onQueued(listener) {
      queuedListeners.add(listener);
      return () => queuedListeners.delete(listener);
    },
    async idle(names) {
      // Two passes in a row with nothing to do: the queues are read one after another, so a job that queues its
      // follow-up (media.photo, then gallery.photo-processed) and completes between two reads looks like nothing
      // in one pass. A handler queues its follow-ups before it completes, so the next pass sees them.
      let quietPasses = 0;
      for (;;) {
        let busy = 0;
        for (const name of names ?? workers.keys()) {
          // States before `completed` are created, retry and active.
          busy += (await boss.getQueueSize(name, { before: "completed" })) ?? 0;
        }
        quietPasses = busy === 0 ? quietPasses + 1 : 0;
        if (quietPasses === 2) return;
        await new Promise((r) => setTimeout(r, busy === 0 ? 10 : 50));
      }
    },
  };
}
