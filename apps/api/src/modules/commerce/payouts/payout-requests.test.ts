import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestContext,
  deliverSandbox,
  enrolTwoFactor,
  expectBadRequest,
  newAccount,
  type TestContext,
} from "../../../../test/harness.ts";
import { saleMovie } from "../../../../test/sales.ts";
import { auditLog } from "../../audit/tables.ts";
import { earnings } from "../earnings/tables.ts";
import { payoutDetails, payoutRequestLines, payouts } from "./tables.ts";

/**
 * Payout requests and statements (issue 24 section 4), through HTTP: a performer asks to be paid once their balance
 * reaches the minimum and their method is past its hold; one open request at a time, its amount fixed; an admin
 * approves and marks it paid (exactly its lines settled) or refuses it; the monthly statement recomputed from the
 * raw rows to the cent.
 */

let t: TestContext;
let admin: string;
let buyer: string;
const bank = { method: "bank", accountName: "Pat Payee", account: "GB33 BUKB 2020 1555 5555 55" };

beforeAll(async () => {
  t = await createTestContext();
  [admin, buyer] = await Promise.all([t.login("admin"), t.login("user")]);
  for (const [key, value] of [
    ["payoutMinimum", 5],
    ["payoutMethodHoldDays", 3],
  ] as const) {
    const res = await t.request({ method: "PUT", url: `/admin/settings/${key}`, token: admin, body: { value } });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

interface Payee {
  id: string;
  token: string;
}
/** A verified performer with two-factor sign-in on and a fresh password (so they may save payout details). */
async function payee(): Promise<Payee> {
  const p = await newAccount(t, "performer", "reqpayee");
  await enrolTwoFactor(t, p.token);
  return p;
}
/** `buyer` buys a movie of `seller`'s at `price` and the sandbox pays it: its transaction. */
async function sellFor(seller: Payee, price: number) {
  const movieId = await saleMovie(t, seller.token, price);
  const res = await t.request({ method: "POST", url: `/payment/purchase-video/${movieId}`, token: buyer });
  expect(res.statusCode, res.body).toBe(200);
  const { transactionId } = res.json();
  const cents = Math.round(price * 100);
  const paid = await deliverSandbox(t, {
    id: `paid:${transactionId}`,
    type: "paid",
    transactionId,
    amountCents: cents,
  });
  expect(paid.json().received[0].outcome).toBe("applied");
  return { transactionId: transactionId as string, cents };
}
const saveDetails = (token: string, body: unknown = bank) =>
  t.request({ method: "PUT", url: "/performers/me/payout-details", token, body });
/** The hold is over (as if its days had passed). */
const endHold = (id: string) =>
  t.database.db
    .update(payoutDetails)
    .set({ heldUntil: new Date(Date.now() - 1000) })
    .where(eq(payoutDetails.performerId, id));
const ask = (token: string) => t.request({ method: "POST", url: "/performers/me/payout-requests", token });
const balanceOf = async (token: string) =>
  (await t.request({ method: "GET", url: "/performers/me/payout-balance", token })).json();
const decide = (id: string, what: "approve" | "paid" | "refuse", body?: unknown, token = admin) =>
  t.request({ method: "POST", url: `/admin/payout-requests/${id}/${what}`, token, ...(body ? { body } : {}) });

describe("who may call the payout request routes", () => {
  const id = randomUUID();
  const performerRoutes = [
    { method: "GET", url: "/performers/me/payout-balance" },
    { method: "POST", url: "/performers/me/payout-requests" },
    { method: "GET", url: "/performers/me/payout-requests" },
    { method: "GET", url: `/performers/me/payout-requests/${id}` },
    { method: "GET", url: "/performers/me/statements" },
    { method: "GET", url: "/performers/me/statements/2026-01/csv" },
  ] as const;
  const adminRoutes = [
    { method: "GET", url: "/admin/payout-requests" },
    { method: "POST", url: `/admin/payout-requests/${id}/approve` },
    { method: "POST", url: `/admin/payout-requests/${id}/paid`, body: { reference: "REF-1" } },
    { method: "POST", url: `/admin/payout-requests/${id}/refuse`, body: { reason: "No." } },
  ] as const;

  it("refuses visitors (401), members on the performer's routes and performers on the admin's (403)", async () => {
    const performer = await t.login("performer");
    for (const r of [...performerRoutes, ...adminRoutes]) {
      expect((await t.request({ ...r })).statusCode, `visitor ${r.url}`).toBe(401);
    }
    for (const r of performerRoutes) expect((await t.request({ ...r, token: buyer })).statusCode, r.url).toBe(403);
    for (const r of adminRoutes) {
      expect((await t.request({ ...r, token: buyer })).statusCode, r.url).toBe(403);
      expect((await t.request({ ...r, token: performer })).statusCode, r.url).toBe(403);
    }
  });

  it("refuses bad input with a 400 naming the field", async () => {
    expectBadRequest(await decide("nope", "approve"), "params.id");
    expectBadRequest(await decide(id, "paid", {}), "body.reference");
    expectBadRequest(await decide(id, "paid", { reference: " " }), "body.reference");
    expectBadRequest(await decide(id, "refuse", { reason: "" }), "body.reason");
    expectBadRequest(await decide(id, "refuse", { reason: "r".repeat(501) }), "body.reason");
    expect((await decide(id, "approve")).statusCode).toBe(404);
    expectBadRequest(
      await t.request({ method: "GET", url: "/admin/payout-requests?status=odd", token: admin }),
      "querystring.status",
    );
    const p = await payee();
    expectBadRequest(
      await t.request({ method: "GET", url: "/performers/me/statements?month=2026-13", token: p.token }),
      "querystring.month",
    );
    expectBadRequest(
      await t.request({ method: "GET", url: "/performers/me/statements/26-01/csv", token: p.token }),
      "params.month",
    );
    expectBadRequest(
      await saveDetails(p.token, { method: "paxum", accountName: "Pat", account: "not-an-email" }),
      "body.account",
    );
    expectBadRequest(
      await saveDetails(p.token, { method: "crypto", accountName: "Pat", account: "TXYZ1234567890abcdefghijk" }),
      "body.network",
    );
    expectBadRequest(
      await saveDetails(p.token, { method: "crypto", accountName: "Pat", account: "short", network: "BTC" }),
      "body.account",
    );
  });
});

describe("payout methods", () => {
  it("paxum and crypto are saved sealed and shown masked; a new or changed method is held, the same one is not", async () => {
    const p = await payee();
    const before = Date.now();
    const paxum = await saveDetails(p.token, {
      method: "paxum",
      accountName: "Pat Payee",
      account: "pat@paxum.example",
    });
    expect(paxum.statusCode, paxum.body).toBe(200);
    const held = paxum.json().payoutDetails.heldUntil as string;
    // Three days, the setting.
    expect(Date.parse(held) - before).toBeGreaterThanOrEqual(3 * 86_400_000 - 1000);
    expect(Date.parse(held) - before).toBeLessThan(3 * 86_400_000 + 60_000);
    const [row] = await t.database.db.select().from(payoutDetails).where(eq(payoutDetails.performerId, p.id));
    expect(row?.accountHint).toBe("p•••@paxum.example");
    expect(JSON.stringify(row)).not.toContain("pat@paxum.example");

    // The same again keeps the hold where it was.
    await endHold(p.id);
    const again = await saveDetails(p.token, { method: "paxum", accountName: "Pat P.", account: "pat@paxum.example" });
    expect(again.json().payoutDetails.heldUntil).toBeNull();

    // A crypto address instead: held again, its network kept.
    const wallet = "TQ5kR9wS2mB7nX4vP8cL3dF6gH1jK0aZyE";
    const crypto = await saveDetails(p.token, {
      method: "crypto",
      accountName: "Pat Payee",
      account: wallet,
      network: "USDT TRC-20",
    });
    expect(crypto.statusCode, crypto.body).toBe(200);
    expect(crypto.json().payoutDetails).toMatchObject({ method: "crypto", account: wallet, network: "USDT TRC-20" });
    expect(crypto.json().payoutDetails.heldUntil).not.toBeNull();
    const [sealed] = await t.database.db.select().from(payoutDetails).where(eq(payoutDetails.performerId, p.id));
    expect(sealed?.accountHint).toBe("•••• yZyE".replace("yZyE", wallet.slice(-4)));
  });

  it("changing the method still needs two-factor sign-in and a fresh password", async () => {
    const p = await newAccount(t, "performer", "no2fa");
    const res = await saveDetails(p.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("TwoFactorRequired");
  });
});

describe("a payout request", () => {
  it("waits for the minimum, a method past its hold, one at a time; the admin approves and pays exactly its lines", async () => {
    const p = await payee();
    await sellFor(p, 4); // 3.20 after the site's 20%
    expect(await balanceOf(p.token)).toMatchObject({
      balance: 3.2,
      minimum: 5,
      holdDays: 3,
      currency: "USD",
      open: null,
      blocker: "below-minimum",
    });
    let res = await ask(p.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("Your balance of 3.20 USD is below the payout minimum of 5.00 USD.");

    await sellFor(p, 4); // 6.40
    res = await ask(p.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("Save your payout details before you ask to be paid.");
    expect((await balanceOf(p.token)).blocker).toBe("no-method");

    expect((await saveDetails(p.token)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(payoutDetails).where(eq(payoutDetails.performerId, p.id));
    const heldUntil = row?.heldUntil as Date;
    const until = heldUntil.toISOString().slice(0, 16).replace("T", " ");
    res = await ask(p.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(`Your payout method was changed recently: it can be used from ${until} UTC.`);
    expect(await balanceOf(p.token)).toMatchObject({
      blocker: "method-on-hold",
      methodHeldUntil: row?.heldUntil?.toISOString(),
    });

    await endHold(p.id);
    expect((await balanceOf(p.token)).blocker).toBeNull();
    // Two requests sent at once (a double click, two tabs): one is taken, the other finds it open.
    const both = await Promise.all([ask(p.token), ask(p.token)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    res = both.find((r) => r.statusCode === 201) as typeof res;
    expect(res.statusCode, res.body).toBe(201);
    const request = res.json().request;
    expect(request).toMatchObject({
      performerId: p.id,
      status: "requested",
      amount: 6.4,
      currency: "USD",
      lines: 2,
      method: { method: "bank", accountHint: "•••• 5555" },
      reason: null,
      reference: null,
      payoutId: null,
    });

    // One open request at a time.
    res = await ask(p.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("You already have a payout request open: wait until it is paid or refused.");
    expect((await balanceOf(p.token)).blocker).toBe("open-request");

    // A sale after the request is not in it: its amount stays.
    await sellFor(p, 2); // +1.60
    expect((await balanceOf(p.token)).balance).toBe(8);

    // Theirs alone: another performer sees a 404, and cannot act on it as an admin does.
    const other = await payee();
    const peek = await t.request({
      method: "GET",
      url: `/performers/me/payout-requests/${request._id}`,
      token: other.token,
    });
    expect(peek.statusCode).toBe(404);
    expect((await decide(request._id, "approve", undefined, other.token)).statusCode).toBe(403);
    const own = await t.request({
      method: "GET",
      url: `/performers/me/payout-requests/${request._id}`,
      token: p.token,
    });
    expect(own.json().request._id).toBe(request._id);

    // Paid only once approved.
    res = await decide(request._id, "paid", { reference: "SEPA-2026-001" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This payout request is requested: it cannot be marked paid.");
    const queue = await t.request({
      method: "GET",
      url: "/admin/payout-requests?status=requested&limit=100",
      token: admin,
    });
    expect(queue.json().data.map((r: { _id: string }) => r._id)).toContain(request._id);

    res = await decide(request._id, "approve");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request).toMatchObject({ status: "approved", decidedBy: { username: "admin" } });
    res = await decide(request._id, "approve");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This payout request is approved: it cannot be approved.");

    // Two admins marking it paid at once: one payout is made, the other is told it is paid already.
    const paidTwice = await Promise.all([
      decide(request._id, "paid", { reference: "SEPA-2026-001" }),
      decide(request._id, "paid", { reference: "SEPA-2026-001" }),
    ]);
    expect(paidTwice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    res = paidTwice.find((r) => r.statusCode === 200) as typeof res;
    expect(paidTwice.find((r) => r.statusCode === 409)?.json().message).toBe(
      "This payout request is paid: it cannot be marked paid.",
    );
    expect(await t.database.db.select().from(payouts).where(eq(payouts.performerId, p.id))).toHaveLength(1);
    const paid = res.json().request;
    expect(paid).toMatchObject({ status: "paid", reference: "SEPA-2026-001", amount: 6.4 });
    expect(paid.paidAt).not.toBeNull();

    // Exactly the request's lines are paid, into one payout of its amount; the later sale is still owed.
    const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.id, paid.payoutId));
    expect(payout).toMatchObject({ performerId: p.id, amountCents: 640, note: "SEPA-2026-001", currency: "USD" });
    const lines = await t.database.db.select().from(earnings).where(eq(earnings.performerId, p.id));
    const covered = (
      await t.database.db.select().from(payoutRequestLines).where(eq(payoutRequestLines.requestId, request._id))
    ).map((l) => l.earningId);
    expect(covered).toHaveLength(2);
    for (const line of lines) {
      if (covered.includes(line.id)) expect(line).toMatchObject({ paid: true, payoutId: paid.payoutId });
      else expect(line).toMatchObject({ paid: false, payoutId: null, netCents: 160 });
    }
    expect((await balanceOf(p.token)).balance).toBe(1.6);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ["payouts.approve-request", "payouts.pay-request"]));
    const mine = audit.filter((a) => a.subjectId === p.id).map((a) => a.action);
    expect(mine.sort()).toEqual(["payouts.approve-request", "payouts.pay-request"]);
    res = await decide(request._id, "refuse", { reason: "Too late." });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This payout request is paid: it cannot be refused.");

    const history = await t.request({ method: "GET", url: "/performers/me/payout-requests", token: p.token });
    expect(history.json()).toMatchObject({ total: 1, data: [{ _id: request._id, status: "paid" }] });
  });

  it("refused with a reason: the performer is told, and may ask again", async () => {
    const p = await payee();
    await sellFor(p, 10);
    await saveDetails(p.token);
    await endHold(p.id);
    const first = (await ask(p.token)).json().request;
    const res = await decide(first._id, "refuse", { reason: "The bank details do not match your name." });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request).toMatchObject({ status: "refused", reason: "The bank details do not match your name." });
    await t.app.services.notifications.settled();
    const told = await t.request({ method: "GET", url: "/notifications", token: p.token });
    expect(told.json().data[0]).toMatchObject({
      type: "payout_refused",
      text: "Your payout request of 8.00 USD was refused: The bank details do not match your name.",
      link: "/studio/earnings",
    });
    const again = await ask(p.token);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().request).toMatchObject({ amount: 8, lines: 1 });
  });

  it("is not paid when an admin settled its lines the old way meanwhile", async () => {
    const p = await payee();
    await sellFor(p, 10);
    await saveDetails(p.token);
    await endHold(p.id);
    const request = (await ask(p.token)).json().request;
    expect((await decide(request._id, "approve")).statusCode).toBe(200);
    const old = await t.request({ method: "POST", url: "/admin/payouts", token: admin, body: { performerId: p.id } });
    expect(old.statusCode, old.body).toBe(201);
    const res = await decide(request._id, "paid", { reference: "DUP" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "Some of this request's earning lines were paid meanwhile: refuse this request and let the performer ask again.",
    );
    expect((await t.database.db.select().from(payouts).where(eq(payouts.performerId, p.id))).length).toBe(1);
  });
});

describe("a monthly statement", () => {
  it("recomputed from the raw earnings and payouts rows, to the cent, with the CSV saying the same", async () => {
    const p = await payee();
    const now = new Date();
    const month = now.toISOString().slice(0, 7);
    const prev = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    const prevMonth = prev.toISOString().slice(0, 7);

    // Last month: two sales and a payout of them; this month: three sales, one refunded, a request paid.
    await sellFor(p, 7.33);
    await sellFor(p, 12.99);
    const pay = await t.request({ method: "POST", url: "/admin/payouts", token: admin, body: { performerId: p.id } });
    expect(pay.statusCode, pay.body).toBe(201);
    await t.database.db.update(earnings).set({ createdAt: prev }).where(eq(earnings.performerId, p.id));
    await t.database.db.update(payouts).set({ createdAt: prev }).where(eq(payouts.performerId, p.id));
    await sellFor(p, 9.99);
    const refunded = await sellFor(p, 5.55);
    await sellFor(p, 3.1);
    const refund = await deliverSandbox(t, {
      id: `refund:${refunded.transactionId}`,
      type: "refunded",
      transactionId: refunded.transactionId,
      amountCents: refunded.cents,
    });
    expect(refund.json().received[0].outcome).toBe("applied");
    await saveDetails(p.token);
    await endHold(p.id);
    const req = (await ask(p.token)).json().request;
    await decide(req._id, "approve");
    expect((await decide(req._id, "paid", { reference: "ST-1" })).statusCode).toBe(200);
    await sellFor(p, 6.01); // owed at the month's end

    const lines = await t.database.db.select().from(earnings).where(eq(earnings.performerId, p.id));
    const paidRows = await t.database.db.select().from(payouts).where(eq(payouts.performerId, p.id));
    const get = async (m: string) => {
      const res = await t.request({ method: "GET", url: `/performers/me/statements?month=${m}`, token: p.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    for (const m of [prevMonth, month]) {
      const [y, mm] = m.split("-").map(Number) as [number, number];
      const from = Date.UTC(y, mm - 1, 1);
      const to = Date.UTC(y, mm, 1);
      const inMonth = (d: Date) => d.getTime() >= from && d.getTime() < to;
      const opening =
        lines.filter((l) => l.createdAt.getTime() < from).reduce((n, l) => n + l.netCents, 0) -
        paidRows.filter((r) => r.createdAt.getTime() < from).reduce((n, r) => n + r.amountCents, 0);
      const monthLines = lines.filter((l) => inMonth(l.createdAt));
      const byKind = new Map<string, { count: number; gross: number; commission: number; net: number }>();
      for (const l of monthLines) {
        const kind = l.reversalOf ? "refund" : "video";
        const k = byKind.get(kind) ?? { count: 0, gross: 0, commission: 0, net: 0 };
        byKind.set(kind, {
          count: k.count + 1,
          gross: k.gross + l.grossCents,
          commission: k.commission + l.commissionCents,
          net: k.net + l.netCents,
        });
      }
      const net = monthLines.reduce((n, l) => n + l.netCents, 0);
      const paidOut = paidRows.filter((r) => inMonth(r.createdAt)).reduce((n, r) => n + r.amountCents, 0);
      const s = await get(m);
      const cents = (v: number) => Math.round(v * 100);
      expect(cents(s.opening), m).toBe(opening);
      expect(
        s.rows.map((r: { kind: string; count: number; gross: number; commission: number; net: number }) => ({
          kind: r.kind,
          count: r.count,
          gross: cents(r.gross),
          commission: cents(r.commission),
          net: cents(r.net),
        })),
      ).toEqual([...byKind].map(([kind, v]) => ({ kind, ...v })).sort((a) => (a.kind === "refund" ? 1 : -1)));
      expect(cents(s.net)).toBe(net);
      expect(cents(s.paidOut)).toBe(paidOut);
      expect(cents(s.closing)).toBe(opening + net - paidOut);
      expect(s.months).toEqual(expect.arrayContaining([month, prevMonth]));
    }
    const last = await get(prevMonth);
    expect(last).toMatchObject({ opening: 0, closing: 0 });
    expect(last.net).toBe(last.paidOut);
    const current = await get(month);
    expect(current.rows.map((r: { kind: string }) => r.kind)).toEqual(["video", "refund"]);
    // The closing balance is what the ledger says is owed now.
    const stats = (await t.request({ method: "GET", url: "/earning/performer/stats", token: p.token })).json();
    expect(current.closing).toBe(stats.unpaid);
    expect(current.closing).toBeGreaterThan(4);

    const csv = await t.request({ method: "GET", url: `/performers/me/statements/${month}/csv`, token: p.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="statement-${month}.csv"`);
    const rows = csv.body
      .trim()
      .split("\r\n")
      .map((l) => l.split(","));
    expect(rows[0]).toEqual(["section", "description", "date", "count", "gross", "commission", "net", "currency"]);
    expect(rows.find((r) => r[0] === "opening")?.[6]).toBe("0.00");
    expect(rows.find((r) => r[0] === "payout")).toEqual([
      "payout",
      "ST-1",
      expect.any(String),
      "",
      "",
      "",
      (-current.paidOut).toFixed(2),
      "USD",
    ]);
    expect(rows.find((r) => r[0] === "closing")?.[6]).toBe(current.closing.toFixed(2));
    const sumNet = rows
      .filter((r) => r[0] !== "section" && r[0] !== "closing")
      .reduce((n, r) => n + Math.round(Number(r[6]) * 100), 0);
    expect(sumNet).toBe(Math.round(current.closing * 100));
  });
});
