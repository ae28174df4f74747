import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, goto, launch, site } from "./browser.ts";
import { layoutProblems } from "./layout.ts";

/**
 * Every screen at 390x844 on a touch phone, as the role that sees it: the page never scrolls sideways, nothing
 * sticks out of the viewport, no button's or tab's text is cut, no control is hidden behind a clipping box, and no
 * tab list wraps. With SCREENSHOTS=1 each screen is also saved, light and dark, at phone and desktop size, to
 * docs/screenshots/<size>/ (webp, viewport only) for the README and for people to look at.
 */

type Role = "visitor" | "user" | "member" | "performer" | "admin";
interface Screen {
  name: string;
  role: Role;
  url: () => string;
  /** Something that shows the screen has rendered its content. */
  ready: (page: Page) => Promise<unknown>;
  /** What the browser keeps before the page opens (localStorage key -> JSON text), e.g. a filled cart. */
  stored?: () => Record<string, string>;
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const shotsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "docs", "screenshots");
const SCREENSHOTS = process.env.SCREENSHOTS === "1";

const ids: Record<string, string> = {};
const tokens = new Map<Role, string>();
let browser: Browser;

const heading = (name: string | RegExp) => (page: Page) => page.getByRole("heading", { name }).first().waitFor();
const main = (page: Page) => page.locator("main").first().waitFor();

const screens: Screen[] = [
  { name: "home", role: "visitor", url: () => "/", ready: (p) => p.getByTestId("latest-movies").waitFor() },
  { name: "home-member", role: "member", url: () => "/", ready: (p) => p.getByTestId("latest-movies").waitFor() },
  { name: "performers", role: "visitor", url: () => "/performers", ready: heading("Performers") },
  { name: "performer", role: "visitor", url: () => `/performers/${ids.performer}`, ready: heading(/Lucas Moreau/) },
  {
    name: "performer-products",
    role: "visitor",
    url: () => `/performers/${ids.seller}?tab=products`,
    ready: (p) => p.getByTestId("product-card").first().waitFor(),
  },
  { name: "movies", role: "visitor", url: () => "/movies", ready: (p) => p.getByTestId("movies-grid").waitFor() },
  { name: "movie", role: "visitor", url: () => `/movies/${ids.freeMovie}`, ready: heading(ids.freeMovieTitle ?? "") },
  {
    name: "movie-comments",
    role: "member",
    url: () => `/movies/${ids.freeMovie}`,
    ready: (p) => p.getByTestId("comment").first().waitFor(),
  },
  {
    name: "movie-locked",
    role: "user",
    url: () => `/movies/${ids.lockedMovie}`,
    ready: (p) => p.getByTestId("call-to-action").waitFor(),
  },
  { name: "galleries", role: "visitor", url: () => "/galleries", ready: heading("Galleries") },
  { name: "gallery", role: "member", url: () => `/galleries/${ids.gallery}`, ready: main },
  { name: "photos", role: "visitor", url: () => "/photos", ready: heading("Photos") },
  { name: "search", role: "visitor", url: () => "/search?q=sunrise", ready: (p) => p.getByRole("tablist").waitFor() },
  {
    name: "search-products",
    role: "visitor",
    url: () => "/search?q=tour&tab=products",
    ready: (p) => p.getByTestId("product-card").first().waitFor(),
  },
  { name: "posts", role: "visitor", url: () => "/posts", ready: heading("Posts") },
  { name: "post", role: "visitor", url: () => `/posts/${ids.post}`, ready: main },
  { name: "contact", role: "visitor", url: () => "/contact", ready: main },
  { name: "cart", role: "member", url: () => "/cart", ready: main },
  {
    name: "cart-filled",
    role: "member",
    url: () => "/cart",
    ready: (p) => p.getByRole("heading", { name: "Order summary" }).waitFor(),
    stored: () => ({
      cart: JSON.stringify({ total: 3, items: [{ _id: ids.shippedProduct, quantity: 2 }, { _id: ids.download }] }),
    }),
  },
  { name: "store", role: "visitor", url: () => "/store", ready: (p) => p.getByTestId("store-grid").waitFor() },
  {
    name: "product",
    role: "visitor",
    url: () => `/store/${ids.productSlug}`,
    ready: (p) => p.getByRole("button", { name: "Add to cart" }).waitFor(),
  },
  {
    name: "membership",
    role: "user",
    url: () => "/membership",
    ready: (p) => p.getByTestId("package").first().waitFor(),
  },
  { name: "membership-member", role: "member", url: () => "/membership", ready: main },
  { name: "payment-cancel", role: "user", url: () => "/payment/cancel", ready: main },
  {
    name: "login",
    role: "visitor",
    url: () => "/auth/login",
    ready: (p) => p.getByRole("button", { name: "Log in" }).waitFor(),
  },
  { name: "register", role: "visitor", url: () => "/auth/register", ready: main },
  { name: "forgot-password", role: "visitor", url: () => "/auth/forgot-password", ready: main },
  { name: "resend-verification", role: "visitor", url: () => "/auth/resend-verification", ready: main },
  { name: "reset-password", role: "visitor", url: () => "/auth/reset-password?token=x", ready: main },
  {
    name: "account",
    role: "member",
    url: () => "/account",
    ready: (p) => p.getByLabel("Name", { exact: true }).waitFor(),
  },
  {
    name: "account-orders",
    role: "member",
    url: () => "/account/orders",
    ready: (p) => p.getByTestId("order-card").first().waitFor(),
  },
  { name: "account-favourites", role: "member", url: () => "/account/favourites", ready: heading("My favourites") },
  { name: "account-watch-later", role: "member", url: () => "/account/watch-later", ready: heading("Watch later") },
  {
    name: "notifications",
    role: "member",
    url: () => "/notifications",
    ready: (p) => p.getByRole("heading", { name: "Notifications" }).waitFor(),
  },
  { name: "messages", role: "member", url: () => "/messages", ready: heading("Messages") },
  { name: "studio", role: "performer", url: () => "/studio", ready: main },
  {
    name: "studio-movies",
    role: "performer",
    url: () => "/studio/movies",
    ready: (p) => p.getByRole("table").or(p.getByTestId("asset-list")).first().waitFor(),
  },
  { name: "studio-galleries", role: "performer", url: () => "/studio/galleries", ready: main },
  { name: "studio-vault", role: "performer", url: () => "/studio/vault", ready: heading("Vault") },
  {
    name: "studio-products",
    role: "performer",
    url: () => "/studio/products",
    ready: (p) => p.getByRole("table", { name: "My products" }).waitFor(),
  },
  { name: "studio-profile", role: "performer", url: () => "/studio/profile", ready: main },
  { name: "studio-earnings", role: "performer", url: () => "/studio/earnings", ready: main },
  { name: "studio-subscribers", role: "performer", url: () => "/studio/subscribers", ready: main },
  {
    name: "studio-orders",
    role: "performer",
    url: () => "/studio/orders",
    ready: (p) => p.getByTestId("seller-line").first().waitFor(),
  },
  { name: "admin", role: "admin", url: () => "/admin", ready: main },
  { name: "admin-settings", role: "admin", url: () => "/admin/settings", ready: main },
  { name: "admin-countries", role: "admin", url: () => "/admin/countries", ready: main },
  {
    name: "admin-users",
    role: "admin",
    url: () => "/admin/users",
    ready: (p) => p.locator("[data-testid^=user-row-]").first().waitFor(),
  },
  { name: "admin-categories", role: "admin", url: () => "/admin/categories", ready: main },
  { name: "admin-posts", role: "admin", url: () => "/admin/posts", ready: main },
  { name: "admin-banners", role: "admin", url: () => "/admin/banners", ready: main },
  { name: "admin-performers", role: "admin", url: () => "/admin/performers", ready: main },
  { name: "admin-transactions", role: "admin", url: () => "/admin/transactions", ready: main },
  { name: "admin-subscriptions", role: "admin", url: () => "/admin/subscriptions", ready: main },
  { name: "admin-packages", role: "admin", url: () => "/admin/packages", ready: main },
  {
    name: "admin-transaction",
    role: "admin",
    url: () => `/admin/transactions/${ids.transaction}`,
    ready: (p) => p.getByTestId("transaction-amount").waitFor(),
  },
  {
    name: "admin-orders",
    role: "admin",
    url: () => "/admin/orders",
    ready: (p) => p.locator("[data-testid^=order-row-]").first().waitFor(),
  },
  {
    name: "admin-order",
    role: "admin",
    url: () => `/admin/orders/${ids.order}`,
    ready: (p) => p.getByTestId("order-total").waitFor(),
  },
  {
    name: "admin-comments",
    role: "admin",
    url: () => "/admin/comments",
    ready: (p) => p.locator("[data-testid^=comment-row-]").first().waitFor(),
  },
  { name: "admin-payouts", role: "admin", url: () => "/admin/payouts", ready: heading("Owed to performers") },
  { name: "admin-coupons", role: "admin", url: () => "/admin/coupons", ready: heading("Coupons") },
  { name: "admin-catalogue", role: "admin", url: () => "/admin/catalogue", ready: main },
  { name: "admin-system", role: "admin", url: () => "/admin/system", ready: heading("Media workers") },
  { name: "not-found", role: "visitor", url: () => "/no-such-page", ready: main },
  { name: "movie-not-found", role: "visitor", url: () => "/movies/no-such-movie", ready: main },
  { name: "gallery-not-found", role: "visitor", url: () => "/galleries/no-such-gallery", ready: main },
  { name: "performer-not-found", role: "visitor", url: () => "/performers/no-such-performer", ready: main },
];

beforeAll(async () => {
  browser = await launch();
  for (const role of ["user", "member", "performer", "admin"] as const) tokens.set(role, await apiLogin(role));
  const videos = (await api("GET", "/user/assets/videos/search?limit=100")).body.data as {
    _id: string;
    title: string;
    access: string;
    isComing: boolean;
    performers: { username: string }[];
  }[];
  const free = videos.find((v) => v.access === "free" && !v.isComing);
  const locked = videos.find(
    (v) => v.access === "members" && !v.isComing && v.performers[0]?.username === "lucas.moreau",
  );
  if (!free || !locked) throw new Error("the demo catalogue has no free movie or members movie by Lucas Moreau");
  Object.assign(ids, { freeMovie: free._id, freeMovieTitle: free.title, lockedMovie: locked._id });
  ids.performer = "lucas.moreau";
  // A comment with a reply on the free movie, and that movie on the member's favourites and watch-later lists.
  const said = await api("POST", "/comments", {
    token: tokens.get("user"),
    body: { objectType: "video", objectId: free._id, content: "The lighting in the second half is something else." },
  });
  if (said.status !== 201) throw new Error(`comment: ${said.status} ${JSON.stringify(said.body)}`);
  await api("POST", "/comments", {
    token: tokens.get("member"),
    body: { objectType: "video", objectId: free._id, content: "Agreed!", parentId: said.body._id },
  });
  for (const action of ["favourite", "watch_later"]) {
    await api("POST", "/reactions", {
      token: tokens.get("member"),
      body: { objectType: "video", objectId: free._id, action },
    });
  }
  // A performer of the demo store's, for their profile's products tab.
  const [sold] = (await api("GET", "/user/assets/products/search?limit=1")).body.data as {
    performers: { username: string }[];
  }[];
  if (!sold?.performers[0]) throw new Error("the demo store has no product with a performer");
  ids.seller = sold.performers[0].username;
  ids.gallery = (await api("GET", "/user/assets/galleries/search?limit=1")).body.data[0]._id;
  ids.post = (await api("GET", "/posts/search?limit=1")).body.data[0].slug;
  const shipped = (await api("GET", "/user/assets/products/search?type=physical&sortBy=price&sort=desc&limit=1")).body
    .data[0] as { _id: string; slug: string };
  const download = (await api("GET", "/user/assets/products/search?type=digital&limit=1")).body.data[0] as {
    _id: string;
  };
  if (!shipped || !download) throw new Error("the demo store has no physical or no digital product");
  Object.assign(ids, { shippedProduct: shipped._id, productSlug: shipped.slug, download: download._id });
  // A payment the member declined on the sandbox page: a transaction with a gateway event for the admin's detail.
  const [forSale] = (await api("GET", "/user/assets/videos/search?access=sale&includeComing=false&limit=1")).body
    .data as { _id: string }[];
  if (!forSale) throw new Error("the demo catalogue has no movie for sale");
  const checkout = await api("POST", `/payment/purchase-video/${forSale._id}`, { token: tokens.get("user") });
  if (checkout.status !== 200) throw new Error(`checkout: ${checkout.status} ${JSON.stringify(checkout.body)}`);
  ids.transaction = checkout.body.transactionId;
  await api("POST", `/payment/sandbox/${ids.transaction}`, {
    token: tokens.get("user"),
    body: { decision: "decline" },
  });
  // A paid store order of the member for a product of the demo performer's: a parcel to ship.
  const made = await api("POST", "/performer/assets/products", {
    token: tokens.get("performer"),
    body: { title: "Signed studio poster", type: "physical", price: 18, stock: 10, status: "active" },
  });
  if (made.status !== 201) throw new Error(`product: ${made.status} ${JSON.stringify(made.body)}`);
  const order = await api("POST", "/payment/purchase-products", {
    token: tokens.get("member"),
    body: {
      products: [{ _id: made.body._id }],
      shippingAddress: {
        recipientName: "Morgan Member",
        line1: "12 Harbour Road",
        city: "Bristol",
        region: "City of Bristol",
        postalCode: "BS1 4RN",
        country: "GB",
        phone: "+44 117 496 0000",
      },
    },
  });
  if (order.status !== 200) throw new Error(`store checkout: ${order.status} ${JSON.stringify(order.body)}`);
  ids.order = order.body.orderId;
  await api("POST", `/payment/sandbox/${order.body.transactionId}`, {
    token: tokens.get("member"),
    body: { decision: "approve" },
  });
  if (SCREENSHOTS) {
    await rm(path.join(shotsDir, "phone"), { recursive: true, force: true });
    await rm(path.join(shotsDir, "desktop"), { recursive: true, force: true });
    await mkdir(path.join(shotsDir, "phone"), { recursive: true });
    await mkdir(path.join(shotsDir, "desktop"), { recursive: true });
  }
});
afterAll(() => browser?.close());

async function contextFor(
  role: Role,
  device: typeof PHONE | typeof DESKTOP,
  scheme: "light" | "dark",
  stored: Record<string, string> = {},
) {
  const context = await browser.newContext({ baseURL: site().webUrl, ...device, colorScheme: scheme });
  const token = tokens.get(role);
  if (token) await context.addCookies([{ name: "token", value: token, url: site().webUrl }]);
  // Mantine's colour scheme manager reads this key before the first paint.
  await context.addInitScript(
    (items) => {
      for (const [key, value] of Object.entries(items)) window.localStorage.setItem(key, value);
    },
    { ...stored, "mantine-color-scheme-value": scheme },
  );
  return context;
}

async function open(context: BrowserContext, screen: Screen) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  await goto(page, screen.url());
  await screen.ready(page);
  // Fonts and images settle the layout.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState("networkidle").catch(() => undefined);
  return { page, errors };
}

/** webp at quality 70: the set stays a few megabytes. */
async function save(page: Page, file: string) {
  const png = await page.screenshot({ animations: "disabled", caret: "hide" });
  const { default: sharp } = await import("sharp");
  await sharp(png).webp({ quality: 70 }).toFile(file);
}

describe("every screen at 390x844 on a touch phone", () => {
  it.each(screens)("$name ($role) fits the screen", async (screen) => {
    const stored = screen.stored?.();
    const context = await contextFor(screen.role, PHONE, "light", stored);
    const { page, errors } = await open(context, screen);
    expect(await layoutProblems(page, PHONE.viewport.width)).toEqual([]);
    expect(errors).toEqual([]);
    if (SCREENSHOTS) {
      await save(page, path.join(shotsDir, "phone", `${screen.name}-light.webp`));
      await context.close();
      const dark = await contextFor(screen.role, PHONE, "dark", stored);
      const { page: darkPage } = await open(dark, screen);
      await save(darkPage, path.join(shotsDir, "phone", `${screen.name}-dark.webp`));
      await dark.close();
      for (const scheme of ["light", "dark"] as const) {
        const desktop = await contextFor(screen.role, DESKTOP, scheme, stored);
        const { page: wide } = await open(desktop, screen);
        expect(await layoutProblems(wide, DESKTOP.viewport.width)).toEqual([]);
        await save(wide, path.join(shotsDir, "desktop", `${screen.name}-${scheme}.webp`));
        await desktop.close();
      }
    } else {
      await context.close();
    }
  });
});

describe("on a phone", () => {
  it("shows every banner slide whole: its frame's width, the title and the Explore button inside it", async () => {
    const context = await contextFor("visitor", PHONE, "light");
    const page = await context.newPage();
    await goto(page, "/");
    const carousel = page.getByTestId("banner-carousel");
    await carousel.waitFor();
    const slides = await carousel.evaluate((root) => {
      const frame = root.querySelector(".mantine-Carousel-viewport")?.getBoundingClientRect();
      // A slide's box includes the gap after it; its banner is what shows.
      return Array.from(root.querySelectorAll(".mantine-Carousel-slide > *")).map((slide) => {
        const s = slide.getBoundingClientRect();
        const inside = (el: Element | null) => {
          if (!el) return null;
          const r = el.getBoundingClientRect();
          return r.left >= s.left - 1 && r.right <= s.right + 1 && r.top >= s.top - 1 && r.bottom <= s.bottom + 1;
        };
        const title = slide.querySelector("h2");
        return {
          slide: Math.round(s.width),
          frame: Math.round(frame?.width ?? 0),
          title: inside(title),
          titleWhole: title ? title.scrollWidth <= title.clientWidth + 1 : null,
          explore: inside(Array.from(slide.querySelectorAll("span")).find((e) => e.textContent === "Explore") ?? null),
        };
      });
    });
    expect(slides.length).toBeGreaterThan(1);
    for (const s of slides) {
      expect(s.slide).toBeLessThanOrEqual(s.frame);
      expect(s).toMatchObject({ title: true, titleWhole: true });
      if (s.explore !== null) expect(s.explore).toBe(true);
    }
    await context.close();
  });

  it("opens the performer filters in a drawer over the results, so the first screen shows performers", async () => {
    const context = await contextFor("visitor", PHONE, "light");
    const page = await context.newPage();
    await goto(page, "/performers");
    const results = page.getByTestId("performer-results");
    await results.waitFor();
    expect(await page.getByLabel("Gender").isVisible()).toBe(false);
    const top = await results.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeLessThan(844 - 200);
    await page.getByRole("button", { name: "Filters" }).tap();
    const drawer = page.getByRole("dialog", { name: "Filters" });
    await drawer.getByLabel("Gender").waitFor();
    // The results stay where they were: the drawer lies over them.
    expect(await results.evaluate((el) => el.getBoundingClientRect().top)).toBe(top);
    // Once it has slid in, it fits the screen.
    await expect.poll(() => layoutProblems(page, PHONE.viewport.width)).toEqual([]);
    await drawer.getByRole("button", { name: /^Show \d+\+? performers?$/ }).tap();
    await drawer.waitFor({ state: "detached" });
    await context.close();
  });

  it.each(["visitor", "member"] as const)("gives every header control a 44 px touch target (%s)", async (role) => {
    const context = await contextFor(role, PHONE, "light");
    const page = await context.newPage();
    await goto(page, "/");
    const header = page.locator("header").first();
    if (role === "visitor") {
      // The ways in are in sight, without opening the menu.
      for (const name of ["Log in", "Sign up"]) {
        const link = header.getByRole("link", { name, exact: true });
        expect(await link.isVisible()).toBe(true);
        const box = await link.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= PHONE.viewport.width).toBe(true);
      }
    } else {
      await header.getByRole("button", { name: "Account menu" }).waitFor();
    }
    const sizes = await header.evaluate((el) =>
      Array.from(el.querySelectorAll("a, button, input, [role=button]"))
        .filter((c) => {
          const r = c.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && getComputedStyle(c).visibility !== "hidden";
        })
        .map((c) => {
          const r = c.getBoundingClientRect();
          const name = c.getAttribute("aria-label") ?? c.textContent?.trim() ?? c.tagName;
          return { name, width: Math.round(r.width), height: Math.round(r.height) };
        }),
    );
    expect(sizes.length).toBeGreaterThanOrEqual(5);
    for (const s of sizes) {
      expect(s.width, `${s.name} is ${s.width} px wide`).toBeGreaterThanOrEqual(44);
      expect(s.height, `${s.name} is ${s.height} px high`).toBeGreaterThanOrEqual(44);
    }
    expect(await layoutProblems(page, PHONE.viewport.width)).toEqual([]);
    await context.close();
  });

  it("keeps Add to cart on the screen while the product is read", async () => {
    const context = await contextFor("visitor", PHONE, "light");
    const page = await context.newPage();
    await goto(page, `/store/${ids.productSlug}`);
    const add = page.getByRole("button", { name: "Add to cart" });
    await add.waitFor();
    const onScreen = async () => {
      const box = await add.boundingBox();
      return !!box && box.y >= 0 && box.y + box.height <= PHONE.viewport.height;
    };
    await expect.poll(onScreen).toBe(true);
    // Down at the comments and the footer, it is still there.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    await expect.poll(onScreen).toBe(true);
    expect(await layoutProblems(page, PHONE.viewport.width)).toEqual([]);
    await add.tap();
    await page.getByText("is in your cart.").first().waitFor();
    await context.close();
  });

  it("moves the photo viewer with a swipe and says so instead of naming the arrow keys", async () => {
    const context = await contextFor("member", PHONE, "light");
    const page = await context.newPage();
    await goto(page, `/galleries/${ids.gallery}`);
    await page.getByTestId("photo-grid").getByRole("button").first().tap();
    const viewer = page.getByTestId("photo-viewer");
    await viewer.waitFor();
    await expect.poll(() => page.getByTestId("photo-viewer-counter").textContent()).toMatch(/^1 of/);
    expect(await viewer.getByText("Swipe left or right to move").isVisible()).toBe(true);
    expect(await viewer.getByText("Use ← and → to move, Esc to close").isVisible()).toBe(false);

    const box = await page.getByTestId("photo-viewer-stage").boundingBox();
    if (!box) throw new Error("no viewer stage");
    const cdp = await context.newCDPSession(page);
    const swipe = async (fromX: number, toX: number) => {
      const y = box.y + box.height / 2;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: fromX, y }] });
      for (const f of [0.25, 0.5, 0.75, 1]) {
        const x = fromX + (toX - fromX) * f;
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2);
    await expect.poll(() => page.getByTestId("photo-viewer-counter").textContent()).toMatch(/^2 of/);
    await swipe(box.x + box.width * 0.2, box.x + box.width * 0.8);
    await expect.poll(() => page.getByTestId("photo-viewer-counter").textContent()).toMatch(/^1 of/);
    await context.close();
  });
});

describe("the account toast", () => {
  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const)("opens below the header on a %s, leaving its search and menu free", async (_, device) => {
    const context = await contextFor("member", device, "light");
    const page = await context.newPage();
    await goto(page, "/account");
    await page.getByLabel("Name", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    const toast = page.locator(".mantine-Notification-root").first();
    await toast.waitFor();
    const header = await page.locator("header").boundingBox();
    const box = await toast.boundingBox();
    if (!header || !box) throw new Error("no header or toast");
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    // The header's search (on a phone, the menu that opens on it) and account menu can still be clicked meanwhile.
    const search = page
      .locator("header")
      .locator(
        "a[aria-label=Search]:visible, input[type=search]:visible, button[aria-label='Open navigation']:visible",
      );
    await search.first().click({ trial: true, timeout: 2000 });
    await page
      .locator("header")
      .getByRole("button", { name: /account/i })
      .first()
      .click({ trial: true, timeout: 2000 });
    await context.close();
  });
});

describe("the home page and the movie list", () => {
  it("keep announced movies out of the newest lists, in a Coming soon row, and show the middle banners", async () => {
    const context = await contextFor("visitor", DESKTOP, "light");
    const page = await context.newPage();
    for (const url of ["/", "/movies"]) {
      await goto(page, url);
      const latest = page.getByTestId(url === "/" ? "latest-movies" : "movies-grid");
      await latest.getByTestId("video-card").first().waitFor();
      const tones = (where: typeof latest) =>
        where.locator("[data-access]").evaluateAll((els) => els.map((e) => e.getAttribute("data-access")));
      expect(await tones(latest)).not.toContain("coming");
      const coming = await tones(page.getByTestId("coming-movies"));
      expect(coming.length).toBeGreaterThan(0);
      expect(new Set(coming)).toEqual(new Set(["coming"]));
    }
    await goto(page, "/");
    await page.getByTestId("middle-banners").getByRole("heading", { name: "Fresh galleries" }).waitFor();
    await context.close();
  });

  it("says 1 view, not 1 views", async () => {
    const { body } = await api("GET", "/user/assets/videos/search?access=free&includeComing=false&limit=100");
    const unseen = (body.data as { _id: string; slug: string; title: string; stats: { views: number } }[]).find(
      (v) => v.stats.views === 0 && v._id !== ids.freeMovie,
    );
    if (!unseen) throw new Error("no free movie without views in the demo catalogue");
    expect((await api("GET", `/user/assets/videos/${unseen._id}`)).body.stats.views).toBe(1);
    const context = await contextFor("visitor", DESKTOP, "light");
    const page = await context.newPage();
    const card = page.locator(`[data-testid=video-card][data-slug="${unseen.slug}"]`).first();
    // Lists may be a couple of seconds old (the API's and the web's short caches).
    await expect
      .poll(
        async () => {
          await goto(page, `/search?q=${encodeURIComponent(unseen.title)}`);
          return card.textContent();
        },
        { timeout: 10_000, interval: 1000 },
      )
      // The names and the count are separate elements: textContent runs them together ("Mei Chen1 view").
      .toMatch(/(?<!\d)1 view(?!s)/);
    expect(await card.textContent()).not.toMatch(/(?<!\d)1 views/);
    await context.close();
  });
});
