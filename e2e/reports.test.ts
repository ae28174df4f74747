import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, expectAccessible, goto, launch, mailText, newPage } from "./browser.ts";
import { logIn } from "./steps.ts";

/** Screenshots land here for a person to look at (CI keeps the folder as an artifact). */
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");
const stamp = Date.now() % 1_000_000;
const REPORTER = `depicted-${stamp}@example.com`;
const REASON = `No consent on record ${stamp}`;

let browser: Browser;
let admin: string;
let movie: { _id: string; title: string };

beforeAll(async () => {
  browser = await launch();
  await mkdir(shots, { recursive: true });
  admin = await apiLogin("admin");
  const list = await api("GET", "/user/assets/videos/search?limit=24&access=free");
  movie = list.body.data[0];
  expect(movie).toBeTruthy();
});

afterAll(async () => {
  if (movie) await api("DELETE", `/admin/assets/video/${movie._id}/take-down`, { token: admin });
  await browser?.close();
});

describe("reporting a movie", () => {
  it("a visitor reports it as non-consensual, it is hidden at once, and the admin takes it down", {
    timeout: 150_000,
  }, async () => {
    const visitor = await newPage(browser);
    const { page } = visitor;
    await goto(page, `/movies/${movie._id}`);
    await page.getByTestId("report-button").click();
    const dialog = page.getByRole("dialog", { name: "Report this movie" });
    await dialog.getByLabel("I appear in this without my consent").check();
    // A visitor must give an address: the form says so at the field.
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect.poll(() => dialog.getByText("Give an email address", { exact: false }).count()).toBeGreaterThan(0);
    await dialog.getByLabel("Your email address").fill(REPORTER);
    await page.screenshot({ path: path.join(shots, "report-dialog-desktop.png") });
    await dialog.getByRole("button", { name: "Send report" }).click();
    const reference = (await dialog.getByTestId("report-reference").textContent()) ?? "";
    expect(reference).toMatch(/^R-[0-9A-Z]{6}$/);
    await expect.poll(() => dialog.getByText("The movie is hidden from the site while we review it.").count()).toBe(1);
    await expectAccessible(page, "report dialog");
    expect(visitor.errors).toEqual([]);

    // Hidden at once: gone for visitors, off the public list.
    expect((await api("GET", `/user/assets/videos/${movie._id}`)).status).toBe(404);
    // Visitors' pages are shared for WEB_MICROCACHE_MS (2 s): the page read just before the report may answer once more.
    await expect.poll(async () => (await page.goto(`/movies/${movie._id}`))?.status()).toBe(404);
    expect(await mailText(REPORTER, `Your report's reference is ${reference}.`)).toContain("hidden from the site");
    await visitor.context.close();

    // The admin finds it in the queue, due in 7 business days, and takes the movie down.
    const adminSide = await newPage(browser);
    await logIn(adminSide.page, "admin");
    await goto(adminSide.page, "/admin/reports");
    const card = adminSide.page.getByTestId(`report-${reference}`);
    await expect.poll(() => card.getByText("Hidden pending review").count()).toBe(1);
    await expect
      .poll(async () => (await card.getByTestId("report-due").textContent()) ?? "")
      .toMatch(/Due in \d+ days/);
    await expect.poll(() => card.getByText(REPORTER, { exact: false }).count()).toBe(1);
    await adminSide.page.screenshot({ path: path.join(shots, "admin-reports-desktop.png"), fullPage: true });
    await expectAccessible(adminSide.page, "admin reports");
    await card.getByRole("button", { name: "Take down" }).click();
    const take = adminSide.page.getByRole("dialog", { name: "Take the item down" });
    await take.getByLabel(/Reason/).fill(REASON);
    await take.getByRole("button", { name: "Take down" }).click();
    await expect.poll(() => adminSide.page.getByTestId(`report-${reference}`).count()).toBe(0);
    // Resolved: on the resolved list with its outcome, the reporter told.
    await goto(adminSide.page, "/admin/reports?status=resolved");
    await expect
      .poll(
        async () =>
          (await adminSide.page.getByTestId(`report-${reference}`).getByTestId("report-outcome").textContent()) ?? "",
      )
      .toBe("Taken down");
    const mail = await mailText(REPORTER, "took the item down");
    expect(mail).toContain(`Our reason: ${REASON}`);
    const asset = await api("GET", `/admin/assets/search?kind=video&takenDown=true&limit=100`, { token: admin });
    expect(asset.body.data.find((a: { _id: string }) => a._id === movie._id)?.takedown?.reason).toBe(REASON);
    expect(adminSide.errors).toEqual([]);

    // The same screens on a phone.
    await adminSide.page.setViewportSize({ width: 390, height: 844 });
    await goto(adminSide.page, "/admin/reports?status=resolved");
    await adminSide.page.getByTestId(`report-${reference}`).waitFor();
    const width = await adminSide.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await adminSide.page.screenshot({ path: path.join(shots, "admin-reports-390.png"), fullPage: true });
    await adminSide.context.close();
  });

  it("shows the Report dialog on a phone without overflowing", async () => {
    const { page, context, errors } = await newPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    const list = await api("GET", "/user/assets/galleries/search?limit=1");
    await goto(page, `/galleries/${list.body.data[0]._id}`);
    await page.getByTestId("report-button").click();
    const dialog = page.getByRole("dialog", { name: "Report this gallery" });
    await dialog.getByLabel("Copyright infringement (DMCA notice)").check();
    await dialog.getByLabel("The copyrighted work").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(shots, "report-dialog-390.png"), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
