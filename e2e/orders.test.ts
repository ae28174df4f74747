import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, goto, launch, newPage, site } from "./browser.ts";

/**
 * Orders in Chromium (issue 11): a member pays for a parcel and a download of the demo performer's; the performer
 * moves the parcel to processing and then shipped with its shipping code on /studio/orders, and the member sees it on
 * /account/orders and downloads the file from there.
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

describe("a store order's delivery", () => {
  it("is moved on by the seller with the shipping code, which the buyer sees beside their download", async () => {
    const seller = await apiLogin("performer");
    const buyer = await apiLogin("user");
    const stamp = Date.now().toString(36);
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
        deliveryAddress: "7 Quay Street, Galway",
        phoneNumber: "+353 91 000 000",
        postalCode: "H91 X2Y3",
      },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const paid = await api("POST", `/payment/sandbox/${order.body.transactionId}`, {
      token: buyer,
      body: { decision: "approve" },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBeLessThan(300);

    const studio = await signedIn(seller);
    await goto(studio, "/studio/orders");
    const line = studio.getByTestId("seller-line").filter({ hasText: `Poster ${stamp}` });
    await expect.poll(() => line.getByTestId("delivery-address").textContent()).toContain("7 Quay Street, Galway");
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
