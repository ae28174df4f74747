import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  apiLogin,
  commerceApiCalls,
  expectAccessible,
  goto,
  launch,
  newPage,
  recordRequests,
  type SeenRequest,
  signUp,
  site,
} from "./browser.ts";
import { openAccountMenu } from "./steps.ts";

/**
 * The cart follows the account (issue 23 section 2): a visitor's cart is added to the member's saved cart at login,
 * what can no longer be bought is named and dropped, and another browser signed in as the same member sees the same
 * cart; tabs of one browser follow each other; logging out empties the browser's cart, logging in brings it back.
 * With SCREENSHOTS=1 the checkout's address form is saved to docs/screenshots/checkout-address*.png.
 */

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "docs", "screenshots");
const SCREENSHOTS = process.env.SCREENSHOTS === "1";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function product(token: string, body: Record<string, unknown>): Promise<{ _id: string; slug: string }> {
  const made = await api("POST", "/performer/assets/products", { token, body: { status: "active", ...body } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { _id: string; slug: string };
}

async function addToCart(page: Page, slug: string) {
  await goto(page, `/store/${slug}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.getByRole("link", { name: "Go to cart" }).waitFor();
  // The page's comments, which the browser reads after the page shows, have loaded: a product taken off sale next
  // would answer them 404.
  await page
    .getByTestId("comments-total")
    .filter({ hasText: /^(No comments|\d+ comments?)/ })
    .waitFor();
}

async function logInFromCart(page: Page, username: string, password: string) {
  await goto(page, "/auth/login?from=cart");
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(`${site().webUrl}/cart`);
}

/** The cart's merges and saves a browser posted to the site's own route (routes/cart.sync.ts). */
const cartSyncPosts = (seen: SeenRequest[]) =>
  seen.filter(
    (r) => r.method === "POST" && r.origin === new URL(site().webUrl).origin && /^\/cart\/sync(\.data)?$/.test(r.path),
  );

/** Each cart line's product and quantity as the page shows them. */
async function linesOf(page: Page): Promise<string[]> {
  const lines = page.getByTestId("cart-line");
  const out: string[] = [];
  for (let i = 0; i < (await lines.count()); i++) {
    const line = lines.nth(i);
    const quantity = line.getByRole("combobox");
    out.push(`${await line.getAttribute("data-id")} x${(await quantity.count()) ? await quantity.inputValue() : "1"}`);
  }
  return out;
}

describe("the cart follows the account", () => {
  it("merges a visitor's cart at login, shows it in a second browser, follows other tabs and survives logging out", async () => {
    const seller = await apiLogin("performer");
    const stamp = Date.now().toString(36);
    const cap = await product(seller, { title: `Cap ${stamp}`, type: "physical", price: 15, stock: 3 });
    const scarf = await product(seller, { title: `Scarf ${stamp}`, type: "physical", price: 20, stock: 5 });
    const badge = await product(seller, { title: `Badge ${stamp}`, type: "physical", price: 3, stock: 5 });
    const member = await signUp("cart");
    const token = await apiLogin(member.username, member.password);
    // The member's saved cart, from another day: three caps.
    const saved = await api("PUT", "/cart", { token, body: { items: [{ _id: cap._id, quantity: 3 }] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // As a visitor, in a browser of their own: a cap, a scarf and a badge.
    const first = await newPage(browser);
    const firstCalls = recordRequests(first.context);
    const page = first.page;
    for (const p of [cap, scarf, badge]) await addToCart(page, p.slug);
    // The badge is taken off sale before they log in.
    expect(
      (await api("PUT", `/performer/assets/products/${badge._id}`, { token: seller, body: { status: "inactive" } }))
        .status,
    ).toBe(200);

    await logInFromCart(page, member.username, member.password);
    // The union: 3 + 1 caps cut to the 3 left, the scarf, and the badge named as dropped.
    await page.getByText(`“Badge ${stamp}” is no longer for sale and was taken out of your cart.`).waitFor();
    await page.getByText(`Your cart now holds 3 of “Cap ${stamp}”, as many as can be bought.`).waitFor();
    await expect.poll(() => linesOf(page)).toEqual([`${cap._id} x3`, `${scarf._id} x1`]);
    await page.getByRole("link", { name: "Cart, 4 items" }).waitFor();
    expect((await api("GET", "/cart", { token })).body.total).toBe(4);

    // A second browser signed in as the same member sees the same cart.
    const second = await newPage(browser);
    const secondCalls = recordRequests(second.context);
    await logInFromCart(second.page, member.username, member.password);
    await expect.poll(() => linesOf(second.page)).toEqual([`${cap._id} x3`, `${scarf._id} x1`]);
    // A change there is saved: the first browser has it at its next page.
    await second.page.getByLabel(`Quantity of Scarf ${stamp}`).selectOption("2");
    await expect.poll(async () => (await api("GET", "/cart", { token })).body.total).toBe(5);
    await goto(page, "/cart");
    await expect.poll(() => linesOf(page)).toEqual([`${cap._id} x3`, `${scarf._id} x2`]);

    // Another tab of the first browser follows without a reload.
    const tab = await first.context.newPage();
    await goto(tab, "/cart");
    await expect.poll(() => linesOf(tab)).toEqual([`${cap._id} x3`, `${scarf._id} x2`]);
    await page
      .getByTestId("cart-line")
      .filter({ hasText: `Cap ${stamp}` })
      .getByRole("button", { name: `Remove Cap ${stamp}` })
      .click();
    await expect.poll(() => linesOf(tab)).toEqual([`${scarf._id} x2`]);
    await expect
      .poll(async () => (await api("GET", "/cart", { token })).body.items)
      .toEqual([{ _id: scarf._id, quantity: 2, price: 20 }]);
    await tab.close();

    // Logging out leaves this browser's cart empty; the saved cart comes back at the next login.
    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL(`${site().webUrl}/auth/login`);
    await expect.poll(() => page.getByTestId("cart-button").count()).toBe(0);
    expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem("cart") ?? "{}"))).toEqual({
      total: 0,
      items: [],
    });
    expect((await api("GET", "/cart", { token })).body.total).toBe(2);
    await logInFromCart(page, member.username, member.password);
    await expect.poll(() => linesOf(page)).toEqual([`${scarf._id} x2`]);
    expect(first.errors).toEqual([]);

    // The checkout's address form, as a member who has none saved yet sees it, then with the server's sentences.
    await page.getByText("Where should we ship it?").waitFor();
    await page.getByLabel("Recipient's name").waitFor();
    await expectAccessible(page, "the checkout's address form");
    if (SCREENSHOTS) {
      await mkdir(shots, { recursive: true });
      await page.screenshot({ path: path.join(shots, "checkout-address-desktop.png"), fullPage: true });
    }
    await page.getByRole("button", { name: "Check out" }).click();
    await page.getByText("Enter the recipient's name.").waitFor();
    for (const text of [
      "Enter the street address.",
      "Enter a town or city.",
      "Enter a state, province or region.",
      "Enter a postal code.",
      "Choose a country.",
      "Enter a phone number.",
    ]) {
      await page.getByText(text).waitFor();
    }
    expect(await page.getByText("required for physical products").count()).toBe(0);
    await expectAccessible(page, "the checkout's address form with its errors");
    if (SCREENSHOTS) await page.screenshot({ path: path.join(shots, "checkout-address-errors.png"), fullPage: true });

    // On a phone.
    const phone = await browser.newContext({
      baseURL: site().webUrl,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    await phone.addCookies([{ name: "token", value: token, url: site().webUrl }]);
    const small = await phone.newPage();
    await goto(small, "/cart");
    await small.getByLabel("Recipient's name").waitFor();
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (SCREENSHOTS) await small.screenshot({ path: path.join(shots, "checkout-address-390.png"), fullPage: true });
    await phone.close();

    // Every merge and save went through the site's own route, which calls the API with the session: neither browser
    // called the API's cart (or the products, coupons, addresses or checkout) itself.
    expect(commerceApiCalls([...firstCalls, ...secondCalls])).toEqual([]);
    expect(cartSyncPosts(firstCalls).length).toBeGreaterThanOrEqual(2); // the merges at both logins, the removal
    expect(cartSyncPosts(secondCalls).length).toBeGreaterThanOrEqual(2); // the merge at login, the quantity changed
    await first.context.close();
    await second.context.close();
  });
});
