import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestContext,
  deliverSandbox,
  expectBadRequest,
  type TestContext,
  verifyPerformer,
} from "../../../../test/harness.ts";
import { checkoutVideo, saleMovie } from "../../../../test/sales.ts";
import { users } from "../../users/tables.ts";
import { earnings } from "../earnings/tables.ts";

/**
 * The studio's chart of earnings over time (issue 10): `GET /earning/performer/timeline`, through HTTP, on sales
 * paid and refunded through the sandbox gateway's signed callbacks like a member's own.
 */

let t: TestContext;
let performer: string;
let user: string;
let other: string;

interface Point {
  start: string;
  gross: number;
  commission: number;
  net: number;
  sales: number;
  refunds: number;
}
interface Timeline {
  interval: "day" | "week" | "month";
  currency: string;
  from: string;
  to: string;
  points: Point[];
}

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const timeline = (query: Record<string, string>, token = performer) =>
  t.request({ method: "GET", url: "/earning/performer/timeline", query, token });
const stats = async (query: Record<string, string>) =>
  (await t.request({ method: "GET", url: "/earning/performer/stats", query, token: performer })).json() as {
    gross: number;
    commission: number;
    net: number;
    lines: number;
  };
const sum = (points: Point[], key: "gross" | "commission" | "net" | "sales" | "refunds") =>
  Math.round(points.reduce((n, p) => n + p[key], 0) * 100) / 100;

/** A movie of the demo performer's, sold on its own, bought and paid by the demo member: its transaction id. */
async function sold(cents: number): Promise<string> {
  const { transactionId } = await checkoutVideo(t, user, await saleMovie(t, performer, cents / 100));
  const paid = await deliverSandbox(t, {
    id: `paid:${transactionId}`,
    type: "paid",
    transactionId,
    amountCents: cents,
  });
  expect(paid.json().received[0].outcome).toBe("applied");
  return transactionId;
}

/** Moves a transaction's earning lines back in time, as if it had been paid `days` ago. */
const backdate = (transactionId: string, days: number) =>
  t.database.db
    .update(earnings)
    .set({ createdAt: new Date(Date.now() - days * DAY) })
    .where(eq(earnings.transactionId, transactionId));

beforeAll(async () => {
  t = await createTestContext();
  const admin = await t.login("admin");
  [performer, user] = await Promise.all([t.login("performer"), t.login("user")]);
  // A second performer, whom an admin makes one, with no sales of their own.
  const res = await t.request({
    method: "POST",
    url: "/auth/users/register",
    body: { username: "chartother", email: "chart.other@example.com", password: "marquee-demo-1", name: "Other" },
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.database.db
    .update(users)
    .set({ verifiedEmail: true })
    .where(inArray(users.username, ["chartother"]));
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, "chartother"));
  const made = await t.request({ method: "POST", url: "/admin/performers", token: admin, body: { userId: row?.id } });
  expect(made.statusCode, made.body).toBe(201);
  await verifyPerformer(t, row?.id as string);
  other = await t.login("chartother", "marquee-demo-1");

  // Ten days ago a 30.00 sale; five days ago a 10.00 sale refunded today; today a 20.00 sale.
  await backdate(await sold(3000), 10);
  const refunded = await sold(1000);
  await backdate(refunded, 5);
  await deliverSandbox(t, {
    id: `refund:${refunded}`,
    type: "refunded",
    transactionId: refunded,
    amountCents: 1000,
  });
  await sold(2000);
});
afterAll(() => t.close());

describe("GET /earning/performer/timeline", () => {
  it("has every day of the range, empty days as zeros, adding up to the totals of the same range", async () => {
    const from = isoDay(new Date(Date.now() - 20 * DAY));
    const to = isoDay(new Date(Date.now() + DAY));
    const res = await timeline({ from, to, interval: "day" });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Timeline;
    expect(body).toMatchObject({ interval: "day", currency: "USD" });
    // 21 days: from 20 days ago to today, oldest first, one a day.
    expect(body.points.length).toBe(21);
    expect(body.points[0]?.start).toBe(from);
    expect(body.points.at(-1)?.start).toBe(isoDay(new Date()));
    for (const [i, p] of body.points.entries()) {
      expect(Date.parse(p.start)).toBe(Date.parse(from) + i * DAY);
    }
    // Three days have lines; the others are there, as zeros.
    const busy = body.points.filter((p) => p.sales + p.refunds > 0);
    expect(busy.map((p) => p.start)).toEqual([10, 5, 0].map((d) => isoDay(new Date(Date.now() - d * DAY))));
    expect(body.points.filter((p) => p.sales + p.refunds === 0).every((p) => p.gross === 0 && p.net === 0)).toBe(true);
    const totals = await stats({ from: `${from}T00:00:00Z`, to: `${to}T00:00:00Z` });
    expect(sum(body.points, "gross")).toBeCloseTo(totals.gross, 2);
    expect(sum(body.points, "commission")).toBeCloseTo(totals.commission, 2);
    expect(sum(body.points, "net")).toBeCloseTo(totals.net, 2);
    expect(sum(body.points, "sales") + sum(body.points, "refunds")).toBe(totals.lines);
    // 30.00 + 10.00 - 10.00 + 20.00 gross at the demo performer's 20% commission.
    expect(totals.gross).toBeCloseTo(50, 2);
    expect(totals.net).toBeCloseTo(40, 2);
  });

  it("counts a refund as a negative line in the bucket it was made in", async () => {
    const res = await timeline({ from: isoDay(new Date(Date.now() - 20 * DAY)), interval: "day" });
    const points = (res.json() as Timeline).points;
    const on = (daysAgo: number) => points.find((p) => p.start === isoDay(new Date(Date.now() - daysAgo * DAY)));
    expect(on(10)).toEqual({ start: expect.any(String), gross: 30, commission: 6, net: 24, sales: 1, refunds: 0 });
    // The refunded sale still counts on its own day; its reversal lowers today's: 20.00 sold, 10.00 refunded.
    expect(on(5)).toMatchObject({ gross: 10, net: 8, sales: 1, refunds: 0 });
    expect(on(0)).toMatchObject({ gross: 10, commission: 2, net: 8, sales: 1, refunds: 1 });
  });

  it("groups by week and by month, each adding up to the totals, and picks the interval from the range", async () => {
    for (const interval of ["week", "month"] as const) {
      const body = (await timeline({ interval })).json() as Timeline;
      expect(body.interval).toBe(interval);
      // Twelve months to now: 53 or 54 weeks from a Monday, 13 months from the first.
      if (interval === "week") {
        expect(body.points.length).toBeGreaterThanOrEqual(53);
        expect(body.points.length).toBeLessThanOrEqual(54);
        expect(body.points.every((p) => new Date(p.start).getUTCDay() === 1)).toBe(true);
      } else {
        expect(body.points.length).toBe(13);
        expect(body.points.every((p) => p.start.endsWith("-01"))).toBe(true);
      }
      const totals = await stats({ from: body.from, to: body.to });
      expect(sum(body.points, "net")).toBeCloseTo(totals.net, 2);
      expect(sum(body.points, "gross")).toBeCloseTo(totals.gross, 2);
      expect(sum(body.points, "net")).toBeCloseTo(40, 2);
    }
    // Without an interval: by day up to 62 days, by week up to a year, else by month.
    const picked = async (days: number) =>
      ((await timeline({ from: isoDay(new Date(Date.now() - days * DAY)) })).json() as Timeline).interval;
    expect(await picked(30)).toBe("day");
    expect(await picked(200)).toBe("week");
    expect(await picked(800)).toBe("month");
    const byDefault = (await timeline({})).json() as Timeline;
    expect(byDefault.interval).toBe("week");
    expect(sum(byDefault.points, "net")).toBeCloseTo(40, 2);
  });

  it("refuses bad input with a 400 naming the field", async () => {
    expectBadRequest(await timeline({ from: "yesterday" }), "querystring.from");
    expectBadRequest(await timeline({ to: "2025-02-30" }), "querystring.to");
    expectBadRequest(await timeline({ from: "2025-03-01", to: "2025-02-01" }), "querystring.from");
    expectBadRequest(await timeline({ interval: "hour" }), "querystring.interval");
    expectBadRequest(await timeline({ colour: "red" }), "querystring.colour");
    // Two years by day is 731 buckets: more than 400.
    const long = await timeline({ from: "2023-01-01", to: "2025-01-01", interval: "day" });
    expectBadRequest(long, "querystring.interval");
    expect(long.json().message).toContain("at most 400");
    // A range long enough for too many months even by the interval it picks.
    expectBadRequest(await timeline({ from: "1900-01-01", to: "2000-01-01" }), "querystring.from");
    // A future `from` with the default `to` (now).
    expectBadRequest(await timeline({ from: isoDay(new Date(Date.now() + 3 * DAY)) }), "querystring.from");
    // An empty range has no buckets; a range within one bucket has that one.
    expect((await timeline({ from: "2025-01-01", to: "2025-01-01" })).json().points).toEqual([]);
    expect((await timeline({ from: "2025-01-01T10:00:00Z", to: "2025-01-01T11:00:00Z" })).json().points).toEqual([
      { start: "2025-01-01", gross: 0, commission: 0, net: 0, sales: 0, refunds: 0 },
    ]);
  });

  it("answers a performer their own earnings only; a member 403, a visitor 401", async () => {
    const theirs = await timeline({ interval: "day" }, other);
    expect(theirs.statusCode, theirs.body).toBe(200);
    const points = (theirs.json() as Timeline).points;
    expect(points.length).toBe(31);
    expect(points.every((p) => p.gross === 0 && p.sales === 0 && p.refunds === 0)).toBe(true);
    expect((await timeline({}, user)).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/earning/performer/timeline" })).statusCode).toBe(401);
  });
});
