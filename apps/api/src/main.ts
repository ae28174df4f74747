import pino from "pino";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { seedDemo, seedEssentials } from "./db/seed/seed.ts";
import { openGeoIp } from "./platform/geoip.ts";
import { createMailer } from "./platform/mailer.ts";

const config = loadConfig();
const log = pino({ level: config.logLevel === "silent" ? "silent" : config.logLevel });
const database = await openDatabase({
  url: config.databaseUrl,
  dir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
});
await database.migrate();
await seedEssentials(database.db);
if (config.seedDemo) await seedDemo(database.db, { log });

const app = await buildApp({
  config,
  database,
  mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log }),
  geoip: await openGeoIp(config.geoipDb),
});
await app.listen({ host: config.host, port: config.port });

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await database.close();
    process.exit(0);
  });
}
