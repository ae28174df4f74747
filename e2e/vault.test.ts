import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTool } from "../apps/api/src/platform/media/probe.ts";
import { api, apiLogin, goto, launch, newPage, site } from "./browser.ts";
import { layoutProblems } from "./layout.ts";
import { logIn } from "./steps.ts";

/**
 * Studio → Vault: a performer uploads a photo and a video with their progress, sees them processed, filters by kind
 * and deletes one after confirming; and the screen at phone width.
 */

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");
let browser: Browser;
let work: string;
let photo: string;
let clip: string;
let performer: string;

interface Item {
  _id: string;
  kind: string;
  status: string;
  name: string;
}

const vault = async (): Promise<Item[]> => (await api("GET", "/vault?limit=100", { token: performer })).body.data;

beforeAll(async () => {
  browser = await launch();
  await mkdir(shots, { recursive: true });
  work = await mkdtemp(path.join(tmpdir(), "marquee-vault-"));
  photo = path.join(work, "sunset-terrace.jpg");
  clip = path.join(work, "warm-up.mp4");
  await runTool(
    "ffmpeg",
    ["-y", "-loglevel", "error", "-f", "lavfi", "-i", "smptehdbars=size=1280x720", "-frames:v", "1", photo],
    120_000,
  );
  await runTool(
    "ffmpeg",
    [
      ...["-y", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25", "-t", "3"],
      ...["-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast", clip],
    ],
    120_000,
  );
  performer = await apiLogin("performer");
});

afterAll(async () => {
  for (const item of (await vault().catch(() => [])) ?? []) {
    if (["sunset-terrace.jpg", "warm-up.mp4"].includes(item.name))
      await api("DELETE", `/vault/${item._id}`, { token: performer });
  }
  await browser?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const card = (page: Page, name: string) => page.getByTestId("vault-item").filter({ hasText: name });

async function upload(page: Page, file: string) {
  await page.getByTestId("vault-dropzone").locator("input[type=file]").setInputFiles(file);
  await page.getByTestId("vault-upload-progress").getByText("Uploaded · 100%").waitFor();
}

describe("the studio's vault", () => {
  it("uploads a photo and a video, shows them processed, filters by kind and deletes one", async () => {
    const { page, errors } = await newPage(browser);
    await logIn(page, "performer");
    await goto(page, "/studio");
    await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Vault" }).click();
    await page.waitForURL(`${site().webUrl}/studio/vault`);
    await page.getByRole("heading", { name: "Vault", level: 1 }).waitFor();

    await upload(page, photo);
    const photoCard = card(page, "sunset-terrace.jpg");
    // The list is read again while something is processing: the badge turns Ready by itself.
    await photoCard.getByTestId("vault-status").getByText("Ready").waitFor({ timeout: 60_000 });
    await photoCard.locator("img").waitFor();
    expect(await photoCard.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await upload(page, clip);
    const videoCard = card(page, "warm-up.mp4");
    await videoCard.getByTestId("vault-status").getByText("Ready").waitFor({ timeout: 120_000 });
    await videoCard.getByText("0:03").waitFor();

    await page.getByTestId("vault-kind").getByText("Videos").click();
    await page.waitForURL(/kind=video/);
    await expect.poll(() => page.getByTestId("vault-item").filter({ hasText: "sunset-terrace.jpg" }).count()).toBe(0);
    await videoCard.waitFor();
    await page.getByTestId("vault-kind").getByText("All").click();
    await photoCard.waitFor();

    await photoCard.getByRole("button", { name: "Delete sunset-terrace.jpg" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this item?" });
    await dialog.getByText("sunset-terrace.jpg is removed from your vault for good.").waitFor();
    await dialog.getByRole("button", { name: "Delete item" }).click();
    await page.getByText("The item is deleted.").waitFor();
    await photoCard.waitFor({ state: "detached" });
    expect((await vault()).map((i) => i.name)).not.toContain("sunset-terrace.jpg");
    expect(errors).toEqual([]);
  }, 240_000);

  it("fits a phone", async () => {
    const phone = await browser.newContext({
      baseURL: site().webUrl,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const page = await phone.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await logIn(page, "performer");
    await goto(page, "/studio/vault");
    await page.getByTestId("vault-item").first().waitFor();
    expect(await layoutProblems(page, 390)).toEqual([]);
    await page.screenshot({ path: path.join(shots, "studio-vault-phone.png"), fullPage: true });
    await phone.close();
    expect(errors).toEqual([]);
  }, 120_000);
});
