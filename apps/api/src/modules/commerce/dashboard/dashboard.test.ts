import type { Dashboard, DashboardRows, RevenueKind } from "@marquee/contracts/dashboard";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, expectBadRequest, newAccount, type TestContext } from "../../../../test/harness.ts";
import { checkoutVideo, saleMovie, TEST_ADDRESS } from "../../../../test/sales.ts";
import { users } from "../../users/tables.ts";
import { earnings } from "../earnings/tables.ts";
import { gatewayEvents, transactions } from "../ledger/tables.ts";
import { orderLines } from "../orders/tables.ts";
import { subscriptionPackages, subscriptions } from "../subscriptions/tables.ts";

/**
 * The admin's dashboard (issue 24 section 6): purchases of every kind made through the real checkout and sandbox
 * gateway, a refund and a chargeback, then every figure recomputed here from the raw ledger rows and compared, and
 * every figure's rows (GET /admin/dashboard/rows) adding up to it.
 */

let t: TestContext;
let admin: string;
type Account = Awaited<ReturnType<typeof newAccount>>;
let seller: Account;
let buyer: Account;
let member: Account;
let fan: Account;
let demoPerformer: string;
let board: Dashboard;
const period = new Date().toISOString().slice(0, 7);

/** Pays a checkout on the sandbox page, as the buyer does in the browser. */
async function approve(token: string, transactionId: string) {
  const res = await t.request({
    method: "POST",
    url: `/payment/sandbox/${transactionId}`,
    token,
    body: { decision: "approve" },
  });
  expect(res.json().status, res.body).toBe("paid");
  return transactionId;
}

async function post(token: string, url: string, body: Record<string, unknown>) {
  const res = await t.request({ method: "POST", url, token, body });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

const get = async <T>(url: string, query: Record<string, string> = {}, token = admin) => {
  const res = await t.request({ method: "GET", url, token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

let refundedTx: string;
let chargedBackTx: string;
let taxedTx: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login("admin");
  [seller, buyer, member, fan] = await Promise.all([
    newAccount(t, "performer", "dashseller"),
    newAccount(t, "user", "dashbuyer"),
    newAccount(t, "user", "dashmember"),
    newAccount(t, "user", "dashfan"),
  ]);
  const [demo] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, "performer"));
  demoPerformer = (demo as { id: string }).id;

  // Sales: two movies, one of them refunded by an admin through the gateway.
  const movie = await saleMovie(t, seller.token, 9.99);
  const other = await saleMovie(t, seller.token, 4.5);
  await approve(buyer.token, (await checkoutVideo(t, buyer.token, movie)).transactionId);
  refundedTx = await approve(fan.token, (await checkoutVideo(t, fan.token, other)).transactionId);
  await approve(member.token, (await checkoutVideo(t, member.token, movie)).transactionId);
  const refund = await t.request({ method: "POST", url: `/admin/transactions/${refundedTx}/refund`, token: admin });
  expect(refund.statusCode, refund.body).toBe(200);

  // The store: a physical product.
  const product = await post(seller.token, "/performer/assets/products", {
    title: "Dashboard mug",
    type: "physical",
    price: 15,
    stock: 10,
    status: "active",
  });
  const bought = await post(buyer.token, "/payment/purchase-products", {
    products: [{ _id: product._id, quantity: 2 }],
    ...TEST_ADDRESS,
  });
  await approve(buyer.token, bought.transactionId);

  // A membership (a site package) and a performer subscription, charged back.
  const pack = await post(admin, "/admin/packages", {
    name: "Dashboard club",
    type: "recurring",
    price: 12.5,
    initialPeriodDays: 30,
  });
  await approve(member.token, (await post(member.token, "/payment/subscribe", { packageId: pack._id })).transactionId);
  chargedBackTx = await approve(
    fan.token,
    (await post(fan.token, "/payment/subscribe", { performerId: demoPerformer, type: "monthly" })).transactionId,
  );
  const [sub] = await t.database.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.userId, fan.id));
  const charged = await t.request({
    method: "POST",
    url: `/admin/subscriptions/${sub?.id}/simulate`,
    token: admin,
    body: { event: "chargeback" },
  });
  expect(charged.statusCode, charged.body).toBe(200);

  // A tip.
  await approve(buyer.token, (await post(buyer.token, "/tips", { performerId: seller.id, amount: 7 })).transactionId);

  // A sale on a taxed site: 9.99 and Germany's 19% VAT (1.90), of which only the 9.99 is revenue.
  const vat = await post(admin, "/admin/taxes", { country: "DE", name: "VAT", rate: 19 });
  const taxed = await post(fan.token, `/payment/purchase-video/${movie}`, { billingCountry: "DE" });
  taxedTx = await approve(fan.token, taxed.transactionId);
  expect((await t.request({ method: "DELETE", url: `/admin/taxes/${vat._id}`, token: admin })).statusCode).toBe(204);

  board = await get<Dashboard>("/admin/dashboard", { period });
});
afterAll(() => t.close());

const cents = (n: number) => Math.round(n * 100);

describe("GET /admin/dashboard", () => {
  it("is for admins only, and names the period it cannot read", async () => {
    expect((await t.request({ method: "GET", url: "/admin/dashboard" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/admin/dashboard", token: buyer.token })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/admin/dashboard", token: seller.token })).statusCode).toBe(403);
    expect(
      (
        await t.request({
          method: "GET",
          url: "/admin/dashboard/rows",
          token: buyer.token,
          query: { figure: "revenue" },
        })
      ).statusCode,
    ).toBe(403);
    expectBadRequest(
      await t.request({ method: "GET", url: "/admin/dashboard", token: admin, query: { period: "2026-13" } }),
      "querystring.period",
    );
    expectBadRequest(
      await t.request({ method: "GET", url: "/admin/dashboard", token: admin, query: { since: "2026" } }),
      "querystring.since",
    );
    const future = await t.request({
      method: "GET",
      url: "/admin/dashboard",
      token: admin,
      query: { period: `${new Date().getUTCFullYear() + 1}-01` },
    });
    expect(future.statusCode).toBe(422);
    expect(future.json()).toMatchObject({
      message: "That period has not started yet.",
      details: [{ path: "querystring.period", message: "in the future" }],
    });
    const noPerformer = await t.request({
      method: "GET",
      url: "/admin/dashboard/rows",
      token: admin,
      query: { figure: "performer" },
    });
    expect(noPerformer.statusCode).toBe(422);
    expect(noPerformer.json()).toMatchObject({
      message: "The performer figure needs performerId.",
      details: [{ path: "querystring.performerId", message: "required" }],
    });
    const noDay = await t.request({
      method: "GET",
      url: "/admin/dashboard/rows",
      token: admin,
      query: { figure: "revenue", bucket: "2026-02-31" },
    });
    expect(noDay.statusCode).toBe(422);
    expect(noDay.json()).toMatchObject({ details: [{ path: "querystring.bucket", message: "no date" }] });
    expectBadRequest(
      await t.request({ method: "GET", url: "/admin/dashboard/rows", token: admin, query: { figure: "everything" } }),
      "querystring.figure",
    );
  });

  it("shows this month by day when no period is given, and a year by month", async () => {
    const now = await get<Dashboard>("/admin/dashboard");
    expect(now.period).toMatchObject({ key: period, interval: "day" });
    const days = new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5)), 0)).getUTCDate();
    expect(now.revenue.points).toHaveLength(days);
    expect(now.revenue.points[0]?.start).toBe(`${period}-01`);
    const year = await get<Dashboard>("/admin/dashboard", { period: period.slice(0, 4) });
    expect(year.period.interval).toBe("month");
    expect(year.revenue.points.map((p) => p.start)).toEqual(
      Array.from({ length: 12 }, (_, i) => `${period.slice(0, 4)}-${String(i + 1).padStart(2, "0")}-01`),
    );
    // The same payments, bucketed by month: the year's month holds the month's total.
    expect(year.revenue.points.find((p) => p.start === `${period}-01`)?.total).toBe(board.revenue.totals.total);
    // A month long past has nothing and warns of nothing.
    const old = await get<Dashboard>("/admin/dashboard", { period: "2020-02" });
    expect(old.revenue.totals.total).toBe(0);
    expect(old.revenue.points).toHaveLength(29);
    expect(old.ratios).toMatchObject({ payments: 0, chargebacks: 0, chargebackRatio: 0, warning: false });
  });

  it("equals the ledger's figures, recomputed from the raw rows", async () => {
    const db = t.database.db;
    const from = new Date(board.period.from);
    const to = new Date(board.period.to);
    const asOf = new Date(board.period.asOf);
    const within = (d: Date | null | undefined, end = to) => !!d && d >= from && d < end;
    const [txs, lines, packs, events, accounts, subs, earned] = await Promise.all([
      db.select().from(transactions),
      db.select().from(orderLines),
      db.select({ id: subscriptionPackages.id }).from(subscriptionPackages),
      db.select().from(gatewayEvents),
      db.select({ id: users.id, createdAt: users.createdAt }).from(users),
      db.select().from(subscriptions),
      db.select().from(earnings),
    ]);
    const packageIds = new Set(packs.map((p) => p.id));
    const paidTx = txs.filter((x) => (x.status === "paid" || x.status === "refunded") && within(x.paidAt));
    const kindOf = (l: (typeof lines)[number]): RevenueKind =>
      l.itemKind === "video" || l.itemKind === "gallery"
        ? "sales"
        : l.itemKind === "product"
          ? "store"
          : l.itemKind === "tip"
            ? "tips"
            : packageIds.has(l.itemId)
              ? "memberships"
              : "subscriptions";
    const byOrder = new Map(paidTx.map((x) => [x.orderId, x]));
    const revenueLines = lines.filter((l) => byOrder.has(l.orderId));

    // Revenue by kind, and by day.
    const kinds: Record<RevenueKind, number> = { sales: 0, memberships: 0, subscriptions: 0, tips: 0, store: 0 };
    const days = new Map<string, number>();
    for (const l of revenueLines) {
      kinds[kindOf(l)] += l.netCents;
      const day = byOrder.get(l.orderId)?.paidAt?.toISOString().slice(0, 10) as string;
      days.set(day, (days.get(day) ?? 0) + l.netCents);
    }
    // What this test bought, at least, is there: 9.99 three times (once taxed) and 4.50 of movies, 2 mugs at 15, 12.50, the
    // performer's monthly price, 7 of tips.
    expect(kinds.sales).toBeGreaterThanOrEqual(3 * 999 + 450);
    expect(kinds.store).toBeGreaterThanOrEqual(3000);
    expect(kinds.memberships).toBeGreaterThanOrEqual(1250);
    expect(kinds.subscriptions).toBeGreaterThan(0);
    expect(kinds.tips).toBeGreaterThanOrEqual(700);
    for (const k of Object.keys(kinds) as RevenueKind[]) expect(cents(board.revenue.totals[k]), k).toBe(kinds[k]);
    const total = Object.values(kinds).reduce((a, b) => a + b, 0);
    expect(cents(board.revenue.totals.total)).toBe(total);
    // The payments' amounts are their lines' net and tax (a coupon lowers the lines too): here one VAT of 1.90.
    const tax = revenueLines.reduce((n, l) => n + l.taxCents, 0);
    expect(tax).toBe(190);
    expect(paidTx.reduce((n, x) => n + x.amountCents, 0)).toBe(total + tax);
    for (const p of board.revenue.points) {
      expect(cents(p.total), p.start).toBe(days.get(p.start) ?? 0);
      expect(cents(p.sales + p.memberships + p.subscriptions + p.tips + p.store)).toBe(cents(p.total));
    }

    // Refunds and chargebacks, and their ratios.
    const takenBack = (type: string) => {
      const ids = new Set(
        events
          .filter((e) => e.type === type && e.outcome === "applied" && within(e.receivedAt))
          .map((e) => e.transactionId),
      );
      const of = txs.filter((x) => ids.has(x.id));
      return { n: of.length, cents: of.reduce((n, x) => n + x.amountCents, 0), ids };
    };
    const refunds = takenBack("refunded");
    const chargebacks = takenBack("chargeback");
    expect(refunds.ids.has(refundedTx)).toBe(true);
    expect(chargebacks.ids.has(chargedBackTx)).toBe(true);
    expect(board.ratios).toMatchObject({
      payments: paidTx.length,
      refunds: refunds.n,
      chargebacks: chargebacks.n,
      threshold: 0.0075,
    });
    expect(cents(board.ratios.paymentsAmount)).toBe(total + tax);
    expect(cents(board.ratios.refundsAmount)).toBe(refunds.cents);
    expect(cents(board.ratios.chargebacksAmount)).toBe(chargebacks.cents);
    expect(board.ratios.refundRatio).toBeCloseTo(refunds.n / paidTx.length, 10);
    expect(board.ratios.chargebackRatio).toBeCloseTo(chargebacks.n / paidTx.length, 10);
    expect(board.ratios.chargebackAmountRatio).toBeCloseTo(chargebacks.cents / (total + tax), 10);
    // One chargeback in a handful of payments is far past 0.75%.
    expect(board.ratios.warning).toBe(true);

    // Members: new accounts, live subscriptions at the period's end, and those that ended with none live.
    const newMembers = accounts.filter((a) => within(a.createdAt)).length;
    const live = subs.filter(
      (s) =>
        s.status !== "pending" &&
        s.startedAt &&
        s.startedAt <= asOf &&
        (s.expiresAt ? s.expiresAt > asOf : s.status === "active" || s.status === "cancelled"),
    );
    const liveMembers = new Set(live.map((s) => s.userId));
    const churned = new Set(
      subs
        .filter((s) => s.status !== "pending" && s.startedAt && within(s.expiresAt, asOf))
        .map((s) => s.userId)
        .filter((u) => !liveMembers.has(u)),
    );
    expect(liveMembers.has(member.id)).toBe(true);
    expect(churned.has(fan.id)).toBe(true);
    expect(board.members).toMatchObject({ new: newMembers, active: liveMembers.size, churned: churned.size });

    // Top performers: their earning lines of the period, sales less reversals.
    const perPerformer = new Map<string, { gross: number; net: number }>();
    for (const e of earned.filter((e) => within(e.createdAt))) {
      const p = perPerformer.get(e.performerId) ?? { gross: 0, net: 0 };
      p.gross += e.grossCents;
      p.net += e.netCents;
      perPerformer.set(e.performerId, p);
    }
    const topGross = [...perPerformer.values()].map((p) => p.gross).sort((a, b) => b - a);
    expect(board.topPerformers.map((p) => cents(p.gross))).toEqual(topGross.slice(0, 5));
    for (const p of board.topPerformers) {
      expect(cents(p.net)).toBe(perPerformer.get(p.performerId)?.net);
    }
    expect(board.topPerformers.map((p) => p.performerId)).toContain(seller.id);

    // Top items: the revenue's lines by item, tips aside.
    const perItem = new Map<string, number>();
    for (const l of revenueLines.filter((l) => l.itemKind !== "tip")) {
      perItem.set(`${l.itemKind}:${l.itemId}`, (perItem.get(`${l.itemKind}:${l.itemId}`) ?? 0) + l.netCents);
    }
    const topItems = [...perItem.values()].sort((a, b) => b - a).slice(0, 5);
    expect(board.topItems.map((i) => cents(i.gross))).toEqual(topItems);
    for (const i of board.topItems) expect(cents(i.gross)).toBe(perItem.get(`${i.itemKind}:${i.itemId}`));
  });

  it("lists the ledger rows behind every figure, adding up to it", async () => {
    const rowsOf = (filter: Record<string, string | undefined>) =>
      get<DashboardRows>("/admin/dashboard/rows", {
        period,
        limit: "500",
        ...(Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined)) as Record<string, string>),
      });
    const sum = (r: DashboardRows) => r.data.reduce((n, row) => n + cents(row.amount ?? 0), 0);

    const all = await rowsOf(board.revenue.filters.total);
    expect(cents(all.amount ?? 0)).toBe(cents(board.revenue.totals.total));
    expect(sum(all)).toBe(cents(board.revenue.totals.total));
    for (const kind of ["sales", "memberships", "subscriptions", "tips", "store"] as const) {
      const r = await rowsOf(board.revenue.filters[kind]);
      expect(sum(r), kind).toBe(cents(board.revenue.totals[kind]));
      expect(r.total).toBe(r.data.length);
    }
    // The taxed sale is revenue without its VAT; the payment it came with is the whole amount charged.
    const sales = await rowsOf(board.revenue.filters.sales);
    expect(sales.data.find((r) => r.transactionId === taxedTx)?.amount).toBe(9.99);
    // One day's bucket.
    const busiest = board.revenue.points.find((p) => p.total > 0);
    const day = await rowsOf({ figure: "revenue", kind: "sales", bucket: busiest?.start });
    expect(sum(day)).toBe(cents(busiest?.sales ?? 0));

    const payments = await rowsOf(board.ratios.filters.payments);
    expect(payments.total).toBe(board.ratios.payments);
    expect(sum(payments)).toBe(cents(board.ratios.paymentsAmount));
    expect(payments.data.find((r) => r.transactionId === taxedTx)?.amount).toBe(11.89);
    const refunds = await rowsOf(board.ratios.filters.refunds);
    expect(refunds.data.map((r) => r.transactionId)).toContain(refundedTx);
    expect([refunds.total, sum(refunds)]).toEqual([board.ratios.refunds, cents(board.ratios.refundsAmount)]);
    const chargebacks = await rowsOf(board.ratios.filters.chargebacks);
    expect(chargebacks.data.map((r) => r.transactionId)).toEqual([chargedBackTx]);
    expect(sum(chargebacks)).toBe(cents(board.ratios.chargebacksAmount));

    const fresh = await rowsOf(board.members.filters.new);
    expect([fresh.total, fresh.members]).toEqual([board.members.new, board.members.new]);
    const active = await rowsOf(board.members.filters.active);
    expect(active.members).toBe(board.members.active);
    expect(active.total).toBeGreaterThanOrEqual(board.members.active);
    expect(active.data.map((r) => r.userId)).toContain(member.id);
    const churned = await rowsOf(board.members.filters.churned);
    expect(churned.members).toBe(board.members.churned);
    expect(churned.data.map((r) => r.userId)).toContain(fan.id);

    for (const p of board.topPerformers) {
      const r = await rowsOf(p.filter);
      expect(sum(r)).toBe(cents(p.gross));
      expect(r.total).toBe(p.sales + p.refunds);
    }
    for (const i of board.topItems) {
      const r = await rowsOf(i.filter);
      expect([sum(r), r.total]).toEqual([cents(i.gross), i.count]);
    }
  });
});
