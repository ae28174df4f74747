import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goto, launch, newPage } from "./browser.ts";
import { logIn } from "./steps.ts";

/** Screenshots land here for a person to look at (CI keeps the folder as an artifact). */
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  await mkdir(shots, { recursive: true });
});
afterAll(() => browser?.close());

async function expectAccessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${what}: ${v.id} (${v.nodes.length}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious).toEqual([]);
}

describe.each(["light", "dark"] as const)("the %s theme", (scheme) => {
  it("renders the login, home and account screens accessibly and without errors", async () => {
    const { context, page, errors } = await newPage(browser);
    await goto(page, "/auth/login");
    await page.getByRole("button", { name: "Log in" }).waitFor();
    if (scheme === "dark") {
      await page.getByRole("button", { name: "Toggle color scheme" }).click();
      // Move away so the toggle's tooltip is not in the picture.
      await page.mouse.move(600, 700);
      await page.getByRole("tooltip").waitFor({ state: "detached" });
    }
    await expect.poll(() => page.locator("html").getAttribute("data-mantine-color-scheme")).toBe(scheme);
    await page.screenshot({ path: path.join(shots, `login-${scheme}.png`) });
    await expectAccessible(page, "login");

    await logIn(page, "member");
    // The choice of theme survives navigation and a full reload.
    await page.reload();
    await expect.poll(() => page.locator("html").getAttribute("data-mantine-color-scheme")).toBe(scheme);
    await page.locator("header").getByText("Morgan Member").waitFor();
    await page.screenshot({ path: path.join(shots, `home-${scheme}.png`), fullPage: true });
    await expectAccessible(page, "home");

    await goto(page, "/account");
    await page.getByLabel("Name", { exact: true }).waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Morgan Member");
    await page.screenshot({ path: path.join(shots, `account-${scheme}.png`), fullPage: true });
    await expectAccessible(page, "account");
    expect(errors).toEqual([]);
    await context.close();
  });
});

it("starts in the light theme for a new visitor", async () => {
  const { context, page } = await newPage(browser);
  await goto(page, "/");
  expect(await page.locator("html").getAttribute("data-mantine-color-scheme")).toBe("light");
  await context.close();
});
