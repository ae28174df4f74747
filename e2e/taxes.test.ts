import type { Video } from "@marquee/contracts/videos";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, goto, launch, newPage, signUp, site } from "./browser.ts";
import { logIn } from "./steps.ts";

/**
 * Taxes in Chromium through the sandbox gateway (issue 24 section 5): an admin adds a VAT rate for Luxembourg on
 * Admin → Taxes; a buyer whose billing country is Luxembourg sees the tax under the Buy button before paying, and
 * again on the lower price once they apply a coupon (and the cart quotes its lines' tax the same way), pays the gross
 * on the sandbox page, and reads the receipt (seller, net, tax, gross, billing country); the admin's tax
 * report shows the tax for Luxembourg, on screen and in its CSV.
 */

let browser: Browser;
let rateId: string | null = null;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  // The rate goes again: other journeys buy without a billing country, as a site without taxes lets them.
  if (rateId) await api("DELETE", `/admin/taxes/${rateId}`, { token: await apiLogin("admin") });
  await browser?.close();
});

const price = (c: number) => `$${(c / 100).toFixed(2).replace(/\.00$/, "")}`;

async function newBuyer(page: Page) {
  const account = await signUp("taxed");
  await logIn(page, account.username, account.password);
  return account;
}

describe("taxes", () => {
  it("a buyer in a taxed country sees and pays the tax, gets a receipt, and the tax report shows it", async () => {
    const adminToken = await apiLogin("admin");
    // No rate for Luxembourg is left over from an earlier run.
    for (const r of (await api("GET", "/admin/taxes", { token: adminToken })).body as {
      _id: string;
      country: string;
    }[]) {
      if (r.country === "LU") await api("DELETE", `/admin/taxes/${r._id}`, { token: adminToken });
    }

    // The admin adds the rate on Admin → Taxes.
    const operator = await newPage(browser);
    await logIn(operator.page, "admin");
    await goto(operator.page, "/admin/taxes");
    const form = operator.page.getByRole("region", { name: "Add a rate" });
    await form.getByRole("combobox", { name: "Country" }).fill("Luxembourg");
    await operator.page.getByRole("option", { name: "Luxembourg (LU)" }).click();
    await form.getByLabel("Tax name").fill("VAT");
    await form.getByLabel("Rate (%)").fill("17");
    await form.getByRole("button", { name: "Add rate" }).click();
    const row = operator.page.getByTestId("tax-rate-LU");
    await row.getByText("17%").waitFor();
    rateId = (
      (await api("GET", "/admin/taxes", { token: adminToken })).body as { _id: string; country: string }[]
    ).find((r) => r.country === "LU")?._id as string;
    expect(rateId).toBeTruthy();

    // A buyer chooses Luxembourg as their billing country under a movie's Buy button: the tax shows before paying.
    const sale = (await api("GET", "/user/assets/videos/search?access=sale&includeComing=false&limit=1")).body
      .data as Video[];
    const movie = sale[0] as Video;
    const listed = Math.round((movie.price ?? 0) * 100);
    const taxOf = (cents: number) => Math.floor((cents * 1700 * 2 + 10_000) / 20_000);
    // A coupon of 20% the buyer applies once the tax shows: the tax is then on what the coupon leaves.
    const code = `TAX${Date.now().toString(36).toUpperCase()}`;
    expect((await api("POST", "/admin/coupons", { token: adminToken, body: { code, value: 0.2 } })).status).toBe(201);
    const net = Math.floor((listed * 8000 + 5000) / 10000);
    const tax = taxOf(net);
    const gross = net + tax;
    const buyer = await newPage(browser);
    const member = await newBuyer(buyer.page);
    await goto(buyer.page, `/movies/${movie.slug}`);
    const cta = buyer.page.getByTestId("call-to-action");
    await cta.getByRole("combobox", { name: "Billing country" }).fill("Luxembourg");
    await buyer.page.getByRole("option", { name: "Luxembourg", exact: true }).click();
    await expect
      .poll(() => cta.getByTestId("tax-quote").textContent())
      .toBe(`Price ${price(listed)} + VAT 17% ${price(taxOf(listed))} = ${price(listed + taxOf(listed))} to pay`);
    await cta.getByRole("button", { name: "I have a coupon" }).click();
    await cta.getByLabel("Coupon code").fill(code);
    await cta.getByRole("button", { name: "Apply" }).click();
    await expect
      .poll(() => cta.getByTestId("tax-quote").textContent())
      .toBe(`Price ${price(net)} + VAT 17% ${price(tax)} = ${price(gross)} to pay`);

    // The cart on a taxed site quotes the tax of its lines too, once the billing country is chosen.
    const made = await api("POST", "/performer/assets/products", {
      token: await apiLogin("performer"),
      body: { title: `Taxed mug ${Date.now().toString(36)}`, type: "physical", price: 20, stock: 5, status: "active" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await goto(buyer.page, `/store/${(made.body as { slug: string }).slug}`);
    // A page opened signed in first merges the browser's cart with the member's saved one: added only once that
    // has answered (its answer replaces the browser's cart).
    await buyer.page.waitForLoadState("networkidle");
    await buyer.page.getByRole("button", { name: "Add to cart" }).click();
    await buyer.page.getByRole("link", { name: "Go to cart" }).waitFor();
    // The member's cart is kept on the server: once it holds the mug, the cart page opens with it.
    const buyerToken = await apiLogin(member.username, member.password);
    await expect
      .poll(async () => (await api("GET", "/cart", { token: buyerToken })).body.total, { timeout: 15_000 })
      .toBe(1);
    await goto(buyer.page, "/cart");
    const billing = buyer.page.getByTestId("cart-billing");
    await billing.getByRole("combobox", { name: "Billing country" }).fill("Luxembourg");
    await buyer.page.getByRole("option", { name: "Luxembourg", exact: true }).click();
    await expect
      .poll(() => billing.getByTestId("cart-tax-quote").textContent())
      .toBe(`Price ${price(2000)} + VAT 17% ${price(340)} = ${price(2340)} to pay`);
    await goto(buyer.page, `/movies/${movie.slug}`);
    await cta.getByRole("combobox", { name: "Billing country" }).fill("Luxembourg");
    await buyer.page.getByRole("option", { name: "Luxembourg", exact: true }).click();
    await cta.getByRole("button", { name: "I have a coupon" }).click();
    await cta.getByLabel("Coupon code").fill(code);
    await cta.getByRole("button", { name: "Apply" }).click();
    await expect
      .poll(() => cta.getByTestId("tax-quote").textContent())
      .toBe(`Price ${price(net)} + VAT 17% ${price(tax)} = ${price(gross)} to pay`);

    // It pays the gross on the sandbox's page.
    await cta.getByRole("button", { name: /^Buy for \$/ }).click();
    await buyer.page.waitForURL(/\/payment\/sandbox\/[0-9a-f-]{36}$/);
    expect(await buyer.page.getByTestId("sandbox-amount").textContent()).toContain(
      (gross / 100).toFixed(2).replace(/\.00$/, ""),
    );
    await buyer.page.getByRole("button", { name: "Approve payment" }).click();
    await buyer.page.waitForURL(/\/payment\/success\?transaction=/);
    await buyer.page.getByRole("heading", { name: "Payment received" }).waitFor();

    // The receipt: the site sells, the line's net, tax and gross, and the billing country.
    await buyer.page.getByRole("link", { name: "View the receipt" }).click();
    const receipt = buyer.page.getByTestId("receipt");
    await receipt.getByRole("heading", { name: "Receipt" }).waitFor();
    await receipt.getByText("Sold by Marquee").waitFor();
    expect(await receipt.getByTestId("receipt-net").textContent()).toBe(price(net));
    expect(await receipt.getByTestId("receipt-tax").textContent()).toBe(price(tax));
    expect(await receipt.getByTestId("receipt-gross").textContent()).toBe(price(gross));
    await receipt.getByRole("columnheader", { name: "VAT 17%" }).waitFor();
    await receipt.getByText("Billing country: LU").waitFor();
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();

    // The admin's tax report of today shows Luxembourg's tax, and so does its CSV.
    await goto(operator.page, "/admin/taxes");
    const report = operator.page.getByTestId("tax-report-LU");
    await report.getByText("Luxembourg").waitFor();
    await report.getByText("VAT 17%").waitFor();
    expect(Number(await report.locator("td").nth(3).textContent())).toBeGreaterThanOrEqual(1);
    const today = new Date().toISOString().slice(0, 10);
    const csv = await operator.page.request.get(`${site().webUrl}/admin/taxes/report.csv?from=${today}&to=${today}`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toMatch(/^LU,Luxembourg,,VAT,17\.00,\d+,\d+,\d+,[\d.]+,[\d.]+,[\d.]+,USD$/m);
    expect(operator.errors).toEqual([]);
    await operator.context.close();
  });
});
