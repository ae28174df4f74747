import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Video, VideoDetail } from "@marquee/contracts/videos";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, expectAccessible, goto, launch, newPage, site } from "./browser.ts";

/** Screenshots of the player for a person to look at (issue 23 section 1). */
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "docs", "screenshots");

let browser: Browser;
/** A free movie anyone may watch, with its thumbnail strip. */
let movie: VideoDetail;

beforeAll(async () => {
  browser = await launch();
  await mkdir(shots, { recursive: true });
  // The demo catalogue is seeded (and its clips processed) as the API starts: retried for a while.
  const deadline = Date.now() + 150_000;
  while (!movie && Date.now() < deadline) {
    const list = await api("GET", "/user/assets/videos/search?access=free&includeComing=false&sortBy=newest&limit=50");
    for (const v of (list.body?.data ?? []) as Video[]) {
      const d = (await api("GET", `/user/assets/videos/${v._id}`)).body as VideoDetail;
      if (d.canWatch && d.media?.stripGrid && d.performers.length > 0) {
        movie = d;
        break;
      }
    }
    if (!movie) await new Promise((r) => setTimeout(r, 2000));
  }
  if (!movie) throw new Error("no playable free movie in the demo catalogue");
}, 180_000);
afterAll(() => browser?.close());

const videoOf = (page: Page) => page.locator("[data-testid=movie-player] video");
const player = (page: Page) => page.getByTestId("movie-player");
const controls = (page: Page) => page.getByTestId("player-controls");

/** Starts the movie with its play button and waits until it plays with data, through hls.js. */
async function start(page: Page) {
  await page.getByRole("button", { name: "Play movie" }).click();
  await expect
    .poll(() => videoOf(page).evaluate((v: HTMLVideoElement) => v.currentTime > 0.3 && v.readyState >= 2), {
      timeout: 45_000,
    })
    .toBe(true);
  expect(await player(page).getAttribute("data-source")).toBe("hls.js");
}

async function pick(page: Page, menuButton: Locator, option: string) {
  await menuButton.click();
  await page.getByRole("menuitemradio", { name: option, exact: true }).click();
}

describe("the player's own controls", () => {
  it("plays with its controls: quality, speed, mute, fullscreen, the seek bar's preview, and Next up at the end", async () => {
    const { context, page, errors } = await newPage(browser);
    await goto(page, `/movies/${movie.slug}`);
    await page.getByRole("heading", { level: 1, name: movie.title }).waitFor();
    // The browser's own controls are gone; the player's appear once it is started.
    expect(await videoOf(page).getAttribute("controls")).toBeNull();
    expect(await controls(page).count()).toBe(0);
    await start(page);

    // It starts at the rendition that fits the 1120 px player on this link (720p), not at 360p.
    await expect.poll(() => player(page).getAttribute("data-level")).toBe("720");
    // While it plays the controls hide once the pointer is still (the next test): pointing at the player shows them.
    await player(page).hover();
    await controls(page).getByRole("button", { name: "Pause" }).click();
    expect(await videoOf(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

    // Quality: Auto plus each rendition; picking 360p switches hls.js to it.
    const quality = controls(page).getByRole("button", { name: /^Quality/ });
    await quality.click();
    const options = page.getByRole("menuitemradio");
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(["Auto (720p)", "720p", "360p"]);
    expect(await page.getByRole("menuitemradio", { name: "Auto (720p)" }).getAttribute("aria-checked")).toBe("true");
    await page.screenshot({ path: path.join(shots, "player-quality-menu.png") });
    await page.getByRole("menuitemradio", { name: "360p", exact: true }).click();
    await expect.poll(() => player(page).getAttribute("data-level")).toBe("360");
    expect(await player(page).getAttribute("data-quality")).toBe("manual");
    expect(await quality.getAttribute("aria-label")).toBe("Quality: 360p");
    // The picture itself is the 360p rendition once it plays on (from the start: the clip is short).
    await videoOf(page).evaluate((v: HTMLVideoElement) => {
      v.currentTime = 0;
    });
    await controls(page).getByRole("button", { name: "Play", exact: true }).click();
    await expect.poll(() => videoOf(page).evaluate((v: HTMLVideoElement) => v.videoHeight)).toBe(360);
    await controls(page).getByRole("button", { name: "Pause" }).click();

    // Speed.
    await pick(page, controls(page).getByRole("button", { name: /^Playback speed/ }), "1.5×");
    expect(await videoOf(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);

    // Captions: a menu of the video's text tracks (Off and each), there once a track is.
    expect(
      await controls(page)
        .getByRole("button", { name: /^Captions/ })
        .count(),
    ).toBe(0);
    await videoOf(page).evaluate((v: HTMLVideoElement) => {
      v.addTextTrack("subtitles", "English", "en");
    });
    await pick(page, controls(page).getByRole("button", { name: /^Captions/ }), "English");
    expect(await videoOf(page).evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode)).toBe("showing");
    await pick(page, controls(page).getByRole("button", { name: /^Captions/ }), "Off");
    expect(await videoOf(page).evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode)).toBe("disabled");

    // Shortcuts while the player has focus: m mutes, f puts the player (with its controls) in fullscreen.
    await controls(page).getByRole("button", { name: "Fullscreen" }).focus();
    await page.keyboard.press("m");
    expect(await videoOf(page).evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    // The button follows the element's volumechange on the next render: waited for, not read once.
    await expect.poll(() => controls(page).getByRole("button", { name: "Unmute" }).count()).toBe(1);
    await page.keyboard.press("f");
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute("data-testid") ?? null))
      .toBe("movie-player");
    await controls(page).getByRole("button", { name: "Exit fullscreen" }).waitFor();
    await page.keyboard.press("f");
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
    // ←/→ seek 5 s (the clip is shorter: to its ends).
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => videoOf(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBe(0);

    // Hovering the seek bar shows the time there with its frame from the strip: half-way is tile 5 of 10.
    const seek = controls(page).getByTestId("seek-bar");
    const box = (await seek.boundingBox()) as { x: number; y: number; width: number; height: number };
    await page.mouse.move(box.x + box.width * 0.55, box.y + box.height / 2);
    const frame = page.getByTestId("seek-preview").locator("[data-tile]");
    await frame.waitFor();
    expect(await frame.getAttribute("data-tile")).toBe("5");
    const image = await frame.evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(image).toContain("strip.webp");
    const stripUrl = /url\("?([^")]+)"?\)/.exec(image)?.[1] as string;
    expect(await page.evaluate(async (url) => (await fetch(url)).status, stripUrl)).toBe(200);
    await page.screenshot({ path: path.join(shots, "player-desktop.png") });
    await expectAccessible(page, "player with its controls");

    // Next up: at the end the first of "More like this" is offered, with a countdown; Cancel stays here.
    await page.getByTestId("related-movies").waitFor();
    const toEnd = () =>
      videoOf(page).evaluate((v: HTMLVideoElement) => {
        v.currentTime = Math.max(0, v.duration - 0.3);
        return v.play();
      });
    await toEnd();
    const nextUp = page.getByTestId("next-up");
    await nextUp.waitFor();
    await nextUp.getByText("Next up").waitFor();
    const nextTitle = (await nextUp.locator("p").nth(1).textContent()) as string;
    expect(nextTitle).not.toBe(movie.title);
    await page.screenshot({ path: path.join(shots, "player-next-up.png") });
    await nextUp.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => nextUp.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/movies/${movie.slug}`);
    // Again, and this time the countdown opens the next movie.
    await toEnd();
    await nextUp.getByTestId("next-up-countdown").waitFor();
    await page.getByRole("heading", { level: 1, name: nextTitle }).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).not.toBe(`/movies/${movie.slug}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("hides the controls while it plays and the pointer is away, and shows them when it moves back", async () => {
    const { context, page, errors } = await newPage(browser);
    await goto(page, `/movies/${movie.slug}`);
    await start(page);
    // Slowed down, so the short demo clip plays long enough to watch the controls go and come back.
    await videoOf(page).evaluate((v: HTMLVideoElement) => {
      v.playbackRate = 0.5;
      v.loop = true;
    });
    await page.mouse.move(5, 5);
    await expect.poll(() => player(page).getAttribute("data-idle")).toBe("true");
    const box = (await player(page).boundingBox()) as { x: number; y: number; width: number; height: number };
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => player(page).getAttribute("data-idle")).toBe("false");
    // Left still over the picture, they go again after a while.
    await expect.poll(() => player(page).getAttribute("data-idle"), { timeout: 10_000 }).toBe("true");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("on a phone, every control is a touch target of at least 44 px", async () => {
    const context = await browser.newContext({
      baseURL: site().webUrl,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await goto(page, `/movies/${movie.slug}`);
    await page.getByRole("button", { name: "Play movie" }).click();
    await expect
      .poll(() => videoOf(page).evaluate((v: HTMLVideoElement) => v.currentTime > 0.3 && v.readyState >= 2))
      .toBe(true);
    await videoOf(page).evaluate((v: HTMLVideoElement) => v.pause());
    const buttons = controls(page).getByRole("button");
    expect(await buttons.count()).toBeGreaterThanOrEqual(4);
    for (const button of await buttons.all()) {
      if (!(await button.isVisible())) continue;
      const size = (await button.boundingBox()) as { width: number; height: number };
      expect(Math.min(size.width, size.height), (await button.getAttribute("aria-label")) ?? "").toBeGreaterThanOrEqual(
        44,
      );
    }
    const seek = (await controls(page).getByTestId("seek-bar").boundingBox()) as { height: number };
    expect(seek.height).toBeGreaterThanOrEqual(44);
    // The controls fit the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await player(page).screenshot({ path: path.join(shots, "player-phone.png") });
    await context.close();
  });
});
