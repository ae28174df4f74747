import pg from "pg";
import pino from "pino";
import { loadWorkerConfig } from "./config.ts";
import { createHeartbeat, migrated } from "./modules/system/heartbeat.ts";
import { checkStorage, createStorage } from "./platform/create-storage.ts";
import { TEMP_FILES_GRACE_MS } from "./platform/housekeeping.ts";
import { createJobs, type SqlExecutor } from "./platform/jobs.ts";
import { ipcExecutor } from "./platform/jobs-ipc.ts";
import { IDLE_EXIT_CODE, watchIdle } from "./platform/media/idle.ts";
import { checkMediaTools, describeMediaTools } from "./platform/media/tools.ts";
import { createMediaWork, HEAVY_QUEUES } from "./platform/media/work.ts";
import { exitOnStartupFailure, StartupError } from "./platform/startup-errors.ts";

/**
 * A media worker (`npm run worker`): works only the heavy media queues (platform/media/work.ts), one job per queue
 * at a time, on any machine that reaches the database and the storage. It opens no application table; besides
 * pg-boss's statements it writes only its heartbeat (modules/system/heartbeat.ts).
 *
 * On PostgreSQL (DATABASE_URL) it has its own small pool. On the embedded database, which only the API process may
 * open, the API forks it (platform/media/embedded-worker.ts) with MARQUEE_WORKER_IPC=1, and every statement goes to
 * the API over the IPC channel; pg-boss's maintenance and schedules then stay with the API. There it runs on demand:
 * after MEDIA_WORKER_IDLE_SEC with no heavy job running or waiting it stops, with IDLE_EXIT_CODE (platform/media/idle.ts),
 * and the API forks it again when the next one is queued.
 *
 * SIGTERM or SIGINT: it takes no new job, waits up to WORKER_STOP_GRACE_SEC for the running ones, gives back to the
 * queue those still running (so another worker retries them at once) and exits.
 */
const viaIpc = process.env.MARQUEE_WORKER_IPC === "1" && typeof process.send === "function";

async function start() {
  const config = loadWorkerConfig();
  const log = pino({ level: config.logLevel, base: { worker: process.pid } });
  if (!viaIpc && !config.databaseUrl) {
    throw new StartupError(
      "a media worker needs DATABASE_URL (PostgreSQL). On the embedded database the API runs its own worker: use `npm start`.",
    );
  }
  const tools = await checkMediaTools();
  log.info(describeMediaTools(tools));

  let pool: pg.Pool | undefined;
  let executor: SqlExecutor;
  if (viaIpc) executor = ipcExecutor();
  else {
    pool = new pg.Pool({ connectionString: config.databaseUrl, max: 3, application_name: "marquee-worker" });
    pool.on("error", () => {});
    const p = pool;
    executor = { executeSql: async (text, values = []) => ({ rows: (await p.query(text, values)).rows }) };
  }
  // Started together with the API processes, it may come before their migrations.
  await migrated(executor, log);
  const heartbeat = createHeartbeat({ executor, queues: HEAVY_QUEUES, log });
  let idle: ReturnType<typeof watchIdle> | undefined;
  const jobs = createJobs({
    database: { executor },
    log,
    leaseSeconds: config.jobsLeaseSec,
    maintenance: !viaIpc,
    reclaimOnStart: false,
    observer: {
      started(job, data) {
        idle?.started();
        heartbeat.observer.started(job, data);
      },
      finished(job, error) {
        idle?.finished();
        heartbeat.observer.finished(job, error);
      },
    },
  });
  const storage = await createStorage(config);
  await checkStorage(storage, config);
  // What a worker that died on this machine left in the scratch folder (others may be writing theirs now).
  await storage.removeTemp(TEMP_FILES_GRACE_MS);
  await createMediaWork({ storage, jobs, log }).registerJobs();
  await jobs.start();
  await heartbeat.start();
  log.info({ id: heartbeat.id, queues: HEAVY_QUEUES }, "media worker ready");

  let stopping = false;
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    idle?.stop();
    log.info("media worker stopping");
    await jobs.stop({ timeoutMs: config.stopGraceSec * 1000 }).catch((err) => log.error({ err }, "stopping jobs"));
    await heartbeat.stop();
    await pool?.end();
    process.exit(code);
  };
  process.on("SIGTERM", () => stop());
  process.on("SIGINT", () => stop());
  // Forked on demand by the API: it stops once nothing is left to do; the API forks it again for the next job.
  if (viaIpc && config.idleSec > 0) {
    idle = watchIdle({
      idleMs: config.idleSec * 1000,
      pending: () => jobs.pending(HEAVY_QUEUES),
      onIdle: () => {
        log.info({ idleSec: config.idleSec }, "media worker idle: stopping until media is waiting");
        void stop(IDLE_EXIT_CODE);
      },
      onError: (err) => log.warn({ err }, "the media worker could not read its queues"),
    });
  }
  // Forked by the API: without it there is no database; its supervisor starts a new one with the next API.
  if (viaIpc) process.on("disconnect", () => process.exit(0));
}

const failStart = (err: unknown) => exitOnStartupFailure(err, {});
process.on("uncaughtException", failStart);
process.on("unhandledRejection", failStart);
await start().catch(failStart);
process.off("uncaughtException", failStart);
process.off("unhandledRejection", failStart);
