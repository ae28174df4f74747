import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, expectAccessible, goto, launch, newPage, signUp, site } from "./browser.ts";

/**
 * SPEC rules a member meets in the browser (issue 23 section 4): a call answered 401 leads to /login with
 * "Please Login!"; a failed comment says "Error occured, please try again later." and a server failure is said above
 * the page (system.error); the forgot-password screen's request; a page that requires a session but declares
 * no-redirect; the bare public layout; the primary layout's extra widget.
 */

let browser: Browser;
let freeMovie: { _id: string; title: string };

beforeAll(async () => {
  browser = await launch();
  const videos = (await api("GET", "/user/assets/videos/search?access=free&includeComing=false&limit=1")).body
    .data as Array<{ _id: string; title: string }>;
  if (!videos[0]) throw new Error("the demo catalogue has no free movie");
  freeMovie = videos[0];
});
afterAll(() => browser?.close());

/** A fresh member's session token, from the API (each call is a session of its own). */
async function sessionOf(account: { username: string; password: string }): Promise<string> {
  const res = await api("POST", "/auth/login", { body: { username: account.username, password: account.password } });
  if (res.status !== 200) throw new Error(`login ${account.username}: ${res.status}`);
  return res.body.token as string;
}

async function signedInPage(token: string) {
  const opened = await newPage(browser);
  await opened.context.addCookies([{ name: "token", value: token, url: site().webUrl }]);
  return opened;
}

/** The movie page, hydrated, with its comments read. */
async function openMovie(page: Page) {
  await goto(page, `/movies/${freeMovie._id}`);
  await page.getByTestId("comments-total").waitFor();
}

/** A server failure as the API answers it, for the browser's call `pattern` (method `method`). */
async function failOnce(page: Page, pattern: string, method: string) {
  await page.route(pattern, (route) => {
    if (route.request().method() !== method) return route.fallback();
    return route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ statusCode: 500, error: "Internal Server Error", message: "The database went away." }),
    });
  });
}

describe("SPEC section 8 in the browser", () => {
  it("sends a member whose session was ended elsewhere to /login with Please Login! when a call is answered 401", async () => {
    const account = await signUp("gone");
    const here = await sessionOf(account);
    const elsewhere = await sessionOf(account);
    const { context, page, errors } = await signedInPage(here);
    await openMovie(page);

    // From the other device: log out every other session, this browser's included.
    expect((await api("DELETE", "/auth/users/me/sessions", { token: elsewhere })).status).toBe(200);

    // The next call this page makes is answered 401: the member lands on /login, told so.
    await page.getByTestId("reaction-like").click();
    await page.waitForURL(`${site().webUrl}/login`);
    await page.getByText("Please Login!", { exact: true }).waitFor();
    await page.getByText("Please log in to continue.").waitFor();
    await page.getByRole("button", { name: "Log in" }).waitFor();
    // Chromium logs the 401 answers (the like, and the socket's sign-in being refused); nothing else.
    expect(errors.filter((e) => !e.includes("status of 401"))).toEqual([]);
    await context.close();
  });

  it("says Error occured, please try again later. when a comment cannot be posted or deleted, and the server's failure above the page", async () => {
    const account = await signUp("oops");
    const { context, page, errors } = await signedInPage(await sessionOf(account));
    await openMovie(page);
    expect(await page.getByTestId("system-error").count()).toBe(0);

    await failOnce(page, "**/api/comments", "POST");
    await page.getByLabel("Add a comment").fill("This one will not go through");
    await page.getByRole("button", { name: "Comment", exact: true }).click();
    await page.getByText("Error occured, please try again later.", { exact: true }).waitFor();
    // system.error: the server failed the request, said above the page until dismissed.
    const notice = page.getByTestId("system-error");
    await notice.getByText("The server could not finish a request").waitFor();
    await notice.getByText("Please try again in a moment. The server said: The database went away.").waitFor();
    await expectAccessible(page, "a movie page with a server error");
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await notice.waitFor({ state: "detached" });
    await page.unroute("**/api/comments");

    const text = `Kept ${Date.now()}`;
    await page.getByLabel("Add a comment").fill(text);
    await page.getByRole("button", { name: "Comment", exact: true }).click();
    await page.getByText("Commented successfully").waitFor();
    const mine = page.getByTestId("comment").filter({ hasText: text });
    await mine.waitFor();

    await failOnce(page, "**/api/comments/*", "DELETE");
    await mine.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect
      .poll(() => page.getByText("Error occured, please try again later.", { exact: true }).count())
      .toBeGreaterThan(0);
    expect(await mine.count()).toBe(1);
    // Chromium logs the two refused calls; nothing else.
    expect(errors.filter((e) => !e.includes("status of 500"))).toEqual([]);
    await context.close();
  });
});

describe("screens and layouts of SPEC sections 2, 3 and 6", () => {
  it("the forgot-password screen shows its request's answer, and starts over on the next visit", async () => {
    const { context, page, errors } = await newPage(browser);
    await goto(page, "/auth/forgot-password");
    await page.getByLabel("Email").fill("nobody-here@example.test");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("If that address has an account, a reset link is on its way.").waitFor();
    expect(await page.getByRole("button", { name: "Send" }).count()).toBe(0);
    await page.getByRole("link", { name: "Back to login" }).click();
    await page.waitForURL(`${site().webUrl}/auth/login`);
    await page.getByRole("link", { name: /Forgot/ }).click();
    await page.waitForURL(`${site().webUrl}/auth/forgot-password`);
    await page.getByRole("button", { name: "Send" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("renders the cancelled-payment page (requires a session, no-redirect) for a visitor instead of redirecting", async () => {
    const { context, page, errors } = await newPage(browser);
    const res = await page.goto("/payment/cancel");
    expect(res?.status()).toBe(200);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(new URL(page.url()).pathname).toBe("/payment/cancel");
    await page.getByRole("heading", { name: "Payment cancelled" }).waitFor();
    await page.getByText("You are not logged in any more: log in to see your orders and try again.").waitFor();
    await page.getByRole("main").getByRole("link", { name: "Log in" }).click();
    await page.waitForURL(`${site().webUrl}/auth/login`);
    // A page without the flag still sends a visitor to log in.
    await page.goto("/payment/success");
    await page.waitForURL(`${site().webUrl}/auth/login`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the sandbox payment page bare, in the public layout", async () => {
    const [forSale] = (await api("GET", "/user/assets/videos/search?access=sale&includeComing=false&limit=1")).body
      .data as Array<{ _id: string }>;
    if (!forSale) throw new Error("the demo catalogue has no movie for sale");
    const token = await sessionOf(await signUp("bare"));
    const checkout = await api("POST", `/payment/purchase-video/${forSale._id}`, { token });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const { context, page, errors } = await signedInPage(token);
    await goto(page, `/payment/sandbox/${checkout.body.transactionId}`);
    await page.getByRole("heading", { name: "Sandbox payment" }).waitFor();
    await page.locator('main[data-layout="public"]').waitFor();
    expect(await page.locator("header").count()).toBe(0);
    expect(await page.locator("footer").count()).toBe(0);
    await expectAccessible(page, "the sandbox payment page");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the site promos in the primary layout's extra widget, above the footer of every page", async () => {
    const promos = (await api("GET", "/site-promo/search?position=bottom")).body.data as Array<{ title: string }>;
    expect(promos.map((p) => p.title)).toContain("Join the club");
    const { context, page, errors } = await newPage(browser);
    for (const path of ["/movies", "/contact"]) {
      await goto(page, path);
      const widget = page.getByRole("complementary", { name: "Promotions" });
      await widget.getByRole("heading", { name: "Join the club" }).waitFor();
      expect(await widget.getByRole("link").first().getAttribute("href")).toBe("/membership");
      // Between the page and the footer.
      const order = await page.evaluate(() => {
        const aside = document.querySelector('[data-slot="extra-widget"]');
        const footer = document.querySelector("footer");
        return aside && footer ? aside.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
      });
      expect(order, path).toBeTruthy();
    }
    await page.getByRole("complementary", { name: "Promotions" }).getByRole("link").first().click();
    await page.waitForURL(`${site().webUrl}/membership`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
