// `npm run seed`: puts the demo accounts into the configured database (also a server one) on purpose.
import { loadConfig } from "../../config.ts";
import { openDatabase } from "../client.ts";
import { seedDemo } from "./seed.ts";

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
});
await database.migrate();
await seedDemo(database.db, { log: { info: (o, m) => console.log(m, JSON.stringify(o)) } });
await database.close();
console.log("Demo data is in place.");
