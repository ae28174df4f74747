import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTool } from "../apps/api/src/platform/media/probe.ts";
import { api, apiLogin, goto, launch, newPage, site } from "./browser.ts";

/**
 * One public origin: the same site opened by two names that reach this machine, 127.0.0.1 and marquee.test (mapped
 * to 127.0.0.1 inside Chromium, no /etc/hosts), works through each: log in, play a movie over HLS, receive a socket
 * event. The browser never calls anything but the origin it opened.
 */

const SECOND_NAME = "marquee.test";
const stamp = Date.now() % 1_000_000;

let browser: Browser;
let work: string;
let clip: string;
let performer: string;
let freeSlug: string;

beforeAll(async () => {
  browser = await launch([`--host-resolver-rules=MAP ${SECOND_NAME} 127.0.0.1`]);
  work = await mkdtemp(path.join(tmpdir(), "marquee-origin-"));
  // A 2 s movie with sound for the upload whose processing raises the socket event (the API's own ffmpeg).
  clip = path.join(work, "clip.mp4");
  await runTool(
    "ffmpeg",
    [
      ...["-y", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25"],
      ...["-f", "lavfi", "-i", "sine", "-t", "2", "-shortest", "-pix_fmt", "yuv420p", clip],
    ],
    120_000,
  );
  performer = await apiLogin("performer");
  const free = await api("GET", "/user/assets/videos/search?access=free&includeComing=false&limit=1");
  freeSlug = free.body.data[0].slug;
});

afterAll(async () => {
  const movies = await api("GET", `/performer/assets/videos/search?q=${stamp}&limit=50`, { token: performer });
  for (const m of movies.body?.data ?? [])
    await api("DELETE", `/performer/assets/videos/${m._id}`, { token: performer });
  await browser?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe.each(["127.0.0.1", SECOND_NAME])("the site opened as http://%s", (name) => {
  it("logs in, plays a movie over HLS and receives a socket event, all on that origin", {
    timeout: 150_000,
  }, async () => {
    const origin = `http://${name}:${new URL(site().webUrl).port}`;
    const { context, page, errors } = await newPage(browser, { baseURL: origin });
    const elsewhere: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.protocol.startsWith("http") && url.origin !== origin) elsewhere.push(r.url());
    });
    const sockets: string[] = [];
    page.on("websocket", (ws) => sockets.push(ws.url()));

    // Log in with the form; the token cookie is this host's, and not Secure on plain http.
    await goto(page, "/auth/login");
    await page.getByLabel("Username or email").fill("performer");
    await page.getByLabel("Password", { exact: true }).fill("marquee-demo");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${origin}/`);
    const cookie = (await context.cookies(origin)).find((c) => c.name === "token");
    expect(cookie).toMatchObject({ domain: name, secure: false });
    await expect
      .poll(() => page.getByTestId("socket-status").getAttribute("data-socket-status"), { timeout: 15_000 })
      .toBe("connected");

    // A free movie plays through hls.js: the playlist, variants and segments come through /api on this origin.
    await goto(page, `/movies/${freeSlug}`);
    await page.getByRole("button", { name: "Play movie" }).click();
    const video = page.locator("[data-testid=movie-player] video");
    // Playing with data to play: a member who watched it before resumes at their place, and while that seek runs the
    // position is already past 0.5 s with no data yet.
    await expect
      .poll(
        () =>
          video.evaluate((v: HTMLVideoElement) => v.currentTime > 0.5 && v.readyState >= 2 && !v.seeking && !v.paused),
        { timeout: 20_000 },
      )
      .toBe(true);

    // A movie uploaded from the studio: the file goes up through /api, and the API's "processed" event comes back
    // over the socket as a toast.
    const title = `Origin ${name} ${stamp}`;
    const created = await api("POST", "/performer/assets/videos", {
      token: performer,
      body: { title, status: "draft" },
    });
    expect(created.status).toBe(201);
    await goto(page, "/studio/movies");
    await page.getByRole("button", { name: `Edit ${title}` }).click();
    const editor = page.getByRole("dialog", { name: "Edit movie" });
    await editor.getByTestId("movie-dropzone").locator("input[type=file]").setInputFiles(clip);
    await page.getByText(`${title} is ready`).waitFor({ timeout: 90_000 });

    // Everything the page loaded or called was on the origin it was opened by, the socket included.
    expect(elsewhere).toEqual([]);
    expect(sockets.length).toBeGreaterThan(0);
    for (const url of sockets) expect(url.startsWith(`ws://${new URL(origin).host}/socket.io/`), url).toBe(true);
    // The session token goes in the socket's CONNECT packet, never in its URL (which proxies and CDNs log).
    for (const url of sockets) expect(url.includes(cookie?.value as string), url).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
