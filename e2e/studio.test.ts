import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTool } from "../apps/api/src/platform/media/probe.ts";
import { api, apiLogin, goto, launch, newPage, signUp, site } from "./browser.ts";
import { logIn, movieClip, openAccountMenu } from "./steps.ts";

/** Screenshots land here for a person to look at (CI keeps the folder as an artifact). */
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");

const stamp = Date.now() % 1_000_000;
const MOVIE_TITLE = `Test pattern ${stamp}`;
const GALLERY_TITLE = `Colour bars ${stamp}`;
const CATEGORY_NAME = `Night shoots ${stamp}`;
const BANNER_TITLE = `Summer premieres ${stamp}`;

let browser: Browser;
let work: string;
let clip: string;
let photos: string[];
let admin: string;
let performer: string;

beforeAll(async () => {
  browser = await launch();
  await mkdir(shots, { recursive: true });
  work = await mkdtemp(path.join(tmpdir(), "marquee-studio-"));
  // A 3 s movie with sound, and three different photos, made here rather than shipped.
  clip = await movieClip(work);
  photos = [];
  for (const [i, source] of ["testsrc2", "smptebars", "rgbtestsrc"].entries()) {
    const file = path.join(work, `photo-${i + 1}.jpg`);
    await runTool(
      "ffmpeg",
      ["-y", "-loglevel", "error", "-f", "lavfi", "-i", `${source}=size=800x600`, "-frames:v", "1", file],
      120_000,
    );
    photos.push(file);
  }
  [admin, performer] = await Promise.all([apiLogin("admin"), apiLogin("performer")]);
});

afterAll(async () => {
  // Leave the catalogue as the other journeys expect it.
  const movies = await api("GET", `/performer/assets/videos/search?q=${encodeURIComponent(String(stamp))}&limit=50`, {
    token: performer,
  });
  for (const m of movies.body?.data ?? []) {
    await api("DELETE", `/performer/assets/videos/${m._id}`, { token: performer });
  }
  const galleries = await api("GET", `/performer/assets/galleries/search?q=${stamp}&limit=50`, { token: performer });
  for (const g of galleries.body?.data ?? []) {
    await api("DELETE", `/performer/assets/galleries/${g._id}`, { token: performer });
  }
  const categories = await api("GET", "/admin/categories?limit=100", { token: admin });
  for (const c of categories.body?.data ?? []) {
    if (c.name === CATEGORY_NAME) await api("DELETE", `/admin/categories/${c._id}`, { token: admin });
  }
  const banners = await api("GET", "/admin/banners?limit=100", { token: admin });
  for (const b of banners.body?.data ?? []) {
    if (b.title === BANNER_TITLE) await api("DELETE", `/admin/banners/${b._id}`, { token: admin });
  }
  await browser?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** Slows uploads from this page down (bytes per second), so a progress bar has time to show its steps. */
async function throttleUploads(context: BrowserContext, page: Page, bytesPerSecond: number) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return () =>
    cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
}

async function expectAccessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) => `${what}: ${v.id} (${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`).join("; ")})`,
    );
  expect(serious).toEqual([]);
}

describe("the performer studio", () => {
  it("lets a performer create a movie, upload it with progress, see it processed and find it listed", async () => {
    const { context, page, errors } = await newPage(browser);
    await logIn(page, "performer");

    // The account menu leads to the studio.
    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: "Studio" }).click();
    await page.waitForURL(`${site().webUrl}/studio`);
    await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Movies" }).click();
    await page.waitForURL(`${site().webUrl}/studio/movies`);
    await page.getByRole("heading", { name: "My movies", level: 1 }).waitFor();

    // A free, active movie.
    await page.getByRole("button", { name: "New movie" }).click();
    const drawer = page.getByRole("dialog", { name: "New movie" });
    await drawer.getByLabel("Title").fill(MOVIE_TITLE);
    await drawer.getByRole("radiogroup", { name: "Status", exact: true }).getByText("Active", { exact: true }).click();
    await drawer.getByRole("button", { name: "Create movie" }).click();
    await page.getByText("Movie created").waitFor();
    const created = await api("GET", `/performer/assets/videos/search?q=${stamp}`, { token: performer });
    expect(created.body.data).toHaveLength(1);
    const movie = created.body.data[0];
    expect(movie).toMatchObject({ title: MOVIE_TITLE, access: "free", status: "active" });
    expect(movie.processing.status).toBe("none");

    // The drawer moves on to the media. A file that is no video is refused with the API's reason.
    const editor = page.getByRole("dialog", { name: "Edit movie" });
    await editor
      .getByTestId("movie-dropzone")
      .locator("input[type=file]")
      .setInputFiles({ name: "broken.mp4", mimeType: "video/mp4", buffer: randomBytes(64 * 1024) });
    await page.getByText("The file is not a video we can read.").waitFor();
    await expect.poll(() => editor.getByTestId("movie-upload-progress").count()).toBe(0);

    // A real one shows its percentage as it goes.
    const restore = await throttleUploads(context, page, 150 * 1024);
    await editor.getByTestId("movie-dropzone").locator("input[type=file]").setInputFiles(clip);
    const progress = editor.getByTestId("movie-upload-progress");
    await progress.waitFor();
    const seen: number[] = [];
    await expect
      .poll(
        async () => {
          const text = (await progress.textContent()) ?? "";
          const percent = Number(text.match(/(\d+)%/)?.[1]);
          if (Number.isFinite(percent)) seen.push(percent);
          return text;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe("Uploaded · 100%");
    await restore();
    expect(
      seen.some((p) => p > 0 && p < 100),
      `percentages seen: ${seen.join(", ")}`,
    ).toBe(true);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);

    // Processing ends with a realtime notification, and the badge says so.
    await page.getByText(`${MOVIE_TITLE} is ready`).waitFor({ timeout: 90_000 });
    await page.keyboard.press("Escape");
    const row = page.getByRole("table", { name: "My movies" }).getByRole("row", { name: new RegExp(MOVIE_TITLE) });
    await expect.poll(() => row.getByTestId("processing-badge").textContent(), { timeout: 15_000 }).toBe("Ready");
    const view = await api("GET", `/performer/assets/videos/${movie._id}/view`, { token: performer });
    expect(view.body.processing).toEqual({ status: "ready", error: null });
    expect(view.body.durationSec).toBeGreaterThan(2);

    // The public list shows it.
    await goto(page, "/movies");
    await page.getByRole("heading", { name: MOVIE_TITLE }).waitFor();

    // Chromium logs the refused upload's 422 in the console; nothing else may be there.
    expect(errors.filter((e) => !e.includes("status of 422"))).toEqual([]);
    await context.close();
  });

  it("lets a performer fill a gallery with several photos, reorder them, pick the cover and delete one", async () => {
    const { context, page, errors } = await newPage(browser);
    await logIn(page, "performer");
    await goto(page, "/studio/galleries");
    await page.getByRole("button", { name: "New gallery" }).click();
    const drawer = page.getByRole("dialog", { name: "New gallery" });
    await drawer.getByLabel("Title").fill(GALLERY_TITLE);
    await drawer.getByRole("radiogroup", { name: "Status", exact: true }).getByText("Active", { exact: true }).click();
    await drawer.getByRole("button", { name: "Create gallery" }).click();
    await page.getByText("Gallery created").waitFor();
    const found = await api("GET", `/performer/assets/galleries/search?q=${stamp}`, { token: performer });
    const gallery = found.body.data[0];
    expect(gallery).toMatchObject({ title: GALLERY_TITLE, status: "active", photosCount: 0 });

    // Three photos at once, one request each.
    const editor = page.getByRole("dialog", { name: "Edit gallery" });
    await editor.getByTestId("photo-dropzone").locator("input[type=file]").setInputFiles(photos);
    await expect
      .poll(() => editor.getByTestId("photo-upload-summary").textContent(), { timeout: 30_000 })
      .toBe("3 of 3 uploaded");
    const tiles = editor.getByTestId("studio-photo");
    await expect.poll(() => tiles.count()).toBe(3);
    const order = async () => {
      const res = await api("GET", `/performer/assets/galleries/${gallery._id}/photos?limit=100`, { token: performer });
      return (res.body.data as Array<{ _id: string; position: number }>)
        .sort((a, b) => a.position - b.position)
        .map((p) => p._id);
    };
    const before = await order();
    expect(before).toHaveLength(3);
    // Photos are processed in the background; the tiles lose their badge once they are ready.
    await expect.poll(() => editor.getByText(/^(Pending|Processing)$/).count(), { timeout: 60_000 }).toBe(0);

    // Until one is chosen, the first photo is the cover.
    await expect.poll(() => tiles.nth(0).getAttribute("data-cover")).toBe("true");

    // The last photo moves one place earlier.
    await editor.getByRole("button", { name: "Move photo 3 earlier" }).click();
    await expect.poll(order).toEqual([before[0], before[2], before[1]]);

    // It becomes the cover.
    await editor.getByRole("button", { name: "Use photo 2 as cover" }).click();
    await page.getByText("The gallery has a new cover.").waitFor();
    await expect.poll(() => tiles.nth(1).getAttribute("data-cover")).toBe("true");

    // Deleting asks first.
    await editor.getByRole("button", { name: "Delete photo 1" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this photo?" });
    await confirm.getByRole("button", { name: "Delete photo" }).click();
    await expect.poll(() => tiles.count()).toBe(2);
    await expect.poll(order).toEqual([before[2], before[1]]);
    // The chosen cover stays the cover, now in first place.
    await expect.poll(() => tiles.nth(0).getAttribute("data-cover")).toBe("true");
    const after = await api("GET", `/performer/assets/galleries/${gallery._id}/view`, { token: performer });
    expect(after.body.photosCount).toBe(2);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("answers 403 to a member, and sends a visitor to log in", async () => {
    const { context, page, errors } = await newPage(browser);
    await logIn(page, "member");
    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: "My account" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Studio" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    for (const p of ["/studio", "/studio/movies"]) {
      const res = await context.request.get(p);
      expect(res.status(), p).toBe(403);
      const html = await res.text();
      expect(html).toContain("The studio is for performers.");
      expect(html).not.toContain("New movie");
    }
    await goto(page, "/studio/galleries");
    await page.getByText("The studio is for performers.").waitFor();
    expect(errors.filter((e) => !e.includes("status of 403"))).toEqual([]);
    await context.close();

    const visitor = await newPage(browser);
    await goto(visitor.page, "/studio/movies");
    await visitor.page.waitForURL(`${site().webUrl}/auth/login`);
    await visitor.context.close();
  });

  describe.each(["light", "dark"] as const)("in the %s theme", (scheme) => {
    it("renders the studio screens accessibly and without errors", async () => {
      const { context, page, errors } = await newPage(browser);
      await logIn(page, "performer");
      if (scheme === "dark") {
        await page.getByRole("button", { name: "Toggle color scheme" }).click();
        await page.mouse.move(600, 700);
        await page.getByRole("tooltip").waitFor({ state: "detached" });
      }
      await expect.poll(() => page.locator("html").getAttribute("data-mantine-color-scheme")).toBe(scheme);

      const screens = [
        { path: "/studio", name: "studio", ready: () => page.getByTestId("studio-count-movies").waitFor() },
        {
          path: "/studio/movies",
          name: "studio-movies",
          ready: () => page.getByRole("table", { name: "My movies" }).waitFor(),
        },
        {
          path: "/studio/galleries",
          name: "studio-galleries",
          ready: () => page.getByRole("table", { name: "My galleries" }).waitFor(),
        },
        {
          path: "/studio/products",
          name: "studio-products",
          ready: () => page.getByRole("heading", { name: "My products", level: 1 }).waitFor(),
        },
        {
          path: "/studio/profile",
          name: "studio-profile",
          ready: () => page.getByRole("button", { name: "Save profile" }).waitFor(),
        },
      ];
      for (const screen of screens) {
        await goto(page, screen.path);
        await screen.ready();
        // Let lazy thumbnails arrive before the picture is taken.
        await page.waitForLoadState("networkidle");
        await page.screenshot({ path: path.join(shots, `${screen.name}-${scheme}.png`), fullPage: true });
        await expectAccessible(page, screen.name);
      }

      // The movie editor with its media tab.
      await goto(page, "/studio/movies");
      await page.getByRole("button", { name: `Edit ${MOVIE_TITLE}` }).click();
      const editor = page.getByRole("dialog", { name: "Edit movie" });
      await editor.getByRole("tab", { name: /Media/ }).click();
      await editor.getByTestId("movie-dropzone").waitFor();
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: path.join(shots, `studio-movie-media-${scheme}.png`) });
      await expectAccessible(page, "movie editor");

      expect(errors).toEqual([]);
      await context.close();
    });
  });
});

describe("the admin catalogue screens", () => {
  it("let an admin create and delete a category, and create a banner with its image", async () => {
    const { context, page, errors } = await newPage(browser);
    await logIn(page, "admin");
    await goto(page, "/admin");
    const nav = page.getByRole("navigation", { name: "Admin" });

    // Categories: create one for movies, find it, delete it after confirming.
    await nav.getByRole("link", { name: "Categories" }).click();
    await page.waitForURL(`${site().webUrl}/admin/categories`);
    await page.getByRole("button", { name: "New category" }).click();
    const form = page.getByRole("dialog", { name: "New category" });
    await form.getByLabel("Name").fill(CATEGORY_NAME);
    await form.getByRole("button", { name: "Create category" }).click();
    await page.getByText(`Category “${CATEGORY_NAME}” created.`).waitFor();
    const row = page.getByRole("table", { name: "Categories" }).getByRole("row", { name: new RegExp(CATEGORY_NAME) });
    await row.waitFor();
    const listed = await api("GET", "/user/assets/categories/search?group=video&limit=100");
    const category = listed.body.data.find((c: { name: string }) => c.name === CATEGORY_NAME);
    expect(category).toMatchObject({ group: "video", status: "active", slug: `night-shoots-${stamp}` });

    await row.getByRole("button", { name: `Delete ${CATEGORY_NAME}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this category?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await row.count()).toBe(1);
    await row.getByRole("button", { name: `Delete ${CATEGORY_NAME}` }).click();
    await confirm.getByRole("button", { name: "Delete category" }).click();
    await row.waitFor({ state: "detached" });
    const after = await api("GET", "/admin/categories?limit=100", { token: admin });
    expect(after.body.data.map((c: { name: string }) => c.name)).not.toContain(CATEGORY_NAME);

    // Banners: create one at the top with a link, then give it an image.
    await nav.getByRole("link", { name: "Banners" }).click();
    await page.waitForURL(`${site().webUrl}/admin/banners`);
    await page.getByRole("button", { name: "New banner" }).click();
    const bannerForm = page.getByRole("dialog", { name: "New banner" });
    await bannerForm.getByLabel("Title").fill(BANNER_TITLE);
    await bannerForm.getByLabel("Link").fill("javascript:alert(1)");
    await bannerForm.getByRole("button", { name: "Create banner" }).click();
    await bannerForm.getByText("Use a path starting with / or an http(s) address").waitFor();
    await bannerForm.getByLabel("Link").fill("/movies");
    await bannerForm.getByRole("button", { name: "Create banner" }).click();
    await page.getByText("Banner created").waitFor();
    const editor = page.getByRole("dialog", { name: "Edit banner" });
    await editor.locator("input[type=file]").setInputFiles(photos[1] as string);
    await editor.getByTestId("banner-image-upload-progress").getByText("Uploaded · 100%").waitFor();
    await page.keyboard.press("Escape");
    const bannerRow = page.getByRole("table", { name: "Banners" }).getByRole("row", { name: new RegExp(BANNER_TITLE) });
    await bannerRow.locator("img").waitFor();
    const promo = await api("GET", "/site-promo/search?position=top&limit=100");
    const banner = promo.body.data.find((b: { title: string }) => b.title === BANNER_TITLE);
    expect(banner).toMatchObject({ href: "/movies", position: "top", status: "active" });
    // Root-relative on the site's own origin, whatever name the site was opened by.
    expect(banner.image?.url).toMatch(/^\/api\/files\/banners\//);

    await page.screenshot({ path: path.join(shots, "admin-banners-light.png"), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("let an admin make an account a performer, edit the profile, take it off the directory and put it back", async () => {
    const { username } = await signUp("newface", { name: `New Face ${stamp}` });

    const { context, page, errors } = await newPage(browser);
    await logIn(page, "admin");
    await goto(page, "/admin/performers");
    const account = page.getByRole("combobox", { name: "Account" });
    await account.fill(username);
    await page.getByRole("option", { name: new RegExp(`@${username}`) }).click();
    await page.getByRole("button", { name: "Make performer" }).click();
    await page.getByText(`New Face ${stamp} is now a performer.`).waitFor();

    // The new profile opens for editing.
    const editor = page.getByRole("dialog", { name: `New Face ${stamp} (@${username})` });
    await editor.getByLabel("Monthly price").fill("12.5");
    await editor.getByRole("combobox", { name: "Body type" }).click();
    await page.getByRole("option", { name: "Athletic" }).click();
    await editor.getByRole("button", { name: "Save profile" }).click();
    await page.getByText(`The performer profile of New Face ${stamp} is saved.`).waitFor();
    const profile = await api("GET", `/performers/${username}`);
    expect(profile.body).toMatchObject({ monthlyPrice: 12.5, attributes: { bodyType: "athletic" }, status: "active" });
    await page.keyboard.press("Escape");
    await editor.waitFor({ state: "detached" });

    // Switched off, the profile leaves the public directory.
    const active = page.getByRole("switch", { name: `Active: @${username}` });
    // By keyboard: the page may still shift as the drawer gives back the scrollbar.
    await active.focus();
    await page.keyboard.press("Space");
    await page.getByText(`New Face ${stamp} is hidden from the site.`).waitFor();
    expect((await api("GET", `/performers/${username}`)).status).toBe(404);
    const directory = async () =>
      ((await api("GET", `/performers/search?q=${username}`)).body.data as { username: string }[]).map(
        (p) => p.username,
      );
    expect(await directory()).not.toContain(username);

    // A hidden profile stays on the admin screen: after a reload it is found under Inactive, switched off.
    await goto(page, "/admin/performers");
    const status = page.getByRole("radiogroup", { name: "Status" });
    const row = page.getByTestId(`performer-row-${username}`);
    await row.waitFor();
    // The route's data, read again for the filter the user picked.
    const filtered = (value: string) =>
      page.waitForResponse(
        (r) => r.url().includes("/admin/performers.data?") && r.url().includes(`status=${value}`) && r.ok(),
      );
    await Promise.all([filtered("inactive"), status.getByText("Inactive", { exact: true }).click()]);
    const table = page.getByRole("table", { name: "Performers" });
    await expect.poll(() => table.getByRole("switch", { checked: true }).count()).toBe(0);
    await row.waitFor();
    expect(await active.isChecked()).toBe(false);

    // Switched back on, it is listed again: in the directory and under Active.
    await active.focus();
    await page.keyboard.press("Space");
    await page.getByText(`New Face ${stamp} is listed again.`).waitFor();
    expect((await api("GET", `/performers/${username}`)).status).toBe(200);
    expect(await directory()).toContain(username);
    await Promise.all([filtered("active"), status.getByText("Active", { exact: true }).click()]);
    await expect.poll(() => table.getByRole("switch", { checked: false }).count()).toBe(0);
    await row.waitFor();
    expect(await active.isChecked()).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });
});
