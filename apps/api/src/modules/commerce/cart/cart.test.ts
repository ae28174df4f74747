import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, expectBadRequest, newAccount, type TestContext } from "../../../../test/harness.ts";
import { digitalProduct, paidStoreOrder, physicalProduct } from "../../../../test/sales.ts";
import { products } from "../../products/tables.ts";

/**
 * The member's cart on the server (issue 23 section 2): read, replaced line by line with every line checked, and
 * merged with the browser's cart at login, each member only ever reaching their own. A cart holds no stock.
 */

let t: TestContext;
let seller: { id: string; token: string };
const physical = (price: number, stock: number, status = "active") =>
  physicalProduct(t, seller.token, price, stock, status);
const digital = (price: number) => digitalProduct(t, seller.token, price);

const titleOf = async (id: string) =>
  (await t.database.db.select({ title: products.title }).from(products).where(eq(products.id, id)))[0]?.title;

const getCart = (token: string | undefined) => t.request({ method: "GET", url: "/cart", token });
const putCart = (token: string | undefined, items: unknown) =>
  t.request({ method: "PUT", url: "/cart", token, body: { items } });
const merge = (token: string | undefined, items: unknown) =>
  t.request({ method: "POST", url: "/cart/merge", token, body: { items } });

beforeAll(async () => {
  t = await createTestContext();
  seller = await newAccount(t, "performer", "shop");
});
afterAll(() => t?.close());

describe("who may call", () => {
  it("answers 401 to visitors on every cart route", async () => {
    expect((await getCart(undefined)).statusCode).toBe(401);
    expect((await putCart(undefined, [])).statusCode).toBe(401);
    expect((await merge(undefined, [])).statusCode).toBe(401);
  });

  it("keeps each member's cart their own", async () => {
    const [ann, bob] = [await newAccount(t, "user", "ann"), await newAccount(t, "user", "bob")];
    const mug = await physical(5, 3);
    expect((await putCart(ann.token, [{ _id: mug, quantity: 2 }])).statusCode).toBe(200);
    expect((await getCart(bob.token)).json()).toEqual({ items: [], total: 0 });
    expect((await getCart(ann.token)).json()).toEqual({ items: [{ _id: mug, quantity: 2, price: 5 }], total: 2 });
    // Bob's changes are his alone.
    await putCart(bob.token, []);
    expect((await getCart(ann.token)).json().total).toBe(2);
  });
});

describe("PUT /cart", () => {
  it("replaces the cart, keeps the lines' order and the price each was added at", async () => {
    const member = await newAccount(t, "user", "put");
    const [a, b] = [await physical(4, 10), await physical(6.5, 10)];
    const first = await putCart(member.token, [{ _id: b }, { _id: a, quantity: 3, price: 3.5 }]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      items: [
        { _id: b, quantity: 1, price: 6.5 },
        { _id: a, quantity: 3, price: 3.5 },
      ],
      total: 4,
    });
    // The price goes up: a line already there keeps what it was added at.
    await t.request({ method: "PUT", url: `/performer/assets/products/${b}`, token: seller.token, body: { price: 9 } });
    const second = await putCart(member.token, [
      { _id: b, quantity: 2 },
      { _id: a, quantity: 1, price: 3.5 },
    ]);
    expect(second.json()).toEqual({
      items: [
        { _id: b, quantity: 2, price: 6.5 },
        { _id: a, quantity: 1, price: 3.5 },
      ],
      total: 3,
    });
    expect((await putCart(member.token, [])).json()).toEqual({ items: [], total: 0 });
    expect((await getCart(member.token)).json()).toEqual({ items: [], total: 0 });
  });

  it("refuses malformed lines with the field named", async () => {
    const member = await newAccount(t, "user", "bad");
    const mug = await physical(4, 10);
    expectBadRequest(await putCart(member.token, [{ _id: "mug" }]), "body.items.0._id");
    expectBadRequest(await putCart(member.token, [{ _id: mug, quantity: 0 }]), "body.items.0.quantity");
    expectBadRequest(await putCart(member.token, [{ _id: mug, quantity: 1.5 }]), "body.items.0.quantity");
    expectBadRequest(await putCart(member.token, [{ _id: mug, quantity: 100 }]), "body.items.0.quantity");
    expectBadRequest(await putCart(member.token, [{ _id: mug }, { _id: mug.toUpperCase() }]), "body.items");
    expectBadRequest(await putCart(member.token, [{ _id: mug, extra: 1 }]), "body.items.0.extra");
    const many = Array.from({ length: 51 }, () => ({ _id: randomUUID() }));
    expectBadRequest(await putCart(member.token, many), "body.items");
  });

  it("checks every line: sold now, a download once and not owned, no more than is left; 422 names each", async () => {
    const member = await newAccount(t, "user", "check");
    const few = await physical(3, 2);
    const gone = await physical(3, 0);
    const draft = await physical(3, 5, "draft");
    const book = await digital(2);
    const owned = await digital(2);
    await paidStoreOrder(t, member.token, [owned]);
    const unknown = randomUUID();
    const res = await putCart(member.token, [
      { _id: few, quantity: 3 },
      { _id: gone },
      { _id: draft },
      { _id: book, quantity: 2 },
      { _id: owned },
      { _id: unknown },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([
      { path: "body.items.0.quantity", message: `Only 2 of “${await titleOf(few)}” left: choose fewer.` },
      { path: "body.items.1.quantity", message: `“${await titleOf(gone)}” is sold out.` },
      { path: "body.items.2._id", message: `“${await titleOf(draft)}” is no longer for sale.` },
      { path: "body.items.3.quantity", message: `“${await titleOf(book)}” is a download: one is enough.` },
      { path: "body.items.4._id", message: `You already own “${await titleOf(owned)}”.` },
      { path: "body.items.5._id", message: "This product is not sold here." },
    ]);
    // Nothing changed.
    expect((await getCart(member.token)).json()).toEqual({ items: [], total: 0 });
    const ok = await putCart(member.token, [{ _id: few, quantity: 2 }, { _id: book }]);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("holds no stock: what others can buy is unchanged, and the last unit can still go to someone else", async () => {
    const member = await newAccount(t, "user", "nohold");
    const other = await newAccount(t, "user", "other");
    const last = await physical(8, 1);
    expect((await putCart(member.token, [{ _id: last }])).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `/user/assets/products/${last}` })).json().stock).toBe(1);
    expect((await putCart(other.token, [{ _id: last }])).statusCode).toBe(200);
    await paidStoreOrder(t, other.token, [last], {
      shippingAddress: {
        recipientName: "Olly Other",
        line1: "2 Mill Lane",
        city: "Leeds",
        region: "West Yorkshire",
        postalCode: "LS1 1AA",
        country: "GB",
        phone: "+44 113 000 0000",
      },
    });
    // Sold out now: the line still saved in the first member's cart can no longer be saved again as it is.
    const again = await putCart(member.token, [{ _id: last }]);
    expect(again.statusCode).toBe(422);
  });
});

describe("POST /cart/merge", () => {
  it("adds the browser's lines to the saved ones, summing quantities within what is left", async () => {
    const member = await newAccount(t, "user", "merge");
    const [a, b, c] = [await physical(2, 5), await physical(3, 100), await physical(4, 10)];
    await putCart(member.token, [
      { _id: a, quantity: 4 },
      { _id: b, quantity: 60 },
    ]);
    const res = await merge(member.token, [
      { _id: c, price: 3.75 },
      { _id: a, quantity: 3 },
      { _id: b.toUpperCase(), quantity: 60 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { _id: a, quantity: 5, price: 2 },
        { _id: b, quantity: 99, price: 3 },
        { _id: c, quantity: 1, price: 3.75 },
      ],
      total: 105,
      dropped: [],
      reduced: [
        { _id: a, title: await titleOf(a), quantity: 5 },
        { _id: b, title: await titleOf(b), quantity: 99 },
      ],
    });
    expect((await getCart(member.token)).json().total).toBe(105);
  });

  it("drops what is gone, not for sale, sold out or owned, and names each; no items settles the saved cart", async () => {
    const member = await newAccount(t, "user", "drop");
    const keep = await physical(2, 5);
    const soon = await physical(2, 5);
    const draft = await physical(2, 5, "draft");
    const owned = await digital(3);
    const book = await digital(3);
    await paidStoreOrder(t, member.token, [owned]);
    await putCart(member.token, [{ _id: keep }, { _id: soon }]);
    await t.request({
      method: "PUT",
      url: `/performer/assets/products/${soon}`,
      token: seller.token,
      body: { stock: 0 },
    });
    const res = await merge(member.token, [
      { _id: "not-a-product" },
      { _id: randomUUID() },
      { _id: draft },
      { _id: owned },
      { _id: book, quantity: 3 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.items).toEqual([
      { _id: keep, quantity: 1, price: 2 },
      { _id: book, quantity: 1, price: 3 },
    ]);
    expect(body.dropped).toEqual([
      { _id: "not-a-product", title: null, reason: "unavailable" },
      { _id: soon, title: await titleOf(soon), reason: "sold-out" },
      expect.objectContaining({ title: null, reason: "unavailable" }),
      { _id: draft, title: await titleOf(draft), reason: "unavailable" },
      { _id: owned, title: await titleOf(owned), reason: "owned" },
    ]);
    // A download is one, whatever the browser said: not a cut to tell.
    expect(body.reduced).toEqual([]);

    // The seller takes the mug off sale: the next page opened signed in settles the saved cart and says so.
    await t.request({
      method: "PUT",
      url: `/performer/assets/products/${keep}`,
      token: seller.token,
      body: { status: "inactive" },
    });
    const settled = (await merge(member.token, [])).json();
    expect(settled).toEqual({
      items: [{ _id: book, quantity: 1, price: 3 }],
      total: 1,
      dropped: [{ _id: keep, title: await titleOf(keep), reason: "unavailable" }],
      reduced: [],
    });
  });

  it("keeps 50 lines at most, the saved ones first", async () => {
    const member = await newAccount(t, "user", "full");
    const saved = [];
    for (let i = 0; i < 49; i++) saved.push({ _id: await physical(1, 5) });
    expect((await putCart(member.token, saved)).statusCode).toBe(200);
    const [x, y] = [await physical(1, 5), await physical(1, 5)];
    const res = (await merge(member.token, [{ _id: x }, { _id: y }])).json();
    expect(res.items).toHaveLength(50);
    expect(res.items.at(-1)._id).toBe(x);
    expect(res.dropped).toEqual([{ _id: y, title: await titleOf(y), reason: "full" }]);
  });
});
