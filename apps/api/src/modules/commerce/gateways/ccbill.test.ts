import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, newAccount, type TestContext } from "../../../../test/harness.ts";
import { checkoutVideo, saleMovie } from "../../../../test/sales.ts";
import type { Checkout } from "../checkout/service.ts";
import { coupons, couponUses } from "../coupons/tables.ts";
import { earnings } from "../earnings/tables.ts";
import { gatewayEvents, transactions } from "../ledger/tables.ts";
import { orderLines, orders } from "../orders/tables.ts";
import { taxEntries } from "../taxes/tables.ts";
import { TRANSACTION_FIELD } from "./ccbill.ts";

/**
 * The CCBill gateway through the API (issue 10, DESIGN section 6): FlexForms checkouts with a signed dynamic price,
 * and unsigned webhooks taken only from CCBill's ranges with the secret in the URL. DataLink is a local stand-in.
 */

const SALT = "7d901dad245fd0ff6bc20d06";
const SECRET = "c0ffee0123456789abcdef0123456789";
const CCBILL_IP = "64.38.240.17";
let t: TestContext;
let performer: string;
let user: string;
let admin: string;
let seq = 0;
let datalink: Server;
const datalinkAsked: URL[] = [];

const movie = (price: number) => saleMovie(t, performer, price);

const checkout = (id: string, couponCode?: string) => checkoutVideo(t, user, id, couponCode);

/** A CCBill webhook post: form-encoded (CCBill's original format) or JSON, from `ip`, to the URL with `secret`. */
const post = (
  eventType: string | null,
  fields: Record<string, string>,
  opts: { ip?: string; secret?: string; json?: boolean; forwardedFor?: string } = {},
) =>
  t.app.inject({
    method: "POST",
    url: `/payment/webhook/ccbill/${opts.secret ?? SECRET}${eventType === null ? "" : `?eventType=${eventType}`}`,
    remoteAddress: opts.ip ?? CCBILL_IP,
    headers: {
      "content-type": opts.json ? "application/json" : "application/x-www-form-urlencoded",
      ...(opts.forwardedFor ? { "x-forwarded-for": opts.forwardedFor } : {}),
    },
    payload: opts.json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
  });

/** What CCBill posts when the FlexForm's payment went through (the fields the ledger reads, and a few more). */
const newSale = (c: Checkout, cents: number, n: number) => ({
  subscriptionId: `10000000${n}`,
  transactionId: `0912191101000000${n}`,
  clientAccnum: "900100",
  clientSubacc: "0000",
  timestamp: "2026-05-14 10:00:00",
  subscriptionInitialPrice: (cents / 100).toFixed(2),
  subscriptionCurrencyCode: "840",
  billedInitialPrice: (cents / 100).toFixed(2),
  billedCurrencyCode: "840",
  email: "user@example.com",
  [`X-${TRANSACTION_FIELD}`]: c.transactionId,
});

const received = (res: { json(): unknown }) => (res.json() as { received: { id: string; outcome: string }[] }).received;
const watch = async (id: string) =>
  (await t.request({ method: "GET", url: `/user/assets/videos/${id}`, token: user })).json() as {
    canWatch: boolean;
    isBought: boolean;
  };
const txOf = async (id: string) => (await t.database.db.select().from(transactions).where(eq(transactions.id, id)))[0];
const eventsOf = (id: string) => t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.transactionId, id));

beforeAll(async () => {
  datalink = createServer((req, res) => {
    datalinkAsked.push(new URL(req.url ?? "/", "http://datalink"));
    res.writeHead(200, { "content-type": "text/xml" });
    res.end("<?xml version='1.0' standalone='yes'?>\n<results>1</results>\n");
  });
  await new Promise<void>((resolve) => datalink.listen(0, "127.0.0.1", resolve));
  t = await createTestContext({
    PAYMENT_GATEWAY: "ccbill",
    CCBILL_ACCOUNT: "900100",
    CCBILL_SUBACCOUNT: "0000",
    CCBILL_FLEXFORM_ID: "687fa3e0-e60d-4466-88e2-181fa56dd6a9",
    CCBILL_SALT: SALT,
    CCBILL_WEBHOOK_SECRET: SECRET,
    CCBILL_DATALINK_USERNAME: "marquee-api",
    CCBILL_DATALINK_PASSWORD: "datalink-password",
    CCBILL_DATALINK_URL: `http://127.0.0.1:${(datalink.address() as AddressInfo).port}/utils/subscriptionManagement.cgi`,
  });
  [admin, performer, user] = await Promise.all([t.login("admin"), t.login("performer"), t.login("user")]);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => datalink.close(() => resolve()));
});

describe("a checkout through CCBill", () => {
  it("sends the buyer to the FlexForm with the database's price, signed with the salt, and the transaction", async () => {
    const id = await movie(9.99);
    const c = await checkout(id);
    const url = new URL(c.paymentUrl);
    expect(`${url.origin}${url.pathname}`).toBe(
      "https://api.ccbill.com/wap-frontflex/flexforms/687fa3e0-e60d-4466-88e2-181fa56dd6a9",
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      clientAccnum: "900100",
      clientSubacc: "0000",
      initialPrice: "9.99",
      initialPeriod: "365",
      currencyCode: "840",
      formDigest: createHash("md5").update(`9.99365840${SALT}`).digest("hex"),
      [TRANSACTION_FIELD]: c.transactionId,
    });
    expect(await txOf(c.transactionId)).toMatchObject({ gateway: "ccbill", gatewayRef: null, status: "pending" });
  });
});

describe("CCBill's webhook", () => {
  it("buys the movie on NewSaleSuccess from CCBill's range with the secret, once however often it comes", async () => {
    const id = await movie(9.99);
    const c = await checkout(id);
    const first = await post("NewSaleSuccess", newSale(c, 999, 1));
    expect(first.statusCode, first.body).toBe(200);
    expect(received(first)).toEqual([
      { id: "NewSaleSuccess:09121911010000001:2026-05-14 10:00:00", outcome: "applied" },
    ]);
    expect(await watch(id)).toMatchObject({ canWatch: true, isBought: true });
    expect(await txOf(c.transactionId)).toMatchObject({ status: "paid" });
    // CCBill posts again (no answer in time on its side): the same post is the same event.
    expect(received(await post("NewSaleSuccess", newSale(c, 999, 1)))[0]?.outcome).toBe("duplicate");
    expect(await eventsOf(c.transactionId)).toHaveLength(1);
  });

  it("flags a NewSaleSuccess without a price or in another currency, applying neither", async () => {
    const id = await movie(9.5);
    const c = await checkout(id);
    const { subscriptionInitialPrice, billedInitialPrice, ...noPrice } = newSale(c, 950, 21);
    const missing = await post("NewSaleSuccess", noPrice);
    expect(missing.statusCode, missing.body).toBe(200);
    expect(received(missing)[0]?.outcome).toBe("flagged");
    const euros = await post("NewSaleSuccess", {
      ...newSale(c, 950, 22),
      subscriptionCurrencyCode: "978",
      billedCurrencyCode: "978",
    });
    expect(received(euros)[0]?.outcome).toBe("flagged");
    expect(await txOf(c.transactionId)).toMatchObject({ status: "pending" });
    expect(await watch(id)).toMatchObject({ canWatch: false, isBought: false });
    const notes = (await eventsOf(c.transactionId)).map((e) => [e.outcome, e.note]).sort();
    expect(notes).toEqual([
      ["flagged", "Paid: 950 cents EUR for 950 cents USD: not applied."],
      ["flagged", "Paid: The event gives no amount (expected 950 cents USD): not applied."],
    ]);
    // The genuine sale still goes through.
    expect(received(await post("NewSaleSuccess", newSale(c, 950, 23)))[0]?.outcome).toBe("applied");
    expect(await watch(id)).toMatchObject({ canWatch: true, isBought: true });
  });

  it("applies one sale with a coupon posted ten times at once exactly once: one order, grant, earning and coupon use", async () => {
    const code = `CCBILL${seq++}X`;
    const made = await t.request({
      method: "POST",
      url: "/admin/coupons",
      token: admin,
      body: { code, value: 0.25, remainingUses: 3 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = await movie(8);
    const c = await checkout(id, code);
    expect(new URL(c.paymentUrl).searchParams.get("initialPrice")).toBe("6.00");
    const answers = await Promise.all(Array.from({ length: 10 }, () => post("NewSaleSuccess", newSale(c, 600, 9))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.map((a) => received(a)[0]?.outcome).sort()).toEqual(["applied", ...Array(9).fill("duplicate")]);
    expect(await txOf(c.transactionId)).toMatchObject({ status: "paid", amountCents: 600 });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, c.orderId));
    expect(order).toMatchObject({ status: "paid", totalCents: 600 });
    expect(await watch(id)).toMatchObject({ canWatch: true, isBought: true });
    const lines = await t.database.db.select().from(earnings).where(eq(earnings.transactionId, c.transactionId));
    expect(lines.map((l) => [l.grossCents, l.commissionCents, l.netCents])).toEqual([[600, 120, 480]]);
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, code));
    expect(coupon?.remainingUses).toBe(2);
    expect(
      await t.database.db
        .select()
        .from(couponUses)
        .where(eq(couponUses.couponId, coupon?.id ?? "")),
    ).toHaveLength(1);
  });

  it("refuses a wrong secret and an address outside CCBill's ranges with a 401, changing nothing", async () => {
    const id = await movie(4);
    const c = await checkout(id);
    const sale = newSale(c, 400, 2);
    expect((await post("NewSaleSuccess", sale, { secret: "c0ffee0123456789abcdef012345678X" })).statusCode).toBe(401);
    expect((await post("NewSaleSuccess", sale, { secret: "short" })).statusCode).toBe(401);
    expect((await post("NewSaleSuccess", sale, { ip: "203.0.113.9" })).statusCode).toBe(401);
    // The address is the client's as the trusted proxies tell it (loopback by default), never as anyone claims it.
    expect((await post("NewSaleSuccess", sale, { ip: "203.0.113.9", forwardedFor: CCBILL_IP })).statusCode).toBe(401);
    expect((await post("NewSaleSuccess", sale, { ip: "127.0.0.1", forwardedFor: "203.0.113.9" })).statusCode).toBe(401);
    expect(await txOf(c.transactionId)).toMatchObject({ status: "pending" });
    expect(await eventsOf(c.transactionId)).toEqual([]);
    expect((await watch(id)).canWatch).toBe(false);
    // Through the web server (a trusted proxy on loopback), CCBill's own address counts.
    const proxied = await post("NewSaleSuccess", sale, { ip: "127.0.0.1", forwardedFor: CCBILL_IP });
    expect(received(proxied)[0]?.outcome).toBe("applied");
    expect((await watch(id)).isBought).toBe(true);
  });

  it("grants nothing on NewSaleFailure (JSON format)", async () => {
    const id = await movie(5);
    const c = await checkout(id);
    const failed = await post(
      "NewSaleFailure",
      {
        transactionId: "0912191101000000003",
        timestamp: "2026-05-14 11:00:00",
        [`X-${TRANSACTION_FIELD}`]: c.transactionId,
      },
      { json: true },
    );
    expect(received(failed)[0]?.outcome).toBe("applied");
    expect(await txOf(c.transactionId)).toMatchObject({ status: "failed" });
    expect((await watch(id)).canWatch).toBe(false);
  });

  it("answers an event the ledger does not use with a 200, and a post it cannot read with a 400", async () => {
    const expiration = await post("Expiration", { subscriptionId: "1000000001", timestamp: "2027-05-14 10:00:00" });
    expect(expiration.statusCode).toBe(200);
    expect(received(expiration)).toEqual([]);
    expect((await post(null, { transactionId: "1" })).statusCode).toBe(400);
    expect((await post("NewSaleSuccess", { timestamp: "t" })).statusCode).toBe(400);
    expect((await post("NewSaleSuccess", { transactionId: "1", subscriptionInitialPrice: "lots" })).statusCode).toBe(
      400,
    );
    const nul = await post("NewSaleSuccess", { transactionId: "1\u0000", timestamp: "t" });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().details[0].path).toBe("body.transactionId");
    const broken = await t.app.inject({
      method: "POST",
      url: `/payment/webhook/ccbill/${SECRET}?eventType=NewSaleSuccess`,
      remoteAddress: CCBILL_IP,
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(broken.statusCode).toBe(400);
  });

  it("takes the movie back on a Refund naming only CCBill's payment, kept from the sale, and once", async () => {
    const id = await movie(6);
    const c = await checkout(id);
    await post("NewSaleSuccess", newSale(c, 600, 4));
    expect((await watch(id)).isBought).toBe(true);
    expect(await txOf(c.transactionId)).toMatchObject({ gatewayRef: "09121911010000004" });
    // CCBill's Refund post need not carry our field: its transactionId is the payment the sale named.
    const refund = await post("Refund", {
      transactionId: "09121911010000004",
      subscriptionId: "100000004",
      amount: "6.00",
      currencyCode: "840",
      timestamp: "2026-05-15 09:00:00",
    });
    expect(refund.statusCode).toBe(200);
    expect(received(refund)[0]?.outcome).toBe("applied");
    expect(await txOf(c.transactionId)).toMatchObject({ status: "refunded" });
    expect((await watch(id)).isBought).toBe(false);
    // The same refund again, now with our field too (another delivery format): nothing more to take back.
    const again = await post("Refund", {
      transactionId: "09121911010000004",
      subscriptionId: "100000004",
      amount: "6.00",
      currencyCode: "840",
      timestamp: "2026-05-15 09:00:01",
      [`X-${TRANSACTION_FIELD}`]: c.transactionId,
    });
    expect(received(again)[0]?.outcome).toBe("ignored");
    const lines = await t.database.db.select().from(earnings).where(eq(earnings.transactionId, c.transactionId));
    expect(lines.reduce((n, e) => n + e.netCents, 0)).toBe(0);
    // A refund naming a payment nobody knows is recorded and flagged for the admin.
    const stray = await post("Refund", {
      transactionId: "09121911010009999",
      amount: "6.00",
      currencyCode: "840",
      timestamp: "2026-05-15 09:00:02",
    });
    expect(received(stray)[0]?.outcome).toBe("flagged");
  });

  it("sends an admin's refund to the CCBill admin with a 409", async () => {
    const id = await movie(3);
    const c = await checkout(id);
    await post("NewSaleSuccess", newSale(c, 300, 5));
    const res = await t.request({ method: "POST", url: `/admin/transactions/${c.transactionId}/refund`, token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/refunded in the CCBill admin/);
    expect(await txOf(c.transactionId)).toMatchObject({ status: "paid" });
  });

  it("starts a membership on NewSaleSuccess, renews it on RenewalSuccess and stops it on Cancellation", async () => {
    const made = await t.request({
      method: "POST",
      url: "/admin/packages",
      token: admin,
      body: { name: `CCBill club ${seq++}`, type: "recurring", price: 19.99, initialPeriodDays: 30 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const res = await t.request({
      method: "POST",
      url: "/payment/subscribe",
      token: user,
      body: { packageId: made.json()._id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json() as Checkout;
    const q = Object.fromEntries(new URL(c.paymentUrl).searchParams);
    expect(q).toMatchObject({
      initialPrice: "19.99",
      initialPeriod: "30",
      recurringPrice: "19.99",
      recurringPeriod: "30",
      numRebills: "99",
      currencyCode: "840",
      formDigest: createHash("md5").update(`19.993019.993099840${SALT}`).digest("hex"),
      [TRANSACTION_FIELD]: c.transactionId,
    });
    const sale = { ...newSale(c, 1999, 6), subscriptionId: "2000000006" };
    expect(received(await post("NewSaleSuccess", sale))[0]?.outcome).toBe("applied");
    const current = async () =>
      (await t.request({ method: "GET", url: "/subscriptions/current", token: user })).json() as {
        membership: { expiresAt: string; renews: boolean; active: boolean } | null;
      };
    const started = (await current()).membership;
    expect(started).toMatchObject({ active: true, renews: true });
    const renewal = await post("RenewalSuccess", {
      subscriptionId: "2000000006",
      transactionId: "0912191101000000106",
      billedAmount: "19.99",
      billedCurrencyCode: "840",
      timestamp: "2026-06-13 10:00:00",
    });
    expect(received(renewal)[0]?.outcome).toBe("applied");
    const renewed = (await current()).membership;
    expect(Date.parse(renewed?.expiresAt ?? "") - Date.parse(started?.expiresAt ?? "")).toBe(30 * 24 * 3600_000);
    const cancelled = await post("Cancellation", {
      subscriptionId: "2000000006",
      timestamp: "2026-06-20 10:00:00",
      reason: "No longer interested",
    });
    expect(received(cancelled)[0]?.outcome).toBe("applied");
    expect((await current()).membership).toMatchObject({ active: true, renews: false });
  });

  it("charges renewals the tax of the first payment's billing country: the FlexForm's rebill and each renewal's split", async () => {
    const rate = await t.request({
      method: "POST",
      url: "/admin/taxes",
      token: admin,
      body: { country: "DE", name: "VAT", rate: 19 },
    });
    expect(rate.statusCode, rate.body).toBe(201);
    try {
      const made = await t.request({
        method: "POST",
        url: "/admin/packages",
        token: admin,
        body: { name: `CCBill taxed club ${seq++}`, type: "recurring", price: 19.99, initialPeriodDays: 30 },
      });
      const buyer = await newAccount(t, "user");
      const res = await t.request({
        method: "POST",
        url: "/payment/subscribe",
        token: buyer.token,
        body: { packageId: made.json()._id, billingCountry: "DE" },
      });
      expect(res.statusCode, res.body).toBe(200);
      const c = res.json() as Checkout;
      // 19.99 + 19% (3.7981 → 3.80): the first payment and every rebill are 23.79.
      expect(Object.fromEntries(new URL(c.paymentUrl).searchParams)).toMatchObject({
        initialPrice: "23.79",
        recurringPrice: "23.79",
        recurringPeriod: "30",
      });
      const sale = { ...newSale(c, 2379, 7), subscriptionId: "2000000007" };
      expect(received(await post("NewSaleSuccess", sale))[0]?.outcome).toBe("applied");
      const renewal = await post("RenewalSuccess", {
        subscriptionId: "2000000007",
        transactionId: "0912191101000000107",
        billedAmount: "23.79",
        billedCurrencyCode: "840",
        timestamp: "2026-06-13 10:00:00",
      });
      expect(received(renewal)[0]?.outcome).toBe("applied");
      const [renewed] = await t.database.db
        .select()
        .from(transactions)
        .where(eq(transactions.gatewayRef, "0912191101000000107"));
      expect(renewed?.amountCents).toBe(2379);
      const [line] = await t.database.db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, renewed?.orderId ?? ""));
      expect(line).toMatchObject({ unitPriceCents: 1999, netCents: 1999, taxCents: 380, grossCents: 2379 });
      const [entry] = await t.database.db
        .select()
        .from(taxEntries)
        .where(eq(taxEntries.orderId, renewed?.orderId ?? ""));
      expect(entry).toMatchObject({ kind: "sale", country: "DE", rateBp: 1900, netCents: 1999, taxCents: 380 });
      const receipt = await t.request({
        method: "GET",
        url: `/orders/${renewed?.orderId}/receipt`,
        token: buyer.token,
      });
      expect(receipt.json()).toMatchObject({
        net: 19.99,
        tax: 3.8,
        gross: 23.79,
        taxDetails: { billingCountry: "DE" },
      });
      // A rebill of another amount than the subscription's is flagged, not applied.
      const short = await post("RenewalSuccess", {
        subscriptionId: "2000000007",
        transactionId: "0912191101000000108",
        billedAmount: "19.99",
        billedCurrencyCode: "840",
        timestamp: "2026-07-13 10:00:00",
      });
      expect(received(short)[0]?.outcome).toBe("flagged");
    } finally {
      const rates = (await t.request({ method: "GET", url: "/admin/taxes", token: admin })).json() as { _id: string }[];
      for (const r of rates) await t.request({ method: "DELETE", url: `/admin/taxes/${r._id}`, token: admin });
    }
  });

  it("cancels a subscription through DataLink", async () => {
    await t.app.services.gateway.cancelSubscription("1071776966");
    const asked = datalinkAsked.at(-1);
    expect(asked?.pathname).toBe("/utils/subscriptionManagement.cgi");
    expect(Object.fromEntries(asked?.searchParams ?? [])).toMatchObject({
      action: "cancelSubscription",
      subscriptionId: "1071776966",
      clientAccnum: "900100",
      usingSubacc: "0000",
      username: "marquee-api",
      password: "datalink-password",
      returnXML: "1",
    });
  });
});
