import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTool } from "../apps/api/src/platform/media/probe.ts";
import { api, apiLogin, expectAccessible, goto, launch, newPage, signUp, site } from "./browser.ts";
import { layoutProblems } from "./layout.ts";

/**
 * Messages in Chromium (issue 25 section 2): a new member writes to the demo performer from the profile and the two
 * talk live, each in their own browser, with read receipts and the header's unread count; a block stops writing; a
 * reported message reaches the admin with the conversation around it. Then a paid photo message: the member who pays
 * in the sandbox sees it open, another still sees it locked, and the performer earns the sale.
 */

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");
let browser: Browser;
let work: string;
let performerToken: string;
let performer: { _id: string; name: string };

beforeAll(async () => {
  browser = await launch();
  await mkdir(shots, { recursive: true });
  work = await mkdtemp(path.join(tmpdir(), "marquee-messages-"));
  performerToken = await apiLogin("performer");
  performer = (await api("GET", "/users/me", { token: performerToken })).body;
});

afterAll(async () => {
  await browser?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

async function signedIn(token: string): Promise<{ page: Page; errors: string[] }> {
  const { context, page, errors } = await newPage(browser);
  await context.addCookies([{ name: "token", value: token, url: site().webUrl }]);
  return { page, errors };
}

async function connected(page: Page) {
  await expect
    .poll(() => page.getByTestId("socket-status").getAttribute("data-socket-status"), { timeout: 15_000 })
    .toBe("connected");
}

/** The header's unread count once it has been read ("" until then). */
async function headerUnread(page: Page): Promise<number> {
  const link = page.getByTestId("messages-link");
  await expect.poll(() => link.getAttribute("data-unread")).not.toBe("");
  return Number(await link.getAttribute("data-unread"));
}

const message = (page: Page, text: string) => page.getByTestId("message").filter({ hasText: text });

describe("messages", () => {
  it("a member writes to a performer from the profile and they talk live, with read receipts", async () => {
    const stamp = Date.now().toString(36);
    const fan = await signUp("writer", { name: `Sam ${stamp}` });
    const member = await signedIn(await apiLogin(fan.username, fan.password));
    const star = await signedIn(performerToken);

    // The performer waits on the inbox.
    await goto(star.page, "/messages");
    await star.page.getByRole("heading", { name: "Messages", level: 1 }).waitFor();
    await connected(star.page);
    const before = await headerUnread(star.page);

    // A new member has no messages yet; the profile's Message button opens the conversation.
    await goto(member.page, "/messages");
    await member.page
      .getByTestId("inbox-empty")
      .getByText("No messages yet. Write to a performer from their profile.")
      .waitFor();
    await goto(member.page, "/performers/performer");
    await member.page.getByTestId("message-button").click();
    await member.page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const conversationId = member.page.url().split("/").pop() as string;
    await member.page.getByTestId("conversation-empty").getByText(`Say hello to ${performer.name}.`).waitFor();
    await connected(member.page);
    await expectAccessible(member.page, "empty conversation");

    // Shift+Enter starts a new line, Enter sends.
    const input = member.page.getByTestId("message-input");
    await input.fill(`Hello ${stamp}`);
    await input.press("Shift+Enter");
    await input.pressSequentially("Are you filming this week?");
    await input.press("Enter");
    const first = message(member.page, `Hello ${stamp}`);
    await first.waitFor();
    expect(await first.getByTestId("message-text").textContent()).toBe(`Hello ${stamp}\nAre you filming this week?`);
    expect(await input.inputValue()).toBe("");

    // The performer's inbox: the conversation arrives live at the top, one unread, and the header counts it.
    const row = star.page.getByTestId("conversation-row").first();
    await row.filter({ hasText: `Sam ${stamp}` }).waitFor();
    await expect.poll(() => row.getAttribute("data-unread")).toBe("1");
    expect(await row.getByTestId("conversation-last").textContent()).toContain(`Hello ${stamp}`);
    await expect.poll(() => headerUnread(star.page)).toBe(before + 1);
    await expectAccessible(star.page, "inbox");

    // The performer opens it: read, so the member sees "Seen" and the performer's header count drops.
    await row.click();
    await star.page.waitForURL(`${site().webUrl}/messages/${conversationId}`);
    await message(star.page, `Hello ${stamp}`).waitFor();
    await connected(star.page);
    await expect.poll(() => headerUnread(star.page)).toBe(before);
    await first.getByTestId("message-seen").getByText("Seen").waitFor();

    // The member writes again: it arrives live on the performer's open conversation, which reads it at once.
    await input.fill(`Still there, ${stamp}?`);
    await member.page.getByTestId("message-send").click();
    await message(star.page, `Still there, ${stamp}?`).waitFor();
    await message(member.page, `Still there, ${stamp}?`).getByTestId("message-seen").waitFor();
    expect(await first.getByTestId("message-seen").count()).toBe(0);
    await expect.poll(() => headerUnread(star.page)).toBe(before);

    // The performer answers: the member sees it live, and the performer sees it seen.
    await star.page.getByTestId("message-input").fill(`Yes! Friday, ${stamp}.`);
    await star.page.getByTestId("message-input").press("Enter");
    const answer = message(member.page, `Yes! Friday, ${stamp}.`);
    await answer.waitFor();
    await message(star.page, `Yes! Friday, ${stamp}.`).getByTestId("message-seen").getByText("Seen").waitFor();
    await expectAccessible(star.page, "conversation");

    // The member's inbox lists it with the answer's first words, nothing unread.
    await goto(member.page, "/messages");
    const mine = member.page.getByTestId("conversation-row").filter({ hasText: performer.name });
    expect(await mine.getByTestId("conversation-last").textContent()).toBe(`Yes! Friday, ${stamp}.`);
    expect(await mine.getAttribute("data-unread")).toBe("0");

    // A block stops the other side: the performer is told the API's reason.
    await goto(member.page, `/messages/${conversationId}`);
    await member.page.getByTestId("block-button").click();
    await member.page
      .getByRole("dialog", { name: `Block ${performer.name}?` })
      .getByRole("button", { name: "Block" })
      .click();
    await member.page
      .getByTestId("conversation-blocked")
      .getByText(`You blocked ${performer.name}.`, { exact: false })
      .waitFor();
    await star.page.getByTestId("message-input").fill("Hello?");
    await star.page.getByTestId("message-send").click();
    await star.page.getByTestId("message-error").getByText("You cannot write in this conversation.").waitFor();
    await member.page.getByTestId("block-button").click();
    await member.page.getByTestId("conversation-blocked").waitFor({ state: "detached" });

    // A phone: the conversation fits.
    await member.page.setViewportSize({ width: 390, height: 844 });
    await answer.waitFor();
    expect(await layoutProblems(member.page, 390)).toEqual([]);
    await member.page.screenshot({ path: path.join(shots, "conversation-phone.png"), fullPage: true });
    await member.page.setViewportSize({ width: 1280, height: 800 });

    // The member reports the answer; the admin reads it with the conversation around it, and removes it.
    await answer.getByTestId("report-button").click();
    const dialog = member.page.getByRole("dialog", { name: "Report this message" });
    await dialog.getByLabel("Illegal content").check();
    await dialog.getByRole("button", { name: "Send report" }).click();
    const reference = (await dialog.getByTestId("report-reference").textContent()) ?? "";
    expect(reference).toMatch(/^R-[0-9A-Z]{6}$/);
    await dialog.getByTestId("report-filed").getByRole("button", { name: "Close" }).click();

    const desk = await signedIn(await apiLogin("admin"));
    await goto(desk.page, "/admin/reports");
    const card = desk.page.getByTestId(`report-${reference}`);
    await card.getByRole("link", { name: `Yes! Friday, ${stamp}.` }).click();
    await desk.page.waitForURL(/\/admin\/messages\/[0-9a-f-]{36}$/);
    const context = desk.page.getByTestId("message-context");
    const reported = context.locator("[data-reported]");
    expect(await reported.getByTestId("message-text").textContent()).toBe(`Yes! Friday, ${stamp}.`);
    expect(await context.getByTestId("message").count()).toBe(3);
    await expectAccessible(desk.page, "reported message");
    await goto(desk.page, "/admin/reports");
    await card.getByRole("button", { name: "Take down" }).click();
    const take = desk.page.getByRole("dialog", { name: "Take the item down" });
    await take.getByLabel(/Reason/).fill("Off-platform payment request");
    await take.getByRole("button", { name: "Take down" }).click();
    await expect.poll(() => desk.page.getByTestId(`report-${reference}`).count()).toBe(0);
    await goto(member.page, `/messages/${conversationId}`);
    await member.page
      .getByTestId("message-removed")
      .getByText("Removed by a moderator: Off-platform payment request")
      .waitFor();

    expect(member.errors).toEqual([]);
    expect(star.errors.filter((e) => !e.includes("status of 403"))).toEqual([]);
    expect(desk.errors).toEqual([]);
  }, 240_000);

  it("a paid photo message opens for the member who pays, stays locked for another, and earns its sale", async () => {
    const stamp = Date.now().toString(36);
    // A photo in the performer's vault, processed.
    const photo = path.join(work, `private-${stamp}.jpg`);
    await runTool(
      "ffmpeg",
      ["-y", "-loglevel", "error", "-f", "lavfi", "-i", "smptehdbars=size=1280x720", "-frames:v", "1", photo],
      120_000,
    );
    const form = new FormData();
    form.append("file", new Blob([await readFile(photo)], { type: "image/jpeg" }), path.basename(photo));
    const uploaded = await fetch(`${site().apiUrl}/vault`, {
      method: "POST",
      headers: { authorization: `Bearer ${performerToken}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const item = (await uploaded.json()) as { _id: string };
    await expect
      .poll(
        async () =>
          (await api("GET", "/vault?limit=100", { token: performerToken })).body.data.find(
            (i: { _id: string }) => i._id === item._id,
          )?.status,
        { timeout: 90_000 },
      )
      .toBe("ready");

    // Two members who wrote to the performer get the same paid photo message: one through the API, the other from
    // the performer's conversation screen, attached from the vault at a price.
    const opened = await Promise.all(
      ["buyer", "browser"].map(async (prefix) => {
        const account = await signUp(prefix, { name: `${prefix} ${stamp}` });
        const token = await apiLogin(account.username, account.password);
        const conversation = await api("PUT", `/conversations/with/${performer._id}`, { token });
        expect(conversation.status).toBe(200);
        return { token, conversationId: conversation.body._id as string };
      }),
    );
    const [buyer, other] = opened as [(typeof opened)[0], (typeof opened)[0]];
    const sent = await api("POST", `/conversations/${buyer.conversationId}/messages`, {
      token: performerToken,
      body: { text: `Behind the scenes ${stamp}`, attachmentIds: [item._id], price: 4.99 },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    const star = await signedIn(performerToken);
    await goto(star.page, `/messages/${other.conversationId}`);
    await star.page.getByTestId("message-attach").click();
    const picker = star.page.getByRole("dialog", { name: "Attach from your vault" });
    await picker.getByRole("button", { name: path.basename(photo) }).click();
    await picker.getByLabel("Price").fill("4.99");
    await expectAccessible(star.page, "attaching from the vault");
    await picker.getByRole("button", { name: "Attach" }).click();
    await star.page.getByTestId("message-attached").getByText("1 attached, for $4.99").waitFor();
    await star.page.getByTestId("message-input").fill(`Behind the scenes ${stamp}`);
    await star.page.getByTestId("message-input").press("Enter");
    const mine = message(star.page, `Behind the scenes ${stamp}`);
    await mine.getByTestId("message-price").getByText("Sent for $4.99").waitFor();
    // Its sender sees it open.
    await mine.getByTestId("post-photo").waitFor();
    await star.page.getByTestId("message-attached").waitFor({ state: "detached" });

    // Locked for the buyer: blurred, with its price.
    const a = await signedIn(buyer.token);
    await goto(a.page, `/messages/${buyer.conversationId}`);
    const paid = message(a.page, `Behind the scenes ${stamp}`);
    expect(await paid.getAttribute("data-locked")).toBe("true");
    expect(await paid.getByTestId("post-photo").count()).toBe(0);
    await expectAccessible(a.page, "paid message");
    await paid.getByRole("button", { name: "Unlock for $4.99" }).click();
    await a.page.waitForURL(/\/payment\/sandbox\//);
    await a.page.getByRole("button", { name: "Approve payment" }).click();
    await a.page.waitForURL(/\/payment\/success\?transaction=/);
    await a.page.getByRole("heading", { name: "Payment received" }).waitFor();
    await a.page.getByRole("link", { name: "See it now" }).click();
    await a.page.waitForURL(`${site().webUrl}/messages`);
    await a.page.getByTestId("conversation-row").filter({ hasText: performer.name }).click();
    await a.page.waitForURL(`${site().webUrl}/messages/${buyer.conversationId}`);
    await expect.poll(() => paid.getAttribute("data-locked")).toBe("false");
    const image = paid.getByTestId("post-photo");
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await paid.getByTestId("message-price").getByText("Bought for $4.99").waitFor();

    // Still locked for the other member.
    const b = await signedIn(other.token);
    await goto(b.page, `/messages/${other.conversationId}`);
    const theirs = message(b.page, `Behind the scenes ${stamp}`);
    expect(await theirs.getAttribute("data-locked")).toBe("true");
    // Opened, it is read: nothing waits in the header.
    await expect.poll(() => headerUnread(b.page)).toBe(0);
    await theirs.getByRole("button", { name: "Unlock for $4.99" }).waitFor();
    expect(await theirs.getByTestId("post-photo").count()).toBe(0);
    await b.page.setViewportSize({ width: 390, height: 844 });
    expect(await layoutProblems(b.page, 390)).toEqual([]);
    await b.page.screenshot({ path: path.join(shots, "paid-message-phone.png"), fullPage: true });

    // The performer earns the sale: $4.99 less the 20% commission.
    await goto(star.page, "/studio/earnings");
    const line = star.page
      .getByTestId("earning-line")
      .filter({ hasText: `Message from ${performer.name}` })
      .first();
    await line.waitFor();
    expect(await line.textContent()).toContain("$3.99");

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    expect(star.errors).toEqual([]);
  }, 240_000);
});
