import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, commerceApiCalls, goto, launch, newPage, recordRequests, site } from "./browser.ts";

/**
 * The store in Chromium with the sandbox gateway (issue 11): a visitor fills the cart, logs in and comes back to it,
 * sees a price that changed and a product that sold out, applies a coupon, gives the delivery details, pays, and
 * downloads the digital product (the link dies when it expires); the seller ships the parcel, and the buyer sees it at once.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

async function product(token: string, body: Record<string, unknown>): Promise<{ _id: string; slug: string }> {
  const made = await api("POST", "/performer/assets/products", { token, body: { status: "active", ...body } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { _id: string; slug: string };
}

describe("buying from the store", () => {
  it("takes a visitor's cart through login, a coupon and the sandbox to a download and a shipped parcel", async () => {
    const seller = await apiLogin("performer");
    const admin = await apiLogin("admin");
    const stamp = Date.now().toString(36);
    const poster = await product(seller, { title: `Tour poster ${stamp}`, type: "physical", price: 12, stock: 4 });
    const book = await product(seller, { title: `Photo book ${stamp}`, type: "digital", price: 8 });
    const last = await product(seller, { title: `Last mug ${stamp}`, type: "physical", price: 6, stock: 1 });
    const form = new FormData();
    form.append("file", new Blob([PDF], { type: "application/pdf" }), "book.pdf");
    const upload = await fetch(`${site().apiUrl}/performer/assets/products/${book._id}/file/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${seller}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const code = `STORE${stamp.toUpperCase()}`;
    const coupon = await api("POST", "/admin/coupons", { token: admin, body: { code, value: 0.25 } });
    expect(coupon.status, JSON.stringify(coupon.body)).toBeLessThan(300);

    // A visitor fills the cart from the store.
    const { page, context } = await newPage(browser);
    const calls = recordRequests(context);
    await goto(page, `/store?q=${stamp}`);
    await expect.poll(() => page.getByTestId("product-card").count()).toBe(3);
    await page
      .getByTestId("product-card")
      .filter({ hasText: `Tour poster ${stamp}` })
      .getByRole("link")
      .first()
      .click();
    await page.waitForURL(`${site().webUrl}/store/${poster.slug}`);
    await expect.poll(() => page.getByTestId("product-stock").textContent()).toBe("Only 4 left");
    await page.getByLabel("Quantity").selectOption("2");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.getByText(`“Tour poster ${stamp}” is in your cart.`).waitFor();
    await page.getByRole("link", { name: "Go to cart" }).waitFor();
    for (const p of [book, last]) {
      await goto(page, `/store/${p.slug}`);
      await page.getByRole("button", { name: "Add to cart" }).click();
      await page.getByRole("link", { name: "Go to cart" }).waitFor();
    }
    await page.getByRole("link", { name: "Cart, 4 items" }).click();
    await page.waitForURL(`${site().webUrl}/cart`);
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(3);
    // 2 x 12 + 8 + 6
    await expect.poll(() => page.getByTestId("cart-total").textContent()).toBe("$38");

    // While the cart waits, the book's price goes up and someone else buys the last mug.
    expect(
      (await api("PUT", `/performer/assets/products/${book._id}`, { token: seller, body: { price: 10 } })).status,
    ).toBe(200);
    expect(
      (await api("PUT", `/performer/assets/products/${last._id}`, { token: seller, body: { stock: 0 } })).status,
    ).toBe(200);

    // The visitor's cart, looked at again: the new price is told, and the sold-out mug is marked.
    await goto(page, "/cart");
    const mugLine = page.locator(`[data-testid="cart-line"][data-id="${last._id}"]`);
    await mugLine.getByText("Sold out. Remove it to check out.").waitFor();
    expect(await page.getByRole("link", { name: "Log in to check out" }).count()).toBe(1);

    // Checking out needs an account: the visitor logs in and comes back to the cart, now kept with the account,
    // which leaves out the sold-out mug and says so.
    await page.getByRole("link", { name: "Log in to check out" }).click();
    await page.waitForURL(`${site().webUrl}/auth/login?from=cart`);
    await page.getByLabel("Username or email").fill("user");
    await page.getByLabel("Password", { exact: true }).fill("marquee-demo");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${site().webUrl}/cart`);
    await page.getByText(`“Last mug ${stamp}” is sold out and was taken out of your cart.`).waitFor();
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(2);
    const bookLine = page.getByTestId("cart-line").filter({ hasText: `Photo book ${stamp}` });
    await expect.poll(() => bookLine.getByTestId("price-changed").textContent()).toBe("Price changed from $8");
    await expect.poll(() => page.getByTestId("cart-total").textContent()).toBe("$34");

    // The coupon takes 25% off the whole order.
    await page.getByLabel("Coupon code").fill(code);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => page.getByTestId("cart-discount").textContent()).toContain("−$8.50");
    await expect.poll(() => page.getByTestId("cart-total").textContent()).toBe("$25.50");

    // The parcel needs somewhere to go: the server says, field by field, what is missing.
    await page.getByRole("button", { name: "Check out" }).click();
    await page.getByText("Enter the recipient's name.").waitFor();
    await page.getByText("Choose a country.").waitFor();
    await page.getByLabel("Recipient's name").fill("Robin User");
    await page.getByLabel("Address line 1").fill("3 Canal Walk");
    await page.getByLabel("Town or city").fill("Leeds");
    await page.getByLabel("State, province or region").fill("West Yorkshire");
    await page.getByLabel("Postal code").fill("LS1 4AP");
    await page.getByRole("combobox", { name: "Country" }).fill("United King");
    await page.getByRole("option", { name: "United Kingdom" }).click();
    await page.getByLabel("Phone number").fill("+44 113 496 0000");
    await page.getByRole("button", { name: "Check out" }).click();
    await page.waitForURL(/\/payment\/sandbox\/[0-9a-f-]{36}$/);
    await page.getByRole("button", { name: "Approve payment" }).click();
    await page.waitForURL(/\/payment\/success\?transaction=/);
    await page.getByRole("heading", { name: "Payment received" }).waitFor();
    // It says where the parcel goes.
    await page.getByText("We'll ship your order to Robin User, Leeds.").waitFor();
    expect(await page.getByTestId("delivery-address").innerText()).toBe(
      "Robin User\n3 Canal Walk\nLeeds, West Yorkshire LS1 4AP\nUnited Kingdom\nPhone: +44 113 496 0000",
    );
    // What was paid for left the cart.
    await expect.poll(() => page.getByTestId("cart-button").count()).toBe(0);
    // The address is kept for next time, and the saved cart is empty too.
    const saved = await api("GET", "/users/me/addresses", { token: await apiLogin("user") });
    expect(saved.body.data[0]).toMatchObject({ recipientName: "Robin User", city: "Leeds", country: "GB" });
    await expect.poll(async () => (await api("GET", "/cart", { token: await apiLogin("user") })).body.total).toBe(0);

    // The download works from the order, and its link stops working once it expires.
    await page.getByRole("link", { name: "See your order" }).click();
    await page.waitForURL(`${site().webUrl}/account/orders`);
    const card = page.getByTestId("order-card").filter({ hasText: `Photo book ${stamp}` });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("button", { name: "Download" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const link = download.url();
    expect((await fetch(link)).status).toBe(200);
    await expect.poll(async () => (await fetch(link)).status, { timeout: 30_000, interval: 2_000 }).toBe(403);

    // The cart's products, the coupon, the checkout, the saved cart and the download link all went through the site's
    // own routes (the cart page's loader and action, its resource routes), never from the browser to the API.
    expect(commerceApiCalls(calls)).toEqual([]);
    const posted = (path: RegExp) => calls.some((r) => r.method === "POST" && path.test(r.path));
    expect(posted(/^\/cart(\.data)?$/)).toBe(true);
    expect(posted(/^\/cart\/sync(\.data)?$/)).toBe(true);
    expect(calls.some((r) => r.method === "GET" && r.path.startsWith("/store/download/"))).toBe(true);

    // The seller ships the parcel; the buyer sees it with its tracking code.
    const { page: studio } = await newPage(browser);
    await studio.context().addCookies([{ name: "token", value: seller, url: site().webUrl }]);
    await goto(studio, "/studio/orders");
    const line = studio.getByTestId("seller-line").filter({ hasText: `Tour poster ${stamp}` });
    await line.getByRole("button", { name: "Start preparing" }).click();
    await expect.poll(() => line.getByTestId("delivery-status").textContent()).toBe("Being prepared");
    await line.getByRole("button", { name: "Mark shipped" }).click();
    await line.getByLabel("Shipping code").fill("LS-42-UK");
    await line.getByRole("button", { name: "Mark shipped" }).click();
    await expect.poll(() => line.getByTestId("delivery-status").textContent()).toBe("Shipped");

    // Live, without a reload: a toast and the list read again.
    await page.getByText(`“Tour poster ${stamp}”: shipped (LS-42-UK).`).waitFor();
    const parcelCard = page.getByTestId("order-card").filter({ hasText: `Tour poster ${stamp}` });
    await expect.poll(() => parcelCard.getByTestId("shipping-code").textContent()).toBe("LS-42-UK");
    await parcelCard.getByText("Shipped").waitFor();
  });
});
