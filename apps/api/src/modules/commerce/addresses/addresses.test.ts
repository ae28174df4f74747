import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, newAccount, type TestContext } from "../../../../test/harness.ts";
import { TEST_ADDRESS, TEST_DELIVERY } from "../../../../test/sales.ts";

/**
 * Checkout addresses (issue 23 section 2): a store checkout that ships asks for a full address, refused field by
 * field with sentences; the order keeps its own copy; the member's addresses are saved for next time, the last used
 * first, and theirs alone to list and delete.
 */

let t: TestContext;
let seller: { id: string; token: string };
let mug: string;
let seq = 0;

const ADDRESS = TEST_ADDRESS.shippingAddress;
const HOME = {
  recipientName: "Ada Lovelace",
  line1: "12 St James's Square",
  city: "London",
  region: "Greater London",
  postalCode: "SW1Y 4JH",
  country: "gb",
  phone: "+44 20 7946 0000",
};

const purchase = (token: string | undefined, body: Record<string, unknown>) =>
  t.request({ method: "POST", url: "/payment/purchase-products", token, body: { products: [{ _id: mug }], ...body } });
const saved = async (token: string) => (await t.request({ method: "GET", url: "/users/me/addresses", token })).json();

beforeAll(async () => {
  t = await createTestContext();
  seller = await newAccount(t, "performer", "shop");
  const res = await t.request({
    method: "POST",
    url: "/performer/assets/products",
    token: seller.token,
    body: { title: `Mug ${seq++}`, type: "physical", price: 10, stock: 500, status: "active" },
  });
  mug = res.json()._id;
});
afterAll(() => t?.close());

describe("the shipping address at checkout", () => {
  it("refuses each missing field with a sentence, never 'required for physical products'", async () => {
    const member = await newAccount(t, "user", "blank");
    const blank = { recipientName: " ", line1: "", city: "", region: "", postalCode: "", country: "", phone: "" };
    const res = await purchase(member.token, { shippingAddress: blank });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: "body.shippingAddress.recipientName", message: "Enter the recipient's name." },
      { path: "body.shippingAddress.line1", message: "Enter the street address." },
      { path: "body.shippingAddress.city", message: "Enter a town or city." },
      { path: "body.shippingAddress.region", message: "Enter a state, province or region." },
      { path: "body.shippingAddress.postalCode", message: "Enter a postal code." },
      { path: "body.shippingAddress.country", message: "Choose a country." },
      { path: "body.shippingAddress.phone", message: "Enter a phone number." },
    ]);
    const none = await purchase(member.token, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe("Where should we ship it? Enter the delivery address.");
    expect(none.json().details).toContainEqual({
      path: "body.shippingAddress.recipientName",
      message: "Enter the recipient's name.",
    });
    expect(JSON.stringify([res.json(), none.json()])).not.toContain("required for physical products");
  });

  it("takes only a country of the lookups, and a phone number in digits", async () => {
    const member = await newAccount(t, "user", "country");
    const unknown = await purchase(member.token, { shippingAddress: { ...ADDRESS, country: "ZZ" } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().details).toEqual([{ path: "body.shippingAddress.country", message: "Choose a country." }]);
    const phone = await purchase(member.token, { shippingAddress: { ...ADDRESS, phone: "call me" } });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().details).toEqual([
      {
        path: "body.shippingAddress.phone",
        message: "Enter a phone number in digits; spaces, +, ( ) and - may be used.",
      },
    ]);
    const long = await purchase(member.token, { shippingAddress: { ...ADDRESS, postalCode: "1".repeat(21) } });
    expect(long.json().details).toEqual([
      { path: "body.shippingAddress.postalCode", message: "Keep it to 20 characters." },
    ]);
    expect((await saved(member.token)).total).toBe(0);
  });

  it("keeps the address on the order, as the buyer, the seller and admins see it", async () => {
    const member = await newAccount(t, "user", "order");
    const res = await purchase(member.token, TEST_ADDRESS);
    expect(res.statusCode, res.body).toBe(200);
    const { orderId } = res.json();
    const mine = await t.request({ method: "GET", url: `/orders/details/${orderId}`, token: member.token });
    expect(mine.json().delivery).toEqual(TEST_DELIVERY);
    const admin = await t.login("admin");
    const theirs = await t.request({ method: "GET", url: `/orders/details/${orderId}`, token: admin });
    expect(theirs.json().delivery).toEqual(TEST_DELIVERY);
  });
});

describe("saved addresses", () => {
  it("saves the address of each checkout once, the last used first, unless told not to", async () => {
    const member = await newAccount(t, "user", "book");
    expect((await purchase(member.token, TEST_ADDRESS)).statusCode).toBe(200);
    expect((await purchase(member.token, { shippingAddress: HOME })).statusCode).toBe(200);
    let list = await saved(member.token);
    expect(list.total).toBe(2);
    expect(list.data[0]).toMatchObject({ ...HOME, country: "GB", countryName: "United Kingdom", line2: null });
    expect(list.data[1]).toMatchObject({ ...ADDRESS, countryName: "United States" });
    // The first one again: it moves first, not saved twice.
    expect((await purchase(member.token, TEST_ADDRESS)).statusCode).toBe(200);
    list = await saved(member.token);
    expect(list.data.map((a: { line1: string }) => a.line1)).toEqual([ADDRESS.line1, HOME.line1]);
    // Not saved when the member says so; the order still has it.
    const once = await purchase(member.token, {
      shippingAddress: { ...HOME, line1: "1 Once Road" },
      saveAddress: false,
    });
    expect(once.statusCode).toBe(200);
    expect((await saved(member.token)).total).toBe(2);
  });

  it("keeps ten at most, forgetting the least recently used", async () => {
    const member = await newAccount(t, "user", "many");
    for (let i = 1; i <= 11; i++) {
      expect((await purchase(member.token, { shippingAddress: { ...HOME, line1: `${i} Long Lane` } })).statusCode).toBe(
        200,
      );
    }
    const list = await saved(member.token);
    expect(list.total).toBe(10);
    expect(list.data[0].line1).toBe("11 Long Lane");
    expect(list.data.map((a: { line1: string }) => a.line1)).not.toContain("1 Long Lane");
  });

  it("lists and deletes only the member's own; orders keep their copy", async () => {
    const [ann, bob] = [await newAccount(t, "user", "ann"), await newAccount(t, "user", "bob")];
    const { orderId } = (await purchase(ann.token, { shippingAddress: HOME })).json();
    const [address] = (await saved(ann.token)).data;
    expect((await saved(bob.token)).data).toEqual([]);
    expect((await t.request({ method: "GET", url: "/users/me/addresses" })).statusCode).toBe(401);
    const url = `/users/me/addresses/${address._id}`;
    expect((await t.request({ method: "DELETE", url })).statusCode).toBe(401);
    expect((await t.request({ method: "DELETE", url, token: bob.token })).statusCode).toBe(404);
    expect((await t.request({ method: "DELETE", url, token: ann.token })).statusCode).toBe(204);
    expect((await t.request({ method: "DELETE", url, token: ann.token })).statusCode).toBe(404);
    expect((await saved(ann.token)).total).toBe(0);
    const order = await t.request({ method: "GET", url: `/orders/details/${orderId}`, token: ann.token });
    expect(order.json().delivery).toMatchObject({ recipientName: "Ada Lovelace", city: "London", country: "GB" });
  });
});
