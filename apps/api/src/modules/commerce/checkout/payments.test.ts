import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, deliverSandbox, type TestContext, verifyPerformer } from "../../../../test/harness.ts";
import { listedMovie } from "../../../../test/sales.ts";
import { galleries } from "../../galleries/tables.ts";
import { users } from "../../users/tables.ts";
import { videos } from "../../videos/tables.ts";
import { earnings } from "../earnings/tables.ts";
import { SANDBOX_SIGNATURE, type SandboxCallback } from "../gateways/sandbox.ts";
import { gatewayEvents, transactions } from "../ledger/tables.ts";
import { orderLines, orders } from "../orders/tables.ts";

/**
 * Pay-per-view through the sandbox gateway and the ledger (issue 10, DESIGN section 6): checkouts take their price
 * from the database, and the gateway's events settle them exactly once, however they are delivered.
 */

let t: TestContext;
let admin: string;
let performer: string;
let user: string;
let member: string;
let performerIds: string[];

interface Checkout {
  paymentUrl: string;
  orderId: string;
  transactionId: string;
}
let seq = 0;

/** A listed, processed movie (what the processing job leaves behind; videos.media.test.ts runs it for real). */
const movie = (body: Record<string, unknown>, token = performer) => listedMovie(t, token, body);

const buy = (id: string, token?: string, kind = "video") =>
  t.request({ method: "POST", url: `/payment/purchase-${kind}/${id}`, token });

async function checkout(id: string, token = user): Promise<Checkout> {
  const res = await buy(id, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const deliver = (event: SandboxCallback, signature?: string) => deliverSandbox(t, event, signature);

const paid = (c: Checkout, cents: number, id = `paid:${c.transactionId}`): SandboxCallback => ({
  id,
  type: "paid",
  transactionId: c.transactionId,
  amountCents: cents,
});

const watch = async (id: string, token = user) =>
  (await t.request({ method: "GET", url: `/user/assets/videos/${id}`, token })).json() as {
    canWatch: boolean;
    isBought: boolean;
  };

const orderStatus = async (id: string) =>
  (await t.database.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;

const earningsOf = (transactionId: string) =>
  t.database.db.select().from(earnings).where(eq(earnings.transactionId, transactionId));

beforeAll(async () => {
  t = await createTestContext();
  [admin, performer, user, member] = await Promise.all([
    t.login("admin"),
    t.login("performer"),
    t.login("user"),
    t.login("member"),
  ]);
  // Three performers: the demo one and two accounts an admin makes performers.
  for (const name of ["extra.one", "extra.two"]) {
    const res = await t.request({
      method: "POST",
      url: "/auth/users/register",
      body: { username: name.replace(".", ""), email: `${name}@example.com`, password: "marquee-demo-1", name },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  const extra = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.username, ["extraone", "extratwo"]));
  const [demo] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, "performer"));
  // As if they had followed their confirmation mail.
  await t.database.db
    .update(users)
    .set({ verifiedEmail: true })
    .where(inArray(users.username, ["extraone", "extratwo"]));
  for (const { id } of extra) {
    const res = await t.request({ method: "POST", url: "/admin/performers", token: admin, body: { userId: id } });
    expect(res.statusCode, res.body).toBe(201);
    await verifyPerformer(t, id);
  }
  performerIds = [(demo as { id: string }).id, ...extra.map((e) => e.id)];
});
afterAll(() => t.close());

describe("POST /payment/purchase-video/:id", () => {
  it("refuses what cannot be bought, with a reason", async () => {
    const sale = await movie({ access: "sale", price: 9.99 });
    const free = await movie({ access: "free" });
    const members = await movie({ access: "members" });
    expect((await buy(sale._id)).statusCode).toBe(401);
    expect((await buy("not-an-id", user)).statusCode).toBe(400);
    expect((await buy(randomUUID(), user)).statusCode).toBe(404);
    // Its own performer and the admins watch it already; everyone watches a free one.
    for (const token of [performer, admin]) {
      const res = await buy(sale._id, token);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain("already watch");
    }
    expect((await buy(free._id, user)).statusCode).toBe(409);
    const notSold = await buy(members._id, user);
    expect(notSold.statusCode).toBe(422);
    expect(notSold.json().message).toBe("This movie is not sold on its own.");
    const draft = await movie({ access: "sale", price: 5, status: "draft" });
    await t.database.db.update(videos).set({ listed: false }).where(eq(videos.id, draft._id));
    expect((await buy(draft._id, user)).statusCode).toBe(404);
    const soon = await movie({
      access: "sale",
      price: 5,
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect((await buy(soon._id, user)).json().message).toBe("This movie is not out yet.");
  });

  it("makes an order at the database's price and answers the sandbox page; a second click pays the same order", async () => {
    const sale = await movie({ access: "sale", price: 12.5 });
    const first = await checkout(sale._id);
    expect(first.paymentUrl).toMatch(new RegExp(`/payment/sandbox/${first.transactionId}$`));
    expect(await checkout(sale._id)).toEqual(first);
    const [tx] = await t.database.db.select().from(transactions).where(eq(transactions.id, first.transactionId));
    expect(tx).toMatchObject({ status: "pending", amountCents: 1250, currency: "USD", gateway: "sandbox" });
    expect(await orderStatus(first.orderId)).toBe("pending");
    expect((await watch(sale._id)).canWatch).toBe(false);
    // Another member's checkout is their own.
    expect((await checkout(sale._id, member)).transactionId).not.toBe(first.transactionId);
  });
});

describe("the sandbox gateway's webhook", () => {
  it("refuses a callback without the sandbox's signature, and one it cannot read, changing nothing", async () => {
    const sale = await movie({ access: "sale", price: 3 });
    const c = await checkout(sale._id);
    expect((await deliver(paid(c, 300), "0".repeat(64))).statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/payment/webhook/sandbox",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(paid(c, 300)),
    });
    expect(unsigned.statusCode).toBe(401);
    const garbage = "{not json";
    const { signature } = t.app.services.sandbox.signed(paid(c, 300));
    const wrongBody = await t.app.inject({
      method: "POST",
      url: "/payment/webhook/sandbox",
      headers: { "content-type": "application/json", [SANDBOX_SIGNATURE]: signature },
      payload: garbage,
    });
    expect(wrongBody.statusCode).toBe(401);
    // A signed body with text the database cannot store is a 400 naming it, never a server error.
    const { body: withNul, signature: nulSignature } = t.app.services.sandbox.signed({
      ...paid(c, 300),
      id: "paid\u0000x",
    });
    const nul = await t.app.inject({
      method: "POST",
      url: "/payment/webhook/sandbox",
      headers: { "content-type": "application/json", [SANDBOX_SIGNATURE]: nulSignature },
      payload: withNul,
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().details[0].path).toBe("body.id");
    expect(await orderStatus(c.orderId)).toBe("pending");
    expect(
      await t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.transactionId, c.transactionId)),
    ).toEqual([]);
  });

  it("applies a paid event delivered ten times at once exactly once: one paid order, one grant, one earning", async () => {
    const sale = await movie({ access: "sale", price: 9.99 });
    const c = await checkout(sale._id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(paid(c, 999))));
    const outcomes = answers.map((a) => (a.json() as { received: { outcome: string }[] }).received[0]?.outcome);
    expect(outcomes.filter((o) => o === "applied")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(9);
    expect(await orderStatus(c.orderId)).toBe("paid");
    expect(await watch(sale._id)).toMatchObject({ canWatch: true, isBought: true });
    const lines = await earningsOf(c.transactionId);
    expect(lines).toHaveLength(1);
    // 20% commission by default: 999 -> 200 + 799.
    expect(lines[0]).toMatchObject({ grossCents: 999, commissionCents: 200, netCents: 799, paid: false });
    const events = await t.database.db
      .select()
      .from(gatewayEvents)
      .where(eq(gatewayEvents.transactionId, c.transactionId));
    expect(events).toHaveLength(1);
    // Buying it again is refused now.
    expect((await buy(sale._id, user)).json().message).toBe("You have already bought this movie.");
  });

  it("shares a line between its performers to the cent", async () => {
    const [a, b, c3] = performerIds as [string, string, string];
    const sale = await movie({ access: "sale", price: 10, performerIds: [a, b, c3] }, admin);
    const c = await checkout(sale._id);
    expect((await deliver(paid(c, 1000))).statusCode).toBe(200);
    const lines = await earningsOf(c.transactionId);
    expect(lines.map((l) => l.grossCents).sort()).toEqual([333, 333, 334]);
    expect(lines.reduce((n, l) => n + l.grossCents, 0)).toBe(1000);
    for (const l of lines) expect(l.commissionCents + l.netCents).toBe(l.grossCents);
  });

  it("grants nothing for a decline or an expiry, and flags a payment that arrives after the expiry", async () => {
    const sale = await movie({ access: "sale", price: 4 });
    const declined = await checkout(sale._id);
    const failed = await deliver({
      id: `failed:${declined.transactionId}`,
      type: "failed",
      transactionId: declined.transactionId,
      amountCents: 400,
    });
    expect(failed.statusCode).toBe(200);
    expect(await orderStatus(declined.orderId)).toBe("failed");
    expect((await watch(sale._id)).canWatch).toBe(false);
    // A new checkout after a decline is a new order.
    const again = await checkout(sale._id);
    expect(again.orderId).not.toBe(declined.orderId);
    await deliver({
      id: `expired:${again.transactionId}`,
      type: "expired",
      transactionId: again.transactionId,
      amountCents: 400,
    });
    const late = await deliver(paid(again, 400));
    expect(late.json().received[0].outcome).toBe("flagged");
    expect(await orderStatus(again.orderId)).toBe("failed");
    expect((await watch(sale._id)).canWatch).toBe(false);
    expect(await earningsOf(again.transactionId)).toEqual([]);
    const [event] = await t.database.db
      .select()
      .from(gatewayEvents)
      .where(and(eq(gatewayEvents.transactionId, again.transactionId), eq(gatewayEvents.type, "paid")));
    expect(event?.note).toContain("after the transaction was expired");
  });

  it("flags a payment of another amount and an event for no known transaction", async () => {
    const sale = await movie({ access: "sale", price: 8 });
    const c = await checkout(sale._id);
    expect((await deliver(paid(c, 1))).json().received[0].outcome).toBe("flagged");
    expect(await orderStatus(c.orderId)).toBe("pending");
    const stray = await deliver({
      id: `paid:${randomUUID()}`,
      type: "paid",
      transactionId: randomUUID(),
      amountCents: 800,
    });
    expect(stray.json().received[0].outcome).toBe("flagged");
  });

  it("reverses the grant and the earnings on a refund, once", async () => {
    const sale = await movie({ access: "sale", price: 6 });
    const c = await checkout(sale._id);
    await deliver(paid(c, 600));
    expect((await watch(sale._id)).canWatch).toBe(true);
    const refund: SandboxCallback = {
      id: `refund:${c.transactionId}`,
      type: "refunded",
      transactionId: c.transactionId,
      amountCents: 600,
    };
    await Promise.all([
      deliver(refund),
      deliver(refund),
      deliver({ ...refund, id: `refund-again:${c.transactionId}` }),
    ]);
    expect(await orderStatus(c.orderId)).toBe("refunded");
    expect((await watch(sale._id)).canWatch).toBe(false);
    const lines = await earningsOf(c.transactionId);
    expect(lines.map((l) => l.grossCents).sort((x, y) => x - y)).toEqual([-600, 600]);
    expect(lines.reduce((n, l) => n + l.netCents, 0)).toBe(0);
  });
});

describe("POST /payment/purchase-gallery/:id", () => {
  it("sells a gallery for sale the same way, and opens it once paid", async () => {
    const res = await t.request({
      method: "POST",
      url: "/performer/assets/galleries",
      token: performer,
      body: { title: `Paid gallery ${seq++}`, status: "active", access: "sale", price: 3.99 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { _id } = res.json() as { _id: string };
    await t.database.db.update(galleries).set({ listed: true }).where(eq(galleries.id, _id));
    const view = async () =>
      (await t.request({ method: "GET", url: `/user/assets/galleries/${_id}/view`, token: user })).json() as {
        canWatch: boolean;
      };
    expect((await view()).canWatch).toBe(false);
    const made = await buy(_id, user, "gallery");
    expect(made.statusCode, made.body).toBe(200);
    const c = made.json() as Checkout;
    await deliver(paid(c, 399));
    expect((await view()).canWatch).toBe(true);
    expect((await buy(_id, user, "gallery")).json().message).toBe("You have already bought this gallery.");
  });
});

describe("the sandbox payment page", () => {
  it("shows the buyer their payment, and their decision settles it through the webhook", async () => {
    const sale = await movie({ access: "sale", price: 2.5 });
    const c = await checkout(sale._id);
    const page = await t.request({ method: "GET", url: `/payment/sandbox/${c.transactionId}`, token: user });
    expect(page.json()).toMatchObject({
      status: "pending",
      amount: 2.5,
      currency: "USD",
      items: [{ itemKind: "video", itemId: sale._id, title: sale.title }],
    });
    // Someone else's payment does not exist for them.
    expect(
      (await t.request({ method: "GET", url: `/payment/sandbox/${c.transactionId}`, token: member })).statusCode,
    ).toBe(404);
    const stranger = await t.request({
      method: "POST",
      url: `/payment/sandbox/${c.transactionId}`,
      token: member,
      body: { decision: "approve" },
    });
    expect(stranger.statusCode).toBe(404);
    expect(
      (
        await t.request({
          method: "POST",
          url: `/payment/sandbox/${c.transactionId}`,
          token: user,
          body: { decision: "maybe" },
        })
      ).statusCode,
    ).toBe(400);
    const approved = await t.request({
      method: "POST",
      url: `/payment/sandbox/${c.transactionId}`,
      token: user,
      body: { decision: "approve" },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe("paid");
    expect((await watch(sale._id)).canWatch).toBe(true);
    const twice = await t.request({
      method: "POST",
      url: `/payment/sandbox/${c.transactionId}`,
      token: user,
      body: { decision: "decline" },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("This payment is already paid.");
  });
});

describe("GET /payment/transactions", () => {
  it("lists the member's own transactions, newest first, and no one else's", async () => {
    const sale = await movie({ access: "sale", price: 1.99 });
    const mine = await checkout(sale._id, member);
    const res = await t.request({ method: "GET", url: "/payment/transactions?limit=5", token: member });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { _id: string; amount: number; items: { title: string }[] }[]; total: number };
    expect(body.data[0]).toMatchObject({ _id: mine.transactionId, amount: 1.99, items: [{ title: sale.title }] });
    const theirs = (await t.request({ method: "GET", url: "/payment/transactions?limit=100", token: user })).json();
    expect(theirs.data.map((d: { _id: string }) => d._id)).not.toContain(mine.transactionId);
    expect((await t.request({ method: "GET", url: "/payment/transactions" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/payment/transactions?limit=0", token: user })).statusCode).toBe(
      400,
    );
  });
});

describe("a performer's earnings", () => {
  it("totals their own earnings, refunds netted, and lists the lines; no one else's", async () => {
    const extraToken = await t.login("extraone", "marquee-demo-1");
    const before = (await t.request({ method: "GET", url: "/earning/performer/stats", token: performer })).json();
    const sale = await movie({ access: "sale", price: 20 });
    const c = await checkout(sale._id);
    await deliver(paid(c, 2000));
    const refunded = await movie({ access: "sale", price: 5 });
    const r = await checkout(refunded._id);
    await deliver(paid(r, 500));
    await deliver({
      id: `refund:${r.transactionId}`,
      type: "refunded",
      transactionId: r.transactionId,
      amountCents: 500,
    });

    const stats = (await t.request({ method: "GET", url: "/earning/performer/stats", token: performer })).json();
    // 20.00 at 20%: 4.00 commission, 16.00 net; the refunded 5.00 adds nothing.
    expect(stats.gross - before.gross).toBeCloseTo(20, 2);
    expect(stats.commission - before.commission).toBeCloseTo(4, 2);
    expect(stats.net - before.net).toBeCloseTo(16, 2);
    expect(stats.unpaid).toBeCloseTo(stats.net - stats.paid, 2);
    const lines = (
      await t.request({ method: "GET", url: "/earning/performer/search?limit=3", token: performer })
    ).json();
    expect(lines.data.slice(0, 3).map((l: { type: string; net: number }) => [l.type, l.net])).toEqual([
      ["refund", -4],
      ["sale", 4],
      ["sale", 16],
    ]);
    // Dates narrow the totals: nothing was earned before 2000.
    const old = await t.request({
      method: "GET",
      url: "/earning/performer/stats?to=2000-01-01T00:00:00Z",
      token: performer,
    });
    expect(old.json()).toMatchObject({ gross: 0, net: 0, lines: 0 });
    // Another performer sees only theirs; members and visitors none.
    const theirs = (
      await t.request({ method: "GET", url: "/earning/performer/search?limit=100", token: extraToken })
    ).json();
    // Their share of the three-performer movie, and nothing of the demo performer's own sales.
    expect(theirs.data.length).toBeGreaterThan(0);
    expect(theirs.data.map((l: { itemId: string }) => l.itemId)).not.toContain(sale._id);
    expect((await t.request({ method: "GET", url: "/earning/performer/stats", token: user })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/earning/performer/stats" })).statusCode).toBe(401);
    expect(
      (await t.request({ method: "GET", url: "/earning/performer/stats?from=yesterday", token: performer })).statusCode,
    ).toBe(400);
  });
});

describe("the ledger on the embedded database", () => {
  it("settles a payment that arrives once the settings have gone stale in the process's cache", async () => {
    const sale = await movie({ access: "sale", price: 2 });
    const c = await checkout(sale._id);
    // The settings cache lasts two seconds; a read through the one connection a transaction holds would hang.
    await new Promise((r) => setTimeout(r, 2_100));
    const res = await deliver(paid(c, 200));
    expect(res.json().received[0].outcome).toBe("applied");
    expect((await earningsOf(c.transactionId)).map((e) => e.grossCents)).toEqual([200]);
  });
});

describe("GET /payment/transactions/:id", () => {
  it("answers the buyer's own payment as it settles, an admin's view of it, and no one else's", async () => {
    const sale = await movie({ access: "sale", price: 3.5 });
    const c = await checkout(sale._id);
    const one = (token?: string, id = c.transactionId) =>
      t.request({ method: "GET", url: `/payment/transactions/${id}`, token });
    expect((await one(user)).json()).toMatchObject({ _id: c.transactionId, status: "pending", amount: 3.5 });
    await deliver(paid(c, 350));
    expect((await one(user)).json().status).toBe("paid");
    expect((await one(admin)).json()).toMatchObject({ status: "paid", buyer: { username: "user" } });
    expect((await one(member)).statusCode).toBe(404);
    expect((await one()).statusCode).toBe(401);
    expect((await one(user, "nope")).statusCode).toBe(400);
  });
});

describe("transactions for members and admins", () => {
  it("lists a member's own and, for an admin, everyone's with who paid", async () => {
    const sale = await movie({ access: "sale", price: 7 });
    const mine = await checkout(sale._id, member);
    const [memberRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, "member"));
    const search = (query: string, token?: string) =>
      t.request({ method: "GET", url: `/transactions/user/search?${query}`, token });
    // A member asking for someone else's still gets their own.
    const asUser = (await search(`userId=${memberRow?.id}&limit=100`, user)).json();
    expect(asUser.data.map((d: { _id: string }) => d._id)).not.toContain(mine.transactionId);
    expect(asUser.data.every((d: { buyer?: unknown }) => d.buyer === undefined)).toBe(true);
    const asAdmin = (await search(`userId=${memberRow?.id}&status=pending&limit=100`, admin)).json();
    expect(asAdmin.data.find((d: { _id: string }) => d._id === mine.transactionId)).toMatchObject({
      status: "pending",
      buyer: { username: "member" },
    });
    expect((await search("status=nope", admin)).statusCode).toBe(400);
    expect((await search("")).statusCode).toBe(401);
  });

  it("lets an admin refund a paid transaction through its gateway: the grant and the earnings go", async () => {
    const sale = await movie({ access: "sale", price: 11 });
    const c = await checkout(sale._id);
    const refund = (id: string, token?: string) =>
      t.request({ method: "POST", url: `/admin/transactions/${id}/refund`, token });
    expect((await refund(c.transactionId, admin)).json().message).toBe(
      "Only a paid transaction can be refunded; this one is pending.",
    );
    await deliver(paid(c, 1100));
    expect((await watch(sale._id)).canWatch).toBe(true);
    expect((await refund(c.transactionId, user)).statusCode).toBe(403);
    expect((await refund(c.transactionId, performer)).statusCode).toBe(403);
    expect((await refund(randomUUID(), admin)).statusCode).toBe(404);
    const done = await refund(c.transactionId, admin);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ transactionId: c.transactionId, status: "refunded" });
    expect(await orderStatus(c.orderId)).toBe("refunded");
    expect((await watch(sale._id)).canWatch).toBe(false);
    expect((await earningsOf(c.transactionId)).reduce((n, e) => n + e.netCents, 0)).toBe(0);
    expect((await refund(c.transactionId, admin)).statusCode).toBe(409);
  });
});

describe("the reconciliation of payments left pending", () => {
  it("expires what stayed pending for a day, once, and leaves fresh checkouts alone", async () => {
    const sale = await movie({ access: "sale", price: 9 });
    const old = await checkout(sale._id);
    const fresh = await checkout(sale._id, member);
    await t.database.db
      .update(transactions)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(transactions.id, old.transactionId));
    expect(await t.app.services.payments.reconcile()).toEqual({ paid: 0, expired: 1, unreachable: 0 });
    expect(await t.app.services.payments.reconcile()).toEqual({ paid: 0, expired: 0, unreachable: 0 });
    const status = async (id: string) =>
      (await t.database.db.select({ s: transactions.status }).from(transactions).where(eq(transactions.id, id)))[0]?.s;
    expect(await status(old.transactionId)).toBe("expired");
    expect(await orderStatus(old.orderId)).toBe("failed");
    expect(await status(fresh.transactionId)).toBe("pending");
    // The member who comes back to the closed tab finds it expired; a late payment is flagged, not applied.
    expect((await deliver(paid(old, 900))).json().received[0].outcome).toBe("flagged");
    expect((await watch(sale._id)).canWatch).toBe(false);
    // Buying again starts a new checkout.
    expect((await checkout(sale._id)).transactionId).not.toBe(old.transactionId);
  });
});

describe("coupons", () => {
  const makeCoupon = (body: Record<string, unknown>, token = admin) =>
    t.request({ method: "POST", url: "/admin/coupons", token, body });
  const apply = (code: string, token?: string) =>
    t.request({ method: "POST", url: `/coupons/${code}/apply-coupon`, token });

  it("lets only admins make them, with the field named when a value is wrong", async () => {
    expect((await makeCoupon({ code: "NOPE10", value: 0.1 }, user)).statusCode).toBe(403);
    const bad = await makeCoupon({ code: "BAD", value: 1.5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe("body.value");
    expect((await makeCoupon({ code: "has space", value: 0.1 })).statusCode).toBe(400);
    expect((await makeCoupon({ code: "twice10", value: 0.1 })).statusCode).toBe(201);
    expect((await makeCoupon({ code: "TWICE10", value: 0.2 })).statusCode).toBe(409);
  });

  it("says why a coupon cannot be used: unknown, inactive, expired, used up", async () => {
    await makeCoupon({ code: "OFF-INACTIVE", value: 0.1, active: false });
    await makeCoupon({ code: "OFF-EXPIRED", value: 0.1, expiresAt: "2020-01-01T00:00:00Z" });
    await makeCoupon({ code: "OFF-USEDUP", value: 0.1, remainingUses: 0 });
    expect((await apply("OFF-NONE", user)).statusCode).toBe(404);
    expect((await apply("OFF-INACTIVE", user)).json().message).toBe("This coupon is not active.");
    expect((await apply("OFF-EXPIRED", user)).json().message).toBe("This coupon has expired.");
    expect((await apply("OFF-USEDUP", user)).json().message).toBe("This coupon has been used up.");
    expect((await apply("OFF-NONE")).statusCode).toBe(401);
  });

  it("takes its value off at checkout on the server, counts one use per member", async () => {
    const made = await makeCoupon({ code: "quarter", value: 0.25, remainingUses: 2 });
    expect(made.json()).toMatchObject({ code: "QUARTER", value: 0.25, remainingUses: 2 });
    expect((await apply("Quarter", user)).json()).toEqual({ code: "QUARTER", value: 0.25 });
    const sale = await movie({ access: "sale", price: 9.99 });
    const res = await t.request({
      method: "POST",
      url: `/payment/purchase-video/${sale._id}`,
      token: user,
      body: { couponCode: "quarter" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json() as Checkout;
    // 9.99 x 0.75 = 7.4925 -> 7.49; the performer shares what was paid.
    const [tx] = await t.database.db.select().from(transactions).where(eq(transactions.id, c.transactionId));
    expect(tx?.amountCents).toBe(749);
    await Promise.all([deliver(paid(c, 749)), deliver(paid(c, 749))]);
    expect((await earningsOf(c.transactionId)).map((e) => e.grossCents)).toEqual([749]);
    const listed = (await t.request({ method: "GET", url: "/admin/coupons?limit=100", token: admin })).json();
    expect(listed.data.find((x: { code: string }) => x.code === "QUARTER")?.remainingUses).toBe(1);
    // Used: not again by the same member, still by another.
    expect((await apply("QUARTER", user)).json().message).toBe("You have already used this coupon.");
    const again = await movie({ access: "sale", price: 4 });
    const refused = await t.request({
      method: "POST",
      url: `/payment/purchase-video/${again._id}`,
      token: user,
      body: { couponCode: "QUARTER" },
    });
    expect(refused.statusCode).toBe(409);
    expect((await apply("QUARTER", member)).statusCode).toBe(200);
  });

  const buyWith = (id: string, couponCode: string | undefined, token = user) =>
    t.request({ method: "POST", url: `/payment/purchase-video/${id}`, token, body: couponCode ? { couponCode } : {} });

  it("claims its use with the checkout: a second pending checkout cannot spend it again, a decline gives it back", async () => {
    await makeCoupon({ code: "ONCE-EACH", value: 0.5, remainingUses: 10 });
    const [a, b] = [await movie({ access: "sale", price: 6 }), await movie({ access: "sale", price: 8 })];
    const first = await buyWith(a._id, "once-each");
    expect(first.statusCode, first.body).toBe(200);
    // The first checkout, not yet paid, holds the member's one use.
    const second = await buyWith(b._id, "ONCE-EACH");
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe("You have already used this coupon.");
    const uses = async () =>
      (await t.request({ method: "GET", url: "/admin/coupons?limit=100", token: admin }))
        .json()
        .data.find((x: { code: string }) => x.code === "ONCE-EACH")?.remainingUses;
    expect(await uses()).toBe(9);
    // Declined: the use is back, for this member and in the count.
    const c = first.json() as Checkout;
    await deliver({
      id: `declined:${c.transactionId}`,
      type: "failed",
      transactionId: c.transactionId,
      amountCents: 300,
    });
    expect(await uses()).toBe(10);
    const retry = await buyWith(b._id, "ONCE-EACH");
    expect(retry.statusCode, retry.body).toBe(200);
    const [row] = await t.database.db
      .select({ amount: transactions.amountCents })
      .from(transactions)
      .where(eq(transactions.id, (retry.json() as Checkout).transactionId));
    expect(row?.amount).toBe(400);
  });

  it("never gives more uses than are left when members check out at the same moment", async () => {
    await makeCoupon({ code: "LAST-ONE", value: 0.1, remainingUses: 1 });
    const sale = await movie({ access: "sale", price: 5 });
    const results = await Promise.all([user, member].map((token) => buyWith(sale._id, "LAST-ONE", token)));
    // PGlite runs them one after the other (422: used up); PostgreSQL at once (409: the claim found none left).
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const lost = results.find((r) => r.statusCode !== 200);
    expect([409, 422]).toContain(lost?.statusCode);
    expect(lost?.json().message).toMatch(/used up/);
  });

  it("makes one order of one item: a second click reuses it, another coupon replaces it, and only one payment counts", async () => {
    await makeCoupon({ code: "SWAP20", value: 0.2 });
    const sale = await movie({ access: "sale", price: 10 });
    const plain = (await buyWith(sale._id, undefined)).json() as Checkout;
    expect(((await buyWith(sale._id, undefined)).json() as Checkout).transactionId).toBe(plain.transactionId);
    // With a coupon the member gets a new order at the new price, and the first one ends.
    const coupon = (await buyWith(sale._id, "swap20")).json() as Checkout;
    expect(coupon.transactionId).not.toBe(plain.transactionId);
    expect(((await buyWith(sale._id, "SWAP20")).json() as Checkout).transactionId).toBe(coupon.transactionId);
    expect(await orderStatus(plain.orderId)).toBe("failed");
    // The member pays on both pages: the replaced one is flagged for the admin, never granted twice.
    expect((await deliver(paid(plain, 1000))).json().received[0].outcome).toBe("flagged");
    expect((await deliver(paid(coupon, 800))).json().received[0].outcome).toBe("applied");
    expect((await earningsOf(plain.transactionId)).length).toBe(0);
    expect((await earningsOf(coupon.transactionId)).map((e) => e.grossCents)).toEqual([800]);
    expect((await watch(sale._id)).isBought).toBe(true);
    const [event] = await t.database.db
      .select({ note: gatewayEvents.note })
      .from(gatewayEvents)
      .where(eq(gatewayEvents.eventId, `paid:${plain.transactionId}`));
    expect(event?.note).toMatch(/^Paid after the transaction was expired/);
  });

  it("ends a buyer's other checkouts of an item once it is paid, and flags a payment for what they own", async () => {
    const sale = await movie({ access: "sale", price: 3 });
    const one = await checkout(sale._id);
    // A second pending order of the same item, as two checkouts racing past each other could leave behind.
    const twin = async () =>
      t.database.db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, one.orderId));
        const [line] = await tx.select().from(orderLines).where(eq(orderLines.orderId, one.orderId));
        const [tr] = await tx.select().from(transactions).where(eq(transactions.id, one.transactionId));
        if (!order || !line || !tr) throw new Error("the first checkout is missing");
        const [o] = await tx
          .insert(orders)
          .values({
            ...order,
            id: undefined,
            status: "pending",
            paidAt: null,
            createdAt: undefined,
            updatedAt: undefined,
          })
          .returning();
        await tx.insert(orderLines).values({ ...line, id: undefined, orderId: o!.id });
        const [n] = await tx
          .insert(transactions)
          .values({
            ...tr,
            id: undefined,
            orderId: o!.id,
            status: "pending",
            paidAt: null,
            createdAt: undefined,
            updatedAt: undefined,
          })
          .returning();
        return { orderId: o!.id, transactionId: n!.id, paymentUrl: "" } satisfies Checkout;
      });
    const two = await twin();
    expect((await deliver(paid(one, 300))).json().received[0].outcome).toBe("applied");
    expect(await orderStatus(two.orderId)).toBe("failed");
    expect((await deliver(paid(two, 300))).json().received[0].outcome).toBe("flagged");
    // Even a pending order left over (the guard does not rely on the one above) is not paid for twice.
    const three = await twin();
    const flagged = (await deliver(paid(three, 300))).json().received[0];
    expect(flagged.outcome).toBe("flagged");
    const [event] = await t.database.db
      .select({ note: gatewayEvents.note })
      .from(gatewayEvents)
      .where(eq(gatewayEvents.eventId, `paid:${three.transactionId}`));
    expect(event?.note).toMatch(/already owns/);
    const all = await t.database.db
      .select()
      .from(earnings)
      .where(inArray(earnings.transactionId, [one.transactionId, two.transactionId, three.transactionId]));
    expect(all.map((e) => e.grossCents)).toEqual([300]);
  });
});
