import pino from "pino";
import { buildApp } from "./app.ts";
import { type BaseConfig, loadBaseConfig, withPayment } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { PAYMENT_JOBS } from "./modules/commerce/checkout/service.ts";
import { readPaymentSettings } from "./modules/settings/service.ts";
import { VIDEO_JOBS } from "./modules/videos/service.ts";
import { checkStorage, createStorage } from "./platform/create-storage.ts";
import { openGeoIp } from "./platform/geoip.ts";
import { scheduleHousekeeping, TEMP_FILES_GRACE_MS } from "./platform/housekeeping.ts";
import { pgliteExecutor } from "./platform/jobs.ts";
import { createMailer } from "./platform/mailer.ts";
import { startEmbeddedWorker } from "./platform/media/embedded-worker.ts";
import { bundledToolsWarning, checkMediaTools, describeMediaTools } from "./platform/media/tools.ts";
import { assertPortFree, exitOnStartupFailure, type StartupContext } from "./platform/startup-errors.ts";
import { seedDemoCatalogue } from "./seed/catalogue.ts";
import { seedDemoFeaturesOnce } from "./seed/features.ts";
import { seedDemo } from "./seed/seed.ts";

/**
 * Everything before the API answers. A failure here is told in one plain line (platform/startup-errors.ts) and
 * the process exits; an interrupted first start is completed by the next one (seed/catalogue.ts).
 */
let config: BaseConfig | undefined;
const startupContext = (): StartupContext => ({
  port: config?.port ?? Number(process.env.API_PORT ?? 4000),
  portVariable: "API_PORT",
  host: config?.host ?? process.env.HOST ?? "0.0.0.0",
  dataDir: config?.dataDir,
});

async function start() {
  config = loadBaseConfig();
  const log = pino({ level: config.logLevel === "silent" ? "silent" : config.logLevel });
  // A taken port fails the start at once, not after the minutes of a first start's demo catalogue.
  await assertPortFree(config.port, config.host);
  // Before anything else: uploads need ffprobe, the demo catalogue and inline media jobs ffmpeg too (the worker
  // checks its own), and a broken one should stop the start.
  const mediaTools = await checkMediaTools();
  log.info(describeMediaTools(mediaTools));
  const bundledWarning = config.production ? bundledToolsWarning(mediaTools) : null;
  if (bundledWarning) log.warn(bundledWarning);
  const database = await openDatabase({
    url: config.databaseUrl,
    dir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
  });
  await database.migrate();
  // The gateway and its keys: each from the environment, else from Admin → Settings → Payment. Read once, here: the
  // adapter, its webhook route and Stripe's SDK are chosen now, so a change in the admin screen applies at the next
  // start. A missing or malformed value stops the start with one line naming the variable or the setting.
  const full = withPayment(config, await readPaymentSettings(database.db));
  log.info({ gateway: full.paymentGateway }, "payment gateway");
  if (config.seedDemo) await seedDemo(database.db, { log });

  // Uploads and transcodes cut short by a crash leave files only in the storage's scratch folder. The embedded
  // database belongs to this process alone, so all of them are stale now; on a server, other API processes sharing
  // MEDIA_DIR may be writing theirs, so only those untouched for the grace period go.
  const storage = await createStorage(config);
  await checkStorage(storage, config);
  log.info(
    storage.kind === "s3" && config.storage.kind === "s3"
      ? { storage: "s3", bucket: config.storage.bucket }
      : { storage: "disk", mediaDir: config.mediaDir },
    "storage",
  );
  const leftovers = await storage.removeTemp(database.kind === "pglite" ? 0 : TEMP_FILES_GRACE_MS);
  if (leftovers) log.info({ removed: leftovers }, "removed the temp files of an earlier run");

  const app = await buildApp({
    config: full,
    database,
    storage,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log }),
    geoip: await openGeoIp(config.geoipDb),
  });
  await app.ready();
  // Payout details saved before they were sealed are sealed now (those read first are sealed when read).
  const sealed = await app.services.payoutDetails.sealLegacy();
  if (sealed) log.info({ sealed }, "sealed the payout details saved in plain text");
  // On the embedded database, which no other process can open, the API forks the media worker itself, when media
  // is waiting (MEDIA_WORKER_IDLE_SEC); on a server, media workers run on their own (`npm run worker`; `npm start`
  // runs one beside the API).
  const worker =
    config.mediaJobs === "worker" && database.pglite
      ? startEmbeddedWorker({
          executor: pgliteExecutor(database.pglite),
          jobs: app.services.jobs,
          log: app.log,
          idleSec: config.mediaWorkerIdleSec,
        })
      : null;
  if (worker) app.services.system.reportEmbeddedWorker(worker);
  if (config.seedDemo) {
    // First run only: the catalogue goes in through the API's own routes before the site opens.
    await seedDemoCatalogue(app, database.db, { log }).catch((err: unknown) => {
      const why = (err instanceof Error ? err.message : String(err)).split("\n")[0];
      throw new Error(`the demo catalogue could not be made (${why}); the next start continues it`, { cause: err });
    });
  }
  await app.listen({ host: config.host, port: config.port });
  if (config.seedDemo && config.seedDemoFeatures) {
    // The long demo movies take minutes to make and transcode: the site is open meanwhile (seed/features.ts).
    void seedDemoFeaturesOnce(app, database.db, { log }).catch((err: unknown) => {
      const why = (err instanceof Error ? err.message : String(err)).split("\n")[0];
      log.warn({ why }, "the long demo movies could not be made; the next start continues them");
    });
  }
  return { app, database, storage, worker };
}

// What fails in the background while starting (a job runner, the embedded database) fails the start the same way.
const failStart = (err: unknown) => exitOnStartupFailure(err, startupContext());
process.on("uncaughtException", failStart);
process.on("unhandledRejection", failStart);
const { app, database, storage, worker } = await start().catch(failStart);
process.off("uncaughtException", failStart);
process.off("unhandledRejection", failStart);
// Hourly, on the hour: scheduled movies whose date has come are released; once now for those due while stopped.
await app.services.jobs.schedule(VIDEO_JOBS.publishScheduled, "0 * * * *");
await app.services.jobs.send(VIDEO_JOBS.publishScheduled, {}, { singletonKey: "startup" });
// Hourly: payments left pending for a day (a closed tab, a lost callback) expire.
await app.services.jobs.schedule(PAYMENT_JOBS.reconcile, "30 * * * *");
// Hourly: subscriptions whose paid period ended without a renewal lapse (access already ended with the date).
await app.services.jobs.schedule(PAYMENT_JOBS.lapse, "15 * * * *");
// News of new items: every minute, the scan for new items; every quarter hour, the digest mails that are due.
await app.services.news.schedule(app.services.jobs);
// Thumbnails stored before a size was added get it, in the background.
await app.services.jobs.send(VIDEO_JOBS.thumbnailVariants, {}, { singletonKey: "startup" });
const stopHousekeeping = scheduleHousekeeping(
  {
    expiredSessionsAndTokens: app.services.auth.purgeExpired,
    staleThrottleCounters: () => app.services.throttle.purgeStale(86_400_000),
    staleViewMarks: app.services.videos.purgeViewMarks,
    staleTempFiles: () => storage.removeTemp(TEMP_FILES_GRACE_MS),
  },
  app.log,
);

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    stopHousekeeping();
    // The worker first: it gives its job back through this process's database.
    await worker?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  });
}
