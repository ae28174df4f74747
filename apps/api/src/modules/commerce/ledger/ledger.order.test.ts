import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, deliverSandbox, type TestContext } from "../../../../test/harness.ts";
import { checkoutVideo, saleMovie } from "../../../../test/sales.ts";
import { earnings } from "../earnings/tables.ts";
import type { SandboxCallback } from "../gateways/sandbox.ts";
import { orderLines, orders } from "../orders/tables.ts";
import { gatewayEvents, transactions } from "./tables.ts";

/**
 * Two faults of the ledger found by its crash test and benchmark (ledger.crash.test.ts, bench/payments.ts), fixed
 * and kept as tests: a refund delivered before its payment, and as many concurrent deliveries as the API has
 * database connections once the settings' cache has expired.
 */
let t: TestContext;
let performer: string;
let user: string;

beforeAll(async () => {
  t = await createTestContext();
  [performer, user] = await Promise.all([t.login("performer"), t.login("user")]);
});
afterAll(() => t.close());

const deliver = (event: SandboxCallback, signature?: string) => deliverSandbox(t, event, signature);

/** A listed movie for sale at 10.00 by the demo performer, and `user`'s pending checkout of it. */
async function saleCheckout() {
  const movieId = await saleMovie(t, performer, 10);
  return { movieId, ...(await checkoutVideo(t, user, movieId)) };
}

describe("a refund delivered before the payment it refunds (out of order)", () => {
  // The refund finds the transaction pending and is stored `flagged` ("Refund of a pending transaction."); the
  // payment then applies (order paid, access granted, performer credited), and the gateway's retries of the refund
  // are duplicates of the stored event. The gateway gave the money back; the ledger keeps it as paid for good.
  it("ends refunded, the buyer without access and the performer without the earning", async () => {
    const c = await saleCheckout();
    const refund: SandboxCallback = {
      id: `refund:${c.transactionId}`,
      type: "refunded",
      transactionId: c.transactionId,
      amountCents: 1000,
    };
    expect((await deliver(refund)).statusCode).toBe(200);
    const paid = await deliver({
      id: `approve:${c.transactionId}`,
      type: "paid",
      transactionId: c.transactionId,
      amountCents: 1000,
    });
    expect(paid.statusCode).toBe(200);
    // The gateway retries the refund, as it would any delivery.
    expect((await deliver(refund)).statusCode).toBe(200);

    const [tx] = await t.database.db.select().from(transactions).where(eq(transactions.id, c.transactionId));
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, c.orderId));
    const net = await t.database.db
      .select({ net: sql<string>`coalesce(sum(${earnings.netCents}), 0)` })
      .from(earnings)
      .innerJoin(orderLines, eq(orderLines.id, earnings.orderLineId))
      .where(eq(orderLines.orderId, c.orderId));
    const watch = await t.request({ method: "GET", url: `/user/assets/videos/${c.movieId}`, token: user });
    expect({
      transaction: tx?.status,
      order: order?.status,
      performerNet: Number(net[0]?.net),
      canWatch: watch.json().canWatch,
    }).toEqual({ transaction: "refunded", order: "refunded", performerNet: 0, canWatch: false });
  });
});

// PostgreSQL only: the embedded database has one connection and no pool to run out of.
const serverUrl = process.env.TEST_DB === "postgres" ? process.env.DATABASE_URL : undefined;

describe.skipIf(!serverUrl)("as many concurrent deliveries as the API has database connections", () => {
  // Each delivery holds a pooled connection for its database transaction. Copies of one event wait, connection in
  // hand, on the first copy's uncommitted gateway_events row; the first copy, in recordEarnings, reads the
  // commission with settings.get(), which (its 2-second cache expired) queries through the pool, not through the
  // transaction: no connection is free, none will be, and the API stops answering anything that needs its
  // database, SIGTERM included, until it is killed. The test harness's pool has 5 connections, the API's 20; the
  // crash test and the benchmark hit it with 48 and 50 deliveries in flight.
  it("answers ten concurrent copies of a payment made after the settings' cache expired", async () => {
    const c = await saleCheckout();
    const current = (await t.database.db.execute(sql`select current_database() as name`)) as unknown;
    const name = (current as { rows: { name: string }[] }).rows[0]?.name;
    // The checkout read the settings; past their cache's 2 seconds, the payment reads them again.
    await new Promise((r) => setTimeout(r, 2_200));
    const event: SandboxCallback = {
      id: `approve:${c.transactionId}`,
      type: "paid",
      transactionId: c.transactionId,
      amountCents: 1000,
    };
    const copies = Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    const answered = await Promise.race([
      copies.then(() => true),
      new Promise<false>((r) => setTimeout(() => r(false), 8_000)),
    ]);
    if (!answered) {
      // Unstick the pool for the rest of the file: cancel the copies waiting on the first one's row (they answer
      // 500 and give their connections back) until the first one, given a connection at last, has finished.
      let settled = false;
      void copies.finally(() => {
        settled = true;
      });
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      while (!settled) {
        await admin.query(
          `SELECT pg_cancel_backend(pid) FROM pg_stat_activity
            WHERE datname = $1 AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
          [name],
        );
        await new Promise((r) => setTimeout(r, 100));
      }
      await admin.end();
    }
    expect(answered, "all ten copies answered within 8 s").toBe(true);
    const outcomes = (await copies).map((a) => a.json().received?.[0]?.outcome);
    expect(outcomes.sort()).toEqual(["applied", ...Array(9).fill("duplicate")]);
    expect(
      await t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.transactionId, c.transactionId)),
    ).toHaveLength(1);
  });
});
