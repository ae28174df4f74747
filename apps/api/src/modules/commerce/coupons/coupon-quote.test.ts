import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, expectBadRequest, newAccount, type TestContext } from "../../../../test/harness.ts";
import { saleMovie } from "../../../../test/sales.ts";

/**
 * Issue 23 section 2: a coupon is tried before paying. The quote says the coupon's name and the discounted price of
 * the item, from the database's price; it never uses the coupon up, and a code that cannot be used is explained at
 * the field (422 naming body.couponCode).
 */

let t: TestContext;
let admin: string;
let member: Awaited<ReturnType<typeof newAccount>>;
let movieId: string;
let monthlyId: string;

const quote = (body: Record<string, unknown>, token: string | null = member.token) =>
  t.request({ method: "POST", url: "/coupons/quote", token: token ?? undefined, body });
const remainingUses = async (code: string) => {
  const list = (await t.request({ method: "GET", url: "/admin/coupons?limit=100", token: admin })).json();
  return list.data.find((c: { code: string }) => c.code === code)?.remainingUses;
};

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login("admin");
  const seller = await newAccount(t, "performer", "quoteseller");
  member = await newAccount(t, "user", "quoter");
  movieId = await saleMovie(t, seller.token, 9.99);
  for (const body of [
    { code: "QUOTE20", value: 0.2, remainingUses: 1 },
    { code: "QUOTE-OLD", value: 0.2, expiresAt: "2020-01-01T00:00:00Z" },
  ]) {
    const made = await t.request({ method: "POST", url: "/admin/coupons", token: admin, body });
    expect(made.statusCode, made.body).toBe(201);
  }
  const packages = (await t.request({ method: "GET", url: "/package/subscription/search" })).json();
  monthlyId = packages.data.find((p: { name: string }) => p.name === "Monthly")._id;
});
afterAll(() => t.close());

describe("POST /coupons/quote", () => {
  it("names the coupon and the discounted price of a movie, without using the coupon up", async () => {
    const res = await quote({ couponCode: "quote20", kind: "video", id: movieId });
    expect(res.statusCode, res.body).toBe(200);
    // 9.99 x 0.8 = 7.992 -> 7.99, as the checkout charges it.
    expect(res.json()).toMatchObject({ code: "QUOTE20", value: 0.2, originalPrice: 9.99, price: 7.99 });
    expect(typeof res.json().title).toBe("string");
    // Asked again, and the only use is still there for the checkout.
    expect((await quote({ couponCode: "QUOTE20", kind: "video", id: movieId })).statusCode).toBe(200);
    expect(await remainingUses("QUOTE20")).toBe(1);
  });

  it("quotes a membership package at its price", async () => {
    const res = await quote({ couponCode: "QUOTE20", kind: "package", id: monthlyId });
    expect(res.statusCode, res.body).toBe(200);
    // 12.99 x 0.8 = 10.392 -> 10.39.
    expect(res.json()).toMatchObject({
      code: "QUOTE20",
      title: "Membership: Monthly",
      originalPrice: 12.99,
      price: 10.39,
    });
  });

  it("explains a wrong code at the field", async () => {
    const unknown = await quote({ couponCode: "NO-SUCH", kind: "video", id: movieId });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe("There is no coupon with this code.");
    expect(unknown.json().details).toEqual([
      { path: "body.couponCode", message: "There is no coupon with this code." },
    ]);
    const expired = await quote({ couponCode: "QUOTE-OLD", kind: "video", id: movieId });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().details).toEqual([{ path: "body.couponCode", message: "This coupon has expired." }]);
  });

  it("refuses bad input with the field, and visitors", async () => {
    expectBadRequest(await quote({ couponCode: "x", kind: "video", id: movieId }), "body.couponCode");
    expectBadRequest(await quote({ couponCode: "QUOTE20", kind: "performer", id: movieId }), "body.period");
    expectBadRequest(await quote({ couponCode: "QUOTE20", kind: "video", id: "not-an-id" }), "body.id");
    expect((await quote({ couponCode: "QUOTE20", kind: "video", id: movieId }, null)).statusCode).toBe(401);
  });
});
