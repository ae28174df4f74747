import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error plain ESM helper shared with `npm start`
import { freePort, startApi, startWeb, stop, waitFor } from "../scripts/processes.mjs";
import { enrolTwoFactor } from "./two-factor.ts";

/** Starts the built API and web on free ports with a fresh embedded database, like `npm start` does. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "marquee-e2e-"));
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const env: Record<string, string | undefined> = {
    API_PORT: String(apiPort),
    WEB_PORT: String(webPort),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: webUrl,
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    // Download links die soon enough for a test to see one expire.
    PRODUCT_DOWNLOAD_TTL_SEC: "10",
    // Segment links too (the smallest TTL allowed): a minute of a movie lives through several renewals of its links
    // (e2e/link-renewal.test.ts).
    MEDIA_SEGMENT_TTL_SEC: "10",
    // The media worker the API forks on demand stops soon after its last job (e2e/system.test.ts sees it stopped);
    // every upload of the tests forks it again.
    MEDIA_WORKER_IDLE_SEC: "10",
    // The end-to-end site runs on its own embedded database, whatever the CI environment points at.
    DATABASE_URL: undefined,
  };
  const api = startApi(env, { stdio: ["ignore", "inherit", "inherit"] });
  let web: ReturnType<typeof startWeb> | undefined;
  let adminDevice = "";
  try {
    // The first start seeds the demo catalogue (a few clips transcoded, photos processed) before it answers.
    await waitFor(`${apiUrl}/health`, api, 600_000);
    web = startWeb(env, { stdio: ["ignore", "inherit", "inherit"] });
    await waitFor(`${webUrl}/auth/login`, web);
    adminDevice = await enrolDemoAdmin(apiUrl);
    await setSiteSetting(apiUrl, adminDevice, "reviewMode", "none");
    await setSiteSetting(apiUrl, adminDevice, "ageGate", "off");
    // The web server reads settings through short-lived copies (app/lib/site-state.server.ts): the first test must
    // not meet the gate its copy still holds.
    await gateIsOff(webUrl);
  } catch (err) {
    // Never leave a server running after a failed start.
    await Promise.all([web ? stop(web) : undefined, stop(api)]);
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }

  project.provide("e2e", { apiUrl, webUrl, dataDir, adminDevice });
  return async () => {
    await Promise.all([stop(web), stop(api)]);
    await rm(dataDir, { recursive: true, force: true });
  };
}

/**
/** Waits until the web server renders its home page without sending a new browser to the age gate. */
async function gateIsOff(webUrl: string): Promise<void> {
  const until = Date.now() + 30_000;
  for (;;) {
    const res = await fetch(`${webUrl}/`, { redirect: "manual" });
    await res.arrayBuffer();
    if (!(res.headers.get("location") ?? "").startsWith("/age-check")) return;
    if (Date.now() > until)
      throw new Error("the web server still sends visitors to the age gate 30 s after it was turned off");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Admins need two-factor sign-in (issue 22): the demo admin turns it on for real, through the API as the account
 * screen does, and its browser is trusted. Every test's browser carries that trusted-browser token (browser.ts), so the
 * admin logs in with the password alone, as a trusted browser does; e2e/two-factor.test.ts goes through the code step.
 */
async function enrolDemoAdmin(apiUrl: string): Promise<string> {
  const res = await fetch(`${apiUrl}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "marquee-demo" }),
  });
  const { token } = (await res.json()) as { token: string };
  return (await enrolTwoFactor(apiUrl, token, "marquee-demo")).deviceToken;
}

/**
 * Sets a site setting (Admin → Settings) as the demo admin from its trusted browser, whose session ends again. A new
 * site reviews everything performers publish and stands a click-through age gate before every page (issue 22); the
 * journeys of other features publish as performers and look at the result, so this site reviews nothing and has the
 * gate off, as its admin would set them. The review and trust journeys turn them on for themselves and back off.
 */
async function setSiteSetting(apiUrl: string, adminDevice: string, key: string, value: unknown) {
  const login = await fetch(`${apiUrl}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "marquee-demo", deviceToken: adminDevice }),
  });
  if (!login.ok) throw new Error(`e2e set-up: the admin's login answered ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const put = await fetch(`${apiUrl}/admin/settings/${key}`, {
    method: "PUT",
    headers: { "content-type": "application/json", ...auth },
    body: JSON.stringify({ value }),
  });
  if (!put.ok) throw new Error(`e2e set-up: the setting ${key} answered ${put.status} ${await put.text()}`);
  await fetch(`${apiUrl}/auth/logout`, { method: "POST", headers: auth });
}

declare module "vitest" {
  export interface ProvidedContext {
    e2e: { apiUrl: string; webUrl: string; dataDir: string; adminDevice: string };
  }
}
