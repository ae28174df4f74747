import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goto, launch, newPage, site } from "./browser.ts";
import { logIn } from "./steps.ts";

/** Screenshots land here for a person to look at (CI keeps the folder as an artifact). */
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  await mkdir(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** Hydration must render what the server rendered: React says so on the console when it does not. */
const hydrationProblems = (errors: string[]) => errors.filter((e) => /hydrat|did not match/i.test(e));

describe("the admin area in Spanish", () => {
  it("shows an admin who chose Spanish the admin screens in Spanish, on the server and once hydrated", async () => {
    const { context, page, errors } = await newPage(browser);
    await logIn(page, "admin");
    await context.addCookies([{ name: "lang", value: "es", url: site().webUrl }]);

    await goto(page, "/admin");
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    await page.getByRole("heading", { level: 1, name: "Administración" }).waitFor();
    await page.getByText("Todo lo que necesitas para gestionar el sitio, en un solo lugar.").waitFor();
    const nav = page.getByRole("navigation", { name: "Administración" });
    await nav.getByRole("link", { name: "Comentarios" }).waitFor();
    await page.getByRole("link", { name: /Abrir registro de auditoría/ }).waitFor();

    await goto(page, "/admin/users?q=admin");
    await page.getByRole("heading", { level: 1, name: "Usuarios" }).waitFor();
    await page.getByLabel("Buscar usuarios").waitFor();
    const table = page.getByRole("table", { name: "Usuarios" });
    await table.getByRole("columnheader", { name: "Correo electrónico" }).waitFor();
    await table.getByRole("columnheader", { name: "Alta" }).waitFor();
    const self = page.getByTestId("user-row-admin");
    await self.waitFor();
    await page.screenshot({ path: path.join(shots, "admin-users-es.png"), fullPage: true });
    await self.getByText("Tú", { exact: true }).waitFor();
    expect(await self.getByLabel("Rol de @admin").inputValue()).toBe("Administrador");

    expect(hydrationProblems(errors)).toEqual([]);
    await context.close();
  });
});
