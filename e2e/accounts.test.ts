import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, goto, launch, mailedLink, newPage, signUp, site } from "./browser.ts";
import { openAccountMenu } from "./steps.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe("an account from sign-up to log-out", () => {
  it("registers, verifies by the mailed link, logs in with remember, and logs out", async () => {
    const { context, page, errors } = await newPage(browser);
    const username = `e2e${Date.now().toString(36)}`;
    const email = `${username}@example.test`;

    await goto(page, "/auth/register");
    await page.getByLabel("Name", { exact: true }).fill("Erin Endtoend");
    await page.getByLabel("Username", { exact: true }).fill(username);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("correct-horse-9");
    await page.getByLabel("Confirm password", { exact: true }).fill("correct-horse-9");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page
      .getByText(/confirmation link/i)
      .first()
      .waitFor();

    const link = await mailedLink(email, "/auth/verify-email");
    expect(link.startsWith(site().webUrl)).toBe(true);
    await goto(page, link);
    await page.getByText(/email address is confirmed/i).waitFor();

    await goto(page, "/auth/login");
    await page.getByLabel("Username or email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("correct-horse-9");
    await page.getByLabel("Remember me").check();
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${site().webUrl}/`);

    const cookie = (await context.cookies()).find((c) => c.name === "token");
    expect(cookie).toBeDefined();
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365.01);
    expect(cookie?.sameSite).toBe("Lax");

    await expect.poll(() => page.locator("header").textContent()).toContain("Erin Endtoend");
    // The realtime channel connects once logged in.
    await expect.poll(() => page.locator("[data-socket-status]").getAttribute("data-socket-status")).toBe("connected");

    await goto(page, "/account");
    await page
      .getByRole("heading", { name: /account/i })
      .first()
      .waitFor();
    expect(page.url()).toBe(`${site().webUrl}/account`);

    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.getByText("Log out!").waitFor();
    await page.waitForURL(`${site().webUrl}/auth/login`);
    expect((await context.cookies()).find((c) => c.name === "token")).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the token cookie for one day without remember me", async () => {
    const { context, page } = await newPage(browser);
    await goto(page, "/auth/login");
    await page.getByLabel("Username or email").fill("user");
    await page.getByLabel("Password", { exact: true }).fill("marquee-demo");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${site().webUrl}/`);
    const cookie = (await context.cookies()).find((c) => c.name === "token");
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(0.99);
    expect(days).toBeLessThanOrEqual(1.01);
    await context.close();
  });

  it("shows the error message when the credentials are wrong", async () => {
    const { context, page } = await newPage(browser);
    await goto(page, "/auth/login");
    await page.getByLabel("Username or email").fill("member");
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByText("Incorrect credentials!").first().waitFor();
    expect(page.url()).toContain("/auth/login");
    await context.close();
  });

  it.each([
    ["?videoId=abc123", "/movies/abc123"],
    ["?from=cart", "/cart"],
    ["?next=%2Fgalleries", "/galleries"],
    // Never another site: an open redirect would be a bug.
    ["?next=https%3A%2F%2Fevil.example%2F", "/"],
    ["?next=%2F%2Fevil.example", "/"],
    ["?next=%2F%5Cevil.example", "/"],
  ])("after login with %s goes to %s", async (query, destination) => {
    const { context, page } = await newPage(browser);
    await goto(page, `/auth/login${query}`);
    await page.getByLabel("Username or email").fill("member");
    await page.getByLabel("Password", { exact: true }).fill("marquee-demo");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${site().webUrl}${destination}`);
    await context.close();
  });

  it("sends a visitor without a token from a protected page to /auth/login", async () => {
    const { context, page } = await newPage(browser);
    await goto(page, "/account");
    await page.waitForURL(/\/auth\/login/);
    await page.getByRole("button", { name: "Log in" }).waitFor();
    await context.close();
  });

  it("removes a token the API refuses and sends the visitor to /auth/login", async () => {
    const { context, page } = await newPage(browser);
    const { hostname } = new URL(site().webUrl);
    await context.addCookies([{ name: "token", value: "x".repeat(43), domain: hostname, path: "/" }]);
    await goto(page, "/account");
    await page.waitForURL(/\/auth\/login/);
    expect((await context.cookies()).find((c) => c.name === "token")).toBeUndefined();
    await context.close();
  });
});

describe("signing up from a members movie's lock", () => {
  it("comes back to the movie after the mailed link and login", { timeout: 120_000 }, async () => {
    const search = await api("GET", "/user/assets/videos/search?access=members&includeComing=false&sortBy=newest");
    const locked = [];
    for (const v of search.body.data as { _id: string }[]) {
      const detail = await api("GET", `/user/assets/videos/${v._id}`);
      if (detail.body.lock === "members") locked.push(v._id);
    }
    const movieId = locked[0];
    if (!movieId) throw new Error("no members movie in the demo catalogue");
    const { context, page, errors } = await newPage(browser);
    const username = `back${Date.now().toString(36)}`;
    const email = `${username}@example.test`;

    await goto(page, `/movies/${movieId}`);
    const cta = page.getByTestId("call-to-action");
    await cta.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL(`${site().webUrl}/auth/register?next=%2Fmovies%2F${movieId}`);
    await page.getByLabel("Name", { exact: true }).fill("Bea Back");
    await page.getByLabel("Username", { exact: true }).fill(username);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("correct-horse-9");
    await page.getByLabel("Confirm password", { exact: true }).fill("correct-horse-9");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByRole("heading", { name: "Check your inbox" }).waitFor();

    // The mailed link carries the way back; following it verifies and goes straight on to login.
    const link = new URL(await mailedLink(email, "/auth/verify-email"));
    expect(link.searchParams.get("next")).toBe(`/movies/${movieId}`);
    await goto(page, link.toString());
    await page.waitForURL(`${site().webUrl}/auth/login?next=%2Fmovies%2F${movieId}&verified=1`);
    await page.getByText("Your email address is verified. Log in to continue.").waitFor();
    await page.getByLabel("Username or email").fill(username);
    await page.getByLabel("Password", { exact: true }).fill("correct-horse-9");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${site().webUrl}/movies/${movieId}`);
    await cta.getByRole("heading", { name: "For members" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("account security on the account page", () => {
  /** A fresh, verified account: its password can change without disturbing the demo accounts. */
  const freshAccount = (prefix: string) => signUp(prefix, { password: "first-password-1", name: "Sam Sessions" });

  async function logIn(browser: Browser, username: string, password: string) {
    const opened = await newPage(browser);
    await goto(opened.page, "/auth/login");
    await opened.page.getByLabel("Username or email").fill(username);
    await opened.page.getByLabel("Password", { exact: true }).fill(password);
    await opened.page.getByRole("button", { name: "Log in" }).click();
    await opened.page.waitForURL(`${site().webUrl}/`);
    return opened;
  }

  const formOf = (page: Page, heading: string) =>
    page.locator("form", { has: page.getByRole("heading", { name: heading, exact: true }) });

  it("lists both browsers' sessions, logs out the other one, and changes the password with the current one", async () => {
    const account = await freshAccount("sess");
    const laptop = await logIn(browser, account.username, account.password);
    const phone = await logIn(browser, account.username, account.password);

    await goto(laptop.page, "/account");
    const sessions = laptop.page.getByTestId("session");
    await expect.poll(() => sessions.count()).toBe(2);
    await expect.poll(() => laptop.page.locator('[data-testid="session"][data-current="true"]').count()).toBe(1);
    await laptop.page.getByText("This device").waitFor();
    await expect.poll(() => sessions.first().textContent()).toMatch(/Chrome on Linux/);

    await laptop.page.getByRole("button", { name: "Log out all others" }).click();
    await laptop.page.getByText("Your other sessions have been logged out.").waitFor();
    await expect.poll(() => sessions.count()).toBe(1);

    // The other browser's token no longer works: its next page sends it to the login screen.
    await goto(phone.page, "/account");
    await phone.page.waitForURL(/\/auth\/login/);
    expect((await phone.context.cookies()).find((c) => c.name === "token")).toBeUndefined();

    const form = formOf(laptop.page, "Password");
    await form.getByLabel("Current password").fill("not-my-password");
    await form.getByLabel("New password").fill("second-password-2");
    await form.getByLabel("Confirm password").fill("second-password-2");
    await form.getByRole("button", { name: "Change password" }).click();
    await form.getByText(/not your current password/i).waitFor();

    await form.getByLabel("Current password").fill(account.password);
    await form.getByRole("button", { name: "Change password" }).click();
    await laptop.page.getByText(/Password updated/).waitFor();
    expect(
      (await api("POST", "/auth/login", { body: { username: account.username, password: "second-password-2" } }))
        .status,
    ).toBe(200);
    // Chromium logs the refused wrong current password as a failed resource load; nothing else may appear.
    expect(laptop.errors.filter((e) => !e.includes("status of 422"))).toEqual([]);
    await Promise.all([laptop.context.close(), phone.context.close()]);
  });

  it("changes the email only once the link mailed to the new address is followed", async () => {
    const account = await freshAccount("mail");
    const { context, page, errors } = await logIn(browser, account.username, account.password);
    const newEmail = `new-${account.email}`;
    await goto(page, "/account");
    const form = formOf(page, "Profile");
    await form.getByLabel("Email", { exact: true }).fill(newEmail);
    await form.getByLabel("Current password").fill(account.password);
    await form.getByRole("button", { name: "Save" }).click();
    await page
      .getByText(/check your inbox at/i)
      .first()
      .waitFor();
    await expect.poll(() => page.getByTestId("pending-email").textContent()).toContain(newEmail);
    await expect.poll(() => form.getByLabel("Email", { exact: true }).inputValue()).toBe(account.email);

    await goto(page, await mailedLink(newEmail, "/auth/confirm-email"));
    await page.getByText("New email confirmed").waitFor();
    await goto(page, "/account");
    await expect.poll(() => formOf(page, "Profile").getByLabel("Email", { exact: true }).inputValue()).toBe(newEmail);
    expect(await page.getByTestId("pending-email").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
