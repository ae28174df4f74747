// Payment webhook benchmark (DESIGN section 10: 10,000 deliveries, 2,000 events x 5, p99 <= 50 ms at 50 concurrent,
// exact final counts). One API process (apps/api/src/main.ts, production mode, the sandbox gateway) on a throwaway
// PostgreSQL database receives the sandbox's signed callbacks for checkouts made through its own API: each event is
// delivered several times, its copies scattered through the run, and some refunds overtake the payment they refund.
// Prints deliveries/s, latency percentiles, the process's RSS, the outcomes, then checks the whole ledger in SQL
// (apps/api/test/ledger-load/check.ts) and prints OK or each mismatch. Exits 1 on a mismatch or a stall.
// Needs DATABASE_URL (a PostgreSQL server; a database marquee_bench_pay_* is made on it and dropped afterwards).
// Usage: npm run bench:payments [-- --deliveries 10000 --transactions 1800 --refunds 200 --early-refunds 100
//        --concurrency 50 --stall-seconds 15]
// About 10% duplicates instead of 5 copies each: -- --transactions 8200 --refunds 900 --early-refunds 450
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import pg from "pg";
import {
  type Answer,
  checkouts,
  type Delivery,
  drive,
  events,
  ledgerApi,
  webhookClient,
} from "../apps/api/test/ledger-load/api.ts";
import { checkLedger, type Fate } from "../apps/api/test/ledger-load/check.ts";
import { seedShop, throwawayDatabase } from "../apps/api/test/ledger-load/shop.ts";

const { values } = parseArgs({
  options: {
    deliveries: { type: "string", default: "10000" },
    transactions: { type: "string", default: "1800" },
    refunds: { type: "string", default: "200" },
    "early-refunds": { type: "string", default: "100" },
    concurrency: { type: "string", default: "50" },
    "stall-seconds": { type: "string", default: "15" },
  },
});
const DELIVERIES = Number(values.deliveries);
const TRANSACTIONS = Number(values.transactions);
const REFUNDS = Math.min(Number(values.refunds), TRANSACTIONS);
const EARLY = Math.min(Number(values["early-refunds"]), REFUNDS);
const CONCURRENCY = Number(values.concurrency);
const STALL_MS = Number(values["stall-seconds"]) * 1000;
const EVENTS = TRANSACTIONS + REFUNDS;
if (DELIVERIES < EVENTS) {
  console.error(`--deliveries (${DELIVERIES}) must be at least one per event (${EVENTS}).`);
  process.exit(2);
}
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error("Set DATABASE_URL to a PostgreSQL server to run this benchmark (a throwaway database is made on it).");
  process.exit(2);
}

const PER_BUYER = 4;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const shuffle = <T>(a: T[]) => {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
};

const database = await throwawayDatabase(serverUrl, "marquee_bench_pay");
const api = await ledgerApi(database.url);
let failed = false;
try {
  let t0 = performance.now();
  const buyers = Math.ceil(TRANSACTIONS / PER_BUYER);
  const shop = await seedShop(database.url, { performers: 40, movies: 400, buyers });
  await api.start();
  const wanted = shop.buyers
    .flatMap((buyer, b) =>
      Array.from({ length: PER_BUYER }, (_, k) => ({
        buyer,
        movie: shop.movies[(b * PER_BUYER + k) % shop.movies.length] as (typeof shop.movies)[number],
        coupon: k === 0 && b % 3 === 0,
      })),
    )
    .slice(0, TRANSACTIONS);
  const purchases = await checkouts(api, database.url, wanted);
  console.log(
    `Set-up: ${shop.movies.length} movies for sale by ${shop.performers.length} performers, ${buyers} buyers, ` +
      `${purchases.length} checkouts through the API, in ${secs(performance.now() - t0)}.`,
  );

  // The plan: every transaction paid; REFUNDS of them refunded, EARLY of those with a refund that overtakes the
  // payment (its first copy goes out before the payment's first), the others only once the payment was answered.
  const fates = new Map<string, Fate>();
  const plan: Array<{ event: Delivery["event"]; after?: string; early?: string }> = [];
  shuffle([...purchases]).forEach((p, i) => {
    const paid = events.paid(p);
    plan.push({ event: paid });
    fates.set(p.transactionId, "paid");
    if (i < REFUNDS) {
      fates.set(p.transactionId, "refunded");
      plan.push(
        i < EARLY ? { event: events.refunded(p), early: paid.id } : { event: events.refunded(p), after: paid.id },
      );
    }
  });
  // Copies: the same number for each event, the rest one more for random events; scattered through the run.
  const copies = plan.map(() => Math.floor(DELIVERIES / EVENTS));
  for (const i of shuffle(plan.map((_, i) => i)).slice(0, DELIVERIES - copies.reduce((a, b) => a + b, 0))) {
    copies[i] = (copies[i] ?? 0) + 1;
  }
  const deliveries: Array<Delivery & { early?: string }> = shuffle(
    plan.flatMap((d, i) => Array.from({ length: copies[i] ?? 1 }, () => ({ ...d }))),
  );
  // An early refund's first copy goes before its payment's first copy.
  const firstOf = new Map<string, number>();
  deliveries.forEach((d, i) => {
    if (!firstOf.has(d.event.id)) firstOf.set(d.event.id, i);
  });
  for (const d of plan) {
    if (!d.early) continue;
    const r = firstOf.get(d.event.id) as number;
    const p = firstOf.get(d.early) as number;
    if (r > p) [deliveries[r], deliveries[p]] = [deliveries[p] as Delivery, deliveries[r] as Delivery];
  }
  const distinct = new Set(deliveries.map((d) => d.event.id)).size;

  const rssBefore = await api.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    api.rss().then(
      (r) => {
        rssPeak = Math.max(rssPeak, r);
      },
      () => {},
    );
  }, 250);
  // A stall (no answer for STALL_MS with deliveries in flight) ends the run: what the database was doing is printed.
  let lastAnswer = performance.now();
  let stalled: string | undefined;
  const outcomes = new Map<string, number>();
  const client = webhookClient(api.base, CONCURRENCY);
  const watchdog = setInterval(async () => {
    if (stalled || performance.now() - lastAnswer < STALL_MS) return;
    stalled = await whatTheDatabaseDoes(database.url);
    await api.kill();
  }, 1000);
  const [load1] = loadavg();
  t0 = performance.now();
  const run = await drive(api, client, deliveries, {
    concurrency: CONCURRENCY,
    stop: () => stalled !== undefined,
    onAnswer: (a: Answer) => {
      lastAnswer = performance.now();
      const outcome = /"outcome":"(\w+)"/.exec(a.body)?.[1] ?? `HTTP ${a.status}`;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    },
  });
  const elapsedMs = performance.now() - t0;
  clearInterval(watchdog);
  clearInterval(sampler);
  client.close();
  const rssAfter = stalled ? Number.NaN : await api.rss();

  const ms = run.answers.map((a) => a.ms).sort((a, b) => a - b);
  const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] ?? Number.NaN;
  const p99 = q(0.99);
  console.log(
    `\nMachine: ${cpus().length} cores, load average ${load1?.toFixed(1)} before the run (other work skews the figures); ` +
      "the API, PostgreSQL and this client share them.",
  );
  console.log(
    `Payment webhooks: ${deliveries.length.toLocaleString("en")} deliveries of ${distinct.toLocaleString("en")} events ` +
      `(${TRANSACTIONS} payments, ${REFUNDS} refunds of which ${EARLY} sent before their payment), ` +
      `${CONCURRENCY} at a time, in ${secs(elapsedMs)}`,
  );
  const settled = new Set(run.answers.filter((a) => a.status === 200).map((a) => a.id)).size;
  console.log(
    `  throughput: ${((run.answers.length / elapsedMs) * 1000).toFixed(0)} deliveries/s ` +
      `(${((settled / elapsedMs) * 1000).toFixed(0)} distinct events/s)`,
  );
  console.log(
    `  latency: p50 ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ` +
      `max ${q(1).toFixed(1)} ms (budget p99 <= 50 ms: ${(p99 / 50).toFixed(2)}x the budget)`,
  );
  console.log(
    `  API RSS: ${mb(rssBefore)} before, ${mb(rssPeak)} at the peak, ${stalled ? "killed" : `${mb(rssAfter)} after`}`,
  );
  console.log(
    `  answers: ${[...outcomes].map(([k, n]) => `${n} ${k}`).join(", ")}; ` +
      `${run.errors.length} without an answer, ${run.unsent} not sent`,
  );
  if (stalled) {
    failed = true;
    console.log(
      `\nSTALLED: no delivery answered for ${STALL_MS / 1000} s with deliveries in flight; the API was killed.`,
    );
    console.log(`  PostgreSQL sessions of the API then:\n${stalled}`);
  } else {
    const sent = new Set(deliveries.map((d) => d.event.id));
    const report = await checkLedger(database.url, fates, sent);
    const c = report.counts;
    console.log(
      `\nLedger: ${c.transactions} transactions: ${c.paid} paid, ${c.refunded} refunded, ${c.failed} failed, ` +
        `${c.pending} pending; ${c.events} events stored; ${c.saleEarnings} sale earnings, ${c.reversals} reversals; ` +
        `earnings gross ${c.grossCents} cents, commission ${c.commissionCents}, net ${c.netCents}`,
    );
    const otherFates = report.fates;
    const show = (list: string[]) => {
      for (const line of list.slice(0, 10)) console.log(`    ${line}`);
      if (list.length > 10) console.log(`    ... and ${list.length - 10} more`);
    };
    console.log(
      `  invariants (counts exact, one earning per performer to the cent, totals): ${report.invariants.length ? "MISMATCH" : "OK"}`,
    );
    show(report.invariants);
    console.log(`  each transaction as its events say: ${report.fates.length ? "MISMATCH" : "OK"}`);
    show(otherFates);
    failed = report.invariants.length > 0 || report.fates.length > 0;
  }
} finally {
  await api.close();
  await database.drop();
}
process.exit(failed ? 1 : 0);

/** The database sessions of the API, grouped by what they wait on (to tell a deadlock from a slow query). */
async function whatTheDatabaseDoes(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ n: string; state: string; wait: string; query: string }>(
      `SELECT count(*) AS n, state, coalesce(wait_event_type || ':' || wait_event, '-') AS wait,
          left(regexp_replace(query, '\\s+', ' ', 'g'), 80) AS query
        FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name <> 'marquee-jobs'
        GROUP BY 2, 3, 4 ORDER BY 1 DESC`,
    );
    return rows.map((r) => `    ${r.n} x ${r.state} (${r.wait}): ${r.query}`).join("\n");
  } finally {
    await c.end();
  }
}
