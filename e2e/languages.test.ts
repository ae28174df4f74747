import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, goto, launch, newPage, signUp, site } from "./browser.ts";
import { logIn } from "./steps.ts";

const SHOTS = path.join(import.meta.dirname, "..", "docs", "screenshots");

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Hydration must render what the server rendered: React says so on the console when it does not. */
const hydrationProblems = (errors: string[]) => errors.filter((e) => /hydrat|did not match/i.test(e));

describe("the site in the member's language", () => {
  it("renders a Spanish browser's pages in Spanish on the server, and the language menu switches back to English", async () => {
    const res = await fetch(`${site().webUrl}/`, { headers: { "accept-language": "es-MX,es;q=0.9,en;q=0.5" } });
    expect(res.headers.get("content-language")).toBe("es");
    const html = await res.text();
    expect(html).toMatch(/<html lang="es"/);
    expect(html).toContain('aria-label="Idioma"');
    expect(html).toMatch(/<a[^>]*href="\/movies"[^>]*>Películas<\/a>/);

    const { context, page, errors } = await newPage(browser, { locale: "es-ES" });
    await goto(page, "/");
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    const menu = page.getByLabel("Idioma");
    expect(await menu.inputValue()).toBe("es");
    const header = page.getByRole("navigation", { name: "Principal" });
    expect(await header.getByRole("link", { name: "Películas", exact: true }).getAttribute("href")).toBe("/movies");
    expect(await page.getByRole("link", { name: "Iniciar sesión" }).first().isVisible()).toBe(true);
    await Promise.all([page.waitForEvent("load"), menu.selectOption("en")]);
    await page.getByLabel("Language", { exact: true }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    const main = page.getByRole("navigation", { name: "Main" });
    expect(await main.getByRole("link", { name: "Movies", exact: true }).getAttribute("href")).toBe("/movies");
    expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("en");
    expect(hydrationProblems(errors)).toEqual([]);
    await context.close();
  });

  it("fits the Spanish header in a 1280 px and a 1024 px window: no sideways scroll, Registrarse in sight", async () => {
    const { context, page } = await newPage(browser, { locale: "es-ES" });
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await goto(page, "/");
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, `at ${width} px`).toBeLessThanOrEqual(clientWidth);
      const signUp = page.locator("header").getByRole("link", { name: "Registrarse", exact: true });
      expect(await signUp.isVisible()).toBe(true);
      const box = await signUp.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0), `at ${width} px`).toBeLessThanOrEqual(clientWidth);
      // `SCREENSHOTS=1` writes the Spanish home page again (README, docs/screenshots).
      if (process.env.SCREENSHOTS && width === 1280) {
        await page.screenshot({ path: path.join(SHOTS, "home-es.png"), fullPage: true });
      }
    }
    await context.close();
  });

  it("keeps a member's choice on the account: another browser shows the site in it once they log in", async () => {
    const member = await signUp("lang");
    const first = await newPage(browser, { locale: "en-GB" });
    await logIn(first.page, member.username, member.password);
    await Promise.all([first.page.waitForEvent("load"), first.page.getByLabel("Language").selectOption("es")]);
    await first.page.getByLabel("Idioma").waitFor();
    await first.context.close();

    const other = await newPage(browser, { locale: "en-GB" });
    await goto(other.page, "/");
    expect(await other.page.locator("html").getAttribute("lang")).toBe("en");
    await logIn(other.page, member.username, member.password);
    await goto(other.page, "/");
    expect(await other.page.locator("html").getAttribute("lang")).toBe("es");
    expect(await other.page.getByLabel("Idioma").inputValue()).toBe("es");
    expect(hydrationProblems(other.errors)).toEqual([]);
    await other.context.close();

    const me = await api("GET", "/users/me", { token: await apiLogin(member.username, member.password) });
    expect(me.body.locale).toBe("es");
  });
});
