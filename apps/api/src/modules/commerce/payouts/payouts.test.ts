import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createTestContext,
  deliverSandbox,
  enrolTwoFactor,
  expectBadRequest,
  type TestContext,
  verifyPerformer,
  WAIT,
} from "../../../../test/harness.ts";
import { saleMovie as saleMovieOf } from "../../../../test/sales.ts";
import { users } from "../../users/tables.ts";
import { earnings } from "../earnings/tables.ts";
import type { SandboxCallback } from "../gateways/sandbox.ts";
import { payouts } from "../payouts/tables.ts";

/**
 * The admin's side of the money (issue 10): a performer's own commission rate, payouts that settle every unpaid
 * earning line exactly once, and a transaction with its earnings and gateway events. Everything through HTTP.
 */

let t: TestContext;
let admin: string;
let user: string;
let performer: string;
let seq = 0;

interface Seller {
  id: string;
  token: string;
}
interface Checkout {
  orderId: string;
  transactionId: string;
}

/**
 * A new account an admin makes a performer, logged in, with two-factor sign-in on unless `twoFactor` is false (a payout
 * waits for it): its earnings are this test's alone.
 */
async function newPerformer(twoFactor = true): Promise<Seller> {
  const username = `payee${Date.now().toString(36)}${seq++}`;
  const res = await t.request({
    method: "POST",
    url: "/auth/users/register",
    body: { username, email: `${username}@example.com`, password: "marquee-demo-1", name: `Payee ${seq}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.database.db
    .update(users)
    .set({ verifiedEmail: true })
    .where(eq(users.username, username))
    .returning({ id: users.id });
  const id = (row as { id: string }).id;
  const made = await t.request({ method: "POST", url: "/admin/performers", token: admin, body: { userId: id } });
  expect(made.statusCode, made.body).toBe(201);
  await verifyPerformer(t, id);
  const token = await t.login(username, "marquee-demo-1");
  if (twoFactor) await enrolTwoFactor(t, token, { password: "marquee-demo-1" });
  return { id, token };
}

/** A movie for sale by `seller`, listed and processed. */
const saleMovie = (seller: Seller, price: number) => saleMovieOf(t, seller.token, price);

const deliver = (event: SandboxCallback, signature?: string) => deliverSandbox(t, event, signature);

/** `user` buys the movie and the sandbox's paid event settles it. */
async function sell(movieId: string, cents: number): Promise<Checkout> {
  const res = await t.request({ method: "POST", url: `/payment/purchase-video/${movieId}`, token: user });
  expect(res.statusCode, res.body).toBe(200);
  const c = res.json() as Checkout;
  const paid = await deliver({
    id: `paid:${c.transactionId}`,
    type: "paid",
    transactionId: c.transactionId,
    amountCents: cents,
  });
  expect(paid.json().received[0].outcome).toBe("applied");
  return c;
}

const refund = (c: Checkout, cents: number) =>
  deliver({ id: `refund:${c.transactionId}`, type: "refunded", transactionId: c.transactionId, amountCents: cents });

const get = (url: string, token = admin) => t.request({ method: "GET", url, token });
const pay = (performerId: string, note?: string, token = admin) =>
  t.request({ method: "POST", url: "/admin/payouts", token, body: note ? { performerId, note } : { performerId } });
const stats = async (seller: Seller) => (await get("/earning/performer/stats", seller.token)).json();
/** What reaches `token`'s account on the realtime channel from now on (`notification` events), and a way out. */
async function listen(token: string) {
  const port = (t.app.server.address() as AddressInfo).port;
  const socket = connect(`http://127.0.0.1:${port}`, {
    path: "/socket.io",
    auth: { token },
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  const got: Record<string, unknown>[] = [];
  socket.on("notification", (payload: Record<string, unknown>) => got.push(payload));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return { got, close: () => socket.disconnect() };
}

const linesOf = (performerId: string) =>
  t.database.db.select().from(earnings).where(eq(earnings.performerId, performerId));

beforeAll(async () => {
  t = await createTestContext({ REALTIME: "true" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  [admin, user, performer] = await Promise.all([t.login("admin"), t.login("user"), t.login("performer")]);
});
afterAll(() => t.close());

describe("who may call the admin's money routes", () => {
  const id = randomUUID();
  const routes: Array<{ method: "GET" | "POST" | "PUT"; url: string; body?: unknown }> = [
    { method: "PUT", url: `/admin/performers/${id}/commission`, body: { rate: 0.1 } },
    { method: "GET", url: "/admin/earnings/search" },
    { method: "GET", url: "/admin/payouts/due" },
    { method: "GET", url: "/admin/payouts/search" },
    { method: "POST", url: "/admin/payouts", body: { performerId: id } },
    { method: "GET", url: `/admin/transactions/${id}` },
    { method: "GET", url: "/admin/payment-events/search?outcome=flagged" },
    { method: "POST", url: `/admin/payment-events/${id}/handle`, body: { resolution: "Refunded by hand." } },
  ];

  it("refuses visitors (401), members and performers (403)", async () => {
    for (const r of routes) {
      expect((await t.request({ ...r })).statusCode, `visitor ${r.method} ${r.url}`).toBe(401);
      for (const token of [user, performer]) {
        expect((await t.request({ ...r, token })).statusCode, `${r.method} ${r.url}`).toBe(403);
      }
    }
  });

  it("refuses bad input with a 400 naming the field", async () => {
    const commission = (body: unknown, target: string = id) =>
      t.request({ method: "PUT", url: `/admin/performers/${target}/commission`, token: admin, body });
    for (const rate of [0.96, -0.01, 1, "0.1", 0.12345, true]) {
      expectBadRequest(await commission({ rate }), "body.rate");
    }
    expectBadRequest(await commission({}), "body.rate");
    expectBadRequest(await commission({ rate: 0.1, extra: 1 }), "body.extra");
    expectBadRequest(await commission({ rate: 0.1 }, "nobody"), "params.id");
    expect((await commission({ rate: 0.1 })).statusCode).toBe(404);

    expectBadRequest(
      await t.request({ method: "POST", url: "/admin/payouts", token: admin, body: { performerId: "x" } }),
      "body.performerId",
    );
    expectBadRequest(
      await t.request({ method: "POST", url: "/admin/payouts", token: admin, body: {} }),
      "body.performerId",
    );
    expectBadRequest(
      await t.request({
        method: "POST",
        url: "/admin/payouts",
        token: admin,
        body: { performerId: id, note: "n".repeat(501) },
      }),
      "body.note",
    );
    expect((await pay(id)).statusCode).toBe(404);

    expectBadRequest(await get("/admin/earnings/search?paid=maybe"), "querystring.paid");
    expectBadRequest(await get("/admin/earnings/search?performerId=someone"), "querystring.performerId");
    expectBadRequest(await get("/admin/earnings/search?from=yesterday"), "querystring.from");
    expectBadRequest(await get("/admin/earnings/search?limit=0"), "querystring.limit");
    expectBadRequest(await get("/admin/payouts/search?performerId=x"), "querystring.performerId");
    expectBadRequest(await get("/admin/payouts/due?offset=-1"), "querystring.offset");
    expectBadRequest(await get("/admin/payment-events/search?outcome=odd"), "querystring.outcome");
    expectBadRequest(await get("/admin/payment-events/search?handled=yes"), "querystring.handled");
    const handle = (body: unknown, target: string = id) =>
      t.request({ method: "POST", url: `/admin/payment-events/${target}/handle`, token: admin, body });
    expectBadRequest(await handle({}), "body.resolution");
    expectBadRequest(await handle({ resolution: "  " }), "body.resolution");
    expectBadRequest(await handle({ resolution: "r".repeat(501) }), "body.resolution");
    expectBadRequest(await handle({ resolution: "Checked.", extra: 1 }), "body.extra");
    expectBadRequest(await handle({ resolution: "Checked." }, "x"), "params.id");
    expect((await handle({ resolution: "Checked." })).statusCode).toBe(404);
    expectBadRequest(await get("/admin/transactions/not-an-id"), "params.id");
    expect((await get(`/admin/transactions/${id}`)).statusCode).toBe(404);
  });
});

describe("a performer's own commission rate", () => {
  it("is theirs when set (0.1: they earn 90%), else the site's (80%); null goes back to the site's", async () => {
    const [own, other] = [await newPerformer(), await newPerformer()];
    const set = await t.request({
      method: "PUT",
      url: `/admin/performers/${own.id}/commission`,
      token: admin,
      body: { rate: 0.1 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ performerId: own.id, rate: 0.1, effectiveRate: 0.1 });
    // The admin's performer list shows it; the public profile does not.
    const listed = (await get("/admin/performers?limit=100&sortBy=newest")).json().data as Array<{
      _id: string;
      commissionRate: number | null;
    }>;
    expect(listed.find((p) => p._id === own.id)?.commissionRate).toBe(0.1);
    expect(listed.find((p) => p._id === other.id)?.commissionRate).toBeNull();
    expect((await get(`/performers/${own.id}`, user)).json()).not.toHaveProperty("commissionRate");

    await sell(await saleMovie(own, 10), 1000);
    await sell(await saleMovie(other, 10), 1000);
    expect(await stats(own)).toMatchObject({ gross: 10, commission: 1, net: 9, paid: 0, unpaid: 9 });
    expect(await stats(other)).toMatchObject({ gross: 10, commission: 2, net: 8, paid: 0, unpaid: 8 });
    const [line] = await linesOf(own.id);
    expect(line?.commissionRate).toBe(0.1);

    // Back to the site's rate: the next sale is at 20%, the one recorded keeps its 10%.
    const reset = await t.request({
      method: "PUT",
      url: `/admin/performers/${own.id}/commission`,
      token: admin,
      body: { rate: null },
    });
    expect(reset.json()).toEqual({ performerId: own.id, rate: null, effectiveRate: 0.2 });
    await sell(await saleMovie(own, 5), 500);
    expect(await stats(own)).toMatchObject({ gross: 15, commission: 2, net: 13 });
  });
});

describe("payouts", () => {
  it("settles every unpaid line of the performer once, lists who is owed, and keeps their stats right", async () => {
    const seller = await newPerformer();
    const told = await listen(seller.token);
    await sell(await saleMovie(seller, 10), 1000);
    await sell(await saleMovie(seller, 2.5), 250);
    // Each sale reaches the performer live.
    await vi.waitFor(() => expect(told.got.filter((n) => n.type === "sale")).toHaveLength(2), WAIT);

    const due = (await get("/admin/payouts/due?limit=100")).json();
    const owed = due.data.find((d: { performerId: string }) => d.performerId === seller.id);
    expect(owed).toMatchObject({ unpaid: 10, lines: 2, performer: { _id: seller.id } });
    const unpaid = (await get(`/admin/earnings/search?performerId=${seller.id}&paid=false`)).json();
    expect(unpaid.total).toBe(2);
    expect(unpaid.data[0]).toMatchObject({ performerId: seller.id, paid: false, payoutId: null });
    expect(unpaid.data[0].performer.name).toMatch(/^Payee/);

    const made = await pay(seller.id, "Bank transfer 42");
    expect(made.statusCode, made.body).toBe(201);
    const payout = made.json();
    expect(payout).toMatchObject({
      performerId: seller.id,
      amount: 10,
      currency: "USD",
      note: "Bank transfer 42",
      lines: 2,
      paidBy: { username: "admin" },
    });
    expect((await linesOf(seller.id)).every((l) => l.paid && l.payoutId === payout._id)).toBe(true);
    // The performer hears of it at once.
    await vi.waitFor(
      () =>
        expect(told.got.find((n) => n.type === "payout")).toEqual({
          type: "payout",
          payoutId: payout._id,
          amount: 10,
          currency: "USD",
          // As stored (issue 12): its id, text and link.
          _id: expect.any(String),
          text: "You were paid 10.00 USD.",
          link: "/studio/earnings",
          read: false,
          createdAt: expect.any(String),
        }),
      WAIT,
    );
    told.close();
    expect(await stats(seller)).toMatchObject({ net: 10, paid: 10, unpaid: 0 });
    const studio = (await get("/earning/performer/search", seller.token)).json();
    expect(studio.data.map((l: { paid: boolean }) => l.paid)).toEqual([true, true]);

    // Nothing left: a second payout is refused, and the performer is no longer owed.
    const again = await pay(seller.id);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe("This performer has no unpaid earnings.");
    const after = (await get("/admin/payouts/due?limit=100")).json();
    expect(after.data.map((d: { performerId: string }) => d.performerId)).not.toContain(seller.id);
    const history = (await get(`/admin/payouts/search?performerId=${seller.id}`)).json();
    expect(history).toMatchObject({ total: 1, data: [{ _id: payout._id, amount: 10 }] });
    expect((await get(`/admin/earnings/search?performerId=${seller.id}&paid=true`)).json().total).toBe(2);
  });

  it("waits until the performer has two-factor sign-in on, and shows the admin that and their payout details", async () => {
    const seller = await newPerformer(false);
    await sell(await saleMovie(seller, 4), 400);
    const owedOf = async () =>
      (await get("/admin/payouts/due?limit=100"))
        .json()
        .data.find((d: { performerId: string }) => d.performerId === seller.id);
    expect(await owedOf()).toMatchObject({ unpaid: 3.2, twoFactorEnabled: false, payoutDetails: null });
    const refused = await pay(seller.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      "This performer has not turned on two-factor sign-in: they must before a payout is made to them.",
    );

    // Enrolling asks for the password again, which also lets the payout details change for 5 minutes.
    await enrolTwoFactor(t, seller.token, { password: "marquee-demo-1" });
    const details = { method: "paypal", accountName: "Pat Payee", account: "pat@example.com" };
    const saved = await t.request({
      method: "PUT",
      url: "/performers/me/payout-details",
      token: seller.token,
      body: details,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The list shows the account masked (payout-details.test.ts: the whole of it, on request).
    expect(await owedOf()).toMatchObject({
      twoFactorEnabled: true,
      payoutDetails: { method: "paypal", accountHint: "p•••@example.com" },
    });
    expect((await pay(seller.id)).statusCode).toBe(201);
  });

  it("makes one payout when two admins click at the same moment", async () => {
    const seller = await newPerformer();
    await sell(await saleMovie(seller, 7), 700);
    await sell(await saleMovie(seller, 3), 300);
    const answers = await Promise.all([pay(seller.id), pay(seller.id), pay(seller.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422]);
    const rows = await t.database.db.select().from(payouts).where(eq(payouts.performerId, seller.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amountCents).toBe(800);
    expect((await linesOf(seller.id)).every((l) => l.payoutId === rows[0]?.id)).toBe(true);
  });

  it("nets a refund after a payout against the next payout", async () => {
    const seller = await newPerformer();
    const first = await sell(await saleMovie(seller, 10), 1000);
    expect((await pay(seller.id)).json().amount).toBe(8);

    // The refund adds a negative line, unpaid: the performer owes it back, and is told of the refund.
    const told = await listen(seller.token);
    expect((await refund(first, 1000)).json().received[0].outcome).toBe("applied");
    await vi.waitFor(
      () => expect(told.got).toContainEqual(expect.objectContaining({ type: "refund", orderId: first.orderId })),
      WAIT,
    );
    told.close();
    expect(await stats(seller)).toMatchObject({ net: 0, paid: 8, unpaid: -8 });
    const due = (await get("/admin/payouts/due?limit=100")).json();
    expect(due.data.map((d: { performerId: string }) => d.performerId)).not.toContain(seller.id);
    const owesBack = await pay(seller.id);
    expect(owesBack.statusCode).toBe(422);
    expect(owesBack.json().details).toEqual([{ path: "body.performerId", message: "nothing to pay" }]);

    // A new sale of 15.00 (12.00 net) less the 8.00 owed back: 4.00, settling both lines.
    await sell(await saleMovie(seller, 15), 1500);
    expect(await stats(seller)).toMatchObject({ net: 12, paid: 8, unpaid: 4 });
    const second = await pay(seller.id);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ amount: 4, lines: 2 });
    expect(await stats(seller)).toMatchObject({ net: 12, paid: 12, unpaid: 0 });
    const all = await linesOf(seller.id);
    expect(all.map((l) => l.netCents).sort((a, b) => a - b)).toEqual([-800, 800, 1200]);
    expect(all.every((l) => l.paid)).toBe(true);
  });
});

describe("a transaction as the admin inspects it", () => {
  it("shows its order, lines, buyer, earnings (reversals too) and every gateway event, the flagged ones among them", async () => {
    const seller = await newPerformer();
    const c = await sell(await saleMovie(seller, 12), 1200);
    await refund(c, 1200);
    // The same payment delivered again under another id after the refund: flagged, not applied.
    const late = await deliver({
      id: `late:${c.transactionId}`,
      type: "paid",
      transactionId: c.transactionId,
      amountCents: 1200,
    });
    expect(late.json().received[0].outcome).toBe("flagged");

    const res = await get(`/admin/transactions/${c.transactionId}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      _id: c.transactionId,
      orderId: c.orderId,
      status: "refunded",
      amount: 12,
      buyer: { username: "user" },
      order: { _id: c.orderId, status: "refunded", original: 12, total: 12, couponCode: null },
      lines: [{ itemKind: "video", quantity: 1, unitPrice: 12, total: 12, performers: [{ _id: seller.id }] }],
    });
    expect(detail.earnings.map((e: { type: string; net: number }) => [e.type, e.net])).toEqual([
      ["sale", 9.6],
      ["refund", -9.6],
    ]);
    expect(detail.events.map((e: { type: string; outcome: string }) => [e.type, e.outcome])).toEqual([
      ["paid", "applied"],
      ["refunded", "applied"],
      ["paid", "flagged"],
    ]);
    expect(detail.events[2].note).toBe("Paid after the transaction was refunded: not applied.");

    const flagged = (await get("/admin/payment-events/search?outcome=flagged&limit=100")).json();
    expect(flagged.data.every((e: { outcome: string }) => e.outcome === "flagged")).toBe(true);
    expect(flagged.data.find((e: { eventId: string }) => e.eventId === `late:${c.transactionId}`)).toMatchObject({
      transactionId: c.transactionId,
      type: "paid",
    });
    const all = (await get("/admin/payment-events/search?limit=5")).json();
    expect(all.total).toBeGreaterThan(flagged.total);

    // The admin checks it with the gateway and marks it handled: it leaves what needs attention, with their words.
    const lateId = detail.events[2]._id as string;
    const open = async () =>
      (await get("/admin/payment-events/search?outcome=flagged&handled=false&limit=100")).json() as {
        data: { _id: string }[];
      };
    expect((await open()).data.map((e) => e._id)).toContain(lateId);
    const handle = (eventId: string, resolution: string) =>
      t.request({ method: "POST", url: `/admin/payment-events/${eventId}/handle`, token: admin, body: { resolution } });
    const done = await handle(lateId, "  A replay from the gateway; the member was not charged twice.  ");
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      _id: lateId,
      outcome: "flagged",
      handled: {
        by: { username: "admin" },
        resolution: "A replay from the gateway; the member was not charged twice.",
      },
    });
    expect((await open()).data.map((e) => e._id)).not.toContain(lateId);
    const handled = (await get("/admin/payment-events/search?handled=true&limit=100")).json();
    expect(handled.data.map((e: { _id: string }) => e._id)).toContain(lateId);
    expect((await get(`/admin/transactions/${c.transactionId}`)).json().events[2].handled).toMatchObject({
      resolution: "A replay from the gateway; the member was not charged twice.",
    });
    // Once: a second click does not overwrite the first admin's words; an applied event has nothing to handle.
    expect((await handle(lateId, "Something else.")).statusCode).toBe(409);
    expect((await handle(detail.events[0]._id, "Nothing to do.")).statusCode).toBe(409);
  });
});
