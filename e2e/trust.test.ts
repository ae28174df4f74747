import { readFile } from "node:fs/promises";
import http from "node:http";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { api, apiLogin, expectAccessible, goto, launch, newPage, site } from "./browser.ts";

/** The age gate, the legal pages and the audit trail (issue 22 section 5), as a visitor and an admin meet them. */
let browser: Browser;
let admin: string;
let originalSiteName: string;
/** Set SCREENS_DIR to keep the screens this journey passes (desktop and 390 px) as PNG files. */
const screens = process.env.SCREENS_DIR;

async function ageGate(mode: "off" | "click-through") {
  const res = await api("PUT", "/admin/settings/ageGate", { token: admin, body: { value: mode } });
  expect(res.status).toBe(200);
  // Each of the web server's workers reads the settings at most every two seconds, into a copy of its own: one
  // worker answering with the new setting says nothing of the other. Each check is a new connection (the workers
  // take connections in turn) for a page of its own (never one from the page cache), and the setting holds once six
  // checks in a row agree.
  let check = 0;
  let streak = 0;
  const status = () =>
    new Promise<number>((resolve, reject) => {
      const url = new URL(`/movies?gate-check=${++check}`, site().webUrl);
      const req = http.get(url, { agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
    });
  const expected = mode === "off" ? 200 : 302;
  // Called from the hooks, where expect.poll may not run: vi.waitFor retries the check until it holds.
  await vi.waitFor(
    async () => {
      streak = (await status()) === expected ? streak + 1 : 0;
      expect(streak).toBeGreaterThanOrEqual(6);
    },
    { timeout: 30_000, interval: 100 },
  );
}

async function shoot(page: Page, name: string) {
  if (!screens) return;
  await page.screenshot({ path: `${screens}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${screens}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

beforeAll(async () => {
  browser = await launch();
  admin = await apiLogin("admin");
  const settings = await api("GET", "/admin/settings?group=general", { token: admin });
  originalSiteName = settings.body.find((s: { key: string }) => s.key === "siteName").value;
  await ageGate("click-through");
});

afterAll(async () => {
  await api("PUT", "/admin/settings/siteName", { token: admin, body: { value: originalSiteName } });
  // The other journeys run with the gate off (e2e/global-setup.ts).
  await ageGate("off");
  await browser?.close();
});

describe("trust and compliance", () => {
  it("sends nothing of a page before the gate is passed; crawlers read the legal pages", async () => {
    const gated = await fetch(`${site().webUrl}/movies?sort=newest`, { redirect: "manual" });
    expect(gated.status).toBe(302);
    expect(gated.headers.get("location")).toBe("/age-check?next=%2Fmovies%3Fsort%3Dnewest");
    expect(await gated.text()).toBe("");
    const googlebot = { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
    const terms = await fetch(`${site().webUrl}/posts/terms`, { headers: googlebot });
    expect(terms.status).toBe(200);
    expect(await terms.text()).toContain("Terms of service");
    const gate = await (await fetch(`${site().webUrl}/age-check`, { headers: googlebot })).text();
    expect(gate).toContain('<meta name="robots" content="noindex"/>');
  });

  it("meets a fresh visitor with the gate, remembers them, links the legal pages; an admin's change is in the trail", {
    timeout: 150_000,
  }, async () => {
    const { context, page, errors } = await newPage(browser);
    await goto(page, "/movies");
    await page.waitForURL(`${site().webUrl}/age-check?next=%2Fmovies`);
    await page.getByRole("heading", { name: "Adults only", level: 1 }).waitFor();
    await expectAccessible(page, "age gate");
    await shoot(page, "age-gate");

    // Keyboard: the first button is "I am 18 or older"; Enter passes the gate and lands on the page asked for.
    const enter = page.getByRole("button", { name: "I am 18 or older — Enter" });
    await enter.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${site().webUrl}/movies`);
    const cookie = (await context.cookies()).find((c) => c.name === "age_verified");
    expect(cookie?.value).toBe("1");
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 360 * 24 * 3600);
    // Remembered: the home page opens at once.
    await goto(page, "/");
    expect(new URL(page.url()).pathname).toBe("/");

    // The footer: the 2257 statement and the other legal pages, each a template until the operator edits it.
    const footer = page.locator("footer");
    await footer.getByText("Everyone who appears on this site was 18 or older when it was made.").waitFor();
    const legal = footer.getByRole("navigation", { name: "Legal" });
    for (const name of ["Terms", "Privacy", "2257 statement", "DMCA", "Refunds and complaints"]) {
      await legal.getByRole("link", { name, exact: true }).waitFor();
    }
    await shoot(page, "footer");
    await footer.getByRole("link", { name: "18 U.S.C. 2257 record-keeping requirements compliance statement" }).click();
    await page.waitForURL(`${site().webUrl}/posts/2257`);
    await page.getByText("This is a template: edit it before you open your site").waitFor();
    await shoot(page, "legal-2257");

    // The admin changes a setting and finds it in the audit trail, with its address and the value before and after.
    await goto(page, "/auth/login");
    await page.getByLabel("Username or email").fill("admin");
    await page.getByLabel("Password", { exact: true }).fill("marquee-demo");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${site().webUrl}/`);
    const newName = `Audited ${Date.now() % 100000}`;
    await goto(page, "/admin/settings");
    const general = page.getByRole("region", { name: "General" });
    await general.getByLabel("Site name").fill(newName);
    await general.getByRole("button", { name: "Save general settings" }).click();
    await page.getByText("Settings saved").waitFor();

    await goto(page, "/admin/audit");
    await page.getByRole("heading", { name: "Audit trail", level: 1 }).waitFor();
    await page.getByLabel("Action").fill("settings.update");
    await page.getByLabel("Subject id").fill("siteName");
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await page.waitForURL(/action=settings.update/);
    const entry = page.getByTestId("audit-entry").first();
    await entry.getByText("settings.update").waitFor();
    await entry.getByText(newName).waitFor();
    await entry.getByText(originalSiteName, { exact: true }).waitFor();
    expect(await entry.getByTestId("audit-actor").textContent()).toBe("admin");
    await expectAccessible(page, "audit trail");
    await shoot(page, "audit-trail");

    // The CSV of the same filters.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), "utf8");
    expect(csv.split("\n")[0]).toBe("at,actor,actor_id,ip,action,subject_type,subject_id,changes,before,after");
    expect(csv).toContain(newName);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lets a visitor under 18 leave for a neutral page", async () => {
    const { context, page, errors } = await newPage(browser);
    await goto(page, "/");
    await page.waitForURL(`${site().webUrl}/age-check`);
    await page.getByRole("link", { name: "I am under 18 — Exit" }).click();
    await page.waitForURL(`${site().webUrl}/age-check/exit`);
    await page.getByRole("heading", { name: "You have left the site" }).waitFor();
    expect(await page.locator("header").count()).toBe(0);
    expect((await context.cookies()).some((c) => c.name === "age_verified")).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
