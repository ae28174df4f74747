import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, expectAccessible, goto, launch, newPage, site } from "./browser.ts";

/**
 * Orders in Chromium (issue 11): a member pays for a parcel and a download of the demo performer's; the performer
 * moves the parcel to processing and then shipped with its shipping code on /studio/orders, and the member sees it on
 * /account/orders and downloads the file from there. The admin finds an order on /admin/orders, moves its parcel on
 * and refunds it, after which the download is refused. Products show on their performers' profiles and in search.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

async function product(token: string, body: Record<string, unknown>): Promise<string> {
  const made = await api("POST", "/performer/assets/products", { token, body: { status: "active", ...body } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body._id as string;
}

async function signedIn(token: string): Promise<Page> {
  const { context, page } = await newPage(browser);
  await context.addCookies([{ name: "token", value: token, url: site().webUrl }]);
  return page;
}

/** A paid order of the demo member `user` for a parcel (`Poster <stamp>`) and a download (`Guide <stamp>`). */
async function paidOrder(stamp: string) {
  const seller = await apiLogin("performer");
  const buyer = await apiLogin("user");
  const parcel = await product(seller, { title: `Poster ${stamp}`, type: "physical", price: 15, stock: 3 });
  const book = await product(seller, { title: `Guide ${stamp}`, type: "digital", price: 5 });
  const form = new FormData();
  form.append("file", new Blob([PDF], { type: "application/pdf" }), "guide.pdf");
  const upload = await fetch(`${site().apiUrl}/performer/assets/products/${book}/file/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${seller}` },
    body: form,
  });
  expect(upload.status).toBe(200);
  const order = await api("POST", "/payment/purchase-products", {
    token: buyer,
    body: {
      products: [{ _id: parcel }, { _id: book }],
      shippingAddress: {
        recipientName: "Niamh Buyer",
        line1: "7 Quay Street",
        city: "Galway",
        region: "County Galway",
        postalCode: "H91 X2Y3",
        country: "IE",
        phone: "+353 91 000 000",
      },
    },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const paid = await api("POST", `/payment/sandbox/${order.body.transactionId}`, {
    token: buyer,
    body: { decision: "approve" },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBeLessThan(300);
  return { seller, buyer, parcel, book, orderId: order.body.orderId as string };
}

describe("a store order's delivery", () => {
  it("is moved on by the seller with the shipping code, which the buyer sees beside their download", async () => {
    const stamp = Date.now().toString(36);
    const { seller, buyer } = await paidOrder(stamp);

    const studio = await signedIn(seller);
    await goto(studio, "/studio/orders");
    const line = studio.getByTestId("seller-line").filter({ hasText: `Poster ${stamp}` });
    // The whole address, line by line, as the buyer gave it at checkout.
    await expect
      .poll(() => line.getByTestId("delivery-address").innerText())
      .toBe("Niamh Buyer\n7 Quay Street\nGalway, County Galway H91 X2Y3\nIreland\nPhone: +353 91 000 000");
    await line.getByRole("button", { name: "Start preparing" }).click();
    await studio.getByText(`“Poster ${stamp}” is now being prepared`).waitFor();
    await expect.poll(() => line.getByTestId("delivery-status").textContent()).toBe("Being prepared");
    // Shipping needs its code: the form says so before asking the API.
    await line.getByRole("button", { name: "Mark shipped" }).click();
    await line.getByText("Enter the shipping code").waitFor();
    await line.getByLabel("Shipping code").fill("ZX-100-IE");
    await line.getByRole("button", { name: "Mark shipped" }).click();
    await studio.getByText(`“Poster ${stamp}” is now shipped`).waitFor();
    await expect.poll(() => line.getByTestId("delivery-status").textContent()).toBe("Shipped");
    await line.getByRole("button", { name: "Mark delivered" }).waitFor();

    const account = await signedIn(buyer);
    await goto(account, "/account/orders");
    const card = account.getByTestId("order-card").filter({ hasText: `Poster ${stamp}` });
    await expect.poll(() => card.getByTestId("shipping-code").textContent()).toBe("ZX-100-IE");
    await card.getByText("Shipped").waitFor();
    const [download] = await Promise.all([
      account.waitForEvent("download"),
      card.getByRole("button", { name: "Download" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  });
});

describe("an admin's orders", () => {
  it("finds a paid order on /admin/orders, moves its parcel on and refunds it: refunded, and the download refused", async () => {
    const stamp = `adm${Date.now().toString(36)}`;
    const { seller, buyer, book, parcel, orderId } = await paidOrder(stamp);
    const sellerName = (await api("GET", "/users/me", { token: seller })).body.name as string;
    const stock = async () => (await api("GET", `/user/assets/products/${parcel}`)).body.stock as number;
    expect(await stock()).toBe(2);
    const admin = await signedIn(await apiLogin("admin"));
    const errors: string[] = [];
    admin.on("pageerror", (e) => errors.push(e.message));
    await goto(admin, "/admin/orders");
    await admin.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Orders" }).waitFor();
    // Found by a product's title, with its buyer, seller, lines and delivery status.
    await admin.getByLabel("Search orders").fill(`Poster ${stamp}`);
    // The whole search is in the address (the field's typing is debounced), and the list is the search's answer.
    await admin.waitForURL((url) => url.searchParams.get("q") === `Poster ${stamp}`);
    const row = admin.getByTestId(`order-row-${orderId}`);
    await row.waitFor();
    await expect.poll(() => admin.locator("[data-testid^=order-row-]").count(), { timeout: 15_000 }).toBe(1);
    const text = await row.textContent();
    expect(text).toContain("(@user)");
    expect(text).toContain(`Guide ${stamp}`);
    expect(text).toContain("Sold by");
    expect(text).toContain("Order received");
    expect(await row.getByTestId("order-status").textContent()).toBe("Paid");
    await expectAccessible(admin, "/admin/orders");

    // Its page: the parcel moved on a step, then the payment refunded.
    await row.getByRole("link", { name: "Details" }).click();
    await admin.waitForURL(`**/admin/orders/${orderId}`);
    const line = admin.getByTestId("order-line").filter({ hasText: `Poster ${stamp}` });
    expect(await line.textContent()).toContain(sellerName);
    // Where it ships, whole.
    expect(await admin.getByTestId("delivery-address").innerText()).toBe(
      "Niamh Buyer\n7 Quay Street\nGalway, County Galway H91 X2Y3\nIreland\nPhone: +353 91 000 000",
    );
    await expectAccessible(admin, "/admin/orders/:id");
    await line.getByRole("button", { name: "Start preparing" }).click();
    await admin.getByText(`“Poster ${stamp}” is now being prepared`).waitFor();
    await expect.poll(() => line.getByTestId("delivery-status").textContent()).toBe("Being prepared");
    await admin.getByRole("button", { name: "Refund" }).click();
    await admin.getByRole("dialog", { name: "Refund this payment?" }).getByRole("button", { name: "Refund" }).click();
    await admin.getByText("Refunded $20").waitFor();
    await expect.poll(() => admin.getByTestId("order-status").textContent()).toBe("Refunded");
    await expect.poll(() => line.getByTestId("delivery-status").textContent()).toBe("Refunded");
    expect(await admin.getByRole("button", { name: "Refund" }).count()).toBe(0);
    expect(await line.getByRole("button").count()).toBe(0);

    // The list says so too, among the refunded orders.
    await goto(admin, `/admin/orders?status=refunded&q=${encodeURIComponent(`Guide ${stamp}`)}`);
    expect(await admin.getByTestId(`order-row-${orderId}`).getByTestId("order-status").textContent()).toBe("Refunded");
    expect(errors).toEqual([]);

    // The buyer's download is refused now, and the parcel's stock is back.
    const link = await api("GET", `/user/assets/products/${book}/download-link`, { token: buyer });
    expect(link.status).toBe(403);
    expect(await stock()).toBe(3);
  });
});

describe("products on the site", () => {
  interface ProductJson {
    _id: string;
    slug: string;
    title: string;
    type: string;
    stock: number | null;
    performers: { username: string }[];
  }

  it("shows a performer's products on their profile, sold out ones marked, each linking to its store page", async () => {
    const listed = (await api("GET", "/user/assets/products/search?limit=100")).body.data as ProductJson[];
    const soldOut = listed.find((p) => p.type === "physical" && p.stock === 0 && p.performers.length > 0);
    if (!soldOut) throw new Error("the demo store has no sold-out product");
    const username = soldOut.performers[0]?.username as string;
    const { context, page, errors } = await newPage(browser);
    await goto(page, `/performers/${username}`);
    await page.getByRole("tab", { name: /^Products \(\d+\)$/ }).click();
    await page.waitForURL(/tab=products/);
    const card = page.getByTestId("profile-products").getByTestId("product-card").filter({ hasText: soldOut.title });
    await card.getByTestId("sold-out").waitFor();
    await expectAccessible(page, "a profile's products");
    expect(await card.getByRole("link", { name: soldOut.title }).getAttribute("href")).toBe(`/store/${soldOut.slug}`);
    expect(await card.getByTestId("product-price").textContent()).toMatch(/^\$\d/);
    // Opened straight on the tab too.
    await goto(page, `/performers/${username}?tab=products`);
    await page.getByTestId("profile-products").getByTestId("product-card").first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("has a products tab in search, counted with the rest", async () => {
    const { context, page, errors } = await newPage(browser);
    await goto(page, "/search?q=tour%20poster");
    const tab = page.getByRole("tab", { name: /^Products \(\d+\)$/ });
    const count = Number((await tab.textContent())?.match(/\((\d+)\)/)?.[1]);
    expect(count).toBeGreaterThan(0);
    await tab.click();
    await page.waitForURL(/tab=products/);
    const cards = page.getByTestId("search-products").getByTestId("product-card");
    await cards.filter({ hasText: "Signed tour poster" }).waitFor();
    expect(await cards.count()).toBe(Math.min(count, 12));
    expect(errors).toEqual([]);
    await context.close();
  });
});
