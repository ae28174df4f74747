import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, expectAccessible, goto, launch, newPage, site } from "./browser.ts";

/**
 * Notifications in Chromium (issue 12): the demo member `user` has a paid parcel; while they look at the site the
 * seller moves it on, and the header's bell counts it at once, without a reload. They open the bell, read the
 * notification, mark all read: the count goes, and stays gone after a reload (it is stored). /notifications lists it.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(token: string): Promise<{ page: Page; errors: string[] }> {
  const { context, page, errors } = await newPage(browser);
  await context.addCookies([{ name: "token", value: token, url: site().webUrl }]);
  return { page, errors };
}

/** A paid order of `buyer` for a parcel of the demo performer's: its line's id. */
async function paidParcel(seller: string, buyer: string, title: string) {
  const made = await api("POST", "/performer/assets/products", {
    token: seller,
    body: { title, type: "physical", price: 9, stock: 5, status: "active" },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const order = await api("POST", "/payment/purchase-products", {
    token: buyer,
    body: {
      products: [{ _id: made.body._id }],
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
  const details = await api("GET", `/orders/details/${order.body.orderId}`, { token: buyer });
  return details.body.lines[0]._id as string;
}

const unreadOn = (page: Page) => page.getByTestId("notification-bell").getAttribute("data-unread");

describe("the notification bell", () => {
  it("counts what arrives live, marks all read, and remembers it after a reload", async () => {
    const stamp = Date.now().toString(36);
    const seller = await apiLogin("performer");
    const buyer = await apiLogin("user");
    const lineId = await paidParcel(seller, buyer, `Lamp ${stamp}`);
    // What came before (the payment's own notification, earlier tests') is read: the bell starts at 0.
    expect((await api("POST", "/notifications/read-all", { token: buyer })).status).toBe(200);

    const { page, errors } = await signedIn(buyer);
    await goto(page, "/");
    await expect.poll(() => unreadOn(page)).toBe("0");
    await expect.poll(() => page.getByTestId("socket-status").getAttribute("data-socket-status")).toBe("connected");
    await expect(page.getByTestId("notification-count").count()).resolves.toBe(0);

    // The seller moves the parcel on: the bell counts it without a reload.
    const moved = await api("PUT", `/orders/${lineId}/update`, {
      token: seller,
      body: { deliveryStatus: "processing" },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await expect.poll(() => unreadOn(page)).toBe("1");
    expect(await page.getByTestId("notification-count").textContent()).toBe("1");
    expect(await page.getByTestId("notification-bell").getAttribute("aria-label")).toBe("Notifications, 1 unread");

    // Its list shows it, with its text and time; Mark all read takes the count away.
    await page.getByTestId("notification-bell").click();
    const list = page.getByTestId("notification-list");
    const item = list.getByTestId("notification-item").filter({ hasText: `“Lamp ${stamp}” is being prepared.` });
    await item.waitFor();
    expect(await item.getAttribute("data-unread")).toBe("true");
    await list.getByText("just now").first().waitFor();
    await expectAccessible(page, "the notification list");
    await list.getByRole("button", { name: "Mark all read" }).click();
    await expect.poll(() => unreadOn(page)).toBe("0");
    await expect.poll(() => item.getAttribute("data-unread")).toBeNull();
    await expect(page.getByTestId("notification-count").count()).resolves.toBe(0);

    // Stored: after a reload it is still read, and the full page lists it.
    await goto(page, "/");
    await expect.poll(() => unreadOn(page)).toBe("0");
    await page.getByTestId("notification-bell").click();
    await list.getByRole("link", { name: "See all notifications" }).click();
    await page.waitForURL("**/notifications");
    const card = page.getByTestId("notification-card").filter({ hasText: `“Lamp ${stamp}” is being prepared.` });
    await card.waitFor();
    expect(await card.getAttribute("data-unread")).toBeNull();
    await expectAccessible(page, "/notifications");

    // Another arrives while the page is open: it shows there, unread, and one read there leaves the bell at 0.
    const shipped = await api("PUT", `/orders/${lineId}/update`, {
      token: seller,
      body: { deliveryStatus: "shipped", shippingCode: `TRK-${stamp}` },
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    const next = page.getByTestId("notification-card").filter({ hasText: `has shipped (TRK-${stamp})` });
    await next.waitFor();
    await expect.poll(() => unreadOn(page)).toBe("1");
    await next.getByRole("button", { name: "Mark read" }).click();
    await expect.poll(() => unreadOn(page)).toBe("0");
    await expect.poll(() => next.getAttribute("data-unread")).toBeNull();
    expect(errors).toEqual([]);
  });

  it("is not in a visitor's header, and /notifications asks them to log in", async () => {
    const { page } = await newPage(browser);
    await goto(page, "/");
    expect(await page.getByTestId("notification-bell").count()).toBe(0);
    await page.goto("/notifications");
    await page.waitForURL(/\/login|\/auth\/login/);
  });
});
