// What one webhook delivery costs the API, path by path (the figures behind bench:payments' latency): one API process
// (apps/api/src/main.ts, production mode, the sandbox gateway) on a throwaway PostgreSQL database is sent, 50 at a
// time, a duplicate of an event it has stored (one read), then new events for no known transaction (each recorded
// and flagged in a database transaction of its own), then `/health` for the floor of a request. Prints requests per
// second and the API process's CPU per request (user and system, from /proc), which the machine's load does not
// inflate as it does latency.
// Needs DATABASE_URL (a PostgreSQL server; a database marquee_paths_* is made on it and dropped afterwards).
// Usage: npm run bench:payment-paths [-- --requests 5000]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ledgerApi, webhookClient } from "../apps/api/test/ledger-load/api.ts";
import { throwawayDatabase } from "../apps/api/test/ledger-load/shop.ts";

const { values } = parseArgs({ options: { requests: { type: "string", default: "5000" } } });
const N = Number(values.requests);
const CONCURRENCY = 50;
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error("Set DATABASE_URL to a PostgreSQL server to run this benchmark (a throwaway database is made on it).");
  process.exit(2);
}

const database = await throwawayDatabase(serverUrl, "marquee_paths");
const api = await ledgerApi(database.url);
try {
  await api.start();
  const client = webhookClient(api.base, CONCURRENCY);
  /** The API process's user and system CPU so far, in ms (/proc/PID/stat fields 14 and 15, in 10 ms ticks). */
  const cpu = () => {
    const f = readFileSync(`/proc/${api.child?.pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return { user: Number(f[11]) * 10, system: Number(f[12]) * 10 };
  };
  async function measure(label: string, n: number, send: (i: number) => Promise<unknown>) {
    const before = cpu();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < n) await send(next++);
      }),
    );
    const ms = performance.now() - started;
    const after = cpu();
    const per = (k: "user" | "system") => (after[k] - before[k]) / n;
    console.log(
      `${label.padEnd(44)} ${String(Math.round((n / ms) * 1000)).padStart(5)} req/s; API CPU ${(per("user") + per("system")).toFixed(2)} ms per request (user ${per("user").toFixed(2)}, system ${per("system").toFixed(2)})`,
    );
  }
  const nobody = "01a21e58-9488-7a9f-ad26-ebdd2c720d9d";
  const event = (id: string) =>
    api.sign({ id, type: "paid", transactionId: nobody, amountCents: 100, currency: "USD" });
  const stored = event("paths-stored");
  await client.post(stored);
  // A first pass warms the process (JIT, pools) and is not printed.
  await measure("(warm-up)", Math.min(N, 2000), () => client.post(stored)).catch(() => undefined);
  console.log(`\n${N} requests per path, ${CONCURRENCY} at a time:`);
  await measure("duplicate of a stored event", N, () => client.post(stored));
  await measure("new event, flagged (no such transaction)", N, (i) => client.post(event(`paths-new-${i}`)));
  await measure("/health", N, () => fetch(`${api.base}/health`).then((r) => r.text()));
} finally {
  await api.close();
  await database.drop();
}
