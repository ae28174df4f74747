import { eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createTestContext,
  deliverSandbox,
  expectBadRequest,
  newAccount,
  type TestContext,
  WAIT,
} from "../../../../test/harness.ts";
import { nextEvent, SOCKET_WAIT_MS, testSockets } from "../../../../test/sockets.ts";
import { systemActor } from "../../audit/service.ts";
import { performers } from "../../performers/tables.ts";
import { earnings } from "../earnings/tables.ts";
import { gatewayEvents } from "../ledger/tables.ts";
import { orderLines } from "../orders/tables.ts";
import { tips } from "./tables.ts";

/**
 * Tips (issue 24 section 2): through the same checkout, sandbox gateway and ledger as a purchase, earned at the
 * site's tip commission, told to the performer with their message, and counted towards their goal live.
 */

let t: TestContext;
let url: string;
let admin: string;
type Account = Awaited<ReturnType<typeof newAccount>>;
let star: Account;
let fan: Account;
let other: Account;
const open = testSockets(() => url);

interface Checkout {
  paymentUrl: string;
  orderId: string;
  transactionId: string;
}

const tip = (token: string | undefined, body: Record<string, unknown>) =>
  t.request({ method: "POST", url: "/tips", token, body });

async function tipped(token: string, body: Record<string, unknown>): Promise<Checkout> {
  const res = await tip(token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const paid = (c: Checkout, cents: number, id = `paid:${c.transactionId}`) =>
  deliverSandbox(t, { id, type: "paid", transactionId: c.transactionId, amountCents: cents });

const goal = async (performerId: string) =>
  (await t.request({ method: "GET", url: `/tips/goal/${performerId}` })).json() as {
    performerId: string;
    goal: { title: string; target: number; progress: number; currency: string } | null;
  };

const earningLines = async (token: string) =>
  (await t.request({ method: "GET", url: "/earning/performer/search", token })).json() as {
    data: Array<{
      type: string;
      title: string;
      gross: number;
      commissionRate: number;
      commission: number;
      net: number;
      tip?: { from: string; message: string | null };
    }>;
    total: number;
  };

const notices = async (token: string) =>
  (
    (await t.request({ method: "GET", url: "/notifications", token })).json() as {
      data: Array<{ type: string; text: string; link: string | null }>;
    }
  ).data;

const join = (socket: Socket, objectId: string) =>
  socket.timeout(SOCKET_WAIT_MS).emitWithAck("object:join", { objectType: "performer", objectId }) as Promise<{
    ok: boolean;
  }>;

beforeAll(async () => {
  t = await createTestContext({ REALTIME: "true" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  admin = await t.login("admin");
  [star, fan, other] = await Promise.all([
    newAccount(t, "performer", "star"),
    newAccount(t, "user", "fan"),
    newAccount(t, "user", "other"),
  ]);
  // Tips are earned at the site's tip commission, whatever the site's sale commission or the performer's own rate.
  await t.app.services.settings.update("tipCommission", 0.1, systemActor);
  await t.database.db.update(performers).set({ commissionRate: 0.3 }).where(eq(performers.id, star.id));
});
afterAll(() => t.close());

describe("POST /tips refusals", () => {
  it("asks visitors to log in, and refuses a tip to oneself, to no performer, or outside the site's range", async () => {
    const ok = { performerId: star.id, amount: 5 };
    expect((await tip(undefined, ok)).statusCode).toBe(401);

    const self = await tip(star.token, ok);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({
      message: "You cannot tip yourself.",
      details: [{ path: "body.performerId", message: "yourself" }],
    });

    const nobody = await tip(fan.token, { ...ok, performerId: other.id });
    expect(nobody.statusCode).toBe(404);

    const small = await tip(fan.token, { ...ok, amount: 0.99 });
    expect(small.statusCode).toBe(422);
    expect(small.json()).toMatchObject({
      message: "A tip is at least $1.00.",
      details: [{ path: "body.amount", message: "at least $1.00" }],
    });
    const big = await tip(fan.token, { ...ok, amount: 500.01 });
    expect(big.statusCode).toBe(422);
    expect(big.json()).toMatchObject({
      message: "A tip is at most $500.00.",
      details: [{ path: "body.amount", message: "at most $500.00" }],
    });
    // The site's own range, as an admin sets it.
    await t.app.services.settings.update("tipMinimum", 2, systemActor);
    expect((await tip(fan.token, { ...ok, amount: 1.5 })).json().message).toBe("A tip is at least $2.00.");
    await t.app.services.settings.update("tipMinimum", 1, systemActor);

    expectBadRequest(await tip(fan.token, { ...ok, amount: 5.555 }), "body.amount");
    expectBadRequest(await tip(fan.token, { ...ok, amount: -5 }), "body.amount");
    expectBadRequest(await tip(fan.token, { ...ok, amount: "5" }), "body.amount");
    expectBadRequest(await tip(fan.token, { ...ok, message: "x".repeat(501) }), "body.message");
    expectBadRequest(await tip(fan.token, { ...ok, performerId: "nope" }), "body.performerId");
    expectBadRequest(await tip(fan.token, { ...ok, source: "banner" }), "body.source");
    // Nothing was made for any of them.
    expect(await t.database.db.select().from(tips).where(eq(tips.userId, fan.id))).toEqual([]);
  });
});

describe("a tip on a taxed site", () => {
  it("asks for the billing country, charges its tax on top, and earns the performer a share of the net", async () => {
    const rate = await t.request({
      method: "POST",
      url: "/admin/taxes",
      token: admin,
      body: { country: "DE", name: "VAT", rate: 19 },
    });
    expect(rate.statusCode, rate.body).toBe(201);
    // A performer of its own: the other tests count the star's earnings.
    const taxed = await newAccount(t, "performer", "taxed");
    try {
      const none = await tip(fan.token, { performerId: taxed.id, amount: 10 });
      expect(none.statusCode).toBe(422);
      expect(none.json()).toMatchObject({
        message: "Choose your billing country: the tax depends on it.",
        details: [{ path: "body.billingCountry" }],
      });
      const c = await tipped(fan.token, { performerId: taxed.id, amount: 10, billingCountry: "DE" });
      await paid(c, 1190);
      const [line] = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, c.orderId));
      expect(line).toMatchObject({ itemKind: "tip", netCents: 1000, taxCents: 190, grossCents: 1190 });
      const lines = await t.database.db.select().from(earnings).where(eq(earnings.transactionId, c.transactionId));
      // The tip commission (10%) of the net: the tax is the state's, never the performer's nor the site's.
      expect(lines.map((l) => [l.grossCents, l.commissionCents, l.netCents])).toEqual([[1000, 100, 900]]);
    } finally {
      await t.request({ method: "DELETE", url: `/admin/taxes/${rate.json()._id}`, token: admin });
    }
  });
});

describe("a paid tip", () => {
  it("is earned at the tip commission as a tip line, with its message told to the performer", async () => {
    const c = await tipped(fan.token, { performerId: star.id, amount: 5, message: "  thanks!  ", source: "video" });
    expect(c.paymentUrl).toMatch(new RegExp(`/payment/sandbox/${c.transactionId}$`));
    const [line] = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, c.orderId));
    expect(line).toMatchObject({ itemKind: "tip", totalCents: 500, performerIds: [star.id] });
    const [row] = await t.database.db.select().from(tips).where(eq(tips.orderId, c.orderId));
    expect(row).toMatchObject({ id: line?.itemId, amountCents: 500, message: "thanks!", source: "video" });

    // Nothing is earned before the gateway says it is paid.
    expect((await earningLines(star.token)).total).toBe(0);
    expect((await paid(c, 500)).statusCode).toBe(200);

    const lines = await earningLines(star.token);
    expect(lines.data).toEqual([
      expect.objectContaining({
        type: "tip",
        title: `Tip to Name ${star.username}`,
        gross: 5,
        commissionRate: 0.1,
        commission: 0.5,
        net: 4.5,
        tip: { from: `Name ${fan.username}`, message: "thanks!" },
      }),
    ]);
    const received = (await t.request({ method: "GET", url: "/tips/performer", token: star.token })).json();
    expect(received).toMatchObject({
      total: 1,
      data: [
        {
          from: `Name ${fan.username}`,
          amount: 5,
          currency: "USD",
          message: "thanks!",
          status: "paid",
          source: "video",
        },
      ],
    });
    await vi.waitFor(async () => {
      const [notice] = await notices(star.token);
      expect(notice).toMatchObject({
        type: "tip",
        text: `Name ${fan.username} tipped you $5: thanks!`,
        link: "/studio/tips",
      });
    }, WAIT);
    // The buyer's order says what it was.
    const orders = (await t.request({ method: "GET", url: "/orders/users/search", token: fan.token })).json();
    expect(JSON.stringify(orders)).toContain(`Tip to Name ${star.username}`);
    // Another member sees none of it.
    expect((await t.request({ method: "GET", url: "/tips/performer", token: other.token })).statusCode).toBe(403);
  });

  it("changes nothing when its event is delivered again, or another event says it is paid", async () => {
    const c = await tipped(fan.token, { performerId: star.id, amount: 7.25 });
    await paid(c, 725);
    const count = async () =>
      (await t.database.db.select().from(earnings).where(eq(earnings.transactionId, c.transactionId))).length;
    expect(await count()).toBe(1);
    expect((await paid(c, 725)).statusCode).toBe(200);
    expect((await paid(c, 725, `again:${c.transactionId}`)).statusCode).toBe(200);
    expect(await count()).toBe(1);
    const events = await t.database.db
      .select({ outcome: gatewayEvents.outcome, note: gatewayEvents.note })
      .from(gatewayEvents)
      .where(eq(gatewayEvents.transactionId, c.transactionId));
    expect(events.map((e) => e.outcome).sort()).toEqual(["applied", "ignored"]);
    expect(events.find((e) => e.outcome === "ignored")?.note).toBe("Already paid.");
  });

  it("is reversed by an admin's refund, once", async () => {
    const c = await tipped(fan.token, { performerId: star.id, amount: 10, message: "refund me" });
    await paid(c, 1000);
    const before = (await t.request({ method: "GET", url: "/earning/performer/stats", token: star.token })).json();
    const refund = () =>
      t.request({ method: "POST", url: `/admin/transactions/${c.transactionId}/refund`, token: admin });
    const res = await refund();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "refunded" });
    expect((await refund()).json().message).toBe("Only a paid transaction can be refunded; this one is refunded.");
    const rows = await t.database.db.select().from(earnings).where(eq(earnings.transactionId, c.transactionId));
    expect(rows.map((r) => r.netCents).sort((a, b) => a - b)).toEqual([-900, 900]);
    const after = (await t.request({ method: "GET", url: "/earning/performer/stats", token: star.token })).json();
    expect(after.net).toBeCloseTo(before.net - 9, 2);
    const [newest] = (await earningLines(star.token)).data;
    expect(newest).toMatchObject({ type: "refund", gross: -10, net: -9, commission: -1 });
    const received = (await t.request({ method: "GET", url: "/tips/performer", token: star.token })).json();
    expect(received.data[0]).toMatchObject({ message: "refund me", status: "refunded" });
  });
});

describe("tip goals", () => {
  it("counts the tips paid since the goal started, without refunded ones, live in the performer's room", async () => {
    const setGoal = (body: unknown, token = star.token) => t.request({ method: "PUT", url: "/tips/goal", token, body });
    expect((await goal(star.id)).goal).toBeNull();
    expectBadRequest(await setGoal({ title: "", target: 100 }), "body.title");
    expectBadRequest(await setGoal({ title: "New camera", target: 0 }), "body.target");
    expect((await setGoal({ title: "New camera", target: 100 }, fan.token)).statusCode).toBe(403);

    const set = await setGoal({ title: "New camera", target: 100 });
    expect(set.statusCode, set.body).toBe(200);
    // Tips paid before the goal started do not count.
    expect((await goal(star.id)).goal).toMatchObject({
      title: "New camera",
      target: 100,
      progress: 0,
      currency: "USD",
    });

    const watcher = await open(other.token);
    expect((await join(watcher, star.id)).ok).toBe(true);
    const first = await tipped(fan.token, { performerId: star.id, amount: 20, message: "for the camera" });
    const moved = nextEvent<{ performerId: string; goal: { progress: number; target: number } }>(
      watcher,
      "tip-goal:progress",
    );
    await paid(first, 2000);
    expect(await moved).toMatchObject({
      performerId: star.id,
      goal: { title: "New camera", progress: 20, target: 100 },
    });
    expect((await goal(star.id)).goal?.progress).toBe(20);

    // A pending tip does not count; a refunded one no longer does.
    const second = await tipped(other.token, { performerId: star.id, amount: 15 });
    expect((await goal(star.id)).goal?.progress).toBe(20);
    const more = nextEvent<{ goal: { progress: number } }>(watcher, "tip-goal:progress");
    await paid(second, 1500);
    expect((await more)?.goal.progress).toBe(35);
    expect((await goal(star.id)).goal?.progress).toBe(35);
    const back = nextEvent<{ goal: { progress: number } }>(watcher, "tip-goal:progress");
    const refund = await t.request({
      method: "POST",
      url: `/admin/transactions/${first.transactionId}/refund`,
      token: admin,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await back)?.goal.progress).toBe(15);
    expect((await goal(star.id)).goal?.progress).toBe(15);

    // A new goal replaces it and starts from nought; ending it leaves none.
    const replaced = nextEvent<{ goal: { title: string; progress: number } }>(watcher, "tip-goal:progress");
    expect((await setGoal({ title: "Studio lights", target: 250.5 })).json()).toMatchObject({
      title: "Studio lights",
      target: 250.5,
      progress: 0,
    });
    expect(await replaced).toMatchObject({ goal: { title: "Studio lights", progress: 0 } });
    const own = (await t.request({ method: "GET", url: "/tips/goal", token: star.token })).json();
    expect(own.goal).toMatchObject({ title: "Studio lights", progress: 0 });
    const ended = nextEvent<{ goal: unknown }>(watcher, "tip-goal:progress");
    expect((await t.request({ method: "DELETE", url: "/tips/goal", token: star.token })).statusCode).toBe(204);
    expect(await ended).toMatchObject({ performerId: star.id, goal: null });
    expect((await goal(star.id)).goal).toBeNull();
    const again = await t.request({ method: "DELETE", url: "/tips/goal", token: star.token });
    expect(again.statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: `/tips/goal/${fan.id}` })).statusCode).toBe(404);
  });
});
