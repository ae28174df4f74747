import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, goto, launch, newPage, site } from "./browser.ts";
import { logIn, openAccountMenu } from "./steps.ts";

/** A country nobody else in the suite blocks, so the test cannot hide the site from the browser. */
const COUNTRY = { code: "IS", name: "Iceland" };

let browser: Browser;
let admin: string;
let originalSiteName: string;

beforeAll(async () => {
  browser = await launch();
  admin = await apiLogin("admin");
  const settings = await api("GET", "/admin/settings?group=general", { token: admin });
  originalSiteName = settings.body.find((s: { key: string }) => s.key === "siteName").value;
});

/** Puts `user` back to active, whatever a failed step left behind. */
async function reactivateUser() {
  const found = await api("GET", "/users/search?q=user&limit=100", { token: admin });
  const user = found.body?.data?.find((u: { username: string }) => u.username === "user");
  if (user && user.status !== "active") {
    await api("PUT", `/admin/users/${user._id}`, { token: admin, body: { status: "active" } });
  }
}

afterAll(async () => {
  await api("PUT", "/admin/settings/siteName", { token: admin, body: { value: originalSiteName } });
  await api("DELETE", `/admin/country-block/${COUNTRY.code}`, { token: admin });
  await reactivateUser();
  await browser?.close();
});

async function userStatus(username: string): Promise<string> {
  const res = await api("GET", `/users/search?q=${username}&limit=100`, { token: admin });
  return res.body.data.find((u: { username: string }) => u.username === username)?.status;
}

describe("the admin area", () => {
  it("lets an admin change settings, block countries and manage users through the UI", async () => {
    const { context, page, errors } = await newPage(browser);
    await logIn(page, "admin");

    // The account menu leads to the admin area.
    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: "Admin" }).click();
    await page.waitForURL(`${site().webUrl}/admin`);
    await page.getByRole("heading", { name: "Admin", level: 1 }).waitFor();

    // Settings: a new site name, saved, shows in the header after a reload.
    const newName = `Marquee E2E ${Date.now() % 100000}`;
    await goto(page, "/admin/settings");
    const general = page.getByRole("region", { name: "General" });
    const siteName = general.getByLabel("Site name");
    await siteName.waitFor();
    expect(await siteName.inputValue()).toBe(originalSiteName);
    await siteName.fill(newName);
    await general.getByRole("button", { name: "Save general settings" }).click();
    await page.getByText("Settings saved").waitFor();
    expect((await api("GET", "/settings/public")).body.siteName).toBe(newName);
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.locator("header").getByText(newName).waitFor();

    // An invalid value is refused with a message on the field, and nothing is saved.
    await siteName.fill("");
    await general.getByRole("button", { name: "Save general settings" }).click();
    await general.getByText("Required").waitFor();
    expect((await api("GET", "/settings/public")).body.siteName).toBe(newName);

    // Countries: block one, see it listed, unblock it.
    await goto(page, "/admin/countries");
    const picker = page.getByRole("combobox", { name: "Country to block" });
    await picker.click();
    await picker.fill(COUNTRY.name);
    await page.getByRole("option", { name: new RegExp(`^${COUNTRY.name}`) }).click();
    await page.getByRole("button", { name: "Block", exact: true }).click();
    const row = page
      .getByRole("table", { name: "Blocked countries" })
      .getByRole("row", { name: new RegExp(COUNTRY.name) });
    await row.waitFor();
    let blocked = await api("GET", "/admin/country-block", { token: admin });
    expect(blocked.body.map((b: { countryCode: string }) => b.countryCode)).toContain(COUNTRY.code);
    await row.getByRole("button", { name: `Unblock ${COUNTRY.name}` }).click();
    await row.waitFor({ state: "detached" });
    blocked = await api("GET", "/admin/country-block", { token: admin });
    expect(blocked.body.map((b: { countryCode: string }) => b.countryCode)).not.toContain(COUNTRY.code);

    // Users: find `user`, deactivate and reactivate them.
    await goto(page, "/admin/users");
    await page.getByLabel("Search users").fill("uma user");
    const userRow = page.getByTestId("user-row-user");
    await userRow.waitFor();
    await expect.poll(() => page.getByRole("table", { name: "Users" }).locator("tbody tr").count()).toBe(1);
    // The role goes by the name the account page gives it.
    expect(await userRow.getByLabel("Role of @user").inputValue()).toBe("User");
    const active = userRow.getByRole("switch", { name: "Active: @user" });
    expect(await active.isChecked()).toBe(true);
    // Deactivating asks first; "Keep active" changes nothing.
    await active.click({ force: true });
    const asked = page.getByRole("dialog", { name: "Deactivate @user?" });
    await asked
      .getByText("Uma User is signed out everywhere and cannot log in until the account is activated again.")
      .waitFor();
    await asked.getByRole("button", { name: "Keep active" }).click();
    await asked.waitFor({ state: "detached" });
    expect(await userStatus("user")).toBe("active");
    expect(await active.isChecked()).toBe(true);
    // By keyboard: the page may still shift as the dialog gives back the scrollbar.
    await active.focus();
    await page.keyboard.press("Space");
    await asked.getByRole("button", { name: "Deactivate" }).click();
    await expect.poll(() => userStatus("user")).toBe("inactive");
    await expect.poll(() => active.isChecked()).toBe(false);
    await expect.poll(() => active.isEnabled()).toBe(true);
    // Activating again asks nothing. The closing dialog's overlay may still cover the page: a click could land on
    // it, so the switch is pressed by keyboard once the dialog is gone.
    await asked.waitFor({ state: "detached" });
    await active.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => userStatus("user")).toBe("active");
    await expect.poll(() => active.isChecked()).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a 403 page, and no admin UI, to a signed-in member", async () => {
    await reactivateUser();
    const { context, page, errors } = await newPage(browser);
    await logIn(page, "user");
    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: "My account" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Admin" }).count()).toBe(0);
    await page.keyboard.press("Escape");

    for (const path of ["/admin", "/admin/settings"]) {
      // The server-rendered HTML already carries the 403 page, so nothing else flashes before hydration.
      const res = await context.request.get(path);
      expect(res.status(), path).toBe(403);
      const html = await res.text();
      expect(html, path).toContain("This area is for administrators.");
      expect(html, path).not.toContain("Site name");

      await goto(page, path);
      await page.getByText("This area is for administrators.").waitFor();
      expect(await page.getByLabel("Site name").count()).toBe(0);
      expect(await page.getByRole("navigation", { name: "Admin" }).count()).toBe(0);
    }
    // Chromium reports every 4xx document in the console; those two are the 403s asserted above.
    expect(errors.filter((e) => !e.includes("status of 403"))).toEqual([]);
    await context.close();
  });

  it("sends a visitor to the login page", async () => {
    const { context, page } = await newPage(browser);
    await goto(page, "/admin/users");
    await page.waitForURL(`${site().webUrl}/auth/login`);
    await context.close();
  });
});
