import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, expectAccessible, goto, launch, newPage } from "./browser.ts";
import { logIn, movieClip, newMovie, studioMovieRow } from "./steps.ts";

/**
 * Review before publication (issue 22 section 2) in Chromium: a performer publishes a movie, the studio says In
 * review and nobody else sees it; the admin watches it in the review queue and approves it; it is public.
 */

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");
const stamp = Date.now() % 1_000_000;
const TITLE = `Review journey ${stamp}`;

let browser: Browser;
let work: string;
let clip: string;
let admin: string;
let performer: string;
let movieId: string | undefined;

beforeAll(async () => {
  browser = await launch();
  await mkdir(shots, { recursive: true });
  work = await mkdtemp(path.join(tmpdir(), "marquee-review-"));
  clip = await movieClip(work);
  [admin, performer] = await Promise.all([apiLogin("admin"), apiLogin("performer")]);
  // The site's default, which the other journeys' set-up turned off (e2e/global-setup.ts).
  const on = await api("PUT", "/admin/settings/reviewMode", { token: admin, body: { value: "all" } });
  expect(on.status).toBe(200);
});

afterAll(async () => {
  await api("PUT", "/admin/settings/reviewMode", { token: admin, body: { value: "none" } });
  if (movieId) await api("DELETE", `/performer/assets/videos/${movieId}`, { token: performer });
  await browser?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("review before publication", () => {
  it("holds a performer's movie in review until the admin approves it in the queue", async () => {
    // The performer publishes a movie from the studio.
    const studio = await newPage(browser);
    await logIn(studio.page, "performer");
    await newMovie(studio.page, TITLE, clip);
    await studio.page.keyboard.press("Escape");

    // The studio says In review, not Active.
    const row = studioMovieRow(studio.page, TITLE);
    await expect.poll(() => row.getByTestId("moderation").textContent(), { timeout: 15_000 }).toBe("In review");
    await studio.page.screenshot({ path: path.join(shots, "review-studio-in-review.png"), fullPage: true });
    await studio.page.setViewportSize({ width: 390, height: 844 });
    await row.getByTestId("moderation").scrollIntoViewIfNeeded();
    await studio.page.screenshot({ path: path.join(shots, "review-studio-in-review-390.png"), fullPage: true });
    const mine = await api("GET", `/performer/assets/videos/search?q=${stamp}`, { token: performer });
    movieId = mine.body.data[0]._id as string;
    expect(mine.body.data[0]).toMatchObject({ status: "active", moderation: { state: "in-review" } });
    expect(studio.errors).toEqual([]);
    await studio.context.close();

    // Visitors do not find it.
    expect((await api("GET", `/user/assets/videos/${movieId}`)).status).toBe(404);
    const visitor = await newPage(browser);
    const missing = await visitor.page.goto(`/movies/${movieId}`);
    expect(missing?.status()).toBe(404);

    // The admin finds it in the queue, watches it through the normal player, and approves it.
    const desk = await newPage(browser);
    await logIn(desk.page, "admin");
    await goto(desk.page, "/admin/review");
    await desk.page.getByRole("heading", { name: "Review", level: 1 }).waitFor();
    await desk.page.getByTestId("review-row").filter({ hasText: TITLE }).click();
    const panel = desk.page.getByTestId("review-panel");
    await panel.getByRole("heading", { name: TITLE }).waitFor();
    await panel.getByTestId("review-releases").waitFor();
    // The player: its poster and play button, then the movie itself playing.
    await panel.getByRole("button", { name: /^Play/ }).click();
    await expect
      .poll(() => panel.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await desk.page.screenshot({ path: path.join(shots, "review-queue.png"), fullPage: true });
    await expectAccessible(desk.page, "review queue");
    await desk.page.setViewportSize({ width: 390, height: 844 });
    await desk.page.screenshot({ path: path.join(shots, "review-queue-390.png"), fullPage: true });
    const width = await desk.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await desk.page.setViewportSize({ width: 1280, height: 800 });
    await panel.getByRole("button", { name: "Approve" }).click();
    await desk.page.getByText(`“${TITLE}” is out.`).waitFor();
    await expect.poll(() => desk.page.getByTestId("review-row").filter({ hasText: TITLE }).count()).toBe(0);
    expect(desk.errors).toEqual([]);
    await desk.context.close();

    // It is public now.
    await goto(visitor.page, `/movies/${movieId}`);
    await visitor.page.getByRole("heading", { name: TITLE, level: 1 }).waitFor();
    await visitor.context.close();
  });
});
