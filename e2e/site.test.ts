import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, goto, launch, newPage, site } from "./browser.ts";
import { logIn } from "./steps.ts";

/** An address the bundled GeoLite2 database places in Great Britain. */
const GB_ADDRESS = "81.2.69.142";

let browser: Browser;
let admin: string;
beforeAll(async () => {
  browser = await launch();
  admin = await apiLogin("admin");
});
afterAll(async () => {
  await api("DELETE", "/admin/country-block/GB", { token: admin });
  await api("PUT", "/admin/settings/maintenanceMode", { token: admin, body: { value: false } });
  await browser?.close();
});

describe("the site shell", () => {
  it("shows the geo-block page to a visitor from a blocked country, and the site to others", async () => {
    expect((await api("POST", "/admin/country-block", { token: admin, body: { countryCode: "GB" } })).status).toBe(201);
    const blocked = await newPage(browser, { headers: { "x-forwarded-for": GB_ADDRESS } });
    await goto(blocked.page, "/");
    await blocked.page.getByText("We've sorry. Website content is not available on your country.").waitFor();
    await goto(blocked.page, "/contact");
    await blocked.page.getByText("We've sorry. Website content is not available on your country.").waitFor();
    await blocked.context.close();

    const elsewhere = await newPage(browser, { headers: { "x-forwarded-for": "8.8.8.8" } });
    await goto(elsewhere.page, "/");
    await elsewhere.page.locator("header").waitFor();
    expect(await elsewhere.page.getByText("Website content is not available").count()).toBe(0);
    await elsewhere.context.close();
    expect((await api("DELETE", "/admin/country-block/GB", { token: admin })).status).toBe(204);
  });

  it("shows the maintenance page while maintenance mode is on, answering 503, and a banner to admins", async () => {
    expect((await api("PUT", "/admin/settings/maintenanceMode", { token: admin, body: { value: true } })).status).toBe(
      200,
    );
    // Settings are cached for up to two seconds per process, and anonymous pages too: each check asks for a page
    // of its own (never a cached one), and a browser page is loaded again until it shows the change.
    let check = 0;
    const home = async () => {
      const res = await fetch(`${site().webUrl}/?check=${++check}`);
      return { status: res.status, retryAfter: res.headers.get("retry-after") };
    };
    const underConstruction = async (page: Page) => {
      await goto(page, "/");
      return page.getByRole("img", { name: /under construction/i }).count();
    };
    try {
      await expect.poll(home).toEqual({ status: 503, retryAfter: "300" });
      const { context, page } = await newPage(browser);
      await expect.poll(() => underConstruction(page)).toBe(1);
      await page.getByText("We'll be right back").waitFor();
      await context.close();
      // An admin browses the site, told on every page that maintenance is on.
      const operator = await newPage(browser);
      await logIn(operator.page, "admin");
      const banner = operator.page.getByTestId("maintenance-banner");
      await banner.getByText("Maintenance mode is on: visitors and members see the maintenance page.").waitFor();
      await goto(operator.page, "/movies");
      await banner.waitFor();
      expect(await operator.page.getByRole("img", { name: /under construction/i }).count()).toBe(0);
      await banner.getByRole("link", { name: "Turn it off in the settings" }).click();
      await operator.page.waitForURL(`${site().webUrl}/admin/settings`);
      // Before the admin logged in, the page and its data answered 503 like everyone's: Chromium logs each one.
      expect(operator.errors.filter((e) => !e.includes("the server responded with a status of 503"))).toEqual([]);
      await operator.context.close();
    } finally {
      // Off again even when a step failed, so the journeys after this one see the site.
      await api("PUT", "/admin/settings/maintenanceMode", { token: admin, body: { value: false } });
    }
    await expect.poll(home).toEqual({ status: 200, retryAfter: null });
    const after = await newPage(browser);
    await expect.poll(() => underConstruction(after.page)).toBe(0);
    await after.context.close();
  });

  it("prevents the context menu on every page", async () => {
    const { context, page, errors } = await newPage(browser);
    for (const path of ["/", "/auth/login", "/contact"]) {
      await goto(page, path);
      const prevented = await page.evaluate(() => {
        const event = new MouseEvent("contextmenu", { bubbles: true, cancelable: true });
        document.body.dispatchEvent(event);
        return event.defaultPrevented;
      });
      expect(prevented, path).toBe(true);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a back-to-top button after 400 px of scrolling that returns to the top", async () => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 1280, height: 500 });
    await goto(page, "/contact");
    await page.evaluate(() => {
      document.body.style.minHeight = "3000px";
    });
    const button = page.getByRole("button", { name: /back to top/i });
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForTimeout(200);
    expect(await button.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 900));
    await button.waitFor({ state: "visible" });
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 2000 }).toBe(0);
    await context.close();
  });

  it("sends a contact message", async () => {
    const { context, page } = await newPage(browser);
    await goto(page, "/contact");
    await page.getByLabel("Name", { exact: true }).fill("Casey Contact");
    await page.getByLabel("Email", { exact: true }).fill("casey@example.test");
    await page.getByLabel("Message", { exact: true }).fill("Hello there, this is a message from the e2e test.");
    await page.getByRole("button", { name: "Send" }).click();
    await page
      .getByText(/thanks for your message/i)
      .first()
      .waitFor();
    await context.close();
  });
});
