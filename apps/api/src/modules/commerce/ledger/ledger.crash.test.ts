import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkouts,
  type Delivery,
  drive,
  events,
  inPool,
  type LedgerApi,
  ledgerApi,
  type Purchase,
  webhookClient,
} from "../../../../test/ledger-load/api.ts";
import { checkLedger, type Fate } from "../../../../test/ledger-load/check.ts";
import { type Buyer, seedShop, throwawayDatabase } from "../../../../test/ledger-load/shop.ts";

/**
 * The ledger against a crash (issue 10, DESIGN section 6): the API, a real `node` process on PostgreSQL, receives a
 * flood of the sandbox gateway's signed callbacks for 300 pending checkouts, each delivered several times at once,
 * and is killed with SIGKILL at a random moment in the middle of it; restarted, it receives every delivery again, as
 * a gateway retries what it never saw answered. Whatever the kill cut short, each payment counts exactly once.
 *
 * PostgreSQL only (the embedded database belongs to one process and is not what production runs): it runs in the
 * API suite's PostgreSQL stage (TEST_DB=postgres), or alone with DATABASE_URL set.
 */
const serverUrl = process.env.TEST_DB === "pglite" ? undefined : process.env.DATABASE_URL;

const BUYERS = 100;
const PER_BUYER = 3;
/** Each event is posted this many times at once. */
const COPIES = 3;
/**
 * Events (each with its copies) in flight together: 8 x 3 = 24 requests, more than the API's 20 database
 * connections (which once deadlocked it: ledger.order.test.ts).
 */
const GROUPS = 8;

describe.skipIf(!serverUrl)("the API killed with SIGKILL in the middle of a flood of payment callbacks", () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let api: LedgerApi;
  let purchases: Purchase[];
  const fates = new Map<string, Fate>();
  const deliveries: Delivery[] = [];

  beforeAll(async () => {
    database = await throwawayDatabase(serverUrl as string, "marquee_ledger_crash");
    const shop = await seedShop(database.url, { performers: 7, movies: 60, buyers: BUYERS });
    api = await ledgerApi(database.url);
    await api.start();
    // Each buyer buys three different movies; every other buyer uses the coupon on the first.
    const wanted = shop.buyers.flatMap((buyer: Buyer, b) =>
      Array.from({ length: PER_BUYER }, (_, k) => ({
        buyer,
        movie: shop.movies[(b * PER_BUYER + k) % shop.movies.length] as (typeof shop.movies)[number],
        coupon: k === 0 && b % 2 === 0,
      })),
    );
    purchases = await checkouts(api, database.url, wanted);
    // Of ten: one declined, two paid then refunded (the refund sent once the payment was answered), one approved
    // twice under two event ids, six paid.
    const paid: Delivery[] = [];
    const later: Delivery[] = [];
    purchases.forEach((p, i) => {
      const kind = i % 10;
      if (kind === 0) {
        paid.push({ event: events.declined(p), copies: COPIES });
        fates.set(p.transactionId, "failed");
        return;
      }
      const approve = events.paid(p);
      paid.push({ event: approve, copies: COPIES });
      fates.set(p.transactionId, "paid");
      if (kind === 1 || kind === 5) {
        later.push({ event: events.refunded(p), copies: COPIES, after: approve.id });
        fates.set(p.transactionId, "refunded");
      }
      if (kind === 2) paid.push({ event: events.paid(p, `again:${approve.id}`), copies: COPIES });
    });
    // Not in checkout order: the gateway answers buyers as they decide, and refunds come among the payments.
    const shuffled = paid.sort(() => Math.random() - 0.5);
    for (const r of later) shuffled.splice(Math.floor(Math.random() * (shuffled.length + 1)), 0, r);
    deliveries.push(...shuffled);
    // A database made and migrated, a shop seeded and an API started as its own process: under a minute alone, and
    // several on a machine busy with other suites. The cap is for a hang.
  }, 300_000);

  afterAll(async () => {
    await api?.close();
    await database?.drop();
  });

  it("counts every payment exactly once after a restart and the gateway's retries", { timeout: 300_000 }, async () => {
    const total = deliveries.length * COPIES;
    // The kill: once a random share (5% to 85%) of the flood has been answered, whatever is in flight then.
    const killAtAnswers = Math.floor(total * (0.05 + Math.random() * 0.8));
    let killing: Promise<void> | undefined;
    let answered = 0;
    const first = webhookClient(api.base, GROUPS * COPIES);
    const before = await drive(api, first, deliveries, {
      concurrency: GROUPS,
      stop: () => killing !== undefined,
      onAnswer: () => {
        if (++answered >= killAtAnswers) killing ??= api.kill();
      },
    });
    first.close();
    await killing;

    // The kill came in the middle: some deliveries were answered, others were cut off in flight, others not sent.
    expect(killing).toBeDefined();
    expect(before.answers.length).toBeGreaterThanOrEqual(killAtAnswers);
    expect(before.errors.length, "deliveries in flight when the process died").toBeGreaterThan(0);
    expect(before.unsent).toBeGreaterThan(0);
    // Whatever was answered before the kill was answered 200: concurrent copies never make a server error.
    expect(before.answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body}`)).toEqual([]);
    expect(before.answers.filter((a) => a.body.includes('"applied"')).length).toBeGreaterThan(0);

    // The restart, and every delivery again, as the gateway retries: all answered 200 this time.
    await api.start();
    const second = webhookClient(api.base, GROUPS * COPIES);
    const after = await drive(api, second, deliveries, { concurrency: GROUPS });
    second.close();
    expect(after.errors).toEqual([]);
    expect(after.answers).toHaveLength(total);
    expect(after.answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body}`)).toEqual([]);

    const sent = new Set(deliveries.map((d) => d.event.id));
    const report = await checkLedger(database.url, fates, sent);
    expect(report.invariants).toEqual([]);
    expect(report.fates).toEqual([]);
    const planned = [...fates.values()];
    expect(report.counts).toMatchObject({
      transactions: purchases.length,
      paid: planned.filter((f) => f === "paid").length,
      refunded: planned.filter((f) => f === "refunded").length,
      failed: planned.filter((f) => f === "failed").length,
      pending: 0,
      events: sent.size,
    });

    // The grant follows the ledger: a sample of buyers can watch what they paid for, and only that.
    const sample = purchases.filter((_, i) => i % 15 < 3);
    await inPool(sample, 8, async (p) => {
      const res = await fetch(`${api.base}/user/assets/videos/${p.movie.id}`, {
        headers: { authorization: `Bearer ${p.buyer.token}` },
      });
      expect(res.status).toBe(200);
      const movie = (await res.json()) as { canWatch: boolean; isBought: boolean };
      const fate = fates.get(p.transactionId);
      expect({ transaction: p.transactionId, fate, canWatch: movie.canWatch, isBought: movie.isBought }).toEqual({
        transaction: p.transactionId,
        fate,
        canWatch: fate === "paid",
        isBought: fate === "paid",
      });
    });
  });
});
