// `npm run seed`: puts the demo accounts and the demo catalogue into the configured database (also a server one)
// on purpose.
import pino from "pino";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { openGeoIp } from "../platform/geoip.ts";
import { createMailer } from "../platform/mailer.ts";
import { seedDemoCatalogue } from "./catalogue.ts";
import { seedDemo } from "./seed.ts";

const config = loadConfig();
const log = pino({ level: config.logLevel === "silent" ? "silent" : config.logLevel });
const database = await openDatabase({
  url: config.databaseUrl,
  dir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
});
await database.migrate();
await seedDemo(database.db, { log });
const app = await buildApp({
  config,
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
