import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, expectBadRequest, newAccount, type TestContext } from "../../../../test/harness.ts";
import { auditLog } from "../../audit/tables.ts";
import { performers } from "../../performers/tables.ts";
import { users } from "../../users/tables.ts";
import { earnings } from "../earnings/tables.ts";
import { transactions } from "../ledger/tables.ts";
import { orderLines, orders } from "../orders/tables.ts";
import { subscriptions } from "../subscriptions/tables.ts";
import { offerClaims, offers } from "./tables.ts";

/**
 * Promotions (issue 24 section 3): performers' offers on their subscription (first-period discount, free trial once
 * per member, multi-month bundle), the same on site packages, the checkout at the offer's terms with renewals at the
 * stated renewal price, claims limited under races, and tracking links' clicks, sign-ups and conversions.
 */

let t: TestContext;
let admin: string;
type Account = Awaited<ReturnType<typeof newAccount>>;
let star: Account;
const DAY = 24 * 3600_000;
const MONTHLY = 1000;

const makeOffer = (token: string, body: Record<string, unknown>) =>
  t.request({ method: "POST", url: "/studio/offers", token, body });
const subscribe = (token: string, body: Record<string, unknown>) =>
  t.request({ method: "POST", url: "/payment/subscribe", token, body });

/** Subscribes under the offer and, when there is something to pay, approves on the sandbox page. */
async function take(token: string, offerId: string) {
  const res = await subscribe(token, { offerId });
  expect(res.statusCode, res.body).toBe(200);
  const { transactionId } = res.json() as { transactionId: string; paymentUrl: string };
  if (/\/payment\/sandbox\//.test(res.json().paymentUrl)) {
    const approved = await t.request({
      method: "POST",
      url: `/payment/sandbox/${transactionId}`,
      token,
      body: { decision: "approve" },
    });
    expect(approved.json().status).toBe("paid");
  }
  return transactionId;
}

const subscriptionOf = async (userId: string) =>
  (await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
const transactionRow = async (id: string) =>
  (await t.database.db.select().from(transactions).where(eq(transactions.id, id)))[0];
const offerRow = async (id: string) => (await t.database.db.select().from(offers).where(eq(offers.id, id)))[0];

/** The member's paid transactions, oldest first, with their amounts. */
const paidOf = async (userId: string) =>
  (
    await t.database.db
      .select({ id: transactions.id, amountCents: transactions.amountCents })
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.status, "paid")))
      .orderBy(transactions.createdAt)
  ).map((r) => r.amountCents);

const simulate = (id: string, event: string) =>
  t.request({ method: "POST", url: `/admin/subscriptions/${id}/simulate`, token: admin, body: { event } });

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login("admin");
  star = await newAccount(t, "performer", "star");
  await t.database.db
    .update(performers)
    .set({ monthlyPriceCents: MONTHLY, yearlyPriceCents: 9000, status: "active" })
    .where(eq(performers.id, star.id));
});
afterAll(() => t.close());

describe("a performer's offers", () => {
  it("are made by the performer for their own subscription, with the field a kind needs named, and managed by them only", async () => {
    const member = await newAccount(t, "user");
    expect((await makeOffer(member.token, { kind: "trial", trialDays: 7 })).statusCode).toBe(403);
    expect((await t.request({ method: "POST", url: "/studio/offers", body: { kind: "trial" } })).statusCode).toBe(401);
    const need = async (body: Record<string, unknown>, path: string, message: string) => {
      const res = await makeOffer(star.token, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(message);
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
    };
    await need({ kind: "trial" }, "body.trialDays", "How many free days?");
    await need({ kind: "discount" }, "body.percentOff", "How much off the first period? Enter a percent.");
    await need({ kind: "bundle", months: 4, price: 20 }, "body.months", "A bundle is of 3, 6 or 12 months.");
    await need({ kind: "bundle", months: 3 }, "body.price", "What does the whole bundle cost?");
    await need(
      { kind: "trial", trialDays: 7, endsAt: "2020-01-01T00:00:00Z" },
      "body.endsAt",
      "The end date has to be in the future.",
    );
    expectBadRequest(await makeOffer(star.token, { kind: "discount", percentOff: 100 }), "body.percentOff");
    expectBadRequest(await makeOffer(star.token, { kind: "gift" }), "body.kind");

    const made = await makeOffer(star.token, { kind: "trial", trialDays: 7, maxClaims: 50 });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json()._id;
    expect(made.json()).toMatchObject({ kind: "trial", trialDays: 7, maxClaims: 50, claims: 0, active: true });
    expect(made.json().link).toBe(`/offers/${id}`);
    const list = await t.request({ method: "GET", url: "/studio/offers", token: star.token });
    expect(list.json().data.map((o: { _id: string }) => o._id)).toContain(id);

    // Another performer neither sees nor changes it.
    const other = await newAccount(t, "performer", "other");
    const theirs = await t.request({ method: "GET", url: "/studio/offers", token: other.token });
    expect(theirs.json().data).toEqual([]);
    const stop = (token: string) =>
      t.request({ method: "PUT", url: `/studio/offers/${id}`, token, body: { active: false } });
    expect((await stop(other.token)).statusCode).toBe(404);
    expect((await offerRow(id))?.active).toBe(true);
    expect((await stop(star.token)).json().active).toBe(false);
    const ended = await subscribe(member.token, { offerId: id });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe("This offer is no longer available.");
  });

  it("a free-trial link gives 7 free days once per member, and says so plainly", async () => {
    const offer = (await makeOffer(star.token, { kind: "trial", trialDays: 7, maxClaims: 10 })).json();
    const terms = await t.request({ method: "GET", url: `/offers/${offer._id}` });
    expect(terms.json()).toMatchObject({
      kind: "trial",
      chargedNow: 0,
      firstDays: 7,
      renews: false,
      renewPrice: null,
      renewDays: null,
      claimsLeft: 10,
      available: true,
      performer: { _id: star.id, username: star.username },
    });
    const member = await newAccount(t, "user");
    const transactionId = await take(member.token, offer._id);
    expect((await transactionRow(transactionId))?.amountCents).toBe(0);
    const s = await subscriptionOf(member.id);
    expect(s).toMatchObject({ status: "active", renews: false, priceCents: 0, offerId: offer._id, period: "free" });
    const days = ((s?.expiresAt?.getTime() ?? 0) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect((await offerRow(offer._id))?.claims).toBe(1);

    // Once per member and performer, whichever of the performer's trial links it is.
    const again = await subscribe(member.token, { offerId: offer._id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`You have already had a free trial with Name ${star.username}.`);
    const another = (await makeOffer(star.token, { kind: "trial", trialDays: 14 })).json();
    expect((await subscribe(member.token, { offerId: another._id })).json().message).toBe(
      `You have already had a free trial with Name ${star.username}.`,
    );
    // The database itself refuses a second trial claim for the same member and performer.
    await expect(
      t.database.db.insert(offerClaims).values({
        offerId: another._id,
        userId: member.id,
        orderId: "00000000-0000-4000-8000-000000000001",
        kind: "trial",
        scope: star.id,
      }),
    ).rejects.toThrow();
    expect((await offerRow(offer._id))?.claims).toBe(1);
  });

  it("a first-period discount charges the percent off once, and renewals charge the regular price", async () => {
    const offer = (await makeOffer(star.token, { kind: "discount", percentOff: 25, period: "monthly" })).json();
    const terms = (await t.request({ method: "GET", url: `/offers/${offer._id}` })).json();
    expect(terms).toMatchObject({ chargedNow: 7.5, firstDays: 30, renews: true, renewPrice: 10, renewDays: 30 });
    const member = await newAccount(t, "user");
    const transactionId = await take(member.token, offer._id);
    const paid = await transactionRow(transactionId);
    expect(paid?.amountCents).toBe(750);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, paid?.orderId ?? ""));
    expect(order).toMatchObject({ originalCents: 750, totalCents: 750, couponId: null });
    const lines = await t.database.db.select().from(earnings).where(eq(earnings.transactionId, transactionId));
    // 7.50 at the default commission of 20%: 1.50 to the site, 6.00 to the performer.
    expect(lines.map((l) => [l.performerId, l.grossCents, l.commissionCents, l.netCents])).toEqual([
      [star.id, 750, 150, 600],
    ]);
    const s = await subscriptionOf(member.id);
    expect(s).toMatchObject({ status: "active", renews: true, priceCents: MONTHLY, renewDays: 30 });
    const expiry = s?.expiresAt?.getTime() ?? 0;
    expect((await simulate(s?.id ?? "", "renewed")).statusCode).toBe(200);
    expect(await paidOf(member.id)).toEqual([750, MONTHLY]);
    const renewed = await subscriptionOf(member.id);
    expect(renewed?.expiresAt?.getTime()).toBe(expiry + 30 * DAY);
  });

  it("a 3-month bundle charges its price for 90 days and renews as the same bundle at the same price", async () => {
    const offer = (await makeOffer(star.token, { kind: "bundle", months: 3, price: 25 })).json();
    expect((await t.request({ method: "GET", url: `/offers/${offer._id}` })).json()).toMatchObject({
      title: `Name ${star.username}: 3-month bundle`,
      regularPrice: 10,
      chargedNow: 25,
      firstDays: 90,
      renews: true,
      renewPrice: 25,
      renewDays: 90,
    });
    const member = await newAccount(t, "user");
    const transactionId = await take(member.token, offer._id);
    expect((await transactionRow(transactionId))?.amountCents).toBe(2500);
    const [line] = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, (await transactionRow(transactionId))?.orderId ?? ""));
    expect(line).toMatchObject({ itemKind: "subscription", itemId: star.id, unitPriceCents: 2500, totalCents: 2500 });
    const s = await subscriptionOf(member.id);
    expect(s).toMatchObject({ renews: true, priceCents: 2500, firstDays: 90, renewDays: 90, period: "recurring" });
    const days = ((s?.expiresAt?.getTime() ?? 0) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(89.99);
    expect(days).toBeLessThanOrEqual(90);
    expect((await simulate(s?.id ?? "", "renewed")).statusCode).toBe(200);
    expect(await paidOf(member.id)).toEqual([2500, 2500]);
    expect((await subscriptionOf(member.id))?.expiresAt?.getTime()).toBe((s?.expiresAt?.getTime() ?? 0) + 90 * DAY);
  });

  it("does not go with a coupon: 422 naming the coupon field", async () => {
    const offer = (await makeOffer(star.token, { kind: "discount", percentOff: 10 })).json();
    const member = await newAccount(t, "user");
    const res = await subscribe(member.token, { offerId: offer._id, couponCode: "SAVE10" });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("A coupon cannot be used with an offer: the offer's price is the price.");
    expect(res.json().details.map((d: { path: string }) => d.path)).toEqual(["body.couponCode"]);
  });

  it("gives its last claim to one of two members checking out at once, and takes a claim back when the payment fails", async () => {
    const offer = (await makeOffer(star.token, { kind: "discount", percentOff: 50, maxClaims: 1 })).json();
    const [a, b] = await Promise.all([newAccount(t, "user"), newAccount(t, "user")]);
    const both = await Promise.all([
      subscribe(a.token, { offerId: offer._id }),
      subscribe(b.token, { offerId: offer._id }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = both.find((r) => r.statusCode === 409);
    expect(refused?.json().message).toBe("This offer has been used up: none are left.");
    expect((await offerRow(offer._id))?.claims).toBe(1);
    expect((await t.request({ method: "GET", url: `/offers/${offer._id}` })).json()).toMatchObject({
      available: false,
      claimsLeft: 0,
      reason: "This offer has been used up: none are left.",
    });
    // The winner declines on the gateway's page: the claim is free again for the other.
    const won = both.find((r) => r.statusCode === 200)?.json() as { transactionId: string };
    const winner = both[0]?.statusCode === 200 ? a : b;
    const loser = winner === a ? b : a;
    const declined = await t.request({
      method: "POST",
      url: `/payment/sandbox/${won.transactionId}`,
      token: winner.token,
      body: { decision: "decline" },
    });
    expect(declined.json().status).toBe("failed");
    expect((await offerRow(offer._id))?.claims).toBe(0);
    const transactionId = await take(loser.token, offer._id);
    expect((await transactionRow(transactionId))?.amountCents).toBe(500);
  });

  it("ends at its end date", async () => {
    const offer = (await makeOffer(star.token, { kind: "discount", percentOff: 10 })).json();
    await t.database.db
      .update(offers)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(offers.id, offer._id));
    const member = await newAccount(t, "user");
    const res = await subscribe(member.token, { offerId: offer._id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This offer has ended.");
  });
});

describe("site package offers", () => {
  it("are made by admins on a package (recorded), and a bundle charges its price and renews at it", async () => {
    const pkg = await t.request({
      method: "POST",
      url: "/admin/packages",
      token: admin,
      body: { name: "Club", type: "recurring", price: 12, initialPeriodDays: 30 },
    });
    const packageId = pkg.json()._id;
    const make = (token: string, body: Record<string, unknown>) =>
      t.request({ method: "POST", url: `/admin/packages/${packageId}/offers`, token, body });
    expect((await make(star.token, { kind: "bundle", months: 6, price: 60 })).statusCode).toBe(403);
    const made = await make(admin, { kind: "bundle", months: 6, price: 60 });
    expect(made.statusCode, made.body).toBe(201);
    const offerId = made.json()._id;
    expect(made.json()).toMatchObject({ packageId, performerId: null, months: 6, price: 60 });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, offerId));
    expect(audit?.action).toBe("offers.create");
    // A performer cannot stop a site offer.
    expect(
      (await t.request({ method: "PUT", url: `/studio/offers/${offerId}`, token: star.token, body: { active: false } }))
        .statusCode,
    ).toBe(404);
    expect((await t.request({ method: "GET", url: `/offers/${offerId}` })).json()).toMatchObject({
      package: { _id: packageId, name: "Club" },
      chargedNow: 60,
      firstDays: 180,
      renews: true,
      renewPrice: 60,
      renewDays: 180,
    });
    const member = await newAccount(t, "user");
    const transactionId = await take(member.token, offerId);
    expect((await transactionRow(transactionId))?.amountCents).toBe(6000);
    const s = await subscriptionOf(member.id);
    expect(s).toMatchObject({ kind: "site", packageId, priceCents: 6000, renewDays: 180 });
    expect((await simulate(s?.id ?? "", "renewed")).statusCode).toBe(200);
    expect(await paidOf(member.id)).toEqual([6000, 6000]);

    const trial = (await make(admin, { kind: "trial", trialDays: 7 })).json();
    const first = await take(member.token, trial._id).catch(() => null);
    expect(first).toBeNull();
    const fresh = await newAccount(t, "user");
    await take(fresh.token, trial._id);
    expect(await subscriptionOf(fresh.id)).toMatchObject({ kind: "site", priceCents: 0, renews: false });
    const twice = await subscribe(fresh.token, { offerId: trial._id });
    expect(twice.json().message).toBe("You have already had a free trial membership.");
  });
});

describe("tracking links", () => {
  it("count clicks, the sign-ups that came with the link's code, and those members' payments, for their performer only", async () => {
    const made = await t.request({
      method: "POST",
      url: "/studio/tracking-links",
      token: star.token,
      body: { name: "Twitter bio" },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { code, _id } = made.json();
    expect(made.json()).toMatchObject({ name: "Twitter bio", link: `/r/${code}`, clicks: 0, signups: 0 });
    expectBadRequest(
      await t.request({ method: "POST", url: "/studio/tracking-links", token: star.token, body: { name: "" } }),
      "body.name",
    );
    const clickFrom = (ip: string) =>
      t.request({ method: "POST", url: `/tracking-links/${code}/click`, headers: { "x-forwarded-for": ip } });
    const click = await clickFrom("203.0.113.1");
    expect(click.json()).toEqual({ username: star.username, code });
    // A reload, or a script posting in a loop, from the same address is one click; another visitor is a second.
    for (let i = 0; i < 5; i++) expect((await clickFrom("203.0.113.1")).statusCode).toBe(200);
    await clickFrom("203.0.113.2");
    expect((await t.request({ method: "POST", url: "/tracking-links/nosuchcode/click" })).statusCode).toBe(404);

    const name = `ref${Date.now().toString(36)}`;
    const reg = await t.request({
      method: "POST",
      url: "/auth/users/register",
      headers: { "x-forwarded-for": "10.9.8.7" },
      body: { name, username: name, email: `${name}@example.com`, password: "Passw0rd!long", ref: code },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    await t.database.db.update(users).set({ verifiedEmail: true }).where(eq(users.username, name));
    const token = await t.login(name, "Passw0rd!long");
    const offer = (await makeOffer(star.token, { kind: "bundle", months: 3, price: 25 })).json();
    await take(token, offer._id);

    const links = (await t.request({ method: "GET", url: "/studio/tracking-links", token: star.token })).json();
    expect(links.data.find((l: { _id: string }) => l._id === _id)).toMatchObject({
      clicks: 2,
      signups: 1,
      conversions: 1,
      revenue: 25,
    });
    const other = await newAccount(t, "performer", "other");
    expect((await t.request({ method: "GET", url: "/studio/tracking-links", token: other.token })).json().data).toEqual(
      [],
    );
    expect((await t.request({ method: "GET", url: "/studio/tracking-links", token: token })).statusCode).toBe(403);
  });
});
