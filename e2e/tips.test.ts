import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, goto, launch, newPage, signUp, site } from "./browser.ts";

/**
 * Tips in Chromium through the sandbox gateway (issue 24 section 2): the demo performer starts a tip goal in the
 * studio and keeps their profile open; a new member tips them with a message from the same profile and approves the
 * payment. The performer's bell tells them at once ("… tipped you $10: …"), the goal on their profile moves without
 * a reload, and their earnings list the tip as a Tip line with its message.
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

const connected = (page: Page) =>
  expect
    .poll(() => page.getByTestId("socket-status").getAttribute("data-socket-status"), { timeout: 15_000 })
    .toBe("connected");

const unreadOn = (page: Page) => page.getByTestId("notification-bell").getAttribute("data-unread");

describe("tips", () => {
  it("a member tips with a message; the performer sees it live, in their goal and in their earnings", async () => {
    const stamp = Date.now().toString(36);
    const performerToken = await apiLogin("performer");
    const fan = await signUp("tipper", { name: `Alex ${stamp}` });
    const fanToken = await apiLogin(fan.username, fan.password);
    expect((await api("POST", "/notifications/read-all", { token: performerToken })).status).toBe(200);

    // The performer starts a goal in the studio.
    const performer = await signedIn(performerToken);
    await goto(performer.page, "/studio/tips");
    await performer.page.getByTestId("tip-goal-title").fill(`New lights ${stamp}`);
    await performer.page.getByTestId("tip-goal-target").fill("50");
    await performer.page.getByTestId("tip-goal-save").click();
    await performer.page.getByTestId("studio-tip-goal").getByText(`New lights ${stamp}`).waitFor();
    await performer.page.getByText("$0 of $50 (0%)").waitFor();

    // They keep their profile open: its goal moves live, and the bell is in its header.
    await goto(performer.page, "/performers/performer");
    await connected(performer.page);
    const goal = performer.page.getByTestId("tip-goal");
    await goal.getByText(`New lights ${stamp}`).waitFor();
    expect(await goal.getByTestId("tip-goal-progress").textContent()).toBe("$0 of $50 (0%)");
    await expect.poll(() => unreadOn(performer.page)).toBe("0");
    // No Tip button for themselves.
    expect(await performer.page.getByTestId("tip-button").count()).toBe(0);

    // The member tips $10 with a message, from the profile.
    const member = await signedIn(fanToken);
    await goto(member.page, "/performers/performer");
    await member.page.getByTestId("tip-goal").getByText(`New lights ${stamp}`).waitFor();
    await member.page.getByTestId("tip-button").first().click();
    const dialog = member.page.getByRole("dialog");
    await dialog.getByText("From $1 to $500.").waitFor();
    await dialog.getByRole("button", { name: "$10", exact: true }).click();
    await dialog.getByTestId("tip-message").fill(`thanks ${stamp}!`);
    await dialog.getByRole("button", { name: "Tip $10" }).click();
    await member.page.waitForURL(/\/payment\/sandbox\/[0-9a-f-]{36}$/);
    expect(await member.page.getByTestId("sandbox-amount").textContent()).toContain("10");
    await member.page.getByRole("button", { name: "Approve payment" }).click();
    await member.page.waitForURL(/\/payment\/success\?transaction=/);
    await member.page.getByRole("heading", { name: "Payment received" }).waitFor();

    // The performer is told at once, and the goal on the open profile moves, without a reload.
    await expect.poll(() => unreadOn(performer.page), { timeout: 15_000 }).toBe("1");
    await expect
      .poll(() => goal.getByTestId("tip-goal-progress").textContent(), { timeout: 15_000 })
      .toBe("$10 of $50 (20%)");
    await performer.page.getByTestId("notification-bell").click();
    await performer.page
      .getByTestId("notification-list")
      .getByTestId("notification-item")
      .filter({ hasText: `Alex ${stamp} tipped you $10: thanks ${stamp}!` })
      .waitFor();

    // Their earnings list it as a tip, with who gave it and the message.
    await goto(performer.page, "/studio/earnings");
    const line = performer.page.getByTestId("earning-line").first();
    await line.getByTestId("earning-tip-badge").waitFor();
    expect(await line.getByTestId("earning-tip-message").textContent()).toBe(`From Alex ${stamp}: “thanks ${stamp}!”`);
    expect(await line.textContent()).toContain("Tip to ");
    // And the studio's Tips page lists it with its message.
    await goto(performer.page, "/studio/tips");
    await performer.page
      .getByTestId("received-tip")
      .filter({ hasText: `thanks ${stamp}!` })
      .waitFor();
    await performer.page.getByText("$10 of $50 (20%)").waitFor();

    expect(performer.errors).toEqual([]);
    expect(member.errors).toEqual([]);
    // The demo performer's profile is left as other suites expect it: without a goal.
    expect((await api("DELETE", "/tips/goal", { token: performerToken })).status).toBe(204);
  });
});
