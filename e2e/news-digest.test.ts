import { createHash, createHmac } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, expectAccessible, goto, launch, newPage, signUp, site } from "./browser.ts";

/**
 * The news by email in Chromium (issue 25 section 1): a member chooses a daily digest in their account; the page a
 * digest's unsubscribe link opens changes nothing until its button is pressed, then the digest is off. At 390 px.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The token a digest mail to `userId` carries (news/digest.ts): an HMAC under a key derived from the site's kept
 * at-rest secret, which the e2e site keeps in its data folder.
 */
async function unsubscribeToken(userId: string) {
  const secret = (await readFile(path.join(site().dataDir, "two-factor-secret"), "utf8")).trim();
  const key = createHash("sha256").update(`marquee:news-digest-unsubscribe:${secret}`).digest();
  return `${userId}.${createHmac("sha256", key).update(`news-digest-unsubscribe|${userId}`).digest("base64url")}`;
}

describe("the news digest", () => {
  it("is chosen in the account and stopped from the mail's link with one button", async () => {
    const { username, password } = await signUp("digest");
    const token = await apiLogin(username, password);
    const me = (await api("GET", "/users/me", { token })).body as { _id: string };

    const { context, page, errors } = await newPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await context.addCookies([{ name: "token", value: token, url: site().webUrl }]);
    await goto(page, "/account");
    const choice = page.getByTestId("news-digest");
    await choice.scrollIntoViewIfNeeded();
    await choice.getByText("Daily", { exact: true }).click();
    await page.getByText("You will receive the news digest once a day.").waitFor();
    expect((await api("GET", "/news/digest", { token })).body).toEqual({ frequency: "daily" });
    await goto(page, "/account");
    await expect.poll(() => page.getByRole("radio", { name: "Daily" }).isChecked()).toBe(true);

    // The mail's link, opened in another browser: nothing changes until the button.
    const link = `/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(me._id))}`;
    const visitor = await newPage(browser);
    await visitor.page.setViewportSize({ width: 390, height: 844 });
    await goto(visitor.page, link);
    await visitor.page.getByRole("heading", { name: "Unsubscribe from the news digest" }).waitFor();
    expect((await api("GET", "/news/digest", { token })).body).toEqual({ frequency: "daily" });
    await expectAccessible(visitor.page, "the unsubscribe page");
    await visitor.page.getByTestId("unsubscribe-button").click();
    await expect
      .poll(() => visitor.page.getByTestId("unsubscribe-result").textContent())
      .toBe("You will no longer receive the news digest.");
    expect((await api("GET", "/news/digest", { token })).body).toEqual({ frequency: "off" });

    // A link that was tampered with says so.
    await goto(visitor.page, `/unsubscribe?token=${me._id}.forged`);
    await visitor.page.getByTestId("unsubscribe-button").click();
    await expect
      .poll(() => visitor.page.getByTestId("unsubscribe-result").textContent())
      .toBe("This unsubscribe link is not valid.");
    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });
});
