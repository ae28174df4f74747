import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { API_PREFIX } from "@marquee/contracts/origin";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect, inject, onTestFailed } from "vitest";
// @ts-expect-error plain ESM helper shared with the benchmarks
import { CHROMIUM_FLAGS, chromiumPath } from "../scripts/chromium.mjs";

export const site = () => inject("e2e");

/** `args`: more Chromium flags, e.g. `--host-resolver-rules=MAP marquee.test 127.0.0.1` for a second host name. */
export async function launch(args: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumPath(), args: [...CHROMIUM_FLAGS, ...args] });
}

/** A request a browser context made: its method, and its address's origin and path (no query). */
export interface SeenRequest {
  method: string;
  origin: string;
  path: string;
}

/** Records every request `context` makes from now on, in order, for a test to check where the page's calls went. */
export function recordRequests(context: BrowserContext): SeenRequest[] {
  const seen: SeenRequest[] = [];
  context.on("request", (r) => {
    const url = new URL(r.url());
    seen.push({ method: r.method(), origin: url.origin, path: url.pathname });
  });
  return seen;
}

/**
 * The requests among `seen` the browser sent to the API itself (under its prefix on the site's origin) for the store:
 * the cart, coupons, payments, products and saved addresses. The pages load and change these through the web
 * server's loaders and actions, which call the API with the session, so this is empty.
 */
export function commerceApiCalls(seen: SeenRequest[]): string[] {
  const commerce = new RegExp(`^${API_PREFIX}/(cart|coupons|payment|user/assets/products|users/me/addresses)(/|$)`);
  return seen
    .filter((r) => r.origin === new URL(site().webUrl).origin && commerce.test(r.path))
    .map((r) => `${r.method} ${r.path}`);
}

/** A fresh browser context whose page fails the test on any console error or uncaught exception. */
export async function newPage(
  browser: Browser,
  opts: {
    headers?: Record<string, string>;
    colorScheme?: "light" | "dark";
    baseURL?: string;
    /** The browser's language (its Accept-Language and navigator.language), e.g. "es-ES". */
    locale?: string;
  } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // The end-to-end site (global-setup.ts); none for a site its test starts itself (e2e/scale), given by `baseURL`.
  const e2e = inject("e2e") as ReturnType<typeof site> | undefined;
  const context = await browser.newContext({
    baseURL: opts.baseURL ?? e2e?.webUrl,
    extraHTTPHeaders: opts.headers,
    colorScheme: opts.colorScheme,
    locale: opts.locale,
    viewport: { width: 1280, height: 800 },
  });
  // The demo admin's trusted browser (global-setup.ts): the admin signs in here without the code step. The token is
  // bound to that account, so it changes nothing for anyone else.
  if (e2e) await context.addCookies([{ name: "device", value: e2e.adminDevice, url: opts.baseURL ?? e2e.webUrl }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  try {
    onTestFailed(() => describeFailure(page, errors));
  } catch {
    // Opened in a suite's hook rather than a test: nothing to describe.
  }
  return { context, page, errors };
}

/**
 * What a page showed when its test failed: its address, its visible text and the errors it logged, printed to the
 * run's log, and a screenshot beside it, so a failure seen once on CI can be read without rerunning it.
 */
async function describeFailure(page: Page, errors: string[]): Promise<void> {
  if (page.isClosed()) return;
  const shot = path.join(tmpdir(), `marquee-failure-${Date.now().toString(36)}.png`);
  const text = await Promise.race([
    page.evaluate(() => document.body?.innerText ?? "").catch((e: Error) => `(unreadable: ${e.message})`),
    new Promise<string>((resolve) => setTimeout(() => resolve("(the page did not answer within 5 s)"), 5_000)),
  ]);
  await page.screenshot({ path: shot, timeout: 5_000 }).catch(() => undefined);
  console.error(
    [`The page at ${page.url()} when the test failed (screenshot ${shot}):`, text.slice(0, 3000), ...errors].join("\n"),
  );
}

/** Navigates and waits until the app has hydrated, so forms submit through the app and not natively. */
export async function goto(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * The text of the newest mail to `to` whose text contains `contains` (without SMTP, mails are .eml files in the data
 * folder), waiting up to 30 s for it to be written.
 */
export async function mailText(to: string, contains: string | RegExp): Promise<string> {
  const dir = path.join(site().dataDir, "mail");
  const deadline = Date.now() + 30_000;
  do {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.includes(to)).sort();
    for (const f of files.reverse()) {
      // Quoted-printable soft line breaks ("=\n") and "=3D" would split or mangle the text.
      const text = (await readFile(path.join(dir, f), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      if (typeof contains === "string" ? text.includes(contains) : contains.test(text)) return text;
    }
    await new Promise((r) => setTimeout(r, 250));
  } while (Date.now() < deadline);
  throw new Error(`no mail to ${to} containing ${contains}`);
}

/** The link containing `contains` in the newest mail to `to` that has one. */
export async function mailedLink(to: string, contains: string): Promise<string> {
  const linkIn = (text: string) => text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(contains));
  const pattern = new RegExp(`https?://\\S*${contains.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
  return linkIn(await mailText(to, pattern)) as string;
}

/** Calls the API directly (for set-up steps such as an admin toggling a setting). */
export async function api(
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${site().apiUrl}${url}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

let signUps = 0;

/**
 * A fresh account, signed up through the API and confirmed by the link it was mailed: its state is the calling test's
 * alone. The site takes ten sign-ups an hour from one client address and the suite makes more accounts than that, so
 * each comes from an address of its own (198.18.0.0/15, a range for tests), told in X-Forwarded-For as the server in
 * front tells it; the API trusts that header from the loopback only, as it does in production.
 */
export async function signUp(prefix: string, opts: { password?: string; name?: string } = {}) {
  signUps += 1;
  const username = `${prefix}${Date.now().toString(36)}${signUps}`.slice(0, 30);
  const email = `${username}@example.test`;
  const password = opts.password ?? "marquee-demo-1";
  const address = `198.18.${process.pid % 256}.${signUps % 256}`;
  const registered = await api("POST", "/auth/users/register", {
    body: { username, email, password, name: opts.name ?? `Pat ${username}` },
    headers: { "x-forwarded-for": address },
  });
  if (registered.status !== 201)
    throw new Error(`sign-up ${username}: ${registered.status} ${JSON.stringify(registered.body)}`);
  const token = new URL(await mailedLink(email, "/auth/verify-email")).searchParams.get("token");
  const confirmed = await api("POST", "/auth/email-verification", { body: { token } });
  if (confirmed.status !== 200) throw new Error(`confirming ${username}: ${confirmed.status}`);
  return { username, email, password };
}

export async function apiLogin(username: string, password = "marquee-demo") {
  const res = await api("POST", "/auth/login", { body: { username, password, deviceToken: site().adminDevice } });
  if (res.status !== 200 || !res.body.token) throw new Error(`login ${username}: ${res.status}`);
  return res.body.token as string;
}

/**
 * Waits (at most 5 s) until no finite CSS animation or transition has run for 150 ms. axe measures colours as they
 * are drawn, so a dialog still fading in (its opacity below 1) reads as text without contrast; spinners, which
 * never end, are left alone.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const deadline = performance.now() + 5000;
    let quiet = 0;
    while (quiet < 3 && performance.now() < deadline) {
      await new Promise((done) => setTimeout(done, 50));
      const moving = document
        .getAnimations()
        .some((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
      quiet = moving ? 0 : quiet + 1;
    }
  });
}

const reasonOf = (summary: string | undefined) =>
  (summary ?? "").split("\n").slice(1).join(" ").replace(/\s+/g, " ").trim();

/** No serious or critical WCAG 2 A/AA violation on the page once it has stopped moving (axe), each named with `what`. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  await animationsSettled(page);
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    // Each node with axe's reason (for contrast: the colours and the ratio), so a failure on CI says what to fix.
    .map(
      (v) =>
        `${what}: ${v.id} (${v.nodes.map((n) => `${n.target.join(" ")}: ${reasonOf(n.failureSummary)}`).join(", ")})`,
    );
  expect(serious).toEqual([]);
}
