import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, expectAccessible, goto, launch, newPage, signUp, site } from "./browser.ts";

/**
 * Following and the feed in Chromium (issue 25 section 1): a new member follows the demo performer on the profile
 * (the count moves from 0 to 1 without a reload), the performer writes a post with a poll in the studio, and the
 * member finds it at the top of /feed, votes, and sees the results.
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

describe("following and the feed", () => {
  it("a member follows a performer, sees their new post in the feed and votes in its poll", async () => {
    const stamp = Date.now().toString(36);
    const performerToken = await apiLogin("performer");
    const fan = await signUp("follower", { name: `Robin ${stamp}` });
    const fanToken = await apiLogin(fan.username, fan.password);

    // Before following, the feed suggests performers.
    const member = await signedIn(fanToken);
    await goto(member.page, "/feed");
    await member.page.getByTestId("feed-empty").getByText("Follow performers to see their news here.").waitFor();
    await member.page.getByRole("link", { name: "Browse performers" }).waitFor();

    // The member follows the performer on the profile: the count moves without a reload.
    await goto(member.page, "/performers/performer");
    const count = member.page.getByTestId("follower-count");
    expect(await count.textContent()).toBe("0 followers");
    const follow = member.page.getByTestId("follow-button");
    expect(await follow.textContent()).toBe("Follow");
    await follow.click();
    await expect.poll(() => count.textContent()).toBe("1 follower");
    await expect.poll(() => follow.textContent()).toBe("Following");
    // It is the API's state: a reload shows it too.
    await goto(member.page, "/performers/performer");
    expect(await member.page.getByTestId("follower-count").textContent()).toBe("1 follower");
    expect(await member.page.getByTestId("follow-button").textContent()).toBe("Following");

    // The performer sees the member among their followers, and writes a post with a poll.
    const performer = await signedIn(performerToken);
    await goto(performer.page, "/studio/followers");
    await performer.page
      .getByTestId("follower-row")
      .filter({ hasText: `Robin ${stamp}` })
      .waitFor();
    expect(await performer.page.getByTestId("followers-total").textContent()).toBe("1 follower");
    await goto(performer.page, "/studio/posts");
    const composer = performer.page.getByTestId("post-composer");
    await composer.getByTestId("composer-text").fill(`Where next, ${stamp}?\nVote below.`);
    await composer.getByRole("switch", { name: "Add a poll" }).press("Space");
    const options = composer.getByTestId("composer-poll-option");
    await options.nth(1).waitFor();
    await options.nth(0).fill(`Beach ${stamp}`);
    await options.nth(1).fill("Mountains");
    await expectAccessible(performer.page, "studio posts");
    await composer.getByTestId("composer-submit").click();
    await composer.getByText("Posted.").waitFor();
    const mine = performer.page
      .getByTestId("studio-posts")
      .getByTestId("feed-post")
      .filter({ hasText: `Where next, ${stamp}?` });
    await mine.waitFor();
    await mine.getByTestId("post-edit").waitFor();

    // The member finds it at the top of the feed, with its line break kept.
    await goto(member.page, "/feed");
    const post = member.page.getByTestId("feed").getByTestId("feed-post").first();
    expect(await post.getByTestId("post-text").innerText()).toBe(`Where next, ${stamp}?\nVote below.`);
    await post.getByRole("link", { name: "Piper Performer" }).first().waitFor();
    expect(await post.getByTestId("post-edit").count()).toBe(0);
    await expectAccessible(member.page, "feed");

    // They vote: the buttons give way to the results.
    await post.getByRole("button", { name: `Beach ${stamp}` }).click();
    const results = post.getByTestId("poll-result");
    await expect.poll(() => results.count()).toBe(2);
    expect(await results.nth(0).textContent()).toBe(`Beach ${stamp}100%`);
    expect(await results.nth(1).textContent()).toBe("Mountains0%");
    expect(await post.getByTestId("poll-votes").textContent()).toBe("1 vote");
    // The vote is kept: the post's own page shows the results, with its comments.
    await post.getByTestId("post-comments").click();
    await member.page.waitForURL(/\/feed\/[0-9a-f-]{36}$/);
    await member.page.getByTestId("comments").waitFor();
    expect(await member.page.getByTestId("poll-votes").textContent()).toBe("1 vote");
    expect(await member.page.getByTestId("poll-result").count()).toBe(2);

    expect(performer.errors).toEqual([]);
    expect(member.errors).toEqual([]);
    // The demo performer is left as other suites expect them: without followers.
    const me = await api("GET", "/users/me", { token: performerToken });
    expect((await api("DELETE", `/follows/${me.body._id}`, { token: fanToken })).status).toBe(200);
  });
});
