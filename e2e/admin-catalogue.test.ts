import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, goto, launch, newPage, site } from "./browser.ts";
import { logIn } from "./steps.ts";

/** Screenshots land here for a person to look at (CI keeps the folder as an artifact). */
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");

const stamp = Date.now() % 1_000_000;
const MOVIE_TITLE = `Catalogue check ${stamp}`;
const RENAMED = `Catalogue renamed ${stamp}`;
const REASON = `Rights unclear ${stamp}`;

type Asset = {
  kind: "video" | "gallery";
  _id: string;
  slug: string;
  title: string;
  listed: boolean;
  performers: Array<{ _id: string; name: string; username: string }>;
  takedown: { at: string; reason: string } | null;
};

let browser: Browser;
let admin: string;
let performer: string;
let movieId: string;
/** A listed demo gallery that the test takes down and puts back. */
let gallery: Asset;

beforeAll(async () => {
  browser = await launch();
  await mkdir(shots, { recursive: true });
  [admin, performer] = await Promise.all([apiLogin("admin"), apiLogin("performer")]);
  const created = await api("POST", "/performer/assets/videos", { token: performer, body: { title: MOVIE_TITLE } });
  expect(created.status).toBe(201);
  movieId = created.body._id;
  const galleries = await api("GET", "/admin/assets/search?kind=gallery&status=active&takenDown=false&limit=50", {
    token: admin,
  });
  gallery = galleries.body.data.find((g: Asset) => g.listed && g.performers.length > 0);
  expect(gallery).toBeTruthy();
});

afterAll(async () => {
  if (movieId) await api("DELETE", `/performer/assets/videos/${movieId}`, { token: performer });
  if (gallery) await api("DELETE", `/admin/assets/gallery/${gallery._id}/take-down`, { token: admin });
  await browser?.close();
});

async function expectAccessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${what}: ${v.id} (${v.nodes.length})`);
  expect(serious).toEqual([]);
}

/** Picks `option` in the filter select labelled `label` (typing `typed` first in a searchable one). */
async function pick(page: Page, label: string, option: string | RegExp, typed?: string) {
  const select = page.getByRole("combobox", { name: label, exact: true });
  await select.click();
  if (typed) await select.fill(typed);
  await page.getByRole("option", { name: option, exact: typeof option === "string" }).click();
}

/** The item as the API lists it now, found by a search for `q`. */
async function asset(kind: Asset["kind"], id: string, q: string): Promise<Asset | undefined> {
  const res = await api("GET", `/admin/assets/search?kind=${kind}&limit=100&q=${encodeURIComponent(q)}`, {
    token: admin,
  });
  return res.body.data.find((a: Asset) => a._id === id);
}

const rowsOf = (page: Page) => page.getByRole("table", { name: "Movies and galleries" }).locator("tbody tr");

describe("the admin's catalogue screen", () => {
  it("finds, edits, takes down and restores movies and galleries of every performer", async () => {
    const { context, page, errors } = await newPage(browser);
    await logIn(page, "admin");
    await goto(page, "/admin");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Catalogue" }).click();
    await page.waitForURL(`${site().webUrl}/admin/catalogue`);
    await page.getByRole("heading", { name: "Catalogue", level: 1 }).waitFor();
    await rowsOf(page).first().waitFor();

    // By performer, then movies only: the new draft movie of Piper Performer is there, and only movies are.
    // The performer is found by the server as the admin types (every performer, not a first page of them).
    await pick(page, "Performer", /Piper Performer/, "Piper");
    await page.waitForURL(/performer=/);
    const performerBox = page.getByRole("combobox", { name: "Performer", exact: true });
    await expect.poll(() => performerBox.inputValue()).toContain("Piper Performer");
    await pick(page, "Kind", "Movies");
    await page.waitForURL(/kind=movies/);
    const movieRow = page.getByTestId(`asset-row-${movieId}`);
    await movieRow.waitFor();
    await expect.poll(async () => (await rowsOf(page).allInnerTexts()).every((t) => t.includes("Movie"))).toBe(true);
    await expect
      .poll(async () => (await rowsOf(page).allInnerTexts()).every((t) => t.includes("Piper Performer")))
      .toBe(true);

    // The search narrows it to the one movie.
    await page.getByLabel("Search the catalogue").fill(String(stamp));
    await page.waitForURL(new RegExp(`q=${stamp}`));
    await expect.poll(() => rowsOf(page).count()).toBe(1);
    await expectAccessible(page, "catalogue");

    // Edit: an empty title is refused at the field; a new one is saved and the list shows it.
    await movieRow.getByRole("button", { name: `Edit ${MOVIE_TITLE}` }).click();
    const form = page.getByRole("form", { name: "Movie details" });
    const title = form.getByLabel("Title");
    await title.fill("");
    await form.getByRole("button", { name: "Save changes" }).click();
    await form.getByText("Title is required").waitFor();
    await title.fill(RENAMED);
    await form.getByRole("button", { name: "Save changes" }).click();
    await form.waitFor({ state: "detached" });
    await movieRow.getByText(RENAMED).waitFor();
    expect((await asset("video", movieId, String(stamp)))?.title).toBe(RENAMED);

    // Galleries of everyone: find the demo gallery and take it down with a reason.
    await goto(page, "/admin/catalogue");
    await pick(page, "Kind", "Galleries");
    await page.waitForURL(/kind=galleries/);
    await page.getByLabel("Search the catalogue").fill(gallery.title);
    await page.waitForURL(/q=/);
    const galleryRow = page.getByTestId(`asset-row-${gallery._id}`);
    await galleryRow.waitFor();
    await expect.poll(async () => (await rowsOf(page).allInnerTexts()).every((t) => t.includes("Gallery"))).toBe(true);
    await galleryRow.getByRole("button", { name: `Take down ${gallery.title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Take down this gallery?" });
    await dialog.getByRole("button", { name: "Take down", exact: true }).click();
    await dialog.getByText("Say why it is taken down").waitFor();
    await dialog.getByLabel("Reason").fill(REASON);
    await dialog.getByRole("button", { name: "Take down", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await galleryRow.getByText("Taken down", { exact: true }).waitFor();
    await galleryRow.getByText(REASON).waitFor();
    expect((await asset("gallery", gallery._id, gallery.title))?.takedown?.reason).toBe(REASON);

    // A visitor no longer finds its page.
    const visitor = await browser.newContext({ baseURL: site().webUrl });
    expect((await visitor.request.get(`/galleries/${gallery.slug}`)).status()).toBe(404);

    // The take-down filter lists it; restoring it puts it back for everyone.
    await pick(page, "Take-down", "Taken down");
    await page.waitForURL(/takenDown=yes/);
    await galleryRow.getByRole("button", { name: `Restore ${gallery.title}` }).click();
    await galleryRow.waitFor({ state: "detached" });
    expect((await asset("gallery", gallery._id, gallery.title))?.takedown).toBeNull();
    expect((await visitor.request.get(`/galleries/${gallery.slug}`)).status()).toBe(200);
    await visitor.close();

    // The screen on a desktop and on a phone; the phone's page is no wider than the phone.
    await goto(page, `/admin/catalogue?kind=galleries`);
    await rowsOf(page).first().waitFor();
    await page.screenshot({ path: path.join(shots, "admin-catalogue-desktop.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(shots, "admin-catalogue-phone.png"), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("searches performers and accounts for the admin's pickers, and for no one else", async () => {
    const lookup = async (query: string, token?: string) => {
      const res = await fetch(`${site().webUrl}/admin/lookups?${query}`, {
        headers: token ? { cookie: `token=${token}` } : {},
      });
      return { status: res.status, body: (await res.json()) as { options?: { label: string }[] } };
    };
    const found = await lookup("kind=performers&q=Piper", admin);
    expect(found.status).toBe(200);
    expect(found.body.options?.map((o) => o.label)).toContain("Piper Performer (@performer)");
    expect((await lookup("kind=accounts&q=member", admin)).body.options?.length).toBeGreaterThan(0);
    for (const token of [undefined, performer]) {
      expect((await lookup("kind=performers&q=Piper", token)).body.options).toEqual([]);
    }
    expect((await lookup("kind=users", admin)).status).toBe(400);
  });

  it("shows the 403 page to a member and to a performer", async () => {
    for (const username of ["member", "performer"]) {
      const { context, page, errors } = await newPage(browser);
      await logIn(page, username);
      const res = await context.request.get("/admin/catalogue");
      expect(res.status(), username).toBe(403);
      const html = await res.text();
      expect(html, username).toContain("This area is for administrators.");
      expect(html, username).not.toContain("Search the catalogue");
      await goto(page, "/admin/catalogue");
      await page.getByText("This area is for administrators.").waitFor();
      expect(await page.getByRole("table", { name: "Movies and galleries" }).count()).toBe(0);
      // Chromium reports every 4xx document in the console; those are the 403s asserted above.
      expect(errors.filter((e) => !e.includes("status of 403"))).toEqual([]);
      await context.close();
    }
  });
});
