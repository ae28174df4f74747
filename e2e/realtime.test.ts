import type { Browser } from "playwright-core";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiLogin, goto, launch, newPage, site } from "./browser.ts";

let browser: Browser;
const sockets: Socket[] = [];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await browser?.close();
});

/** A socket of `token`'s account straight to the API, as another browser of that account would hold. */
async function connectAs(token: string): Promise<Socket> {
  const socket = io(site().apiUrl, {
    path: "/socket.io",
    transports: ["websocket"],
    auth: { token },
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return socket;
}

describe("realtime in the browser", () => {
  it("shows a performer's Online badge live on their profile, from their room", async () => {
    const [memberToken, performerToken] = await Promise.all([apiLogin("member"), apiLogin("performer")]);
    const { context, page, errors } = await newPage(browser);
    await context.addCookies([{ name: "token", value: memberToken, url: site().webUrl }]);
    await goto(page, "/performers/performer");
    const online = page.getByText("Online", { exact: true });
    // The page joined the room and heard the performer's state (offline: no badge).
    await page.waitForTimeout(1000);
    await expect(online.count()).resolves.toBe(0);

    const performer = await connectAs(performerToken);
    await online.waitFor({ state: "visible", timeout: 10_000 });

    performer.disconnect();
    await online.waitFor({ state: "detached", timeout: 10_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
