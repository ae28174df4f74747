// `npm run seed`: puts the demo accounts and the demo catalogue into the configured database (also a server one)
// on purpose.
import pino from "pino";
import { buildApp } from "../app.ts";
import { loadBaseConfig, withPayment } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { readPaymentSettings } from "../modules/settings/service.ts";
import { openGeoIp } from "../platform/geoip.ts";
import { createMailer } from "../platform/mailer.ts";
import { seedDemoCatalogue } from "./catalogue.ts";
import { seedDemo } from "./seed.ts";

const base = loadBaseConfig();
const log = pino({ level: base.logLevel === "silent" ? "silent" : base.logLevel });
const database = await openDatabase({
  url: base.databaseUrl,
  dir: base.databaseUrl ? undefined : `${base.dataDir}/db`,
});
await database.migrate();
// The gateway as the API would start with it (the environment, else Admin → Settings → Payment).
const config = withPayment(base, await readPaymentSettings(database.db));
await seedDemo(database.db, { log });
// A one-off tool: the demo clips' transcodes run here, whether or not media workers run (MEDIA_JOBS).
const app = await buildApp({
  config: { ...config, mediaJobs: "inline" },
  database,
  mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log }),
  geoip: await openGeoIp(config.geoipDb),
  realtime: false,
});
await app.ready();
await seedDemoCatalogue(app, database.db, { log });
await app.close();
await database.close();
console.log("Demo data is in place.");
