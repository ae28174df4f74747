import type { Video } from "@marquee/contracts/videos";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, goto, launch, newPage, signUp, site } from "./browser.ts";
import { logIn } from "./steps.ts";
import { enrolTwoFactor } from "./two-factor.ts";

/**
 * Payout requests in Chromium (issue 24 section 4): a performer asks to be paid their balance from Studio → Earnings,
 * the admin approves the request and marks it paid with a reference on /admin/payouts, and the performer's monthly
 * statement adds up: opening balance + lines − payouts = closing balance, which is what the ledger says is owed.
 */

let browser: Browser;
/** Undoes what the test changed on shared demo state (settings, the performer's two-factor sign-in), even on failure. */
const undo: Array<() => Promise<unknown>> = [];
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const step of undo.reverse()) await step();
  await browser?.close();
});

const cents = (text: string | null) => Math.round(Number(text) * 100);

describe("a payout request", () => {
  it("the performer requests, the admin approves and marks it paid, and the statement adds up", async () => {
    const admin = await apiLogin("admin");
    // A low minimum and no hold, so the demo performer's balance may be asked for at once; put back afterwards.
    for (const [key, value, back] of [
      ["payoutMinimum", 1, 50],
      ["payoutMethodHoldDays", 0, 3],
    ] as const) {
      const set = await api("PUT", `/admin/settings/${key}`, { token: admin, body: { value } });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      undo.push(() => api("PUT", `/admin/settings/${key}`, { token: admin, body: { value: back } }));
    }

    // A member buys a movie of the performer's through the sandbox: they are owed money.
    const [movie] = (await api("GET", "/user/assets/videos/search?access=sale&includeComing=false&limit=1")).body
      .data as Video[];
    if (!movie) throw new Error("the demo catalogue has no released movie for sale");
    const seller = movie.performers[0] as { _id: string; username: string; name: string };
    const { username, password } = await signUp("reqbuyer");
    const buyer = await apiLogin(username, password);
    const checkout = await api("POST", `/payment/purchase-video/${movie._id}`, { token: buyer });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const approved = await api("POST", `/payment/sandbox/${checkout.body.transactionId}`, {
      token: buyer,
      body: { decision: "approve" },
    });
    expect(approved.body.status).toBe("paid");

    // The performer saves where to be paid (two-factor sign-in on, the password fresh), then turns two-factor
    // sign-in off again for the browser's password-only sign-in.
    const sellerToken = await apiLogin(seller.username);
    const twoFactor = async (on: boolean) => {
      if (on) await enrolTwoFactor(site().apiUrl, sellerToken, "marquee-demo");
      else {
        await api("POST", "/auth/reauthenticate", { token: sellerToken, body: { password: "marquee-demo" } });
        await api("DELETE", "/auth/two-factor", { token: sellerToken });
      }
    };
    await twoFactor(true);
    undo.push(() => twoFactor(false));
    const saved = await api("PUT", "/performers/me/payout-details", {
      token: sellerToken,
      body: { method: "paxum", accountName: seller.name, account: "payee@paxum.example" },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await twoFactor(false);
    const balance = (await api("GET", "/performers/me/payout-balance", { token: sellerToken })).body as {
      balance: number;
      blocker: string | null;
    };
    expect(balance.blocker).toBeNull();
    const amount = `$${balance.balance.toFixed(2).replace(/\.00$/, "")}`;

    // Studio → Earnings: the balance, and the request.
    const studio = await newPage(browser);
    await logIn(studio.page, seller.username);
    await goto(studio.page, "/studio/earnings");
    const card = studio.page.getByTestId("payout-request");
    await card.getByTestId("payout-balance").filter({ hasText: amount }).waitFor();
    await card.getByRole("button", { name: "Request payout" }).click();
    await studio.page.getByText(`You asked to be paid ${amount}.`).waitFor();
    await card.getByTestId("payout-request-row").filter({ hasText: "Requested" }).getByText(amount).waitFor();
    await card.getByText("Your request is being handled: you can ask again once it is paid or refused.").waitFor();
    expect(await card.getByRole("button", { name: "Request payout" }).isDisabled()).toBe(true);
    expect(studio.errors).toEqual([]);
    await studio.context.close();

    // The admin approves it, then marks it paid with the transfer's reference (the performer's two-factor sign-in
    // is on for the payout, as every payout asks).
    await twoFactor(true);
    const operator = await newPage(browser);
    await logIn(operator.page, "admin");
    await goto(operator.page, "/admin/payouts");
    const row = operator.page.getByTestId(`payout-request-${seller.username}`);
    await row.getByText(amount).waitFor();
    await row.getByRole("button", { name: "Approve" }).click();
    await row.getByText("Approved").waitFor();
    await row.getByRole("button", { name: "Mark paid" }).click();
    const dialog = operator.page.getByRole("dialog", { name: "Mark the request paid?" });
    await dialog.getByLabel("Reference").fill("E2E-PAXUM-001");
    await dialog.getByRole("button", { name: "Mark paid" }).click();
    await operator.page.getByText(`Paid ${amount} to ${seller.name}.`).waitFor();
    await row.waitFor({ state: "detached" });
    await operator.page.getByTestId("payout-row").filter({ hasText: "E2E-PAXUM-001" }).getByText(amount).waitFor();
    expect(operator.errors).toEqual([]);
    await operator.context.close();
    await twoFactor(false);

    // The performer's studio: the request paid, and this month's statement adds up to the cent.
    const after = await newPage(browser);
    await logIn(after.page, seller.username);
    await goto(after.page, "/studio/earnings");
    await after.page
      .getByTestId("payout-request")
      .getByTestId("payout-request-row")
      .filter({ hasText: "Paid" })
      .getByText("E2E-PAXUM-001")
      .waitFor();
    const statement = after.page.getByTestId("statement");
    const payout = statement.getByTestId("statement-payout").filter({ hasText: "E2E-PAXUM-001" });
    await payout.waitFor();
    const values = async (selector: string) =>
      (await statement.locator(selector).evaluateAll((els) => els.map((e) => e.getAttribute("data-net")))).map(cents);
    const [opening] = await values("[data-testid=statement-opening] [data-net]");
    const lines = await values("[data-testid^=statement-row-] [data-net]");
    const payouts = await values("[data-testid=statement-payout] [data-net]");
    const [closing] = await values("[data-testid=statement-closing] [data-net]");
    const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0);
    expect(lines.length).toBeGreaterThan(0);
    expect(payouts).toContain(-cents(String(balance.balance)));
    expect(closing).toBe((opening ?? 0) + sum(lines) + sum(payouts));
    // The closing balance is what the ledger says is still owed.
    const stats = (await api("GET", "/earning/performer/stats", { token: sellerToken })).body as { unpaid: number };
    expect(closing).toBe(cents(String(stats.unpaid)));
    expect(after.errors).toEqual([]);
    await after.context.close();
  });
});
