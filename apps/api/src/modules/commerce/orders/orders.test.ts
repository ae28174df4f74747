import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createTestContext,
  deliverSandbox,
  detailPaths,
  expectBadRequest,
  newAccount,
  type TestContext,
  WAIT,
} from "../../../../test/harness.ts";
import {
  digitalProduct,
  paidStoreOrder,
  physicalProduct,
  TEST_ADDRESS,
  TEST_DELIVERY,
} from "../../../../test/sales.ts";

/**
 * Orders through HTTP (issue 11): a buyer's own orders and lines, a seller's lines to ship, one order as each may see
 * it, and the seller's delivery updates (one step at a time, the shipping code with `shipped`, the buyer told live);
 * a refund through the ledger marks the physical lines refunded.
 */

let t: TestContext;
let admin: string;
type Account = { id: string; username: string; token: string };
let seller: Account;
let rival: Account;
let buyer: Account;
let stranger: Account;
const physical = (owner: Account, price: number) => physicalProduct(t, owner.token, price);
const digital = (owner: Account, price: number) => digitalProduct(t, owner.token, price);

interface Checkout {
  orderId: string;
  transactionId: string;
}

const ADDRESS = TEST_ADDRESS;

async function checkout(who: Account, ids: string[], shipped = true): Promise<Checkout> {
  const res = await t.request({
    method: "POST",
    url: "/payment/purchase-products",
    token: who.token,
    body: { products: ids.map((_id) => ({ _id })), ...(shipped ? ADDRESS : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function settle(c: Checkout, type: "paid" | "refunded") {
  const amount = (await get(`/orders/details/${c.orderId}`, admin)).json().total as number;
  const res = await deliverSandbox(t, {
    id: `${type}:${c.transactionId}`,
    type,
    transactionId: c.transactionId,
    amountCents: Math.round(amount * 100),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().received[0].outcome).toBe("applied");
}

/** A paid order of `who` for `ids`, with the delivery details. */
const bought = (who: Account, ids: string[]) => paidStoreOrder(t, who.token, ids, ADDRESS);

const get = (url: string, token?: string) => t.request({ method: "GET", url, token });
const update = (lineId: string, body: unknown, token = seller.token) =>
  t.request({ method: "PUT", url: `/orders/${lineId}/update`, token, body });
type Line = { _id: string; itemId: string; deliveryStatus: string | null; shippingCode: string | null };
const linesIn = async (orderId: string, token = buyer.token) =>
  (await get(`/orders/details/${orderId}`, token)).json().lines as Line[];

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

beforeAll(async () => {
  t = await createTestContext({ REALTIME: "true" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  admin = await t.login("admin");
  seller = await newAccount(t, "performer", "seller");
  rival = await newAccount(t, "performer", "rival");
  buyer = await newAccount(t, "user", "buyer");
  stranger = await newAccount(t, "user", "stranger");
});
afterAll(() => t.close());

describe("who may call the orders routes", () => {
  it("refuses visitors (401) and members where sellers or admins are needed (403)", async () => {
    const id = randomUUID();
    for (const url of [
      "/orders/users/search",
      "/orders/users/details/search",
      "/orders/details/search",
      `/orders/details/${id}`,
      "/admin/orders",
    ]) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
    expect((await update(id, { deliveryStatus: "processing" }, "")).statusCode).toBe(401);
    expect((await get("/orders/details/search", buyer.token)).statusCode).toBe(403);
    expect((await update(id, { deliveryStatus: "processing" }, buyer.token)).statusCode).toBe(403);
    expect((await get("/admin/orders", seller.token)).statusCode).toBe(403);
  });

  it("names the bad field of a query, path or body", async () => {
    const bad = async (url: string, path: string, token = buyer.token) => expectBadRequest(await get(url, token), path);
    await bad("/orders/users/search?limit=0", "querystring.limit");
    await bad("/orders/users/search?limit=101", "querystring.limit");
    await bad("/orders/users/search?status=lost", "querystring.status");
    await bad("/orders/users/search?sortBy=total", "querystring.sortBy");
    await bad("/orders/users/details/search?deliveryStatus=shipping", "querystring.deliveryStatus");
    await bad("/orders/details/search?offset=-1", "querystring.offset", seller.token);
    await bad("/orders/details/42", "params.id");
    await bad("/admin/orders?userId=me", "querystring.userId", admin);
    const line = randomUUID();
    expectBadRequest(await update("42", { deliveryStatus: "processing" }), "params.id");
    expectBadRequest(await update(line, {}), "body.deliveryStatus");
    expectBadRequest(await update(line, { deliveryStatus: "shipping" }), "body.deliveryStatus");
    expectBadRequest(await update(line, { deliveryStatus: "shipped", shippingCode: "   " }), "body.shippingCode");
    expectBadRequest(
      await update(line, { deliveryStatus: "shipped", shippingCode: "x".repeat(101) }),
      "body.shippingCode",
    );
    expectBadRequest(await update(line, { deliveryStatus: "processing", note: "hi" }), "body.note");
  });
});

describe("the buyer's orders and lines", () => {
  it("lists the member's own orders newest first with their lines, totals and delivery; nobody else's", async () => {
    const mug = await physical(seller, 12.5);
    const book = await digital(seller, 4);
    const first = await bought(buyer, [mug, book]);
    const second = await checkout(buyer, [await physical(rival, 3)]); // left pending
    const mine = (await get("/orders/users/search", buyer.token)).json();
    expect(mine.total).toBe(2);
    expect(mine.data.map((o: { _id: string }) => o._id)).toEqual([second.orderId, first.orderId]);
    const paid = mine.data[1];
    expect(paid).toMatchObject({
      status: "paid",
      total: 16.5,
      originalTotal: 16.5,
      delivery: TEST_DELIVERY,
    });
    expect(paid.buyer).toBeUndefined();
    expect(paid.lines).toHaveLength(2);
    expect(paid.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ itemId: mug, productType: "physical", unitPrice: 12.5, deliveryStatus: "created" }),
        expect.objectContaining({ itemId: book, productType: "digital", total: 4, deliveryStatus: null }),
      ]),
    );
    const onlyPaid = (await get("/orders/users/search?status=paid", buyer.token)).json();
    expect(onlyPaid.data.map((o: { _id: string }) => o._id)).toEqual([first.orderId]);
    const page = (await get("/orders/users/search?limit=1&offset=1", buyer.token)).json();
    expect(page).toMatchObject({ total: 2, data: [{ _id: first.orderId }] });
    expect((await get("/orders/users/search", stranger.token)).json()).toEqual({ data: [], total: 0 });
  });

  it("lists the member's own lines, filtered by delivery status", async () => {
    const who = await newAccount(t, "user", "lines");
    const mug = await physical(seller, 2);
    const book = await digital(seller, 1);
    const c = await bought(who, [mug, book]);
    const all = (await get("/orders/users/details/search", who.token)).json();
    expect(all.total).toBe(2);
    expect(all.data[0]).toMatchObject({ orderId: c.orderId, orderStatus: "paid" });
    const created = (await get("/orders/users/details/search?deliveryStatus=created", who.token)).json();
    expect(created).toMatchObject({ total: 1, data: [{ itemId: mug, deliveryStatus: "created" }] });
    expect((await get("/orders/users/details/search?deliveryStatus=shipped", who.token)).json().total).toBe(0);
    const theirs = (await get("/orders/users/details/search", stranger.token)).json();
    expect(theirs.data.some((l: { orderId: string }) => l.orderId === c.orderId)).toBe(false);
  });
});

describe("the seller's lines and one order", () => {
  it("shows a seller only their lines of paid orders, with the buyer, and the address only for shipped ones", async () => {
    const own = await newAccount(t, "performer", "shop");
    const mug = await physical(own, 7);
    const book = await digital(own, 2);
    const other = await physical(rival, 5);
    const c = await bought(buyer, [mug, book, other]);
    await checkout(stranger, [mug]); // pending: not the seller's to ship yet
    const lines = (await get("/orders/details/search", own.token)).json();
    expect(lines.total).toBe(2);
    const byItem = Object.fromEntries(lines.data.map((l: Line) => [l.itemId, l]));
    expect(byItem[mug]).toMatchObject({
      orderId: c.orderId,
      orderStatus: "paid",
      buyer: { _id: buyer.id, username: buyer.username },
      delivery: TEST_DELIVERY,
      deliveryStatus: "created",
    });
    expect(byItem[book]).toMatchObject({ delivery: null, deliveryStatus: null, productType: "digital" });
    expect(byItem[other]).toBeUndefined();
    const toShip = (await get("/orders/details/search?deliveryStatus=created", own.token)).json();
    expect(toShip.data.map((l: Line) => l.itemId)).toEqual([mug]);
    const everyone = (await get("/orders/details/search?limit=100", admin)).json();
    expect(everyone.data.map((l: Line) => l.itemId)).toEqual(expect.arrayContaining([mug, book, other]));
  });

  it("shows one order to its buyer and admins whole, to a seller only their lines, and to anyone else nothing", async () => {
    const mug = await physical(seller, 6);
    const book = await digital(rival, 3);
    const c = await bought(buyer, [mug, book]);
    const whole = (await get(`/orders/details/${c.orderId}`, buyer.token)).json();
    expect(whole.lines.map((l: Line) => l.itemId).sort()).toEqual([mug, book].sort());
    const asAdmin = (await get(`/orders/details/${c.orderId}`, admin)).json();
    expect(asAdmin).toMatchObject({ _id: c.orderId, buyer: { _id: buyer.id }, lines: [{}, {}] });
    const asSeller = (await get(`/orders/details/${c.orderId}`, seller.token)).json();
    expect(asSeller.lines.map((l: Line) => l.itemId)).toEqual([mug]);
    expect(asSeller).toMatchObject({ buyer: { _id: buyer.id }, delivery: { postalCode: "12345" } });
    // The digital seller sees their line but not where the rest goes.
    const asRival = (await get(`/orders/details/${c.orderId}`, rival.token)).json();
    expect(asRival).toMatchObject({ delivery: null, lines: [{ itemId: book }] });
    const someone = await newAccount(t, "performer", "nosy");
    for (const token of [stranger.token, someone.token]) {
      const res = await get(`/orders/details/${c.orderId}`, token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Order not found");
    }
    expect((await get(`/orders/details/${randomUUID()}`, buyer.token)).statusCode).toBe(404);
    // A seller does not see an order that is not paid yet.
    const pending = await checkout(stranger, [mug]);
    expect((await get(`/orders/details/${pending.orderId}`, seller.token)).statusCode).toBe(404);
  });

  it("lists every order for admins, filtered by status and buyer", async () => {
    const who = await newAccount(t, "user", "adm");
    const c = await bought(who, [await physical(seller, 1)]);
    const theirs = (await get(`/admin/orders?userId=${who.id}`, admin)).json();
    expect(theirs).toMatchObject({ total: 1, data: [{ _id: c.orderId, status: "paid", buyer: { _id: who.id } }] });
    expect((await get(`/admin/orders?userId=${who.id}&status=pending`, admin)).json().total).toBe(0);
    const pending = (await get("/admin/orders?status=pending&limit=100", admin)).json();
    expect(pending.data.every((o: { status: string }) => o.status === "pending")).toBe(true);
  });

  it("gives admins each order's payment and each line's sellers, and finds orders by buyer, title, id or delivery", async () => {
    const who = await newAccount(t, "user", "finder");
    const mug = await physical(seller, 3);
    const book = await digital(rival, 2);
    const c = await bought(who, [mug, book]);
    const list = (await get(`/admin/orders?userId=${who.id}`, admin)).json();
    expect(list.data[0]).toMatchObject({
      _id: c.orderId,
      buyer: { _id: who.id, username: who.username },
      transaction: { _id: c.transactionId, status: "paid", gateway: "sandbox", amount: 5 },
    });
    const sellers = Object.fromEntries(
      list.data[0].lines.map((l: Line & { sellers: { _id: string }[] }) => [l.itemId, l.sellers.map((x) => x._id)]),
    );
    expect(sellers).toEqual({ [mug]: [seller.id], [book]: [rival.id] });
    // The same in the order's own view, for an admin only.
    const one = (await get(`/orders/details/${c.orderId}`, admin)).json();
    expect(one).toMatchObject({ transaction: { _id: c.transactionId }, lines: [{ sellers: [{}] }, { sellers: [{}] }] });
    const own = (await get(`/orders/details/${c.orderId}`, who.token)).json();
    expect(own.transaction).toBeUndefined();
    expect(own.lines[0].sellers).toBeUndefined();

    const found = async (query: string) =>
      ((await get(`/admin/orders?limit=100&${query}`, admin)).json().data as { _id: string }[]).map((o) => o._id);
    expect(await found(`q=${who.username.toUpperCase()}`)).toContain(c.orderId);
    expect(await found(`q=${encodeURIComponent(who.username.slice(0, -2))}`)).toContain(c.orderId);
    const title = (await linesIn(c.orderId, who.token)).find((l) => l.itemId === mug) as Line & { title: string };
    expect(await found(`q=${encodeURIComponent(title.title)}&userId=${who.id}`)).toEqual([c.orderId]);
    expect(await found(`q=${c.orderId}`)).toEqual([c.orderId]);
    expect(await found("q=%25%25nobody_by_this_name")).toEqual([]);
    expect(await found(`deliveryStatus=created&userId=${who.id}`)).toEqual([c.orderId]);
    expect(await found(`deliveryStatus=shipped&userId=${who.id}`)).toEqual([]);
    // An order whose checkout was never paid shows its pending payment.
    const pending = await checkout(who, [mug]);
    const again = (await get(`/admin/orders?userId=${who.id}&status=pending`, admin)).json();
    expect(again.data).toMatchObject([
      { _id: pending.orderId, transaction: { _id: pending.transactionId, status: "pending" } },
    ]);
    expectBadRequest(await get("/admin/orders?deliveryStatus=lost", admin), "querystring.deliveryStatus");
    expectBadRequest(await get(`/admin/orders?q=${"x".repeat(201)}`, admin), "querystring.q");
  });

  it("refunds an order through its payment: refunded everywhere, the stock given back, the download refused", async () => {
    const who = await newAccount(t, "user", "refundee");
    const mug = await physical(seller, 4);
    const book = await digital(seller, 3);
    const c = await bought(who, [mug, book]);
    const stock = async () => (await get(`/user/assets/products/${mug}`)).json().stock as number;
    expect(await stock()).toBe(49);
    const link = () => get(`/user/assets/products/${book}/download-link`, who.token);
    expect((await link()).statusCode).toBe(200);
    const listed = (await get(`/admin/orders?userId=${who.id}`, admin)).json().data[0];
    const res = await t.request({
      method: "POST",
      url: `/admin/transactions/${listed.transaction._id}/refund`,
      token: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ transactionId: c.transactionId, status: "refunded" });
    const after = (await get(`/admin/orders?userId=${who.id}`, admin)).json().data[0];
    expect(after).toMatchObject({ status: "refunded", transaction: { _id: c.transactionId, status: "refunded" } });
    expect(Object.fromEntries(after.lines.map((l: Line) => [l.itemId, l.deliveryStatus]))).toEqual({
      [mug]: "refunded",
      [book]: null,
    });
    expect((await get(`/admin/orders?userId=${who.id}&status=refunded`, admin)).json().total).toBe(1);
    expect(await stock()).toBe(50);
    expect((await link()).statusCode).toBe(403);
    // Twice is refused.
    const again = await t.request({
      method: "POST",
      url: `/admin/transactions/${c.transactionId}/refund`,
      token: admin,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe("PUT /orders/:id/update (an order line)", () => {
  it("moves a physical line one step at a time, with the shipping code, telling the buyer each time", async () => {
    const mug = await physical(seller, 9);
    const c = await bought(buyer, [mug]);
    const [line] = await linesIn(c.orderId);
    const id = (line as Line)._id;
    const told = await listen(buyer.token);
    try {
      const refused = async (body: unknown, field: string) => {
        const res = await update(id, body);
        expect(res.statusCode, res.body).toBe(422);
        expect(detailPaths(res)).toContain(field);
      };
      await refused({ deliveryStatus: "shipped", shippingCode: "TRACK1" }, "body.deliveryStatus");
      await refused({ deliveryStatus: "delivered" }, "body.deliveryStatus");
      await refused({ deliveryStatus: "created" }, "body.deliveryStatus");
      await refused({ deliveryStatus: "processing", shippingCode: "TRACK1" }, "body.shippingCode");
      const refund = await update(id, { deliveryStatus: "refunded" });
      expect(refund.statusCode).toBe(422);
      expect(refund.json().message).toMatch(/refunding the order's payment/);

      const processing = await update(id, { deliveryStatus: "processing" });
      expect(processing.statusCode, processing.body).toBe(200);
      expect(processing.json()).toMatchObject({ _id: id, deliveryStatus: "processing", shippingCode: null });
      await refused({ deliveryStatus: "shipped" }, "body.shippingCode");
      const shipped = await update(id, { deliveryStatus: "shipped", shippingCode: "  TRACK-42  " });
      expect(shipped.json()).toMatchObject({ deliveryStatus: "shipped", shippingCode: "TRACK-42" });
      // An admin may move it too.
      const delivered = await update(id, { deliveryStatus: "delivered" }, admin);
      expect(delivered.json()).toMatchObject({ deliveryStatus: "delivered", shippingCode: "TRACK-42" });
      await refused({ deliveryStatus: "delivered" }, "body.deliveryStatus");

      await vi.waitFor(() => expect(told.got.filter((n) => n.type === "delivery")).toHaveLength(3), WAIT);
      expect(told.got.filter((n) => n.type === "delivery")).toEqual([
        expect.objectContaining({ orderId: c.orderId, lineId: id, deliveryStatus: "processing", shippingCode: null }),
        expect.objectContaining({ lineId: id, deliveryStatus: "shipped", shippingCode: "TRACK-42" }),
        expect.objectContaining({ lineId: id, deliveryStatus: "delivered", shippingCode: "TRACK-42" }),
      ]);
    } finally {
      told.close();
    }
    expect(await linesIn(c.orderId)).toMatchObject([{ deliveryStatus: "delivered", shippingCode: "TRACK-42" }]);
  });

  it("never lets a performer touch another seller's line, nor anyone a missing one", async () => {
    const c = await bought(buyer, [await physical(seller, 4)]);
    const [line] = await linesIn(c.orderId);
    const id = (line as Line)._id;
    expect((await update(id, { deliveryStatus: "processing" }, rival.token)).statusCode).toBe(404);
    expect((await update(randomUUID(), { deliveryStatus: "processing" })).statusCode).toBe(404);
    expect(await linesIn(c.orderId)).toMatchObject([{ deliveryStatus: "created" }]);
  });

  it("refuses digital lines and orders that are not paid", async () => {
    const paid = await bought(buyer, [await digital(seller, 2)]);
    const [book] = await linesIn(paid.orderId);
    const digitalLine = await update((book as Line)._id, { deliveryStatus: "processing" });
    expect(digitalLine.statusCode).toBe(422);
    expect(digitalLine.json().message).toMatch(/physical/);
    const pending = await checkout(stranger, [await physical(seller, 2)]);
    const [mug] = await linesIn(pending.orderId, stranger.token);
    const unpaid = await update((mug as Line)._id, { deliveryStatus: "processing" });
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json().message).toMatch(/pending/);
  });

  it("shows a refunded order's physical lines as refunded, which then never move", async () => {
    const mug = await physical(seller, 8);
    const book = await digital(seller, 2);
    const c = await bought(buyer, [mug, book]);
    const id = (await linesIn(c.orderId)).find((l) => l.itemId === mug)?._id as string;
    expect((await update(id, { deliveryStatus: "processing" })).statusCode).toBe(200);
    await settle(c, "refunded");
    const statuses = async (lines: Line[]) => Object.fromEntries(lines.map((l) => [l.itemId, l.deliveryStatus]));
    expect(await statuses(await linesIn(c.orderId))).toEqual({ [mug]: "refunded", [book]: null });
    const mine = (await get("/orders/users/search?status=refunded", buyer.token)).json();
    expect(mine.data[0]._id).toBe(c.orderId);
    expect(await statuses(mine.data[0].lines)).toEqual({ [mug]: "refunded", [book]: null });
    const after = await update(id, { deliveryStatus: "shipped", shippingCode: "LATE" });
    expect(after.statusCode).toBe(422);
    expect(after.json().message).toMatch(/refunded/);
    // A seller still sees the refunded order it sold into, but no longer among the lines to ship.
    expect((await get(`/orders/details/${c.orderId}`, seller.token)).json().status).toBe("refunded");
    const toShip = (await get("/orders/details/search?limit=100", seller.token)).json();
    expect(toShip.data.some((l: Line) => l._id === id)).toBe(false);
  });
});
