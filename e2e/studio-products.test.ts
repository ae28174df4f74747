import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTool } from "../apps/api/src/platform/media/probe.ts";
import { api, apiLogin, goto, launch, newPage, site } from "./browser.ts";
import { layoutProblems } from "./layout.ts";
import { logIn } from "./steps.ts";

/**
 * The performer's store on /studio/products: a physical product with its stock and pictures (uploaded with their
 * progress, reordered, one deleted), a digital one with its file, a price changed, both listed by the public API,
 * one deleted; and the editor at phone width.
 */

/** Screenshots land here for a person to look at (CI keeps the folder as an artifact). */
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");

const stamp = Date.now() % 1_000_000;
const PHYSICAL = `Tour poster ${stamp}`;
const DIGITAL = `Photo book ${stamp}`;

let browser: Browser;
let work: string;
let pictures: string[];
let performer: string;

type Product = {
  _id: string;
  title: string;
  type: string;
  price: number;
  stock: number | null;
  status: string;
  images: Array<{ _id: string; position: number }>;
  file: { name: string; contentType: string; sizeBytes: number } | null;
};

beforeAll(async () => {
  browser = await launch();
  await mkdir(shots, { recursive: true });
  work = await mkdtemp(path.join(tmpdir(), "marquee-products-"));
  // Two full-HD pictures (tens of KB each), uploaded slowly enough for their progress to show.
  pictures = [];
  for (const [i, source] of ["testsrc2", "smptehdbars"].entries()) {
    const file = path.join(work, `picture-${i + 1}.jpg`);
    await runTool(
      "ffmpeg",
      [
        ...["-y", "-loglevel", "error", "-f", "lavfi", "-i", `${source}=size=1920x1080`],
        ...["-frames:v", "1", "-q:v", "1", file],
      ],
      120_000,
    );
    pictures.push(file);
  }
  performer = await apiLogin("performer");
});

afterAll(async () => {
  const mine = await api("GET", `/performer/assets/products/search?q=${stamp}&limit=50`, { token: performer });
  for (const p of mine.body?.data ?? []) {
    await api("DELETE", `/performer/assets/products/${p._id}`, { token: performer });
  }
  await browser?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** Slows uploads from this page down (bytes per second), so a progress bar has time to show its steps. */
async function throttleUploads(context: BrowserContext, page: Page, bytesPerSecond: number) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const conditions = (upload: number) => ({
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: upload,
  });
  await cdp.send("Network.emulateNetworkConditions", conditions(bytesPerSecond));
  return () => cdp.send("Network.emulateNetworkConditions", conditions(-1));
}

/** Reads a percentage every 100 ms until `done` holds; returns every one seen. */
async function percentagesUntil(read: () => Promise<number | null>, done: () => Promise<boolean>) {
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        const percent = await read();
        if (percent !== null && Number.isFinite(percent)) seen.push(percent);
        return done();
      },
      { timeout: 60_000, interval: 100 },
    )
    .toBe(true);
  return seen;
}

const mine = async (): Promise<Product[]> =>
  (await api("GET", `/performer/assets/products/search?q=${stamp}&limit=50`, { token: performer })).body.data;
const byTitle = async (title: string) => (await mine()).find((p) => p.title === title);
/** What the public store lists (its lists may be a couple of seconds old). */
const listed = async (): Promise<Product[]> =>
  (await api("GET", `/user/assets/products/search?q=${stamp}&limit=50`)).body.data;

const rowOf = (page: Page, title: string): Locator =>
  page.getByRole("table", { name: "My products" }).getByRole("row", { name: new RegExp(title) });

describe("the studio's products", () => {
  it("lets a performer sell a physical product with pictures and a digital one with its file", async () => {
    const { context, page, errors } = await newPage(browser);
    await logIn(page, "performer");
    await goto(page, "/studio");
    await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Products" }).click();
    await page.waitForURL(`${site().webUrl}/studio/products`);
    await page.getByRole("heading", { name: "My products", level: 1 }).waitFor();

    // A physical product needs its stock: the form says so at the field, and nothing is created.
    await page.getByRole("button", { name: "New product" }).click();
    const drawer = page.getByRole("dialog", { name: "New product" });
    await drawer.getByLabel("Name").fill(PHYSICAL);
    await drawer.getByLabel("Description").fill("A2, signed on the back.");
    await drawer.getByLabel("Price").fill("25");
    await drawer.getByRole("radiogroup", { name: "Status", exact: true }).getByText("Active", { exact: true }).click();
    await drawer.getByRole("button", { name: "Create product" }).click();
    await drawer.getByText("A physical product needs its stock").waitFor();
    expect(await mine()).toEqual([]);
    await page.screenshot({ path: path.join(shots, "studio-product-form-light.png") });

    await drawer.getByLabel("Stock").fill("5");
    await drawer.getByRole("button", { name: "Create product" }).click();
    await page.getByText("Product created").waitFor();
    const physical = await byTitle(PHYSICAL);
    expect(physical).toMatchObject({ type: "physical", price: 25, stock: 5, status: "active", images: [] });

    // The drawer moves on to the media: two pictures at once, one request each, with their progress.
    const editor = page.getByRole("dialog", { name: "Edit product" });
    await editor.getByRole("tab", { name: "Media", selected: true }).waitFor();
    const restore = await throttleUploads(context, page, 64 * 1024);
    await editor.getByTestId("product-image-dropzone").locator("input[type=file]").setInputFiles(pictures);
    const bar = editor.getByRole("progressbar", { name: "Upload of picture-1.jpg" });
    const summary = editor.getByTestId("photo-upload-summary");
    const seen = await percentagesUntil(
      async () => Number(await bar.getAttribute("aria-valuenow", { timeout: 1000 }).catch(() => null)),
      async () => (await summary.textContent()) === "2 of 2 uploaded",
    );
    await restore();
    expect(
      seen.some((p) => p > 0 && p < 100),
      `percentages seen: ${seen.join(", ")}`,
    ).toBe(true);
    const tiles = editor.getByTestId("studio-photo");
    await expect.poll(() => tiles.locator("img").count()).toBe(2);
    await expect.poll(() => tiles.nth(0).getAttribute("data-cover")).toBe("true");
    const order = async () =>
      ((await byTitle(PHYSICAL))?.images ?? []).sort((a, b) => a.position - b.position).map((i) => i._id);
    const before = await order();
    expect(before).toHaveLength(2);

    // The second picture moves first; then the other one is deleted, after confirming.
    await editor.getByRole("button", { name: "Move picture 2 earlier" }).click();
    await expect.poll(order).toEqual([before[1], before[0]]);
    await editor.getByRole("button", { name: "Delete picture 2" }).click();
    await page
      .getByRole("dialog", { name: "Delete this picture?" })
      .getByRole("button", { name: "Delete picture" })
      .click();
    await page.getByText("Picture deleted.").waitFor();
    await expect.poll(() => tiles.count()).toBe(1);
    expect(await order()).toEqual([before[1]]);
    await page.screenshot({ path: path.join(shots, "studio-product-media-light.png") });

    // The list shows it with its picture, price and stock.
    await page.keyboard.press("Escape");
    await editor.waitFor({ state: "detached" });
    const physicalRow = rowOf(page, PHYSICAL);
    await physicalRow.locator("img").waitFor();
    expect(await physicalRow.textContent()).toMatch(/Physical.*25.*5 in stock.*Active/);

    // A digital product: no stock; not listed until its file is in.
    await page.getByRole("button", { name: "New product" }).click();
    await drawer.getByLabel("Name").fill(DIGITAL);
    await drawer.getByRole("radiogroup", { name: "Type" }).getByText("Digital", { exact: true }).click();
    expect(await drawer.getByLabel("Stock").count()).toBe(0);
    await drawer.getByLabel("Price").fill("9.5");
    await drawer.getByRole("radiogroup", { name: "Status", exact: true }).getByText("Active", { exact: true }).click();
    await drawer.getByRole("button", { name: "Create product" }).click();
    await page.getByText("Product created").first().waitFor();
    await editor.getByText("No file yet.").waitFor();
    expect(await byTitle(DIGITAL)).toMatchObject({ type: "digital", price: 9.5, stock: null, file: null });

    // Its file, a PDF of 600 KB, uploads with its percentage.
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(600 * 1024)]);
    const restoreAgain = await throttleUploads(context, page, 150 * 1024);
    await editor
      .getByRole("region", { name: "File", exact: true })
      .locator("input[type=file]")
      .setInputFiles({ name: "photo-book.pdf", mimeType: "application/pdf", buffer: pdf });
    const progress = editor.getByTestId("product-file-upload-progress");
    await progress.waitFor();
    const filePercents = await percentagesUntil(
      async () => Number(((await progress.textContent()) ?? "").match(/(\d+)%/)?.[1]),
      async () => (await progress.textContent()) === "Uploaded · 100%",
    );
    await restoreAgain();
    expect(
      filePercents.some((p) => p > 0 && p < 100),
      `percentages seen: ${filePercents.join(", ")}`,
    ).toBe(true);
    expect([...filePercents].sort((a, b) => a - b)).toEqual(filePercents);
    await editor
      .getByTestId("product-file")
      .getByText(/\.pdf$/)
      .waitFor();
    await editor
      .getByTestId("product-file")
      .getByText(/application\/pdf/)
      .waitFor();
    const digital = await byTitle(DIGITAL);
    expect(digital?.file).toMatchObject({ contentType: "application/pdf", sizeBytes: pdf.length });
    await page.keyboard.press("Escape");
    await editor.waitFor({ state: "detached" });
    expect(await rowOf(page, DIGITAL).textContent()).toMatch(/Digital.*9\.50.*File attached/);
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: path.join(shots, "studio-products-list-light.png"), fullPage: true });

    // Both are in the store.
    await expect
      .poll(async () => (await listed()).map((p) => p.title).sort(), { timeout: 15_000, interval: 500 })
      .toEqual([DIGITAL, PHYSICAL].sort());

    // A new price, saved from the list's Edit button.
    await physicalRow.getByRole("button", { name: `Edit ${PHYSICAL}` }).click();
    await editor.getByRole("tab", { name: "Details", selected: true }).waitFor();
    // The type is fixed once the product exists.
    expect(await editor.getByRole("radiogroup", { name: "Type" }).getByRole("radio").first().isDisabled()).toBe(true);
    await editor.getByLabel("Price").fill("30");
    await editor.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Your changes are saved.").waitFor();
    expect((await byTitle(PHYSICAL))?.price).toBe(30);
    await expect
      .poll(async () => (await listed()).find((p) => p.title === PHYSICAL)?.price, { timeout: 15_000, interval: 500 })
      .toBe(30);
    await page.keyboard.press("Escape");
    await editor.waitFor({ state: "detached" });

    // Deleting asks first; the digital product then leaves the list and the store.
    await rowOf(page, DIGITAL)
      .getByRole("button", { name: `Delete ${DIGITAL}` })
      .click();
    const confirm = page.getByRole("dialog", { name: "Delete this product?" });
    await confirm.getByRole("button", { name: "Delete product" }).click();
    await page.getByText(`${DIGITAL} was deleted.`).waitFor();
    await rowOf(page, DIGITAL).waitFor({ state: "detached" });
    expect((await mine()).map((p) => p.title)).toEqual([PHYSICAL]);
    await expect
      .poll(async () => (await listed()).map((p) => p.title), { timeout: 15_000, interval: 500 })
      .toEqual([PHYSICAL]);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("fits the product editor on a phone", async () => {
    const product = await byTitle(PHYSICAL);
    if (!product) throw new Error("the first journey left no product");
    const context = await browser.newContext({
      baseURL: site().webUrl,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    await context.addCookies([{ name: "token", value: performer, url: site().webUrl }]);
    const page = await context.newPage();
    await goto(page, `/studio/products?edit=${product._id}`);
    const editor = page.getByRole("dialog", { name: "Edit product" });
    await editor.getByRole("button", { name: "Save changes" }).waitFor();
    expect(await layoutProblems(page, 390)).toEqual([]);
    await editor.getByRole("tab", { name: "Media" }).tap();
    await editor.getByTestId("studio-photo").first().locator("img").waitFor();
    expect(await layoutProblems(page, 390)).toEqual([]);
    await page.screenshot({ path: path.join(shots, "studio-product-media-phone.png") });
    await context.close();
  });
});
