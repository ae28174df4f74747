import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, expectBadRequest, type TestContext } from "../../../../test/harness.ts";
import { performers } from "../../performers/tables.ts";
import { users } from "../../users/tables.ts";
import { videos } from "../../videos/tables.ts";
import { earnings } from "../earnings/tables.ts";
import { gatewayEvents, transactions } from "../ledger/tables.ts";
import { subscriptions } from "./tables.ts";

/**
 * Site memberships and performer subscriptions through the sandbox gateway (issue 10, DESIGN section 5): a payment
 * starts them, renewals extend them from the old expiry, cancelling stops renewal only, a refund ends them, and the
 * hourly job lapses what was not renewed.
 */

let t: TestContext;
let admin: string;
let performer: string;
let performerId: string;
let seq = 0;
const DAY = 24 * 3600_000;

/** A fresh member account (each test starts without any subscription). */
async function account(): Promise<{ token: string; id: string }> {
  const name = `sub${Date.now().toString(36)}${seq++}`;
  const [demo] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, "user"));
  const [made] = await t.database.db
    .insert(users)
    .values({ username: name, email: `${name}@example.com`, name, passwordHash: demo?.hash ?? "", verifiedEmail: true })
    .returning({ id: users.id });
  return { token: await t.login(name), id: (made as { id: string }).id };
}

const makePackage = (body: Record<string, unknown>, token = admin) =>
  t.request({ method: "POST", url: "/admin/packages", token, body });

const subscribe = (token: string, body: Record<string, unknown>) =>
  t.request({ method: "POST", url: "/payment/subscribe", token, body });

/** Subscribes and approves on the sandbox page, as the member does in the browser. */
async function subscribed(token: string, body: Record<string, unknown>) {
  const res = await subscribe(token, body);
  expect(res.statusCode, res.body).toBe(200);
  const { transactionId } = res.json() as { transactionId: string };
  const approved = await t.request({
    method: "POST",
    url: `/payment/sandbox/${transactionId}`,
    token,
    body: { decision: "approve" },
  });
  expect(approved.json().status).toBe("paid");
  return transactionId;
}

const current = async (token: string) =>
  (await t.request({ method: "GET", url: "/subscriptions/current", token })).json() as {
    membership: { _id: string; expiresAt: string; renews: boolean; status: string; active: boolean } | null;
    performers: { _id: string; performer: { _id: string }; expiresAt: string }[];
  };

const rowOf = async (id: string) =>
  (await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];

const simulate = (id: string, event: string, token = admin) =>
  t.request({ method: "POST", url: `/admin/subscriptions/${id}/simulate`, token, body: { event } });

let monthly: string;

/** The texts of the member's notifications, newest first. */
const told = async (token: string) =>
  (
    (await t.request({ method: "GET", url: "/notifications", token, query: { limit: "100" } })).json() as {
      data: { text: string }[];
    }
  ).data.map((n) => n.text);

/** "26 Dec 2026": how the site writes a date (UTC). */
const siteDate = (iso: string) => {
  const d = new Date(iso);
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};

beforeAll(async () => {
  t = await createTestContext();
  [admin, performer] = await Promise.all([t.login("admin"), t.login("performer")]);
  const [p] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, "performer"));
  performerId = (p as { id: string }).id;
  const res = await makePackage({ name: "Club monthly", type: "recurring", price: 12.5, initialPeriodDays: 30 });
  expect(res.statusCode, res.body).toBe(201);
  monthly = res.json()._id;
});
afterAll(() => t.close());

describe("membership packages", () => {
  it("are made by admins only, with the field named when a value is wrong, and listed when active", async () => {
    const member = await account();
    expect(
      (await makePackage({ name: "X", type: "single", price: 5, initialPeriodDays: 30 }, member.token)).statusCode,
    ).toBe(403);
    expect((await t.request({ method: "POST", url: "/admin/packages", body: {} })).statusCode).toBe(401);
    expectBadRequest(await makePackage({ name: "Trial", type: "trial", price: 3, initialPeriodDays: 7 }), "body.price");
    expectBadRequest(await makePackage({ name: "Paid", type: "single", price: 0, initialPeriodDays: 7 }), "body.price");
    expectBadRequest(
      await makePackage({ name: "Long", type: "single", price: 1, initialPeriodDays: 0 }),
      "body.initialPeriodDays",
    );
    const hidden = await makePackage({
      name: "Hidden",
      type: "single",
      price: 50,
      initialPeriodDays: 365,
      active: false,
    });
    expect(hidden.statusCode).toBe(201);
    const listed = (await t.request({ method: "GET", url: "/package/subscription/search" })).json();
    const names = listed.data.map((p: { name: string }) => p.name);
    expect(names).toContain("Club monthly");
    expect(names).not.toContain("Hidden");
    expect(listed.data.find((p: { name: string }) => p.name === "Club monthly")).toMatchObject({
      type: "recurring",
      price: 12.5,
      initialPeriodDays: 30,
      recurringPeriodDays: 30,
    });
    const changed = await t.request({
      method: "PUT",
      url: `/admin/packages/${hidden.json()._id}`,
      token: admin,
      body: { active: true, price: 45 },
    });
    expect(changed.json()).toMatchObject({ active: true, price: 45 });
  });
});

describe("POST /payment/subscribe", () => {
  it("refuses what cannot be subscribed to, with a reason", async () => {
    const member = await account();
    expectBadRequest(await subscribe(member.token, { performerId, type: "weekly" }), "body");
    expect((await subscribe(member.token, {})).statusCode).toBe(400);
    expect(
      (await t.request({ method: "POST", url: "/payment/subscribe", body: { packageId: monthly } })).statusCode,
    ).toBe(401);
    expect((await subscribe(member.token, { packageId: "00000000-0000-4000-8000-000000000000" })).statusCode).toBe(404);
    // The demo performer has prices; one without a yearly price cannot be subscribed to yearly.
    await t.database.db.update(performers).set({ yearlyPriceCents: null }).where(eq(performers.id, performerId));
    const noPrice = await subscribe(member.token, { performerId, type: "yearly" });
    expect(noPrice.statusCode).toBe(422);
    expect(noPrice.json().message).toMatch(/has no yearly subscription price/);
    await t.database.db.update(performers).set({ yearlyPriceCents: 7999 }).where(eq(performers.id, performerId));
    const self = await subscribe(performer, { performerId, type: "monthly" });
    expect(self.json().message).toBe("You cannot subscribe to yourself.");
  });

  it("starts a site membership when paid: members-only movies open, the site keeps the money, a second one is refused", async () => {
    const member = await account();
    const [movie] = await t.database.db
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.access, "members"), eq(videos.status, "active"), sql`${videos.listed}`))
      .limit(1);
    const canWatch = async () =>
      (await t.request({ method: "GET", url: `/user/assets/videos/${movie?.id}`, token: member.token })).json()
        .canWatch;
    if (movie) expect(await canWatch()).toBe(false);
    const res = await subscribe(member.token, { packageId: monthly });
    expect(res.json().paymentUrl).toMatch(/\/payment\/sandbox\//);
    // Not paid yet: nothing to show.
    expect((await current(member.token)).membership).toBeNull();
    const transactionId = await subscribed(member.token, { packageId: monthly });
    expect(transactionId).toBe(res.json().transactionId);
    const { membership } = await current(member.token);
    expect(membership).toMatchObject({ status: "active", renews: true, active: true });
    const days = (Date.parse(membership?.expiresAt ?? "") - Date.now()) / DAY;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    if (movie) expect(await canWatch()).toBe(true);
    expect(await t.database.db.select().from(earnings).where(eq(earnings.transactionId, transactionId))).toEqual([]);
    const again = await subscribe(member.token, { packageId: monthly });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^You are already a member until \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);
  });

  it("subscribes to a performer: the performer earns, counts a subscriber and lists them; no one else sees them", async () => {
    const member = await account();
    const before = (await t.database.db.select().from(performers).where(eq(performers.id, performerId)))[0];
    const transactionId = await subscribed(member.token, { performerId, type: "monthly" });
    const lines = await t.database.db.select().from(earnings).where(eq(earnings.transactionId, transactionId));
    // 9.99 at the default commission of 20%: 2.00 to the site, 7.99 to the performer.
    expect(lines.map((l) => [l.performerId, l.grossCents, l.commissionCents, l.netCents])).toEqual([
      [performerId, 999, 200, 799],
    ]);
    const after = (await t.database.db.select().from(performers).where(eq(performers.id, performerId)))[0];
    expect(after?.subscribersCount).toBe((before?.subscribersCount ?? 0) + 1);
    expect((await current(member.token)).performers.map((s) => s.performer._id)).toEqual([performerId]);
    const subscribers = await t.request({
      method: "GET",
      url: "/subscriptions/performer/search?limit=50",
      token: performer,
    });
    expect(subscribers.json().data.map((s: { user: { _id: string } }) => s.user._id)).toContain(member.id);
    expect(
      (await t.request({ method: "GET", url: "/subscriptions/performer/search", token: member.token })).statusCode,
    ).toBe(403);
    const twice = await subscribe(member.token, { performerId, type: "yearly" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/^You are already subscribed to .+ until \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);
  });

  it("starts a free trial at once, once per member", async () => {
    const trial = (await makePackage({ name: "Free week", type: "trial", price: 0, initialPeriodDays: 7 })).json();
    const member = await account();
    const res = await subscribe(member.token, { packageId: trial._id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().paymentUrl).toMatch(/\/payment\/success\?transaction=/);
    const { membership } = await current(member.token);
    expect(membership).toMatchObject({ active: true, renews: false });
    // Over (ended early here), it cannot be had again.
    await t.database.db
      .update(subscriptions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, membership?._id ?? ""));
    const again = await subscribe(member.token, { packageId: trial._id });
    expect(again.json().message).toBe("You have already had this free trial.");
  });
});

describe("renewals, cancelling, refunds and lapses", () => {
  it("extends a renewal from the old expiry, records its payment once, and pays the performer again", async () => {
    const member = await account();
    await subscribed(member.token, { performerId, type: "monthly" });
    const [sub] = (await current(member.token)).performers;
    const oldExpiry = Date.parse(sub?.expiresAt ?? "");
    const renewed = await simulate(sub?._id ?? "", "renewed");
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(Date.parse(renewed.json().expiresAt) - oldExpiry).toBe(30 * DAY);
    const paid = await t.database.db
      .select()
      .from(earnings)
      .innerJoin(transactions, eq(transactions.id, earnings.transactionId))
      .where(and(eq(transactions.userId, member.id), eq(earnings.performerId, performerId)));
    expect(paid.map((p) => p.earnings.grossCents)).toEqual([999, 999]);
    // The same renewal delivered again (same gateway event id) changes nothing.
    const [event] = await t.database.db
      .select()
      .from(gatewayEvents)
      .where(and(eq(gatewayEvents.type, "renewed"), eq(gatewayEvents.transactionId, paid[1]?.transactions.id ?? "")));
    const payload = event?.payload as Record<string, unknown>;
    const { body, signature } = t.app.services.sandbox.signed(payload as never);
    const replay = await t.app.inject({
      method: "POST",
      url: "/payment/webhook/sandbox",
      headers: { "content-type": "application/json", "x-sandbox-signature": signature },
      payload: body,
    });
    expect(replay.json().received[0].outcome).toBe("duplicate");
    expect(Date.parse((await rowOf(sub?._id ?? ""))?.expiresAt?.toISOString() ?? "")).toBe(oldExpiry + 30 * DAY);
    expect((await simulate(sub?._id ?? "", "renewed", member.token)).statusCode).toBe(403);
  });

  it("cancels renewal only: access lasts until the end, a later renewal is flagged, not applied", async () => {
    const member = await account();
    const other = await account();
    await subscribed(member.token, { packageId: monthly });
    const { membership } = await current(member.token);
    const id = membership?._id ?? "";
    expect(
      (await t.request({ method: "POST", url: `/subscriptions/cancel/${id}`, token: other.token })).statusCode,
    ).toBe(404);
    const cancelled = await t.request({ method: "POST", url: "/subscriptions/cancel", token: member.token, body: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: "cancelled",
      renews: false,
      active: true,
      expiresAt: membership?.expiresAt,
    });
    expect((await current(member.token)).membership?.active).toBe(true);
    const twice = await t.request({ method: "POST", url: `/subscriptions/cancel/${id}`, token: member.token });
    expect(twice.statusCode).toBe(409);
    // The gateway's cancellation went through the ledger once.
    const ref = (await rowOf(id))?.gatewaySubscriptionId;
    const events = await t.database.db
      .select()
      .from(gatewayEvents)
      .where(eq(gatewayEvents.eventId, `cancel:${ref}`));
    expect(events.map((e) => e.outcome)).toEqual(["applied"]);
    await simulate(id, "renewed");
    expect((await rowOf(id))?.expiresAt?.toISOString()).toBe(membership?.expiresAt);
    const [flagged] = await t.database.db
      .select()
      .from(gatewayEvents)
      .where(and(eq(gatewayEvents.type, "renewed"), eq(gatewayEvents.outcome, "flagged")))
      .orderBy(sql`${gatewayEvents.receivedAt} desc`)
      .limit(1);
    expect(flagged?.note).toMatch(/no longer renews/);
  });

  it("tells the member a cancelled performer subscription by the performer's name and the site's date format", async () => {
    const member = await account();
    await subscribed(member.token, { performerId, type: "monthly" });
    const [sub] = (await current(member.token)).performers;
    const cancelled = await t.request({
      method: "POST",
      url: `/subscriptions/cancel/${sub?._id}`,
      token: member.token,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const until = siteDate(sub?.expiresAt ?? "");
    await expect
      .poll(() => told(member.token))
      .toContain(`Your subscription to “Piper Performer” will not renew (access until ${until}).`);
    // Cancelled twice: refused, with the end date as the pages write it.
    const twice = await t.request({ method: "POST", url: `/subscriptions/cancel/${sub?._id}`, token: member.token });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`This subscription does not renew; it ends on ${until}.`);
    // A site membership's notice stays about the membership.
    await subscribed(member.token, { packageId: monthly });
    const site = await t.request({ method: "POST", url: "/subscriptions/cancel", token: member.token, body: {} });
    expect(site.statusCode, site.body).toBe(200);
    await expect
      .poll(() => told(member.token))
      .toContain(`Your membership will not renew (access until ${siteDate(site.json().expiresAt)}).`);
  });

  it("names the refunded item to the buyer and to the performer", async () => {
    const member = await account();
    const transactionId = await subscribed(member.token, { performerId, type: "monthly" });
    const refunded = await t.request({
      method: "POST",
      url: `/admin/transactions/${transactionId}/refund`,
      token: admin,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await expect.poll(() => told(member.token)).toContain("Payment refunded: “Piper Performer: monthly subscription”.");
    await expect
      .poll(() => told(performer))
      .toContain("A sale of yours was refunded: “Piper Performer: monthly subscription”.");
  });

  it("ends a subscription at once on a refund or a chargeback: access stops, the performer's earning is reversed", async () => {
    const member = await account();
    const transactionId = await subscribed(member.token, { performerId, type: "monthly" });
    const [sub] = (await current(member.token)).performers;
    const charged = await simulate(sub?._id ?? "", "chargeback");
    expect(charged.statusCode, charged.body).toBe(200);
    expect(charged.json()).toMatchObject({ status: "expired", active: false, renews: false });
    expect((await current(member.token)).performers).toEqual([]);
    const lines = await t.database.db.select().from(earnings).where(eq(earnings.performerId, performerId));
    expect(lines.filter((l) => l.transactionId === transactionId).reduce((n, l) => n + l.netCents, 0)).toBe(0);
  });

  it("lapses what was not renewed, and says nothing of what still runs", async () => {
    const [late, running] = [await account(), await account()];
    await subscribed(late.token, { packageId: monthly });
    await subscribed(running.token, { packageId: monthly });
    const lateId = (await current(late.token)).membership?._id ?? "";
    await t.database.db
      .update(subscriptions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.id, lateId));
    const { lapsed } = await t.app.services.payments.lapse();
    expect(lapsed).toBeGreaterThanOrEqual(1);
    expect((await rowOf(lateId))?.status).toBe("expired");
    expect((await current(late.token)).membership).toBeNull();
    expect((await current(running.token)).membership?.status).toBe("active");
    expect((await t.app.services.payments.lapse()).lapsed).toBe(0);
    // A late renewal (a gateway's retry) starts it again from now.
    const renewed = await simulate(lateId, "renewed");
    expect(renewed.json()).toMatchObject({ status: "active", active: true });
  });

  it("lists a member's own subscriptions and nobody else's", async () => {
    const member = await account();
    await subscribed(member.token, { packageId: monthly });
    const mine = (await t.request({ method: "GET", url: "/subscriptions/user/search", token: member.token })).json();
    expect(mine.total).toBe(1);
    expect(mine.data[0]).toMatchObject({ kind: "site", package: { name: "Club monthly" }, status: "active" });
    const fresh = await account();
    expect(
      (await t.request({ method: "GET", url: "/subscriptions/user/search", token: fresh.token })).json().total,
    ).toBe(0);
    expect((await t.request({ method: "GET", url: "/subscriptions/user/search" })).statusCode).toBe(401);
  });
});

describe("memberships granted and revoked by hand", () => {
  const grant = (body: Record<string, unknown>, token = admin) =>
    t.request({ method: "POST", url: "/admin/subscriptions/grant", token, body });
  const revoke = (id: string, body: Record<string, unknown>, token = admin) =>
    t.request({ method: "POST", url: `/admin/subscriptions/${id}/revoke`, token, body });

  it("lets an admin give a member a membership for some days, with the reason, and take it back", async () => {
    const member = await account();
    expect((await grant({ userId: member.id, days: 10, reason: "Support case 41" }, member.token)).statusCode).toBe(
      403,
    );
    expectBadRequest(await grant({ userId: member.id, days: 0, reason: "Support case 41" }), "body.days");
    expectBadRequest(await grant({ userId: member.id, days: 10, reason: "" }), "body.reason");
    expect(
      (await grant({ userId: "00000000-0000-4000-8000-000000000000", days: 10, reason: "Nobody" })).statusCode,
    ).toBe(404);
    const given = await grant({ userId: member.id, days: 10, reason: "Support case 41" });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json()).toMatchObject({ kind: "site", active: true, renews: false, gateway: "manual" });
    expect(given.json().adminNote).toBe("Granted by admin: Support case 41");
    const days = (Date.parse(given.json().expiresAt) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(9.9);
    expect((await current(member.token)).membership?.active).toBe(true);
    expect((await grant({ userId: member.id, days: 5, reason: "Twice" })).statusCode).toBe(409);

    expect((await revoke(given.json()._id, { reason: "Abuse" }, member.token)).statusCode).toBe(403);
    const taken = await revoke(given.json()._id, { reason: "Chargeback elsewhere" });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ status: "expired", active: false });
    expect(taken.json().adminNote).toBe("Revoked by admin: Chargeback elsewhere");
    expect((await current(member.token)).membership).toBeNull();
    expect((await revoke(given.json()._id, { reason: "Again" })).statusCode).toBe(409);
  });

  it("stops a paid membership's renewals at the gateway when it is revoked", async () => {
    const member = await account();
    await subscribed(member.token, { packageId: monthly });
    const id = (await current(member.token)).membership?._id ?? "";
    const taken = await revoke(id, { reason: "Fraud" });
    expect(taken.json()).toMatchObject({ status: "expired", renews: false, active: false });
    const ref = (await rowOf(id))?.gatewaySubscriptionId;
    const events = await t.database.db
      .select()
      .from(gatewayEvents)
      .where(eq(gatewayEvents.eventId, `cancel:${ref}`));
    expect(events.map((e) => e.outcome)).toEqual(["applied"]);
  });
});
