import { randomUUID } from "node:crypto";
import PgBoss from "pg-boss";

/**
 * Background jobs (DESIGN section 1): an in-process runner by default, pg-boss 10 when the API runs on a
 * PostgreSQL server. Handlers must be idempotent: a job can run again after a failure or a crash.
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

/** What the runners need of a logger (pino's and Fastify's fit). */
export interface JobsLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const DEFAULT_RETRY_LIMIT = 2;
const QUEUE_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

function assertName(name: string) {
  if (!QUEUE_NAME.test(name)) throw new Error(`invalid job name: ${name}`);
}

/** `* * * * *` (every minute), `*\/N * * * *` (every N minutes, N dividing 60) or `M * * * *` (hourly at M). */
export function parseCron(cron: string): { everyMinutes: number; atMinute: number } {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5 || fields.slice(1).some((f) => f !== "*")) {
    throw new Error(`unsupported cron pattern "${cron}": use "* * * * *", "*/N * * * *" or "M * * * *"`);
  }
  const minute = fields[0] as string;
  if (minute === "*") return { everyMinutes: 1, atMinute: 0 };
  const step = /^\*\/(\d{1,2})$/.exec(minute);
  if (step) {
    const n = Number(step[1]);
    if (n >= 1 && n <= 60 && 60 % n === 0) return { everyMinutes: n, atMinute: 0 };
  } else if (/^\d{1,2}$/.test(minute) && Number(minute) <= 59) {
    return { everyMinutes: 60, atMinute: Number(minute) };
  }
  throw new Error(`unsupported cron pattern "${cron}": use "* * * * *", "*/N * * * *" or "M * * * *"`);
}

/** Milliseconds from `now` to the next UTC minute boundary matching the pattern. */
export function msUntilNext(cron: { everyMinutes: number; atMinute: number }, now = Date.now()): number {
  const minuteMs = 60_000;
  const nextMinute = Math.floor(now / minuteMs) + 1;
  const period = cron.everyMinutes;
  // Minutes since the epoch are aligned with UTC hours, so `minute % period` works for every supported pattern.
  const offset = (((cron.atMinute - nextMinute) % period) + period) % period;
  return (nextMinute + offset) * minuteMs - now;
}

interface Entry {
  data: object;
  key?: string;
  retryLimit: number;
  attempt: number;
}

interface Queue {
  name: string;
  handler: JobHandler | null;
  waiting: Entry[];
  running: Promise<void> | null;
  /** Jobs waiting out their retry delay. */
  delayed: number;
}

/**
 * Jobs in memory: a queue per name, one job at a time per name (a 2-core machine transcodes one video at a
 * time), retries with exponential backoff. Jobs do not survive a restart.
 */
export function createInProcessJobs(opts: { log: JobsLog; retryDelayMs?: number }): Jobs {
  const { log } = opts;
  const retryDelayMs = opts.retryDelayMs ?? 5000;
  const queues = new Map<string, Queue>();
  const schedules = new Map<string, { cron: { everyMinutes: number; atMinute: number }; timer?: NodeJS.Timeout }>();
  const retryTimers = new Set<NodeJS.Timeout>();
  let idleWaiters: (() => void)[] = [];
  let started = false;
  let stopped = false;

  const queue = (name: string): Queue => {
    let q = queues.get(name);
    if (!q) {
      q = { name, handler: null, waiting: [], running: null, delayed: 0 };
      queues.set(name, q);
    }
    return q;
  };

  // After stop() nothing more will start: idle once the running jobs are done.
  const isIdle = () =>
    [...queues.values()].every(
      (q) => !q.running && (stopped || !q.handler || (q.waiting.length === 0 && q.delayed === 0)),
    );

  const checkIdle = () => {
    if (idleWaiters.length === 0 || !isIdle()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  };

  const pump = (q: Queue) => {
    if (!started || stopped || !q.handler || q.running) return checkIdle();
    const entry = q.waiting.shift();
    if (!entry) return checkIdle();
    const handler = q.handler;
    q.running = (async () => {
      try {
        await handler(entry.data);
      } catch (err) {
        if (entry.attempt < entry.retryLimit && !stopped) {
          const delay = retryDelayMs * 2 ** entry.attempt;
          log.warn({ err, job: q.name, attempt: entry.attempt + 1, retryInMs: delay }, "job failed; will retry");
          q.delayed++;
          const timer = setTimeout(() => {
            retryTimers.delete(timer);
            q.delayed--;
            q.waiting.push({ ...entry, attempt: entry.attempt + 1 });
            pump(q);
          }, delay);
          timer.unref();
          retryTimers.add(timer);
        } else {
          log.error({ err, job: q.name, attempts: entry.attempt + 1 }, "job failed");
        }
      }
    })().finally(() => {
      q.running = null;
      pump(q);
    });
  };

  const arm = (name: string) => {
    const s = schedules.get(name);
    if (!s || !started || stopped) return;
    clearTimeout(s.timer);
    s.timer = setTimeout(() => {
      jobs
        .send(name, {}, { singletonKey: `schedule:${name}` })
        .catch((err) => log.error({ err, job: name }, "schedule"));
      arm(name);
    }, msUntilNext(s.cron));
    s.timer.unref();
  };

  const jobs: Jobs = {
    async send(name, data, sendOpts = {}) {
      assertName(name);
      if (!started || stopped) throw new Error("jobs: call start() before send()");
      const q = queue(name);
      if (sendOpts.singletonKey && q.waiting.some((e) => e.key === sendOpts.singletonKey)) return;
      q.waiting.push({
        data,
        key: sendOpts.singletonKey,
        retryLimit: sendOpts.retryLimit ?? DEFAULT_RETRY_LIMIT,
        attempt: 0,
      });
      pump(q);
    },
    async work(name, handler) {
      assertName(name);
      const q = queue(name);
      if (q.handler) throw new Error(`jobs: ${name} already has a worker`);
      q.handler = handler as JobHandler;
      pump(q);
    },
    async schedule(name, cron) {
      assertName(name);
      const prev = schedules.get(name);
      clearTimeout(prev?.timer);
      schedules.set(name, { cron: parseCron(cron) });
      arm(name);
    },
    async start() {
      if (started) return;
      started = true;
      for (const name of schedules.keys()) arm(name);
      for (const q of queues.values()) pump(q);
    },
    async stop() {
      stopped = true;
      for (const s of schedules.values()) clearTimeout(s.timer);
      for (const t of retryTimers) clearTimeout(t);
      retryTimers.clear();
      for (const q of queues.values()) q.delayed = 0;
      await Promise.all([...queues.values()].map((q) => q.running));
      checkIdle();
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        checkIdle();
      });
    },
  };
  return jobs;
}

/**
 * Jobs in PostgreSQL through pg-boss 10, in its own `pgboss` schema: durable, retried with backoff,
 * shared by every API process (each works one job at a time per queue). Queues are created on first use
 * with the `stately` policy so that `singletonKey` keeps at most one waiting job per key; jobs sent
 * without a key get a unique one.
 */
export function createPgBossJobs(opts: {
  connectionString: string;
  log: JobsLog;
  schema?: string;
  /** How often an idle worker looks for work (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Base retry delay; pg-boss doubles it per attempt and adds jitter (default 5). */
  retryDelaySeconds?: number;
}): Jobs {
  const { log } = opts;
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 2;
  const boss = new PgBoss({
    connectionString: opts.connectionString,
    schema: opts.schema ?? "pgboss",
    max: 4,
    application_name: "marquee-jobs",
  });
  boss.on("error", (err) => log.error({ err }, "pg-boss"));

  const created = new Map<string, Promise<void>>();
  const workers = new Map<string, JobHandler>();
  const schedules = new Map<string, string>();
  let started = false;

  const ensureQueue = (name: string) => {
    let p = created.get(name);
    if (!p) {
      p = boss.createQueue(name, {
        name,
        policy: "stately",
        retryLimit: DEFAULT_RETRY_LIMIT,
        retryDelay: opts.retryDelaySeconds ?? 5,
        retryBackoff: true,
        expireInSeconds: 4 * 60 * 60,
      });
      p.catch(() => created.delete(name));
      created.set(name, p);
    }
    return p;
  };

  const startWorker = async (name: string, handler: JobHandler) => {
    await ensureQueue(name);
    await boss.work<object>(name, { batchSize: 1, pollingIntervalSeconds }, async (batch) => {
      // pg-boss 10 hands a batch (an array) to every handler; a throw fails the batch, which is retried.
      for (const job of batch) {
        try {
          await handler(job.data);
        } catch (err) {
          log.error({ err, job: name, id: job.id }, "job failed");
          throw err;
        }
      }
    });
  };

  const startSchedule = async (name: string, cron: string) => {
    await ensureQueue(name);
    await boss.schedule(name, cron, {}, { tz: "UTC", singletonKey: `schedule:${name}` });
  };

  return {
    async send(name, data, sendOpts = {}) {
      assertName(name);
      if (!started) throw new Error("jobs: call start() before send()");
      await ensureQueue(name);
      await boss.send(name, data, {
        singletonKey: sendOpts.singletonKey ?? randomUUID(),
        retryLimit: sendOpts.retryLimit ?? DEFAULT_RETRY_LIMIT,
      });
    },
    async work(name, handler) {
      assertName(name);
      if (workers.has(name)) throw new Error(`jobs: ${name} already has a worker`);
      workers.set(name, handler as JobHandler);
      if (started) await startWorker(name, handler as JobHandler);
    },
    async schedule(name, cron) {
      assertName(name);
      parseCron(cron);
      schedules.set(name, cron);
      if (started) await startSchedule(name, cron);
    },
    async start() {
      if (started) return;
      await boss.start();
      started = true;
      for (const [name, handler] of workers) await startWorker(name, handler);
      for (const [name, cron] of schedules) await startSchedule(name, cron);
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
    async idle() {
      for (;;) {
        let busy = 0;
        for (const name of workers.keys()) {
          // States before `completed` are created, retry and active.
          busy += (await boss.getQueueSize(name, { before: "completed" })) ?? 0;
        }
        if (busy === 0) return;
        await new Promise((r) => setTimeout(r, 250));
      }
    },
  };
}
