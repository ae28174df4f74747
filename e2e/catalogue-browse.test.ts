import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, goto, launch, newPage, site } from "./browser.ts";

/**
 * Browsing the demo catalogue that `npm start` seeds: the home page, the performer directory with a filter and
 * load-more, a profile with its tabs, and the header search. Expectations are read from the API, so the journeys
 * follow whatever the seed holds.
 */

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");
const DIRECTORY_PAGE = 18;

interface PerformerSummary {
  _id: string;
  username: string;
  name: string;
  monthlyPrice: number | null;
  yearlyPrice: number | null;
  stats: { videos: number; galleries: number };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  await mkdir(shots, { recursive: true });
});
afterAll(() => browser?.close());

/** Polls with time for a server round trip on a busy machine (expect.poll waits 1 s by default). */
const poll = <T>(fn: () => Promise<T> | T, timeout = 15_000) => expect.poll(fn, { timeout });

async function get<T>(url: string): Promise<T> {
  const res = await api("GET", url);
  expect(res.status, url).toBe(200);
  return res.body as T;
}

/**
 * Scrolls through the page so lazy images load, then back to the top, and waits for every image in the page's
 * width (later carousel slides and the end of a scrolling row stay lazy until they are scrolled to).
 */
async function loadAllImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
    // Let the back-to-top button finish fading out.
    await new Promise((r) => setTimeout(r, 600));
  });
  await page.waitForFunction(
    () =>
      Array.from(document.images).every((img) => {
        const box = img.getBoundingClientRect();
        return img.complete || box.right <= 0 || box.left >= window.innerWidth;
      }),
    undefined,
    { timeout: 15_000 },
  );
}

async function expectAccessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious).toEqual([]);
}

describe("the home page", () => {
  it("shows the banner carousel, featured performers, latest movies and galleries without console errors", async () => {
    const banners = await get<{ data: Array<{ title: string }> }>("/site-promo/search?position=top");
    const settings = await get<{ bannerAutoplaySpeed: number }>("/settings/public");
    expect(banners.data.length, "the demo catalogue has several top banners").toBeGreaterThan(1);

    const { context, page, errors } = await newPage(browser);
    await page.mouse.move(0, 0);
    await goto(page, "/");
    const carousel = page.getByTestId("banner-carousel");
    await carousel.waitFor();
    expect(await carousel.getAttribute("data-slides")).toBe(String(banners.data.length));
    await page.getByRole("heading", { name: banners.data[0]?.title }).first().waitFor();
    expect(await page.getByTestId("featured-performers").getByTestId("performer-card").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("latest-movies").getByTestId("video-card").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("latest-galleries").getByTestId("gallery-card").count()).toBeGreaterThan(0);
    const titleTag = await page.locator('meta[property="og:title"]').getAttribute("content");
    expect(titleTag).toBeTruthy();

    // It advances on its own at the configured speed...
    await poll(() => carousel.getAttribute("data-selected"), settings.bannerAutoplaySpeed + 5000).not.toBe("0");
    // ...pauses while the pointer is over it...
    await carousel.hover();
    await poll(() => carousel.getAttribute("data-playing")).toBe("false");
    const held = await carousel.getAttribute("data-selected");
    await page.waitForTimeout(settings.bannerAutoplaySpeed + 800);
    expect(await carousel.getAttribute("data-selected")).toBe(held);
    // ...and its controls work from the keyboard.
    await page.getByRole("button", { name: "Pause banner rotation" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Play banner rotation" }).waitFor();
    await page.getByRole("button", { name: "Next slide" }).focus();
    await page.keyboard.press("Enter");
    await poll(() => carousel.getAttribute("data-selected")).toBe(String((Number(held) + 1) % banners.data.length));

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the performer directory", () => {
  it("narrows the list with a filter kept in the URL, and back and forward restore it", async () => {
    const all = (await get<{ total: number }>("/performers/search?limit=1")).total;
    const options = await get<{ genders: Array<{ value: string; text: string }> }>("/user-additional");
    let pick: { value: string; text: string; total: number } | null = null;
    for (const g of options.genders) {
      const total = (await get<{ total: number }>(`/performers/search?limit=1&gender=${g.value}`)).total;
      if (total > 0 && total < all) {
        pick = { ...g, total };
        break;
      }
    }
    expect(pick, "the demo performers have more than one gender").not.toBeNull();
    const gender = pick as { value: string; text: string; total: number };

    const { context, page, errors } = await newPage(browser);
    await goto(page, "/performers");
    const cards = page.getByTestId("performer-results").getByTestId("performer-card");
    expect(await cards.count()).toBe(Math.min(all, DIRECTORY_PAGE));

    await page.getByRole("combobox", { name: "Gender" }).selectOption({ label: gender.text });
    await page.waitForURL((url) => url.searchParams.get("gender") === gender.value);
    await poll(() => cards.count()).toBe(Math.min(gender.total, DIRECTORY_PAGE));
    expect(await page.getByTestId("performers-total").textContent()).toContain(`${gender.total} performer`);

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has("gender"));
    await poll(() => cards.count()).toBe(Math.min(all, DIRECTORY_PAGE));
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get("gender") === gender.value);
    await poll(() => cards.count()).toBe(Math.min(gender.total, DIRECTORY_PAGE));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("loads more performers after the first page", async () => {
    const all = (await get<{ total: number }>("/performers/search?limit=1")).total;
    expect(all, "the demo catalogue has more performers than one page").toBeGreaterThan(DIRECTORY_PAGE);
    const { context, page, errors } = await newPage(browser);
    await goto(page, "/performers");
    const cards = page.getByTestId("performer-results").getByTestId("performer-card");
    expect(await cards.count()).toBe(DIRECTORY_PAGE);
    await page.getByText(`Showing ${DIRECTORY_PAGE} of ${all}`).waitFor();
    await page.getByRole("button", { name: "Load more" }).click();
    await poll(() => cards.count()).toBe(Math.min(all, 2 * DIRECTORY_PAGE));
    const names = await cards.locator("h3").allTextContents();
    expect(new Set(names).size).toBe(names.length);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("a performer profile", () => {
  it("opens from the directory and switches between movies and galleries", async () => {
    const first = await get<{ data: PerformerSummary[] }>(`/performers/search?limit=${DIRECTORY_PAGE}`);
    const performer = first.data.find((p) => p.stats.videos > 0 && p.stats.galleries > 0);
    expect(performer, "a performer on the first page has movies and galleries").toBeDefined();
    const p = performer as PerformerSummary;
    const movies = await get<{ total: number }>(`/user/assets/videos/search?limit=1&performerIds=${p._id}`);
    const galleries = await get<{ total: number }>(`/user/assets/galleries/search?limit=1&performerIds=${p._id}`);

    const { context, page, errors } = await newPage(browser);
    await goto(page, "/performers");
    await page.getByRole("link", { name: p.name, exact: true }).click();
    await page.waitForURL(`${site().webUrl}/performers/${p.username}`);
    await page.getByRole("heading", { level: 1, name: p.name }).waitFor();
    expect(await page.title()).toContain(p.name);

    const moviesTab = page.getByRole("tab", { name: `Movies (${movies.total})` });
    expect(await moviesTab.getAttribute("aria-selected")).toBe("true");
    await poll(() => page.getByTestId("profile-movies").getByTestId("video-card").count()).toBe(
      Math.min(movies.total, 12),
    );

    await page.getByRole("tab", { name: `Galleries (${galleries.total})` }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "galleries");
    await poll(() => page.getByTestId("profile-galleries").getByTestId("gallery-card").count()).toBe(
      Math.min(galleries.total, 12),
    );
    await page.getByRole("tab", { name: `Movies (${movies.total})` }).click();
    await page.waitForURL((url) => !url.searchParams.has("tab"));
    await page.getByTestId("profile-movies").waitFor();

    // A visitor is sent to log in to subscribe (when the performer sells subscriptions).
    if (p.monthlyPrice !== null || p.yearlyPrice !== null) {
      expect(await page.getByRole("link", { name: "Log in to subscribe" }).getAttribute("href")).toBe("/auth/login");
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("search", () => {
  it("goes from the header search box to results with counts per tab", async () => {
    const [p] = (await get<{ data: PerformerSummary[] }>("/performers/search?limit=1&sortBy=popular")).data;
    expect(p).toBeDefined();
    const name = (p as PerformerSummary).name;
    const totals = await get<{ performers: number; movies: number; galleries: number }>(
      `/search/total?q=${encodeURIComponent(name)}`,
    );
    expect(totals.performers).toBeGreaterThan(0);

    const { context, page, errors } = await newPage(browser);
    await goto(page, "/");
    const box = page.getByRole("searchbox", { name: "Search the site" });
    await box.fill(name);
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("q") === name);
    await page.getByRole("heading", { level: 1, name: `Results for “${name}”` }).waitFor();
    for (const [label, count] of [
      ["Performers", totals.performers],
      ["Movies", totals.movies],
      ["Galleries", totals.galleries],
    ] as const) {
      await page.getByRole("tab", { name: `${label} (${count})` }).waitFor();
    }
    await page.getByTestId("search-performers").getByRole("link", { name, exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(["light", "dark"] as const)("in the %s theme", (scheme) => {
  it("renders home, the directory and a profile accessibly (screenshots in e2e/artifacts)", async () => {
    const [p] = (await get<{ data: PerformerSummary[] }>("/performers/search?limit=1&sortBy=popular")).data;
    const { context, page, errors } = await newPage(browser, { colorScheme: scheme });
    await context.addInitScript((value) => {
      window.localStorage.setItem("mantine-color-scheme-value", value);
    }, scheme);
    for (const [name, url] of [
      ["home", "/"],
      ["performers", "/performers"],
      ["profile", `/performers/${(p as PerformerSummary).username}`],
    ] as const) {
      await goto(page, url);
      await poll(() => page.locator("html").getAttribute("data-mantine-color-scheme")).toBe(scheme);
      if (name === "home") {
        // A still picture: stop the banner rotation first.
        await page.getByRole("button", { name: "Pause banner rotation" }).click();
        await page.mouse.move(0, 0);
      }
      await loadAllImages(page);
      await page.screenshot({ path: path.join(shots, `catalogue-${name}-${scheme}.png`), fullPage: true });
      await expectAccessible(page, `${name} (${scheme})`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
