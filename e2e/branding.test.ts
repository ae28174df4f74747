import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, expectAccessible, goto, launch, newPage } from "./browser.ts";
import { logIn } from "./steps.ts";

/** What a person looks at: the upload and the footer editor (issue 23 section 3). */
const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../docs/screenshots");

let browser: Browser;
let admin: string;
let dir: string;
let original: Record<string, unknown>;

beforeAll(async () => {
  browser = await launch();
  admin = await apiLogin("admin");
  dir = await mkdtemp(path.join(tmpdir(), "marquee-branding-"));
  const settings = (await api("GET", "/admin/settings?group=general", { token: admin })).body as Array<{
    key: string;
    value: unknown;
  }>;
  original = Object.fromEntries(settings.map((s) => [s.key, s.value]));
});

afterAll(async () => {
  for (const key of ["logo", "favicon", "menus"]) {
    await api("PUT", `/admin/settings/${key}`, { token: admin, body: { value: original[key] } });
  }
  await browser?.close();
});

const footerLinks = (page: Page) =>
  page
    .getByRole("navigation", { name: "Footer" })
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => (a.textContent ?? "").trim()));

describe("the site's branding and footer, edited by an admin", () => {
  it("uploads a logo and a favicon the header and the browser tab then use", async () => {
    const logo = path.join(dir, "logo.png");
    await writeFile(
      logo,
      await sharp({ create: { width: 256, height: 256, channels: 4, background: "#e8590c" } })
        .png()
        .toBuffer(),
    );
    const favicon = path.join(dir, "favicon.svg");
    await writeFile(
      favicon,
      '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><script>alert(1)</script><circle cx="16" cy="16" r="14" fill="#2b8a3e"/></svg>',
    );

    const { context, page, errors } = await newPage(browser);
    await logIn(page, "admin");
    await goto(page, "/admin/settings");
    const field = page.getByTestId("image-setting-logo");
    await field.getByRole("button", { name: "Replace image" }).waitFor();

    await field.locator("input[type=file]").setInputFiles(logo);
    await field.getByText("Uploaded · 100%").waitFor();
    // The header shows it at once, and the field holds its address.
    const brand = page.locator("header .marquee-brand img");
    await expect.poll(() => brand.getAttribute("src")).toMatch(/^\/api\/files\/site\/logo\/[a-z0-9]+\.webp$/);
    const logoUrl = await brand.getAttribute("src");
    expect(await field.getByLabel("Or its address").inputValue()).toBe(logoUrl);
    expect((await api("GET", "/settings/public")).body.logo).toBe(logoUrl);

    const icon = page.getByTestId("image-setting-favicon");
    await icon.locator("input[type=file]").setInputFiles(favicon);
    await icon.getByText("Uploaded · 100%").waitFor();
    // The tab's icon follows (the page's data is read again); the SVG came back as a PNG.
    await expect
      .poll(() => page.locator('link[rel="icon"]').getAttribute("href"))
      .toMatch(/^\/api\/files\/site\/favicon\/[a-z0-9]+\.png$/);
    const iconUrl = (await page.locator('link[rel="icon"]').getAttribute("href")) as string;
    const served = await context.request.get(iconUrl);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");

    // Nothing to save: the uploads are stored, so the form has no unsaved change.
    const general = page.getByRole("region", { name: "General" });
    expect(await general.getByText("Unsaved changes").count()).toBe(0);
    // The picture for a person: the header with the new logo above the fields, once the toasts have gone.
    await expect.poll(() => page.getByText("Image uploaded.").count(), { timeout: 30_000 }).toBe(0);
    await page.mouse.move(0, 0);
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(docs, "admin-settings-logo-upload.png") });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectAccessible(page, "admin settings with uploaded pictures");

    // A visitor's page is served with them.
    const visitor = await newPage(browser);
    await goto(visitor.page, "/");
    expect(await visitor.page.locator("header .marquee-brand img").getAttribute("src")).toBe(logoUrl);
    expect(await visitor.page.locator('link[rel="icon"]').getAttribute("href")).toBe(iconUrl);
    await visitor.context.close();

    // A file that is not a picture is refused with the server's sentence, and nothing changes.
    const notes = path.join(dir, "notes.png");
    await writeFile(notes, "not a picture at all");
    await field.locator("input[type=file]").setInputFiles(notes);
    await page.getByText("The file is not an image. Upload a PNG, SVG, JPEG, WebP or GIF picture.").waitFor();
    expect((await api("GET", "/settings/public")).body.logo).toBe(logoUrl);

    expect(errors.filter((e) => !e.includes("status of 422"))).toEqual([]);
    await context.close();
  });

  it("edits the footer's links like the header's, starting from the links a new site has", async () => {
    const { context, page, errors } = await newPage(browser);
    await goto(page, "/");
    expect(await footerLinks(page)).toEqual(["Membership", "Posts", "Contact"]);

    await logIn(page, "admin");
    await goto(page, "/admin/settings");
    const editor = page.getByTestId("menu-editor-footer");
    await editor.waitFor();
    expect(await editor.getByLabel("Footer link 1 title").inputValue()).toBe("Membership");
    expect(await editor.getByLabel("Footer link 2 title").inputValue()).toBe("Posts");
    expect(await editor.getByLabel("Footer link 3 title").inputValue()).toBe("Contact");

    await editor.getByLabel("Footer link 2 title").fill("Journal");
    await editor.getByRole("button", { name: "Remove footer link 3" }).click();
    await editor.getByRole("button", { name: "Add a footer link" }).click();
    await editor.getByLabel("Footer link 3 title").fill("Performers");
    await editor.getByLabel("Footer link 3 path").fill("/performers");
    await editor.getByRole("button", { name: "Move footer link 3 up" }).click();
    expect(await editor.getByLabel("Footer link 2 title").inputValue()).toBe("Performers");

    await page.mouse.move(0, 0);
    await editor.screenshot({ path: path.join(docs, "admin-settings-footer-editor.png") });

    const general = page.getByRole("region", { name: "General" });
    await general.getByRole("button", { name: "Save general settings" }).click();
    await page.getByText("Settings saved").waitFor();
    // The footer follows at once, and a reload serves it.
    await expect.poll(() => footerLinks(page)).toEqual(["Membership", "Performers", "Journal"]);
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(await footerLinks(page)).toEqual(["Membership", "Performers", "Journal"]);
    // The legal pages' links stay under the menu.
    await page.getByRole("navigation", { name: "Legal" }).getByRole("link").first().waitFor();
    // The header's links are untouched.
    const footer = (await api("GET", "/settings/public")).body.menus.filter(
      (m: { section: string }) => m.section === "footer",
    );
    expect(footer.map((m: { title: string; path: string }) => [m.title, m.path])).toEqual([
      ["Membership", "/membership"],
      ["Performers", "/performers"],
      ["Journal", "/posts"],
    ]);

    expect(errors).toEqual([]);
    await context.close();
  });
});
