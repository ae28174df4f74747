import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, goto, launch, site } from "./browser.ts";
import { layoutProblems } from "./layout.ts";

/**
 * The admin's system screen on the site as `npm start` runs it: the API on the embedded database with the media
 * worker it forks. The demo catalogue's clips were transcoded by that worker, so its queue is known and empty.
 */

let browser: Browser;
let admin: string;

beforeAll(async () => {
  browser = await launch();
  admin = await apiLogin("admin");
});
afterAll(() => browser?.close());

describe("the admin's system screen", () => {
  it("shows an admin, on a phone, the media worker alive and the transcode queue", async () => {
    const status = await api("GET", "/admin/system", { token: admin });
    expect(status.status).toBe(200);
    const worker = (status.body.workers as { alive: boolean; pid: number; jobsDone: number }[]).find((w) => w.alive);
    expect(worker).toBeDefined();

    const context = await browser.newContext({
      baseURL: site().webUrl,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await context.addCookies([{ name: "token", value: admin, url: site().webUrl }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await goto(page, "/admin");
    // The admin menu leads there.
    await page.getByRole("link", { name: "System" }).first().click();
    await page.waitForURL(`${site().webUrl}/admin/system`);
    await page.getByRole("heading", { name: "Media workers" }).waitFor();

    await expect.poll(() => page.getByTestId("workers-alive").textContent()).toBe("1 alive");
    const card = page.locator('[data-testid="system-worker"][data-state="alive"]');
    await card.waitFor();
    expect(await card.textContent()).toContain(`pid ${worker?.pid}`);
    expect(await card.getByTestId("system-worker-job").textContent()).toBe("Idle, waiting for work");

    const transcodes = page.getByTestId("system-queue-media.transcode");
    await transcodes.waitFor();
    expect(await transcodes.textContent()).toContain("Movie transcodes");
    expect(await transcodes.getByTestId("waiting").textContent()).toBe("0");
    expect(await transcodes.getByTestId("running").textContent()).toBe("0");

    expect(await layoutProblems(page, 390)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
