import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, goto, launch, site } from "./browser.ts";
import { layoutProblems } from "./layout.ts";

/**
 * The admin's system screen on the site as `npm start` runs it: the API on the embedded database with the media
 * worker it forks on demand. The demo catalogue's clips were transcoded by that worker, which then stopped for want
 * of work (the e2e site lets it stop after 10 s): the screen says it starts when media is waiting, not that it is
 * missing.
 */

let browser: Browser;
let admin: string;

beforeAll(async () => {
  browser = await launch();
  admin = await apiLogin("admin");
});
afterAll(() => browser?.close());

interface Status {
  onDemandWorker: { running: boolean; idleStopSeconds: number } | null;
  workers: { alive: boolean; pid: number; stoppedAt: string | null }[];
}

describe("the admin's system screen", () => {
  it("shows an admin, on a phone, the media worker stopped until media is waiting, and the transcode queue", async () => {
    // Once the tests before have no media left for it, the worker stops by itself.
    await expect
      .poll(
        async () => {
          const status = await api("GET", "/admin/system", { token: admin });
          const body = status.body as Status;
          return { on: body.onDemandWorker, alive: body.workers.filter((w) => w.alive).length };
        },
        { timeout: 60_000 },
      )
      .toEqual({ on: { running: false, idleStopSeconds: 10 }, alive: 0 });

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

    await expect.poll(() => page.getByTestId("workers-alive").textContent()).toBe("Started when media is waiting");
    expect(await page.getByTestId("workers-on-demand").textContent()).toBe(
      "On the embedded database the API starts its media worker when media is waiting, and the worker stops after 10 s without any.",
    );
    // The one that made the demo catalogue, stopped cleanly.
    const card = page.locator('[data-testid="system-worker"][data-state="stopped"]').first();
    await card.waitFor();
    expect(await card.getByTestId("system-worker-job").textContent()).toBe("No job");

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
