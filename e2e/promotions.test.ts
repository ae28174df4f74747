import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, goto, launch, mailedLink, newPage, signUp, site } from "./browser.ts";

/**
 * Promotions in Chromium through the sandbox gateway (issue 24 section 3): the demo performer makes a 7-day trial link,
 * a 3-month bundle and a tracking link in the studio. A member takes the trial (free, 7 days) and is refused a second
 * one; a visitor comes by the tracking link, signs up, and buys the bundle at its price; the admin's sandbox renewal
 * charges the bundle's stated renewal price; the studio shows the link's click, sign-up and paid conversion.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(token: string): Promise<{ page: Page; errors: string[] }> {
  const { context, page, errors } = await newPage(browser);
  await context.addCookies([{ name: "token", value: token, url: site().webUrl }]);
  return { page, errors };
}

/** The member's paid payments' amounts, oldest first. */
async function paidAmounts(token: string) {
  const list = (await api("GET", "/payment/transactions?limit=50", { token })).body.data as {
    status: string;
    amount: number;
  }[];
  return list
    .filter((t) => t.status === "paid")
    .map((t) => t.amount)
    .reverse();
}

describe("promotions", () => {
  it("a trial link gives 7 free days once per member; a 3-month bundle charges its price and renews as stated; a tracking link counts", async () => {
    const stamp = Date.now().toString(36);
    const performer = await signedIn(await apiLogin("performer"));
    const studio = performer.page;

    // The performer makes a 7-day trial link, limited to 5 claims.
    await goto(studio, "/studio/promotions");
    const form = studio.getByRole("form", { name: "New offer" });
    await form.getByLabel("Title (optional)").fill(`Trial ${stamp}`);
    expect(await form.getByLabel("Free days").inputValue()).toBe("7");
    await form.getByLabel("Most claims (optional)").fill("5");
    await form.getByRole("button", { name: "Create the offer" }).click();
    const trialRow = studio.getByTestId("studio-offer").filter({ hasText: `Trial ${stamp}` });
    await trialRow.getByText("7 days free").waitFor();
    await trialRow.getByText("0 of 5 claimed").waitFor();
    const trialLink = (await trialRow.getByTestId("offer-link").getAttribute("href")) as string;
    expect(trialLink).toMatch(/^\/offers\/[0-9a-f-]{36}$/);

    // And a 3-month bundle at $25.
    await form.getByText("Multi-month bundle").click();
    await form.getByLabel("Title (optional)").fill(`Bundle ${stamp}`);
    await form.getByLabel("Price of the whole bundle").fill("25");
    await form.getByRole("button", { name: "Create the offer" }).click();
    const bundleRow = studio.getByTestId("studio-offer").filter({ hasText: `Bundle ${stamp}` });
    await bundleRow.getByText("3 months for $25, renewing at the same price").waitFor();
    const bundleLink = (await bundleRow.getByTestId("offer-link").getAttribute("href")) as string;

    // And a tracking link.
    const linkForm = studio.getByRole("form", { name: "New tracking link" });
    await linkForm.getByLabel("Link name").fill(`Bio ${stamp}`);
    await linkForm.getByRole("button", { name: "Create the link" }).click();
    const tracked = studio.getByTestId("tracking-link").filter({ hasText: `Bio ${stamp}` });
    await tracked.waitFor();
    const trackingUrl = (await tracked.getByTestId("tracking-link-url").getAttribute("href")) as string;
    expect(trackingUrl).toMatch(/^\/r\/[A-Za-z0-9_-]+$/);

    // A member opens the trial link: the terms say plainly that nothing is charged and nothing renews.
    const fan = await signUp("trial");
    const member = await signedIn(await apiLogin(fan.username, fan.password));
    await goto(member.page, trialLink);
    await member.page.getByTestId("offer-now").getByText("Charged now: nothing. 7 days free.").waitFor();
    await member.page
      .getByTestId("offer-then")
      .getByText("It does not renew: nothing more is charged when the 7 days end.")
      .waitFor();
    await member.page.getByRole("button", { name: "Start the free trial" }).click();
    await member.page.waitForURL(/\/payment\/success\?transaction=/);
    await goto(member.page, "/account");
    const row = member.page.getByTestId("subscription-row").filter({ hasText: "Piper Performer" });
    await row.waitFor();
    // 7 days from today (the site's date format).
    const until = new Date(Date.now() + 7 * 24 * 3600_000);
    const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    await row
      .getByText(`${until.getUTCDate()} ${months[until.getUTCMonth()]} ${until.getUTCFullYear()}`)
      .first()
      .waitFor();

    // A second try by the same member is refused, saying why.
    await goto(member.page, trialLink);
    await member.page.getByRole("button", { name: "Start the free trial" }).click();
    await member.page.getByRole("alert").getByText("You have already had a free trial with Piper Performer.").waitFor();
    // The refusal's 409 is the only thing the console reports.
    expect(member.errors).toEqual([
      "console: Failed to load resource: the server responded with a status of 409 (Conflict)",
    ]);

    // A visitor comes by the tracking link (on to the profile), signs up, and buys the bundle.
    const visitor = await newPage(browser);
    await goto(visitor.page, trackingUrl);
    await visitor.page.waitForURL(`${site().webUrl}/performers/performer`);
    const username = `tracked${stamp}`.slice(0, 30);
    const email = `${username}@example.test`;
    await goto(visitor.page, "/auth/register");
    await visitor.page.getByLabel("Name", { exact: true }).fill("Tracy Tracked");
    await visitor.page.getByLabel("Username", { exact: true }).fill(username);
    await visitor.page.getByLabel("Email", { exact: true }).fill(email);
    await visitor.page.getByLabel("Password", { exact: true }).fill("correct-horse-9");
    await visitor.page.getByLabel("Confirm password", { exact: true }).fill("correct-horse-9");
    await visitor.page.getByRole("button", { name: "Sign up" }).click();
    await visitor.page
      .getByText(/confirmation link/i)
      .first()
      .waitFor();
    await goto(visitor.page, await mailedLink(email, "/auth/verify-email"));
    await visitor.page.getByText(/email address is confirmed/i).waitFor();
    const buyerToken = await apiLogin(username, "correct-horse-9");
    await visitor.context.addCookies([{ name: "token", value: buyerToken, url: site().webUrl }]);

    await goto(visitor.page, bundleLink);
    await visitor.page.getByTestId("offer-now").getByText("Charged now: $25 for the first 90 days.").waitFor();
    await visitor.page
      .getByTestId("offer-then")
      .getByText("Then $25 every 90 days, charged automatically until you cancel.")
      .waitFor();
    await visitor.page.getByRole("button", { name: "Subscribe for $25" }).click();
    await visitor.page.waitForURL(/\/payment\/sandbox\/[0-9a-f-]{36}$/);
    expect(await visitor.page.getByTestId("sandbox-amount").textContent()).toContain("25");
    await visitor.page.getByRole("button", { name: "Approve payment" }).click();
    await visitor.page.waitForURL(/\/payment\/success\?transaction=/);
    await visitor.page.getByRole("heading", { name: "Payment received" }).waitFor();
    expect(await paidAmounts(buyerToken)).toEqual([25]);

    // The admin's sandbox renewal charges the stated renewal price: $25 again.
    const operator = await signedIn(await apiLogin("admin"));
    await goto(operator.page, "/admin/subscriptions?kind=performer&status=active");
    const sub = operator.page.locator("tr").filter({ hasText: `@${username}` });
    await sub.getByText("$25").waitFor();
    await sub.getByRole("button", { name: "Simulate" }).click();
    await operator.page.getByRole("menuitem", { name: "Renew now" }).click();
    await operator.page.getByText("Renewed: the expiry moved on one period.").waitFor();
    await expect.poll(() => paidAmounts(buyerToken)).toEqual([25, 25]);
    expect(operator.errors).toEqual([]);

    // The studio shows the tracking link's click, sign-up and paid conversion.
    await goto(studio, "/studio/promotions");
    const counted = studio.getByTestId("tracking-link").filter({ hasText: `Bio ${stamp}` });
    expect(await counted.getByTestId("tracking-clicks").textContent()).toBe("1");
    expect(await counted.getByTestId("tracking-signups").textContent()).toBe("1");
    expect(await counted.getByTestId("tracking-conversions").textContent()).toBe("1");
    await studio
      .getByTestId("studio-offer")
      .filter({ hasText: `Trial ${stamp}` })
      .getByText("1 of 5 claimed")
      .waitFor();
    expect(performer.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });
});
