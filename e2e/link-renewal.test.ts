import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTool } from "../apps/api/src/platform/media/probe.ts";
import { api, apiLogin, goto, launch, newPage, signUp, site } from "./browser.ts";

/**
 * Seamless renewal of a movie's short-lived links (issue 21). The end-to-end site signs segment links for 10 s
 * (MEDIA_SEGMENT_TTL_SEC in global-setup.ts), so a member watching a minute-long movie lives through several
 * renewals: the player fetches its playlist again before the links run out, and goes on playing in the same
 * element, never rebuilt. When a renewal is refused because access is gone, playback stops there with the site's
 * message.
 */

const SEGMENT_TTL_SEC = 10;
const LENGTH_SEC = 60;
const NO_ACCESS = "You no longer have access to this movie.";
const stamp = Date.now().toString(36);

let browser: Browser;
let work: string;
let performer: string;
let admin: string;
let movieId: string;

/** A fresh, confirmed member of the site by an admin's grant: their access is their own, whatever other tests do. */
async function newMember(page: Page): Promise<{ userId: string; membershipId: string }> {
  const { username, password } = await signUp("renew");
  const token = await apiLogin(username, password);
  const me = await api("GET", "/users/me", { token });
  const granted = await api("POST", "/admin/subscriptions/grant", {
    token: admin,
    body: { userId: me.body._id, days: 30, reason: "Watches the renewal test" },
  });
  expect(granted.status, JSON.stringify(granted.body)).toBe(201);
  const { hostname } = new URL(site().webUrl);
  await page.context().addCookies([{ name: "token", value: token, domain: hostname, path: "/" }]);
  return { userId: me.body._id, membershipId: granted.body._id };
}

beforeAll(async () => {
  browser = await launch();
  [performer, admin] = await Promise.all([apiLogin("performer"), apiLogin("admin")]);
  // A minute-long movie for members: long enough to need segments after the first links ran out.
  work = await mkdtemp(path.join(tmpdir(), "marquee-renewal-"));
  const clip = path.join(work, "clip.mp4");
  await runTool(
    "ffmpeg",
    [
      ...["-y", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25"],
      ...["-f", "lavfi", "-i", "sine=frequency=330", "-t", String(LENGTH_SEC), "-shortest"],
      ...["-c:v", "libx264", "-preset", "veryfast", "-crf", "35", "-pix_fmt", "yuv420p", clip],
    ],
    120_000,
  );
  const me = await api("GET", "/users/me", { token: performer });
  const created = await api("POST", "/performer/assets/videos", {
    token: performer,
    body: { title: `Renewal ${stamp}`, access: "members", status: "active", performerIds: [me.body._id] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  movieId = created.body._id;
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await readFile(clip))]), "clip.mp4");
  const uploaded = await fetch(`${site().apiUrl}/performer/assets/videos/${movieId}/upload/video`, {
    method: "POST",
    headers: { authorization: `Bearer ${performer}` },
    body: form,
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  // Transcoded by the API's own worker; the first of its answers that says "ready", or why not.
  for (const deadline = Date.now() + 170_000; ; await new Promise((r) => setTimeout(r, 1000))) {
    const view = await api("GET", `/performer/assets/videos/${movieId}/view`, { token: performer });
    const { status, error } = view.body.processing;
    if (status === "ready") break;
    if (status === "failed" || Date.now() > deadline) throw new Error(`the movie is ${status}: ${error}`);
  }
}, 240_000);

afterAll(async () => {
  if (movieId) await api("DELETE", `/performer/assets/videos/${movieId}`, { token: performer });
  await browser?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** What the page asked for: the movie's variant playlist fetches, and each segment's link and answer. */
function watchNetwork(page: Page) {
  const seen = { playlists: 0, segments: [] as { url: string; file: string; status: number }[] };
  page.on("request", (r) => {
    if (/\/hls\/[^/]+\/index\.m3u8$/.test(new URL(r.url()).pathname)) seen.playlists++;
  });
  page.on("response", (r) => {
    if (new URL(r.url()).pathname.endsWith(".ts")) {
      seen.segments.push({ url: r.url(), file: fileOf(r.url()), status: r.status() });
    }
  });
  return seen;
}

/** The file a media link names (its key), whatever its signature. */
const fileOf = (url: string) => new URL(url).pathname.replace(/^.*\/private\//, "");
/** The expiry (unix seconds) a signed media link carries. */
const expiryOf = (url: string) => Number(/\/media\/(\d+)\//.exec(url)?.[1]);

/** Opens the movie, starts it and marks its <video> element, counting what would betray a rebuilt player. */
async function startMovie(page: Page) {
  await goto(page, `/movies/${movieId}`);
  await page.getByRole("button", { name: "Play movie" }).click();
  const video = page.locator("[data-testid=movie-player] video");
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.5);
  await video.evaluate((v: HTMLVideoElement) => {
    const marked = v as HTMLVideoElement & { renewalTest?: { src: string; emptied: number } };
    marked.renewalTest = { src: v.currentSrc, emptied: 0 };
    v.addEventListener("emptied", () => {
      if (marked.renewalTest) marked.renewalTest.emptied++;
    });
  });
  return video;
}

describe("a movie's links renewed while it plays", () => {
  it("plays on through several renewals in the same player, at an advancing position", {
    timeout: 120_000,
  }, async () => {
    const { context, page, errors } = await newPage(browser);
    await newMember(page);
    const seen = watchNetwork(page);
    // A slow connection (64 KB/s, about 2.5 times the movie's rate): its segments keep loading for half a minute,
    // through the links of each renewal.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: 64 * 1024,
      uploadThroughput: -1,
    });
    // One segment request is held until its link has run out: the API refuses it, and the player renews and
    // loads it again instead of failing.
    let held: { file: string; url: string } | null = null;
    await page.route(/\/private\/videos\/.+\.ts$/, async (route) => {
      const url = route.request().url();
      if (!held && seen.playlists >= 2 && expiryOf(url) - Date.now() / 1000 <= 6) {
        held = { file: fileOf(url), url };
        while (Date.now() / 1000 <= expiryOf(url) + 1) await new Promise((r) => setTimeout(r, 100));
      }
      await route.continue().catch(() => {
        // hls.js gave up waiting for it and asked again: nothing to send.
      });
    });
    const video = await startMovie(page);
    expect(await page.getByTestId("movie-player").getAttribute("data-source")).toBe("hls.js");
    const fetchedBefore = seen.playlists;
    const startedAt = await video.evaluate((v: HTMLVideoElement) => v.currentTime);

    // Two renewals later (every 5 s of playing with 10 s links), and past the first links' life.
    await expect
      .poll(async () => seen.playlists - fetchedBefore, { timeout: 60_000, interval: 250 })
      .toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 60_000, interval: 250 })
      .toBeGreaterThan(startedAt + SEGMENT_TTL_SEC + 5);

    const state = await video.evaluate((v: HTMLVideoElement) => {
      const marked = v as HTMLVideoElement & { renewalTest?: { src: string; emptied: number } };
      return {
        same: v === document.querySelector("[data-testid=movie-player] video"),
        mark: marked.renewalTest,
        src: v.currentSrc,
        paused: v.paused,
        error: v.error?.message ?? null,
      };
    });
    // The same element, never emptied, on the same media source: the player was not rebuilt.
    expect(state.same).toBe(true);
    expect(state.mark).toEqual({ src: state.src, emptied: 0 });
    expect(state.src.startsWith("blob:")).toBe(true);
    expect(state.paused).toBe(false);
    expect(state.error).toBeNull();
    expect(await page.getByTestId("call-to-action").count()).toBe(0);
    // The held segment was refused as expired, then loaded through a fresh link; every other one loaded at once.
    const heldFile = (held as { file: string } | null)?.file;
    expect(heldFile).toBeDefined();
    const tries = seen.segments.filter((s) => s.file === heldFile);
    expect(tries.map((s) => s.status)).toContain(403);
    expect(tries.at(-1)?.status).toBe(200);
    expect(expiryOf(tries.at(-1)?.url as string)).toBeGreaterThan(
      expiryOf((held as { url: string } | null)?.url ?? ""),
    );
    expect(seen.segments.filter((s) => s.file !== heldFile && s.status !== 200)).toEqual([]);
    // Segments loaded through the links of several renewals (expiries 5 s apart and more).
    const expiries = seen.segments.map((s) => expiryOf(s.url));
    expect(Math.max(...expiries) - Math.min(...expiries)).toBeGreaterThanOrEqual(10);
    // Chromium reports the refused request; nothing else failed.
    expect(errors.filter((e) => !e.includes("status of 403"))).toEqual([]);
    await context.close();
  });

  it("stops at the next renewal once the member's access has ended, with the site's message", {
    timeout: 120_000,
  }, async () => {
    const { context, page, errors } = await newPage(browser);
    const { membershipId } = await newMember(page);
    const video = await startMovie(page);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(2);

    const revoked = await api("POST", `/admin/subscriptions/${membershipId}/revoke`, {
      token: admin,
      body: { reason: "Ends the renewal test" },
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    const revokedAt = Date.now();
    const message = page.getByTestId("call-to-action").getByRole("heading", { name: NO_ACCESS });
    // The next renewal comes at most 5 s of playing later; the movie has most of its minute left to play.
    await message.waitFor({ timeout: SEGMENT_TTL_SEC * 1000 + 5000 });
    expect(Date.now() - revokedAt).toBeLessThan(SEGMENT_TTL_SEC * 1000 + 5000);
    expect(await page.locator("[data-testid=movie-player] video").count()).toBe(0);
    // The page says what the movie's lock offers now; nothing else failed.
    await page.getByRole("link", { name: "Join" }).first().waitFor();
    expect(errors.filter((e) => !e.includes("status of 403"))).toEqual([]);
    await context.close();
  });
});
