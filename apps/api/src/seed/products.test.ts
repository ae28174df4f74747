import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/harness.ts";
import { performers } from "../modules/performers/tables.ts";
import { productImages, products } from "../modules/products/tables.ts";
import { demoProducts, seedDemoProducts } from "./products.ts";

let t: TestContext;
let performerId: string;

beforeAll(async () => {
  t = await createTestContext();
  const token = await t.login("performer");
  performerId = (await t.request({ method: "GET", url: "/users/me", token })).json()._id;
});
afterAll(() => t.close());

describe("the demo store", () => {
  // Eight products with two pictures each, made through the API and run twice: seconds, a minute on a loaded
  // machine's embedded database; the cap is for a hang.
  it("is made through the API once, with pictures and files, and completed rather than doubled when run again", {
    timeout: 120_000,
  }, async () => {
    await seedDemoProducts(t.app, t.database.db, [performerId]);
    await seedDemoProducts(t.app, t.database.db, [performerId]);
    const rows = await t.database.db.select().from(products);
    expect(rows.map((r) => r.slug).sort()).toEqual(demoProducts.map((p) => p.slug).sort());
    expect(rows.every((r) => r.listed)).toBe(true);
    expect(rows.filter((r) => r.type === "digital").every((r) => r.fileContentType === "application/pdf")).toBe(true);
    expect(rows.some((r) => r.type === "physical" && r.stock === 0)).toBe(true);
    expect(await t.database.db.select().from(productImages)).toHaveLength(demoProducts.length * 2);
    const [profile] = await t.database.db.select().from(performers).where(eq(performers.id, performerId));
    expect(profile?.productsCount).toBe(demoProducts.length);

    const listed = await t.request({ method: "GET", url: "/user/assets/products/search", query: { limit: "50" } });
    expect(listed.json().total).toBe(demoProducts.length);
    const book = rows.find((r) => r.type === "digital") as (typeof rows)[number];
    const link = await t.request({
      method: "GET",
      url: `/user/assets/products/${book.id}/download-link`,
      token: await t.login("admin"),
    });
    expect(link.statusCode, link.body).toBe(200);
    const file = await t.app.inject({ method: "GET", url: link.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
