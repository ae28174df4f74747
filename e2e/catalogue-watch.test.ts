import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import type { Gallery, GalleryDetail } from "@marquee/contracts/galleries";
import type { Video, VideoDetail } from "@marquee/contracts/videos";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { api, apiLogin, goto, launch, newPage, signUp, site } from "./browser.ts";

/** Screenshots for a person to look at (CI keeps the folder as an artifact). */
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");

let browser: Browser;
let userToken: string;
let memberToken: string;
/** A free movie anyone may watch, a members movie `user` may not watch and `member` may, a free gallery. */
let freeMovie: VideoDetail;
let membersMovie: VideoDetail;
let gallery: GalleryDetail;

type Search<T> = { data: T[]; next: string | null };

/**
 * The first item of a catalogue list that `accept` takes, paging by cursor. The demo catalogue is seeded (and its
 * clips processed) as the API starts, so this retries for a while before giving up.
 */
async function findItem<T extends { _id: string }, D>(
  what: string,
  listPath: string,
  query: string,
  detail: (item: T) => Promise<D | null>,
): Promise<D> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    let cursor: string | null = null;
    do {
      const qs = `${query}&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const res = await api("GET", `${listPath}?${qs}`);
      expect(res.status, `${listPath}?${qs}`).toBe(200);
      const page = res.body as Search<T>;
      for (const item of page.data) {
        const found = await detail(item);
        if (found) return found;
      }
      cursor = page.next;
    } while (cursor);
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error(`no ${what} in the demo catalogue`);
}

const movieAs = async (idOrSlug: string, token?: string) =>
  (await api("GET", `/user/assets/videos/${idOrSlug}`, { token })).body as VideoDetail;

beforeAll(async () => {
  browser = await launch();
  await mkdir(shots, { recursive: true });
  [userToken, memberToken] = await Promise.all([apiLogin("user"), apiLogin("member")]);
  freeMovie = await findItem<Video, VideoDetail>(
    "playable free movie",
    "/user/assets/videos/search",
    "access=free&includeComing=false&sortBy=newest",
    async (v) => {
      const d = await movieAs(v._id);
      return d.canWatch && d.media ? d : null;
    },
  );
  membersMovie = await findItem<Video, VideoDetail>(
    "members movie",
    "/user/assets/videos/search",
    "access=members&includeComing=false&sortBy=newest",
    async (v) => {
      const [asUser, asMember] = await Promise.all([movieAs(v._id, userToken), movieAs(v._id, memberToken)]);
      return !asUser.canWatch && asUser.lock === "members" && asMember.canWatch && asMember.media ? asMember : null;
    },
  );
  gallery = await findItem<Gallery, GalleryDetail>(
    "free gallery",
    "/user/assets/galleries/search",
    "access=free&sortBy=newest",
    async (g) => {
      if (g.photosCount < 3) return null;
      const d = (await api("GET", `/user/assets/galleries/${g._id}/view`)).body as GalleryDetail;
      return d.canWatch ? d : null;
    },
  );
}, 180_000);
afterAll(() => browser?.close());

async function logIn(page: Page, username: string, password = "marquee-demo") {
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** Plays the movie on the page and waits until its playback position has moved on. */
async function playAndAdvance(page: Page) {
  await page.getByRole("button", { name: "Play movie" }).click();
  const video = page.locator("[data-testid=movie-player] video");
  const state = () =>
    video.evaluate((v: HTMLVideoElement) => ({
      currentTime: v.currentTime,
      paused: v.paused,
      readyState: v.readyState,
      networkState: v.networkState,
      error: v.error ? `${v.error.code} ${v.error.message}` : null,
      source: v.parentElement?.dataset.source,
    }));
  let last = await state();
  // Up to 45 s: a loaded CI machine may take a while to load hls.js and the first segments; the loop ends once it plays.
  for (const deadline = Date.now() + 45_000; last.currentTime <= 1 && Date.now() < deadline; last = await state()) {
    await page.waitForTimeout(250);
  }
  // When it does not play, the element's state says why: paused, no data, a media error, or the source used.
  expect(last.currentTime, JSON.stringify(last)).toBeGreaterThan(1);
  const src = await page.locator("[data-testid=movie-player] video").evaluate((v: HTMLVideoElement) => v.currentSrc);
  // Native HLS or the MP4 plays the signed URL itself; hls.js plays a blob: of the media source.
  expect(src.includes("/media/") || src.startsWith("blob:")).toBe(true);
}

async function videoSources(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("video, video source")).map(
      (el) => (el as HTMLVideoElement).currentSrc || el.getAttribute("src") || "",
    ),
  );
}

async function expectAccessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious).toEqual([]);
}

describe("watching movies", () => {
  it("a visitor plays a free movie and its position advances", async () => {
    const { context, page, errors } = await newPage(browser);
    await goto(page, `/movies/${freeMovie.slug}`);
    await page.getByRole("heading", { level: 1, name: freeMovie.title }).waitFor();
    // Link previews: the movie's title, type and poster.
    const meta = (property: string) => page.locator(`meta[property="${property}"]`).getAttribute("content");
    expect(await meta("og:type")).toBe("video.movie");
    expect(await meta("og:title")).toContain(freeMovie.title);
    // The API's poster link is root-relative; a link preview needs it absolute, on the site's public URL.
    expect(freeMovie.thumbnail?.url).toMatch(/^\/api\/files\//);
    expect(await meta("og:image")).toBe(`${site().webUrl}${freeMovie.thumbnail?.url}`);
    await playAndAdvance(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("fetches no stream and no hls.js until the viewer points at the player, then plays at once", async () => {
    const { context, page, errors } = await newPage(browser);
    const asked: string[] = [];
    page.on("request", (r) => {
      const { pathname } = new URL(r.url());
      if (/\/assets\/hls-[\w-]+\.js$/.test(pathname)) asked.push("hls.js");
      else if (pathname.endsWith(".m3u8") || pathname.endsWith(".ts")) asked.push("stream");
    });
    await goto(page, `/movies/${freeMovie.slug}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // The page's first load is over (its poster, scripts and the related movies), and still no stream was asked for.
    await page.waitForLoadState("networkidle");
    const player = page.getByTestId("movie-player");
    expect(asked).toEqual([]);
    expect(await player.getAttribute("data-source")).toBe("");
    // Pointing at the player is the sign: hls.js comes, and the stream is attached before Play is pressed.
    await player.hover();
    await expect.poll(() => player.getAttribute("data-source"), { timeout: 30_000 }).toBe("hls.js");
    expect(asked[0]).toBe("hls.js");
    await playAndAdvance(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("streams through hls.js in a browser without native HLS", async () => {
    const { context, page, errors } = await newPage(browser);
    await context.addInitScript(() => {
      const canPlayType = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return type.includes("mpegurl") ? "" : canPlayType.call(this, type);
      };
    });
    // hls.js loads on demand; held back here, the viewer's click comes before it is attached, and must still play.
    await page.route(/\/assets\/hls-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    const warnings: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "warning") warnings.push(m.text());
    });
    await goto(page, `/movies/${freeMovie.slug}`);
    await playAndAdvance(page);
    // Had the stream failed, the player says why and plays the MP4.
    expect(await page.getByTestId("movie-player").getAttribute("data-source"), warnings.join("; ")).toBe("hls.js");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("plays the MP4 when hls.js cannot load the stream, without a second click", async () => {
    const { context, page, errors } = await newPage(browser);
    await context.addInitScript(() => {
      const canPlayType = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return type.includes("mpegurl") ? "" : canPlayType.call(this, type);
      };
    });
    await page.route(/\.m3u8(\?|$)/, (route) => route.fulfill({ status: 404, body: "" }));
    const warnings: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "warning") warnings.push(m.text());
    });
    await goto(page, `/movies/${freeMovie.slug}`);
    await playAndAdvance(page);
    expect(await page.getByTestId("movie-player").getAttribute("data-source")).toBe("mp4");
    expect(warnings.some((w) => w.startsWith("hls.js: manifestLoadError"))).toBe(true);
    // The refused playlist is the only failed request the console reports.
    expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
    await context.close();
  });

  it("a members movie is locked for a user, with no media URL in the page, and plays for a member", async () => {
    const user = await newPage(browser);
    await goto(user.page, `/movies/${membersMovie.slug}`);
    // A visitor is asked to log in, and comes back to the movie afterwards.
    const cta = user.page.getByTestId("call-to-action");
    await cta.getByRole("heading", { name: "Log in to watch" }).waitFor();
    await cta.getByText("Membership costs $12.99 / month", { exact: false }).waitFor();
    await cta.getByRole("link", { name: "Log in to watch" }).click();
    await user.page.waitForURL(/\/auth\/login\?videoId=/);
    await logIn(user.page, "user");
    await user.page.waitForURL(`${site().webUrl}/movies/${membersMovie._id}`);
    await cta.getByRole("heading", { name: "For members" }).waitFor();
    // The way in: the membership, at the price of the cheapest package (e2e/payments.test.ts joins one).
    await cta.getByText("Join for $12.99 / month to watch this and every members movie", { exact: false }).waitFor();
    expect(await cta.getByRole("link", { name: "Join", exact: true }).getAttribute("href")).toBe("/membership");
    expect(await user.page.getByRole("button", { name: "Play movie" }).count()).toBe(0);
    expect((await videoSources(user.page)).filter((s) => s.includes("/media/"))).toEqual([]);
    // Not even in the data the server rendered with.
    await user.page.reload();
    await cta.waitFor();
    expect(await user.page.content()).not.toContain("/media/");
    expect(user.errors).toEqual([]);
    await user.context.close();

    const member = await newPage(browser);
    await goto(member.page, `/auth/login?videoId=${membersMovie._id}`);
    await logIn(member.page, "member");
    await member.page.waitForURL(`${site().webUrl}/movies/${membersMovie._id}`);
    expect(await member.page.getByTestId("call-to-action").count()).toBe(0);
    await playAndAdvance(member.page);
    expect(member.errors).toEqual([]);
    await member.context.close();
  });
});

describe("resuming movies", () => {
  it("a member resumes a movie where they paused it after a reload, finds it under Continue watching, and clears their history", async () => {
    const account = await signUp("resume");
    const token = await apiLogin(account.username, account.password);
    const { context, page, errors } = await newPage(browser);
    await goto(page, "/auth/login");
    await logIn(page, account.username, account.password);
    await page.waitForURL((url) => !url.pathname.startsWith("/auth/login"));
    await goto(page, `/movies/${freeMovie.slug}`);
    await playAndAdvance(page);
    const video = page.locator("[data-testid=movie-player] video");
    const pausedAt = await video.evaluate((v: HTMLVideoElement) => {
      v.pause();
      return v.currentTime;
    });
    // The pause reported the position to the API.
    const saved = async () =>
      ((await api("GET", `/watching/progress/${freeMovie._id}`, { token })).body as { position: number }).position;
    // (The player reports tenths of a second: a pause at 1.02 s is saved as 1.)
    await expect.poll(async () => Math.abs((await saved()) - pausedAt), { timeout: 10_000 }).toBeLessThan(0.2);

    // After a reload the player stands where the member left off, before they press Play: once they point at it
    // (the stream is attached only then).
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByTestId("movie-player").hover();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(pausedAt - 0.5);

    // The home page's "Continue watching" row shows the movie with how far they got.
    await goto(page, "/");
    const row = page.getByTestId("continue-watching");
    await page.getByRole("heading", { level: 2, name: "Continue watching" }).waitFor();
    const card = row.locator(`[data-testid=video-card][data-slug="${freeMovie.slug}"]`);
    await card.getByRole("link", { name: freeMovie.title }).waitFor();
    const watched = Number(await card.getByRole("progressbar", { name: "Watched" }).getAttribute("aria-valuenow"));
    expect(watched).toBeGreaterThan(0);
    expect(watched).toBeLessThan(100);

    // The history lists it; clearing it asks first, and leaves it empty.
    await goto(page, "/account/history");
    await page.getByTestId("history-entry").getByRole("link", { name: freeMovie.title }).waitFor();
    await page.getByRole("button", { name: "Clear history" }).click();
    const dialog = page.getByRole("dialog", { name: "Clear your watch history?" });
    await dialog.getByRole("button", { name: "Clear history" }).click();
    await page.getByText("You have not watched any movies yet.").waitFor();
    expect(await saved()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the movie list", () => {
  it("filters by access kind in the URL and loads more by cursor", async () => {
    const { context, page, errors } = await newPage(browser);
    await goto(page, "/movies");
    const cards = page.getByTestId("movies-grid").getByTestId("video-card");
    const badges = () =>
      cards.locator("[data-access]").evaluateAll((els) => els.map((e) => e.getAttribute("data-access")));
    await cards.first().waitFor();
    await page.locator(".mantine-SegmentedControl-root").getByText("Members", { exact: true }).click();
    await page.waitForURL(/\/movies\?access=members$/);
    // Members movies only, some of them announced for later.
    await expect.poll(async () => (await badges()).every((k) => k === "members" || k === "coming")).toBe(true);
    expect((await badges()).length).toBeGreaterThan(0);

    // The demo catalogue holds more movies than a page: "Load more" appends the next page by cursor.
    const { body } = await api("GET", "/user/assets/videos/search?sortBy=oldest&limit=1");
    expect(body.total).toBeGreaterThan(24);
    await goto(page, "/movies?sort=oldest");
    await expect.poll(() => cards.count()).toBe(24);
    await page.getByRole("button", { name: "Load more movies" }).click();
    await expect.poll(() => cards.count()).toBe(Math.min(48, body.total));
    const slugs = await cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-slug")));
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("galleries", () => {
  it("opens a gallery and pages through its photos with the keyboard in the viewer", async () => {
    const { context, page, errors } = await newPage(browser);
    await goto(page, `/galleries/${gallery._id}`);
    const tiles = page.getByTestId("photo-grid").getByRole("button");
    await tiles.first().waitFor();
    const total = Math.max(gallery.photosCount, await tiles.count());
    await tiles.first().click();

    const viewer = page.getByTestId("photo-viewer");
    const counter = page.getByTestId("photo-viewer-counter");
    const image = page.getByTestId("photo-viewer-image");
    await viewer.waitFor();
    await expect.poll(() => counter.textContent()).toBe(`1 of ${total}`);
    const first = await image.getAttribute("data-photo-id");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => counter.textContent()).toBe(`3 of ${total}`);
    const third = await image.getAttribute("data-photo-id");
    expect(third).not.toBe(first);
    expect(new URL(page.url()).searchParams.get("photo")).toBe(third);
    // The full image is a signed URL and it loads.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => counter.textContent()).toBe(`2 of ${total}`);
    // Focus stays inside the dialog.
    for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
    expect(await viewer.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });
    expect(new URL(page.url()).searchParams.get("photo")).toBeNull();

    // A link to one photo opens the viewer at it.
    await goto(page, `/galleries/${gallery._id}?photo=${third}`);
    await viewer.waitFor();
    await expect.poll(() => counter.textContent()).toBe(`3 of ${total}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("a long gallery", () => {
  const PAGE_SIZE = 24;
  let performer: string;
  let longGalleryId: string | null = null;

  beforeAll(async () => {
    performer = await apiLogin("performer");
    const created = await api("POST", "/performer/assets/galleries", {
      token: performer,
      body: { title: "A long afternoon", access: "free", status: "active", tags: ["e2e"] },
    });
    expect(created.status).toBe(201);
    longGalleryId = created.body._id as string;
    // More photos than one page of the gallery holds, so the viewer has to fetch the next page.
    for (let i = 0; i < PAGE_SIZE + 3; i++) {
      const hue = Math.round((i * 360) / (PAGE_SIZE + 3));
      const picture = await sharp({
        create: { width: 480, height: 600, channels: 3, background: `hsl(${hue}, 60%, 55%)` },
      })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(picture)], { type: "image/jpeg" }), `long-${i}.jpg`);
      const res = await fetch(`${site().apiUrl}/performer/assets/galleries/${longGalleryId}/photos/upload`, {
        method: "POST",
        headers: { authorization: `Bearer ${performer}` },
        body: form,
      });
      expect(res.status).toBe(201);
    }
    // The media worker makes each photo's variants; the gallery shows a photo once it is ready.
    await vi.waitFor(
      async () => {
        const view = await api("GET", `/user/assets/galleries/${longGalleryId}/view`);
        expect(view.body.photosCount).toBe(PAGE_SIZE + 3);
      },
      { timeout: 60_000, interval: 250 },
    );
  }, 120_000);
  afterAll(async () => {
    if (longGalleryId) await api("DELETE", `/performer/assets/galleries/${longGalleryId}`, { token: performer });
  });

  it("loads the next page of photos as the viewer nears the end", async () => {
    const total = PAGE_SIZE + 3;
    const { context, page, errors } = await newPage(browser);
    await goto(page, `/galleries/${longGalleryId}`);
    const tiles = page.getByTestId("photo-grid").getByRole("button");
    await tiles.first().waitFor();
    expect(await tiles.count()).toBe(PAGE_SIZE);
    await tiles.nth(PAGE_SIZE - 4).click();
    const counter = page.getByTestId("photo-viewer-counter");
    await expect.poll(() => counter.textContent()).toBe(`${PAGE_SIZE - 3} of ${total}`);
    // Near the end of the first page the next one is fetched; paging on reaches the last photo.
    for (let i = 0; i < total; i++) await page.keyboard.press("ArrowRight");
    await expect.poll(() => counter.textContent()).toBe(`${total} of ${total}`);
    expect(await tiles.count()).toBe(total);
    await page.keyboard.press("Home");
    await expect.poll(() => counter.textContent()).toBe(`1 of ${total}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(["light", "dark"] as const)("screenshots in the %s theme", (scheme) => {
  async function themedPage() {
    const opened = await newPage(browser, { colorScheme: scheme });
    await opened.context.addInitScript((value) => {
      window.localStorage.setItem("mantine-color-scheme-value", value);
    }, scheme);
    return opened;
  }

  it("shows a locked and a playing movie, and the photo viewer", async () => {
    const { context, page, errors } = await themedPage();
    const { hostname } = new URL(site().webUrl);
    await context.addCookies([{ name: "token", value: userToken, domain: hostname, path: "/" }]);
    await goto(page, `/movies/${membersMovie.slug}`);
    await expect.poll(() => page.locator("html").getAttribute("data-mantine-color-scheme")).toBe(scheme);
    await page.getByTestId("call-to-action").waitFor();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: path.join(shots, `movie-locked-${scheme}.png`) });
    await expectAccessible(page, "locked movie");

    await goto(page, `/movies/${freeMovie.slug}`);
    await playAndAdvance(page);
    await page.locator("[data-testid=movie-player] video").evaluate((v: HTMLVideoElement) => v.pause());
    await page.mouse.move(640, 700);
    await page.screenshot({ path: path.join(shots, `movie-playing-${scheme}.png`), fullPage: true });
    await expectAccessible(page, "movie");

    await goto(page, `/galleries/${gallery._id}`);
    await page.getByTestId("photo-grid").getByRole("button").first().waitFor();
    await expectAccessible(page, "gallery");
    await page.getByTestId("photo-grid").getByRole("button").nth(1).click();
    const image = page.getByTestId("photo-viewer-image");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The dialog fades in: wait until it is fully shown.
    await expect.poll(() => page.getByTestId("photo-viewer").evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    await page.mouse.move(640, 780);
    await page.screenshot({ path: path.join(shots, `gallery-viewer-${scheme}.png`) });
    expect(errors).toEqual([]);
    await context.close();
  });
});
