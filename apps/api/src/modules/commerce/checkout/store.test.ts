import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestContext,
  deliverSandbox,
  expectBadRequest,
  newAccount,
  type TestContext,
} from "../../../../test/harness.ts";
import { digitalProduct, physicalProduct, TEST_ADDRESS } from "../../../../test/sales.ts";
import { couponUses } from "../coupons/tables.ts";
import { earnings } from "../earnings/tables.ts";
import { transactions } from "../ledger/tables.ts";
import { orderLines, orders } from "../orders/tables.ts";

/**
 * The store's checkout through HTTP (issue 11): the cart's products at the database's prices, a coupon over the
 * whole order, delivery details for shipped goods, and the physical stock held at checkout, never sold twice, and
 * given back when the payment fails or expires, or the order is refunded.
 */

let t: TestContext;
let admin: string;
let seller: { id: string; token: string };
let buyer: { id: string; token: string };
let seq = 0;
const physical = (price: number, stock: number) => physicalProduct(t, seller.token, price, stock);
const digital = (price: number) => digitalProduct(t, seller.token, price);

interface Checkout {
  paymentUrl: string;
  orderId: string;
  transactionId: string;
}

const ADDRESS = TEST_ADDRESS;

const purchase = (token: string | undefined, body: unknown) =>
  t.request({ method: "POST", url: "/payment/purchase-products", token, body });

async function checkout(token: string, body: Record<string, unknown>): Promise<Checkout> {
  const res = await purchase(token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const settle = (c: Checkout, type: "paid" | "failed" | "refunded", amountCents: number) =>
  deliverSandbox(t, { id: `${type}:${c.transactionId}`, type, transactionId: c.transactionId, amountCents });

/** What a buyer sees is left of a product: its stock less what pending checkouts hold now. */
const stockOf = async (id: string) =>
  (await t.request({ method: "GET", url: `/user/assets/products/${id}` })).json().stock as number;
/** The hold of a checkout's order ends now, as if its minutes had passed. */
const holdEnds = (c: Checkout) =>
  t.database.db
    .update(orders)
    .set({ holdUntil: new Date(Date.now() - 1000) })
    .where(eq(orders.id, c.orderId));
const orderOf = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const linesOf = (orderId: string) => t.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
const statusOf = async (id: string) =>
  (await t.database.db.select({ s: transactions.status }).from(transactions).where(eq(transactions.id, id)))[0]?.s;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login("admin");
  seller = await newAccount(t, "performer", "shop");
  buyer = await newAccount(t, "user", "cart");
});
afterAll(() => t.close());

describe("POST /payment/purchase-products", () => {
  it("is for logged-in members, and refuses a malformed cart with the field named", async () => {
    const mug = await physical(10, 5);
    expect((await purchase(undefined, { products: [{ _id: mug }] })).statusCode).toBe(401);
    const bad = (body: unknown) => purchase(buyer.token, body);
    expectBadRequest(await bad({}), "body.products");
    expectBadRequest(await bad({ products: [] }), "body.products");
    expectBadRequest(await bad({ products: [{ _id: "mug" }] }), "body.products.0._id");
    expectBadRequest(await bad({ products: [{ _id: mug, quantity: 0 }] }), "body.products.0.quantity");
    expectBadRequest(await bad({ products: [{ _id: mug, quantity: 100 }] }), "body.products.0.quantity");
    expectBadRequest(await bad({ products: [{ _id: mug, quantity: 1.5 }] }), "body.products.0.quantity");
    expectBadRequest(await bad({ products: [{ _id: mug }, { _id: mug }] }), "body.products");
    expectBadRequest(await bad({ products: [{ _id: mug }], price: 1 }), "body.price");
    expectBadRequest(await bad({ products: [{ _id: mug }], couponCode: "no spaces" }), "body.couponCode");
    expectBadRequest(
      await bad({ products: [{ _id: mug }], shippingAddress: { ...ADDRESS.shippingAddress, phone: "call me" } }),
      "body.shippingAddress.phone",
    );
    const many = Array.from({ length: 51 }, () => ({ _id: randomUUID() }));
    expectBadRequest(await bad({ products: many }), "body.products");
    expect(await stockOf(mug)).toBe(5);
  });

  it("takes one product's id in upper and lower case as the same product: one line, never twice the cap", async () => {
    const mug = await physical(10, 200);
    const twice = await purchase(buyer.token, {
      products: [
        { _id: mug, quantity: 60 },
        { _id: mug.toUpperCase(), quantity: 60 },
      ],
      ...ADDRESS,
    });
    expectBadRequest(twice, "body.products");
    expect(await stockOf(mug)).toBe(200);
    const upper = await checkout(buyer.token, { products: [{ _id: mug.toUpperCase(), quantity: 2 }], ...ADDRESS });
    expect((await linesOf(upper.orderId)).map((l) => [l.itemId, l.quantity])).toEqual([[mug, 2]]);
    await settle(upper, "failed", 2000);
  });

  it("says which line cannot be sold: unknown, not for sale, or a download asked twice", async () => {
    const mug = await physical(10, 5);
    const unknown = await purchase(buyer.token, { products: [{ _id: mug }, { _id: randomUUID() }], ...ADDRESS });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().details).toEqual([{ path: "body.products.1._id", message: "no such product" }]);
    const draft = await t.request({
      method: "POST",
      url: "/performer/assets/products",
      token: seller.token,
      body: { title: `Draft ${seq++}`, type: "physical", price: 3, stock: 2 },
    });
    const hidden = await purchase(buyer.token, { products: [{ _id: draft.json()._id }], ...ADDRESS });
    expect(hidden.statusCode).toBe(422);
    const book = await digital(4);
    const twice = await purchase(buyer.token, { products: [{ _id: book, quantity: 2 }] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().details).toEqual([{ path: "body.products.0.quantity", message: "one download" }]);
    expect(await stockOf(mug)).toBe(5);
  });

  it("needs a shipping address when something is shipped, and none for downloads", async () => {
    const mug = await physical(10, 5);
    const book = await digital(4);
    const res = await purchase(buyer.token, { products: [{ _id: book }, { _id: mug }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().details.map((d: { path: string }) => d.path)).toEqual([
      "body.shippingAddress.recipientName",
      "body.shippingAddress.line1",
      "body.shippingAddress.city",
      "body.shippingAddress.region",
      "body.shippingAddress.postalCode",
      "body.shippingAddress.country",
      "body.shippingAddress.phone",
    ]);
    const download = await checkout(buyer.token, { products: [{ _id: book }] });
    const order = await orderOf(download.orderId);
    expect(order).toMatchObject({ status: "pending", totalCents: 400, deliveryAddress: null, postalCode: null });
  });

  it("charges the database's prices times the quantities, spreads a coupon over the lines to the cent, and holds the stock", async () => {
    const mug = await physical(10, 5);
    const poster = await physical(2.5, 10);
    const book = await digital(4.99);
    const code = `CART${seq++}X`;
    expect(
      (await t.request({ method: "POST", url: "/admin/coupons", token: admin, body: { code, value: 0.15 } }))
        .statusCode,
    ).toBe(201);
    const shopper = await newAccount(t, "user", "coupon");
    const c = await checkout(shopper.token, {
      products: [{ _id: mug, quantity: 2 }, { _id: poster, quantity: 3 }, { _id: book }],
      couponCode: code.toLowerCase(),
      ...ADDRESS,
    });
    // 2 x 10.00 + 3 x 2.50 + 4.99 = 32.49, less 15% = 27.62 (27.6165 rounded).
    const order = await orderOf(c.orderId);
    expect(order).toMatchObject({
      status: "pending",
      originalCents: 3249,
      totalCents: 2762,
      recipientName: "Sam Shopper",
      deliveryAddress: "1 Market Street",
      addressLine2: "Flat 2",
      city: "Springfield",
      region: "Oregon",
      postalCode: "12345",
      country: "US",
      phoneNumber: "+1 555 0100",
    });
    const lines = await linesOf(c.orderId);
    expect(lines.reduce((n, l) => n + l.totalCents, 0)).toBe(2762);
    expect(lines.map((l) => [l.itemId, l.quantity, l.unitPriceCents, l.deliveryStatus]).sort()).toEqual(
      [
        [mug, 2, 1000, "created"],
        [poster, 3, 250, "created"],
        [book, 1, 499, null],
      ].sort(),
    );
    expect([await stockOf(mug), await stockOf(poster)]).toEqual([3, 7]);
    expect(c.paymentUrl).toMatch(new RegExp(`/payment/sandbox/${c.transactionId}$`));

    // Paid: one earning per line for the seller, adding up to what was paid; the coupon used once.
    expect((await settle(c, "paid", 2762)).json().received[0].outcome).toBe("applied");
    expect((await orderOf(c.orderId))?.status).toBe("paid");
    const earned = await t.database.db.select().from(earnings).where(eq(earnings.transactionId, c.transactionId));
    expect(earned).toHaveLength(3);
    expect(earned.reduce((n, e) => n + e.grossCents, 0)).toBe(2762);
    expect(earned.every((e) => e.performerId === seller.id && e.commissionCents + e.netCents === e.grossCents)).toBe(
      true,
    );
    expect(await t.database.db.select().from(couponUses).where(eq(couponUses.orderId, c.orderId))).toHaveLength(1);
    // The download is theirs now; buying it again is refused.
    const link = await t.request({
      method: "GET",
      url: `/user/assets/products/${book}/download-link`,
      token: shopper.token,
    });
    expect(link.statusCode, link.body).toBe(200);
    const again = await purchase(shopper.token, { products: [{ _id: book }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already bought/);

    // Refunded: the stock comes back and the download is gone.
    expect((await settle(c, "refunded", 2762)).json().received[0].outcome).toBe("applied");
    expect([await stockOf(mug), await stockOf(poster)]).toEqual([5, 10]);
    const revoked = await t.request({
      method: "GET",
      url: `/user/assets/products/${book}/download-link`,
      token: shopper.token,
    });
    expect(revoked.statusCode).toBe(403);
  });

  it("gives the stock back when the payment fails, and when a new checkout replaces a pending one", async () => {
    const mug = await physical(6, 4);
    const shopper = await newAccount(t, "user", "fail");
    const first = await checkout(shopper.token, { products: [{ _id: mug, quantity: 3 }], ...ADDRESS });
    expect(await stockOf(mug)).toBe(1);
    // The member changes their mind: the new checkout replaces the first, whose 3 come back before 2 are held.
    const second = await checkout(shopper.token, { products: [{ _id: mug, quantity: 2 }], ...ADDRESS });
    expect(await statusOf(first.transactionId)).toBe("expired");
    expect(await stockOf(mug)).toBe(2);
    expect((await settle(second, "failed", 1200)).json().received[0].outcome).toBe("applied");
    expect(await stockOf(mug)).toBe(4);
    // A payment that turns up for the replaced checkout is flagged, and takes nothing from the stock.
    expect((await settle(first, "paid", 1800)).json().received[0].outcome).toBe("flagged");
    expect(await stockOf(mug)).toBe(4);
  });

  it("holds the stock for minutes only: once the hold ends others may buy it at once, and a late payment is flagged", async () => {
    const mug = await physical(5, 3);
    const slow = await newAccount(t, "user", "slow");
    const c = await checkout(slow.token, { products: [{ _id: mug, quantity: 3 }], ...ADDRESS });
    const held = await orderOf(c.orderId);
    const minutes = ((held?.holdUntil?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    expect(await stockOf(mug)).toBe(0);
    expect((await purchase(buyer.token, { products: [{ _id: mug }], ...ADDRESS })).json().message).toMatch(/sold out/);
    // Fifteen minutes later: no sweep has run, and the stock is back for everyone.
    await holdEnds(c);
    expect(await stockOf(mug)).toBe(3);
    const quick = await newAccount(t, "user", "quick");
    const other = await checkout(quick.token, { products: [{ _id: mug, quantity: 2 }], ...ADDRESS });
    expect((await settle(other, "paid", 1000)).json().received[0].outcome).toBe("applied");
    expect(await stockOf(mug)).toBe(1);
    // The slow buyer pays now, for 3 of the 1 left: not applied, and nothing oversold; the admin refunds it.
    const late = await settle(c, "paid", 1500);
    expect(late.json().received[0].outcome).toBe("flagged");
    expect(await statusOf(c.transactionId)).toBe("pending");
    expect(await stockOf(mug)).toBe(1);
    const flagged = await t.request({
      method: "GET",
      url: "/admin/payment-events/search",
      token: admin,
      query: { outcome: "flagged", handled: "false" },
    });
    expect(JSON.stringify(flagged.json())).toContain("Paid after its stock hold ended");
  });

  it("applies a late payment whose stock is still there, taking it then", async () => {
    const mug = await physical(5, 4);
    const shopper = await newAccount(t, "user", "late");
    const c = await checkout(shopper.token, { products: [{ _id: mug, quantity: 2 }], ...ADDRESS });
    await holdEnds(c);
    expect(await stockOf(mug)).toBe(4);
    expect((await settle(c, "paid", 1000)).json().received[0].outcome).toBe("applied");
    expect(await stockOf(mug)).toBe(2);
  });

  it("caps the physical units one buyer's checkout may hold", async () => {
    const mug = await physical(1, 40);
    const greedy = await newAccount(t, "user", "greedy");
    const many = await purchase(greedy.token, { products: [{ _id: mug, quantity: 11 }], ...ADDRESS });
    expect(many.statusCode).toBe(422);
    expect(many.json()).toMatchObject({
      message: "One order can hold at most 10 physical items while it is being paid; this cart has 11.",
      details: [{ path: "body.products", message: "at most 10 physical items" }],
    });
    expect(await stockOf(mug)).toBe(40);
    await checkout(greedy.token, { products: [{ _id: mug, quantity: 10 }], ...ADDRESS });
    // A second checkout replaces the first: the buyer never holds more than the cap.
    await checkout(greedy.token, { products: [{ _id: mug, quantity: 10 }], ...ADDRESS });
    expect(await stockOf(mug)).toBe(30);
  });

  it("returns the stock of a checkout left pending when the reconciliation expires it", async () => {
    const mug = await physical(8, 2);
    const shopper = await newAccount(t, "user", "stale");
    const c = await checkout(shopper.token, { products: [{ _id: mug, quantity: 2 }], ...ADDRESS });
    expect(await stockOf(mug)).toBe(0);
    const sold = await purchase(buyer.token, { products: [{ _id: mug }], ...ADDRESS });
    expect(sold.statusCode).toBe(409);
    expect(sold.json().message).toMatch(/sold out/);
    await t.database.db
      .update(transactions)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(transactions.id, c.transactionId));
    await t.app.services.payments.reconcile();
    expect(await statusOf(c.transactionId)).toBe("expired");
    expect(await stockOf(mug)).toBe(2);
  });

  it("sells the last items once when twenty members buy at the same moment: five paid orders, no oversell", async () => {
    const mug = await physical(15, 5);
    const shoppers = await Promise.all(Array.from({ length: 20 }, (_, i) => newAccount(t, "user", `rush${i}`)));
    const answers = await Promise.all(shoppers.map((s) => purchase(s.token, { products: [{ _id: mug }], ...ADDRESS })));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    expect(await stockOf(mug)).toBe(0);
    const won = answers.filter((a) => a.statusCode === 200).map((a) => a.json() as Checkout);
    for (const c of won) expect((await settle(c, "paid", 1500)).json().received[0].outcome).toBe("applied");
    const paid = await t.database.db
      .select()
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orderLines.itemId, mug));
    expect(paid.filter((r) => r.orders.status === "paid").reduce((n, r) => n + r.order_lines.quantity, 0)).toBe(5);
    expect(await stockOf(mug)).toBe(0);
  });
});
