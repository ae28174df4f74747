import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeStripe, signedEvent, signPayload, startFakeStripe } from "../../../../test/fake-stripe.ts";
import { createTestContext, type TestContext } from "../../../../test/harness.ts";
import { checkoutVideo, saleMovie } from "../../../../test/sales.ts";
import type { Checkout } from "../checkout/service.ts";
import { coupons, couponUses } from "../coupons/tables.ts";
import { earnings } from "../earnings/tables.ts";
import { gatewayEvents, transactions } from "../ledger/tables.ts";
import { orders } from "../orders/tables.ts";

/**
 * The Stripe gateway through the API (issue 10, DESIGN section 6): the official SDK talks to a stand-in of Stripe's
 * API on 127.0.0.1, so checkouts, refunds and cancellations are real requests; webhooks are signed with the SDK's
 * own test helper and verified on the raw body.
 */

const WEBHOOK_SECRET = "whsec_marquee_test_secret";
let fake: FakeStripe;
let t: TestContext;
let admin: string;
let performer: string;
let user: string;
let seq = 0;

const movie = (price: number) => saleMovie(t, performer, price);

const checkout = (id: string, couponCode?: string) => checkoutVideo(t, user, id, couponCode);

const deliver = (payload: string, signature?: string) =>
  t.app.inject({
    method: "POST",
    url: "/payment/webhook/stripe",
    headers: {
      "content-type": "application/json; charset=utf-8",
      ...(signature !== undefined ? { "stripe-signature": signature } : {}),
    },
    payload,
  });

const send = (type: string, object: Record<string, unknown>, opts: { id?: string } = {}) => {
  const event = signedEvent(type, object, WEBHOOK_SECRET, opts);
  return deliver(event.payload, event.signature);
};

const received = (res: { json(): unknown }) => (res.json() as { received: { id: string; outcome: string }[] }).received;

const watch = async (id: string) =>
  (await t.request({ method: "GET", url: `/user/assets/videos/${id}`, token: user })).json() as {
    canWatch: boolean;
    isBought: boolean;
  };

const txOf = async (id: string) => (await t.database.db.select().from(transactions).where(eq(transactions.id, id)))[0];
const eventsOf = (id: string) => t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.transactionId, id));
const sessionOf = (c: Checkout) => c.paymentUrl.split("/").pop() as string;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestContext({
    PAYMENT_GATEWAY: "stripe",
    STRIPE_SECRET_KEY: "sk_test_marquee",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.origin,
  });
  [admin, performer, user] = await Promise.all([t.login("admin"), t.login("performer"), t.login("user")]);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe("a checkout through Stripe", () => {
  it("opens a Checkout Session at the database's price, traced back to the transaction; a second click gets the same", async () => {
    const id = await movie(12.5);
    const c = await checkout(id);
    expect(c.paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const created = fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
    const request = created.at(-1);
    expect(request?.headers.authorization).toBe("Bearer sk_test_marquee");
    expect(request?.headers["idempotency-key"]).toBe(`checkout:${c.transactionId}`);
    expect(request?.body).toMatchObject({
      mode: "payment",
      client_reference_id: c.transactionId,
      metadata: { transactionId: c.transactionId },
      payment_intent_data: { metadata: { transactionId: c.transactionId } },
      line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "1250" } }],
    });
    expect(String(request?.body.success_url)).toMatch(new RegExp(`/payment/success\\?transaction=${c.transactionId}$`));
    expect(String(request?.body.cancel_url)).toMatch(new RegExp(`/payment/cancel\\?transaction=${c.transactionId}$`));
    expect(await txOf(c.transactionId)).toMatchObject({
      gateway: "stripe",
      gatewayRef: sessionOf(c),
      status: "pending",
      amountCents: 1250,
    });
    // The same pending transaction asked again: the same key, so Stripe answers the same session.
    expect(await checkout(id)).toEqual(c);
  });

  it("has no sandbox page or sandbox webhook", async () => {
    const c = await checkout(await movie(2));
    const page = await t.request({ method: "GET", url: `/payment/sandbox/${c.transactionId}`, token: user });
    expect(page.statusCode).toBe(404);
    const decide = await t.request({
      method: "POST",
      url: `/payment/sandbox/${c.transactionId}`,
      token: user,
      body: { decision: "approve" },
    });
    expect(decide.statusCode).toBe(404);
    const hook = await t.app.inject({
      method: "POST",
      url: "/payment/webhook/sandbox",
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(hook.statusCode).toBe(404);
    expect((await txOf(c.transactionId))?.status).toBe("pending");
  });
});

describe("Stripe's webhook", () => {
  it("buys the movie on a signed checkout.session.completed, once however often it comes", async () => {
    const id = await movie(9.99);
    const c = await checkout(id);
    expect(await watch(id)).toMatchObject({ canWatch: false, isBought: false });
    const session = fake.pay(sessionOf(c));
    const event = signedEvent("checkout.session.completed", session, WEBHOOK_SECRET);
    const first = await deliver(event.payload, event.signature);
    expect(first.statusCode, first.body).toBe(200);
    expect(received(first)).toEqual([{ id: event.id, outcome: "applied" }]);
    expect(await watch(id)).toMatchObject({ canWatch: true, isBought: true });
    expect(await txOf(c.transactionId)).toMatchObject({ status: "paid" });
    // Stripe delivers again (a timeout on its side): a duplicate, nothing changes.
    const again = await deliver(event.payload, event.signature);
    expect(received(again)).toEqual([{ id: event.id, outcome: "duplicate" }]);
    const recorded = await eventsOf(c.transactionId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ gateway: "stripe", eventId: event.id, type: "paid", outcome: "applied" });
  });

  it("applies one payment with a coupon delivered ten times at once exactly once: one order, grant, earning and coupon use", async () => {
    const code = `STRIPE${seq++}X`;
    const made = await t.request({
      method: "POST",
      url: "/admin/coupons",
      token: admin,
      body: { code, value: 0.1, remainingUses: 5 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = await movie(10);
    const c = await checkout(id, code);
    const session = fake.pay(sessionOf(c));
    expect(session.amount_total).toBe(900);
    const event = signedEvent("checkout.session.completed", session, WEBHOOK_SECRET);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event.payload, event.signature)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.map((a) => received(a)[0]?.outcome).sort()).toEqual(["applied", ...Array(9).fill("duplicate")]);
    expect(await txOf(c.transactionId)).toMatchObject({ status: "paid", amountCents: 900 });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, c.orderId));
    expect(order).toMatchObject({ status: "paid", totalCents: 900 });
    expect(await watch(id)).toMatchObject({ canWatch: true, isBought: true });
    const lines = await t.database.db.select().from(earnings).where(eq(earnings.transactionId, c.transactionId));
    expect(lines.map((l) => [l.grossCents, l.commissionCents, l.netCents])).toEqual([[900, 180, 720]]);
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, code));
    expect(coupon?.remainingUses).toBe(4);
    expect(
      await t.database.db
        .select()
        .from(couponUses)
        .where(eq(couponUses.couponId, coupon?.id ?? "")),
    ).toHaveLength(1);
    expect(await eventsOf(c.transactionId)).toHaveLength(1);
  });

  it("flags a checkout.session.completed in another currency or without its amount, applying neither", async () => {
    const id = await movie(6);
    const c = await checkout(id);
    const session = fake.pay(sessionOf(c));
    expect(session).toMatchObject({ amount_total: 600, currency: "usd" });
    const euros = await send("checkout.session.completed", { ...session, currency: "eur" });
    expect(received(euros)[0]?.outcome).toBe("flagged");
    const noAmount = await send("checkout.session.completed", { ...session, amount_total: null });
    expect(received(noAmount)[0]?.outcome).toBe("flagged");
    const noCurrency = await send("checkout.session.completed", { ...session, currency: null });
    expect(received(noCurrency)[0]?.outcome).toBe("flagged");
    expect(await txOf(c.transactionId)).toMatchObject({ status: "pending" });
    expect((await watch(id)).canWatch).toBe(false);
    expect((await eventsOf(c.transactionId)).map((e) => e.note).sort()).toEqual([
      "Paid: 600 cents EUR for 600 cents USD: not applied.",
      "Paid: The event gives no amount (expected 600 cents USD): not applied.",
      "Paid: The event gives no currency (expected 600 cents USD): not applied.",
    ]);
    expect(received(await send("checkout.session.completed", session))[0]?.outcome).toBe("applied");
    expect((await watch(id)).isBought).toBe(true);
  });

  it("refuses a delivery whose signature is missing, wrong or too old with a 401, changing nothing", async () => {
    const id = await movie(3);
    const c = await checkout(id);
    const session = fake.pay(sessionOf(c));
    const forged = signedEvent("checkout.session.completed", session, "whsec_someone_else");
    expect((await deliver(forged.payload, forged.signature)).statusCode).toBe(401);
    expect((await deliver(forged.payload)).statusCode).toBe(401);
    expect((await deliver(forged.payload, "t=1,v1=deadbeef")).statusCode).toBe(401);
    const old = signedEvent("checkout.session.completed", session, WEBHOOK_SECRET, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await deliver(old.payload, old.signature)).statusCode).toBe(401);
    // A genuine signature over something else: the body was changed on the way.
    const genuine = signedEvent("checkout.session.completed", session, WEBHOOK_SECRET);
    const tampered = genuine.payload.replace(String(session.amount_total), "1");
    expect((await deliver(tampered, genuine.signature)).statusCode).toBe(401);
    expect(await txOf(c.transactionId)).toMatchObject({ status: "pending" });
    expect(await eventsOf(c.transactionId)).toEqual([]);
    expect((await watch(id)).canWatch).toBe(false);
  });

  it("answers a signed body it cannot read with a 400, and an event type it has no use for with a 200", async () => {
    const signature = (payload: string) => signPayload(payload, WEBHOOK_SECRET);
    const garbage = "{not json";
    expect((await deliver(garbage, signature(garbage))).statusCode).toBe(400);
    const notAnEvent = JSON.stringify({ hello: "world" });
    expect((await deliver(notAnEvent, signature(notAnEvent))).statusCode).toBe(400);
    const other = await send("customer.created", { id: "cus_test_1", object: "customer" });
    expect(other.statusCode).toBe(200);
    expect(received(other)).toEqual([]);
  });

  it("expires or fails a checkout on checkout.session.expired and async_payment_failed, granting nothing", async () => {
    const id = await movie(4);
    const expiring = await checkout(id);
    const session = fake.sessions.get(sessionOf(expiring)) as Record<string, unknown>;
    const expired = await send("checkout.session.expired", { ...session, _params: undefined, status: "expired" });
    expect(received(expired)[0]?.outcome).toBe("applied");
    expect(await txOf(expiring.transactionId)).toMatchObject({ status: "expired" });
    const failing = await checkout(id);
    const failed = await send("checkout.session.async_payment_failed", {
      ...(fake.sessions.get(sessionOf(failing)) as Record<string, unknown>),
      _params: undefined,
    });
    expect(received(failed)[0]?.outcome).toBe("applied");
    expect(await txOf(failing.transactionId)).toMatchObject({ status: "failed" });
    // A delayed payment method completes the session unpaid: nothing yet.
    const waiting = await checkout(id);
    const unpaid = await send("checkout.session.completed", {
      ...(fake.sessions.get(sessionOf(waiting)) as Record<string, unknown>),
      _params: undefined,
      status: "complete",
      payment_status: "unpaid",
    });
    expect(received(unpaid)).toEqual([]);
    expect(await txOf(waiting.transactionId)).toMatchObject({ status: "pending" });
    expect((await watch(id)).canWatch).toBe(false);
  });

  it("refunds through Stripe on an admin's request, and charge.refunded takes the movie back", async () => {
    const id = await movie(7);
    const c = await checkout(id);
    const session = fake.pay(sessionOf(c));
    expect(received(await send("checkout.session.completed", session))[0]?.outcome).toBe("applied");
    const asked = await t.request({
      method: "POST",
      url: `/admin/transactions/${c.transactionId}/refund`,
      token: admin,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // Stripe refunds later and says so through the webhook: still paid for now.
    expect(asked.json()).toEqual({ transactionId: c.transactionId, status: "paid" });
    const refundRequest = fake.requests.filter((r) => r.path === "/v1/refunds").at(-1);
    expect(refundRequest?.body).toMatchObject({
      payment_intent: session.payment_intent,
      metadata: { transactionId: c.transactionId },
    });
    expect(refundRequest?.headers["idempotency-key"]).toBe(`refund:${c.transactionId}`);
    const pi = fake.paymentIntents.get(session.payment_intent as string) as Record<string, unknown>;
    const charge = fake.charges.get(pi.latest_charge as string) as Record<string, unknown>;
    // The charge names only the payment intent: the adapter asks Stripe whose it is (its metadata).
    const refunded = await send("charge.refunded", { ...charge, metadata: {} });
    expect(received(refunded)[0]?.outcome).toBe("applied");
    expect(await txOf(c.transactionId)).toMatchObject({ status: "refunded" });
    expect(await watch(id)).toMatchObject({ canWatch: false, isBought: false });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, c.orderId));
    expect(order?.status).toBe("refunded");
    // Asked again: refused here, as the transaction is no longer paid.
    const twice = await t.request({
      method: "POST",
      url: `/admin/transactions/${c.transactionId}/refund`,
      token: admin,
    });
    expect(twice.statusCode).toBe(409);
  });

  it("takes a movie back on a dispute (charge.dispute.created)", async () => {
    const id = await movie(5);
    const c = await checkout(id);
    const session = fake.pay(sessionOf(c));
    await send("checkout.session.completed", session);
    expect((await watch(id)).isBought).toBe(true);
    const dispute = await send("charge.dispute.created", {
      id: "dp_test_1",
      object: "dispute",
      amount: 500,
      currency: "usd",
      charge: (fake.paymentIntents.get(session.payment_intent as string) as Record<string, unknown>).latest_charge,
      payment_intent: session.payment_intent,
      reason: "fraudulent",
      metadata: {},
    });
    expect(received(dispute)[0]?.outcome).toBe("applied");
    expect((await eventsOf(c.transactionId)).map((e) => e.type).sort()).toEqual(["chargeback", "paid"]);
    expect((await watch(id)).isBought).toBe(false);
  });
});

describe("Stripe subscriptions", () => {
  const gateway = () => t.app.services.gateway;

  it("starts a membership from a subscription-mode session, renews it on invoice.paid and stops it on deletion", async () => {
    const made = await t.request({
      method: "POST",
      url: "/admin/packages",
      token: admin,
      body: { name: `Stripe club ${seq++}`, type: "recurring", price: 12.5, initialPeriodDays: 28 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const member = user;
    const res = await t.request({
      method: "POST",
      url: "/payment/subscribe",
      token: member,
      body: { packageId: made.json()._id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json() as Checkout;
    const request = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1);
    expect(request?.body).toMatchObject({
      mode: "subscription",
      client_reference_id: c.transactionId,
      subscription_data: { metadata: { transactionId: c.transactionId } },
      line_items: [{ price_data: { unit_amount: "1250", recurring: { interval: "week", interval_count: "4" } } }],
    });
    const session = fake.pay(sessionOf(c));
    expect(received(await send("checkout.session.completed", session))[0]?.outcome).toBe("applied");
    const current = async () =>
      (await t.request({ method: "GET", url: "/subscriptions/current", token: member })).json() as {
        membership: { expiresAt: string; renews: boolean; active: boolean } | null;
      };
    const started = (await current()).membership;
    expect(started).toMatchObject({ active: true, renews: true });
    const { invoice } = fake.renew(session.subscription as string, 1250);
    expect(received(await send("invoice.paid", invoice))[0]?.outcome).toBe("applied");
    const renewed = (await current()).membership;
    expect(Date.parse(renewed?.expiresAt ?? "") - Date.parse(started?.expiresAt ?? "")).toBe(28 * 24 * 3600_000);
    const deleted = await send("customer.subscription.deleted", {
      id: session.subscription,
      object: "subscription",
      status: "canceled",
    });
    expect(received(deleted)[0]?.outcome).toBe("applied");
    expect((await current()).membership).toMatchObject({ active: true, renews: false });
  });

  it("opens a subscription-mode session renewed by Stripe, and reads renewals, failed renewals and cancellations", async () => {
    const transactionId = "6a0c1f8e-2c1d-4e5f-9a7b-1c2d3e4f5a6b";
    const page = await gateway().createCheckout({
      transactionId,
      amountCents: 1500,
      currency: "USD",
      description: "Membership",
      recurring: { initialDays: 30, renewDays: 30, renewCents: 1500 },
      successUrl: "https://fans.example.com/payment/success",
      cancelUrl: "https://fans.example.com/payment/cancel",
    });
    const request = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1);
    expect(request?.body).toMatchObject({
      mode: "subscription",
      subscription_data: { metadata: { transactionId } },
      line_items: [{ price_data: { unit_amount: "1500", recurring: { interval: "day", interval_count: "30" } } }],
    });
    const session = fake.pay(page.gatewayRef as string);
    const subscription = session.subscription as string;
    const signed = signedEvent("checkout.session.completed", session, WEBHOOK_SECRET);
    expect(
      await gateway().parseWebhook({
        rawBody: Buffer.from(signed.payload),
        headers: { "stripe-signature": signed.signature },
        sourceIp: "127.0.0.1",
      }),
    ).toMatchObject([{ type: "paid", transactionId, subscriptionRef: subscription, amountCents: 1500 }]);

    const { invoice } = fake.renew(subscription, 1500);
    const parse = async (type: string, object: Record<string, unknown>) => {
      const e = signedEvent(type, object, WEBHOOK_SECRET);
      return gateway().parseWebhook({
        rawBody: Buffer.from(e.payload),
        headers: { "stripe-signature": e.signature },
        sourceIp: "127.0.0.1",
      });
    };
    expect(await parse("invoice.paid", invoice)).toMatchObject([
      {
        type: "renewed",
        transactionId: null,
        gatewayRef: invoice.id,
        subscriptionRef: subscription,
        amountCents: 1500,
      },
    ]);
    expect(await parse("invoice.payment_failed", { ...invoice, status: "open", amount_paid: 0 })).toMatchObject([
      { type: "renewal_failed", gatewayRef: invoice.id, subscriptionRef: subscription },
    ]);
    // The first invoice is the checkout's own payment, said by checkout.session.completed.
    const firstInvoice = fake.invoices.get(session.invoice as string) as Record<string, unknown>;
    expect(await parse("invoice.paid", firstInvoice)).toEqual([]);
    expect(
      await parse("customer.subscription.deleted", { id: subscription, object: "subscription", status: "canceled" }),
    ).toMatchObject([{ type: "cancelled", subscriptionRef: subscription, transactionId: null }]);
    // A refund of the first payment is traced through its invoice to the subscription's metadata (ours); a renewal's
    // is named by its invoice.
    const firstPi = fake.paymentIntentOf(firstInvoice.id as string);
    expect(
      await parse("charge.refunded", {
        id: "ch_x",
        object: "charge",
        payment_intent: firstPi,
        refunded: true,
        amount_refunded: 1500,
      }),
    ).toMatchObject([{ type: "refunded", transactionId, gatewayRef: null, amountCents: 1500 }]);
    const renewalPi = fake.paymentIntentOf(invoice.id as string);
    expect(
      await parse("charge.refunded", {
        id: "ch_y",
        object: "charge",
        payment_intent: renewalPi,
        refunded: true,
        amount_refunded: 1500,
      }),
    ).toMatchObject([{ type: "refunded", transactionId: null, gatewayRef: invoice.id }]);
    // A partial refund is left to the admin.
    expect(
      await parse("charge.refunded", {
        id: "ch_z",
        object: "charge",
        payment_intent: renewalPi,
        refunded: false,
        amount_refunded: 100,
      }),
    ).toEqual([]);

    // Through the webhook route, a renewal of a subscription the ledger does not know is recorded and flagged.
    const renewal = await send("invoice.paid", invoice);
    expect(received(renewal)[0]?.outcome).toBe("flagged");
  });

  it("refunds a renewal on its invoice's payment intent and cancels a subscription through the API", async () => {
    const { invoice, paymentIntent } = fake.renew("sub_test_refund", 900);
    await gateway().refund({
      id: "0d2c4a5e-6b7f-4c8d-9e0a-1b2c3d4e5f60",
      gatewayRef: invoice.id as string,
      amountCents: 900,
      currency: "USD",
    });
    expect(fake.requests.filter((r) => r.path === "/v1/refunds").at(-1)?.body).toMatchObject({
      payment_intent: paymentIntent.id,
    });
    await gateway().cancelSubscription("sub_test_refund");
    const cancel = fake.requests.at(-1);
    expect(cancel).toMatchObject({ method: "DELETE", path: "/v1/subscriptions/sub_test_refund" });
    // What Stripe refuses is a 409 with its reason, never a server error.
    await expect(
      gateway().refund({
        id: "0d2c4a5e-6b7f-4c8d-9e0a-1b2c3d4e5f61",
        gatewayRef: invoice.id as string,
        amountCents: 900,
        currency: "USD",
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(
      gateway().refund({
        id: "0d2c4a5e-6b7f-4c8d-9e0a-1b2c3d4e5f62",
        gatewayRef: null,
        amountCents: 900,
        currency: "USD",
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });

  it("tells the reconciliation what Stripe knows of a pending checkout", async () => {
    const id = await movie(6);
    const c = await checkout(id);
    const lookup = t.app.services.gateway.lookup;
    expect(lookup).toBeDefined();
    const ask = () => lookup?.({ id: c.transactionId, gatewayRef: sessionOf(c) }) ?? null;
    expect(await ask()).toBeNull();
    fake.pay(sessionOf(c));
    expect(await ask()).toMatchObject({
      id: `lookup:${sessionOf(c)}`,
      type: "paid",
      transactionId: c.transactionId,
      amountCents: 600,
    });
    (fake.sessions.get(sessionOf(c)) as Record<string, unknown>).status = "expired";
    expect(await ask()).toMatchObject({ type: "expired" });
    expect(await lookup?.({ id: c.transactionId, gatewayRef: "cs_test_unknown" })).toBeNull();
  });

  it("is asked by the hourly reconciliation: a payment whose webhook was lost is applied, once; the rest expires after a day", async () => {
    const backdate = (id: string, hours: number) =>
      t.database.db
        .update(transactions)
        .set({ createdAt: new Date(Date.now() - hours * 3600_000) })
        .where(eq(transactions.id, id));
    const lostId = await movie(4);
    const lost = await checkout(lostId);
    const open = await checkout(await movie(5));
    const fresh = await checkout(await movie(6));
    // Paid at Stripe an hour and a half ago; the webhook never came.
    const session = fake.pay(sessionOf(lost));
    await backdate(lost.transactionId, 1.5);
    await backdate(open.transactionId, 2);
    const first = await t.app.services.payments.reconcile();
    expect(first.paid).toBeGreaterThanOrEqual(1);
    expect(await txOf(lost.transactionId)).toMatchObject({ status: "paid" });
    expect(await watch(lostId)).toMatchObject({ canWatch: true, isBought: true });
    // Still open at Stripe and younger than a day: left pending; a fresh one is not even asked about.
    expect(await txOf(open.transactionId)).toMatchObject({ status: "pending" });
    expect(await txOf(fresh.transactionId)).toMatchObject({ status: "pending" });
    // The webhook turns up after all: nothing more happens.
    const late = signedEvent("checkout.session.completed", session, WEBHOOK_SECRET);
    expect(received(await deliver(late.payload, late.signature))[0]?.outcome).toBe("ignored");
    expect(await eventsOf(lost.transactionId)).toHaveLength(2);

    // Stripe cannot be reached: nothing expires on a guess, even after a day; the next run asks again.
    await backdate(open.transactionId, 25);
    const gateway = t.app.services.gateway;
    const down = vi.spyOn(gateway, "lookup").mockRejectedValue(new Error("connect ECONNREFUSED"));
    const blind = await t.app.services.payments.reconcile();
    expect(blind.unreachable).toBeGreaterThanOrEqual(1);
    expect(await txOf(open.transactionId)).toMatchObject({ status: "pending" });
    down.mockRestore();
    // Reached again, the session is still open after a day (it never will be paid now): it expires, once.
    await t.app.services.payments.reconcile();
    expect(await txOf(open.transactionId)).toMatchObject({ status: "expired" });
    const events = await eventsOf(open.transactionId);
    expect(events.map((e) => e.eventId)).toEqual([`reconcile-expired:${open.transactionId}`]);
  });
});
