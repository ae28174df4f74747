// A process that takes one job and hangs in it, for the crash tests of `platform/jobs.test.ts`: they kill it with
// SIGKILL mid-job. Arguments: a PostgreSQL URL or the directory of an embedded database; the job's lease in seconds.
import { PGlite } from "@electric-sql/pglite";
import { createJobs } from "../src/platform/jobs.ts";

const [target = "", lease] = process.argv.slice(2);
const database = target.startsWith("postgres")
  ? { connectionString: target }
  : { pglite: await PGlite.create({ dataDir: target }) };
const jobs = createJobs({
  database,
  log: console,
  pollingIntervalSeconds: 0.5,
  retryDelaySeconds: 0,
  leaseSeconds: Number(lease) || undefined,
});
await jobs.work("crash", async () => {
  process.stdout.write("running\n");
  await new Promise(() => {});
});
await jobs.start();
await jobs.send("crash", { n: 1 });
