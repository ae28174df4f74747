import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, expectAccessible, goto, launch, newPage, signUp, site } from "./browser.ts";
import { layoutProblems } from "./layout.ts";

/**
 * Studio → Messages in Chromium (issue 25 section 2): the demo performer lets only subscribers write first, saves a
 * welcome message that a new subscriber then gets, and sends a paid photo as a mass message to all subscribers. The
 * list follows it to "Sent", delivered to as many fans as the performer has subscribers; a subscriber has it locked
 * at its price, a follower who does not subscribe has nothing. The settings are put back as other suites expect them
 * (anyone may write first, no welcome message); the mass message stays (it counts against the daily limit of 10).
 */

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");
let browser: Browser;
let performer: string;
let performerId: string;
let follower: string | null = null;

interface VaultItem {
  _id: string;
  name: string;
  status: string;
}
interface Conversation {
  _id: string;
  with: { username: string };
}
interface Message {
  text: string;
  price: number | null;
  lock: string | null;
  attachments: unknown[];
}

/** Uploads a photo to the performer's vault through the API and waits until it is processed. */
async function readyPhoto(name: string): Promise<string> {
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c0563b" } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), name);
  const res = await fetch(`${site().apiUrl}/vault`, {
    method: "POST",
    headers: { authorization: `Bearer ${performer}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { _id } = (await res.json()) as { _id: string };
  await expect
    .poll(
      async () =>
        ((await api("GET", "/vault?limit=100", { token: performer })).body.data as VaultItem[]).find(
          (i) => i._id === _id,
        )?.status,
      { timeout: 60_000 },
    )
    .toBe("ready");
  return _id;
}

/** How many members subscribe to the performer now (each counted once), as the API lists them. */
async function subscriberCount(): Promise<number> {
  const members = new Set<string>();
  for (let offset = 0; ; offset += 100) {
    const page = await api("GET", `/subscriptions/performer/search?limit=100&offset=${offset}`, { token: performer });
    expect(page.status).toBe(200);
    const rows = page.body.data as { active: boolean; user: { _id: string } | null }[];
    for (const r of rows) if (r.active && r.user) members.add(r.user._id);
    if (rows.length < 100) return members.size;
  }
}

/** The messages `token`'s member has from the demo performer, newest first (none without a conversation). */
async function messagesFromPerformer(token: string): Promise<Message[]> {
  const inbox = (await api("GET", "/conversations?limit=50", { token })).body.data as Conversation[];
  const c = inbox.find((x) => x.with.username === "performer");
  if (!c) return [];
  return (await api("GET", `/conversations/${c._id}/messages?limit=100`, { token })).body.data as Message[];
}

async function signedIn(token: string): Promise<{ page: Page; errors: string[] }> {
  const { context, page, errors } = await newPage(browser);
  await context.addCookies([{ name: "token", value: token, url: site().webUrl }]);
  return { page, errors };
}

beforeAll(async () => {
  browser = await launch();
  await mkdir(shots, { recursive: true });
  performer = await apiLogin("performer");
  performerId = (await api("GET", "/users/me", { token: performer })).body._id;
});

afterAll(async () => {
  // Whatever happened above, the demo performer is left as other suites expect them.
  if (performer) {
    await api("PUT", "/messages/settings", { token: performer, body: { whoMayWriteFirst: "anyone" } });
    await api("DELETE", "/messages/welcome", { token: performer });
  }
  if (follower) await api("DELETE", `/follows/${performerId}`, { token: follower });
  await browser?.close();
});

describe("the studio's messages", () => {
  it("sets who may write first, saves a welcome message, and sends a paid photo to all subscribers", async () => {
    const stamp = Date.now().toString(36);
    const photoName = `mass-photo-${stamp}.jpg`;
    const photoId = await readyPhoto(photoName);
    const { page, errors } = await signedIn(performer);

    // The screen is in the studio's menu.
    await goto(page, "/studio");
    await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Messages" }).click();
    await page.waitForURL(`${site().webUrl}/studio/messages`);
    await page.getByRole("heading", { name: "Messages", level: 1 }).waitFor();

    // Only subscribers may write first.
    const writeFirst = page.getByTestId("write-first");
    expect(await writeFirst.getByRole("radio", { name: "Anyone" }).isChecked()).toBe(true);
    await writeFirst.getByRole("radio", { name: "Subscribers only" }).check();
    await writeFirst.getByRole("button", { name: "Save" }).click();
    await writeFirst.getByText("Saved.").waitFor();
    expect((await api("GET", "/messages/settings", { token: performer })).body).toEqual({
      whoMayWriteFirst: "subscribers",
    });

    // A follower who does not subscribe cannot write first now.
    const fan = await signUp("msgfollower");
    follower = await apiLogin(fan.username, fan.password);
    expect((await api("PUT", `/follows/${performerId}`, { token: follower })).status).toBe(200);
    const opened = await api("PUT", `/conversations/with/${performerId}`, { token: follower });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const refused = await api("POST", `/conversations/${opened.body._id}/messages`, {
      token: follower,
      body: { text: "Hello!" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("This performer takes first messages from subscribers only.");

    // A welcome message: its text alone; the editor says it is set.
    const welcome = page.getByTestId("welcome-editor");
    expect(await welcome.getByTestId("welcome-current").textContent()).toBe("No welcome message is set.");
    const welcomeText = `Thanks for subscribing, ${stamp}!`;
    await welcome.getByLabel("Message").fill(welcomeText);
    await welcome.getByRole("button", { name: "Save welcome message" }).click();
    await welcome.getByText("Saved.").waitFor();
    await expect.poll(() => welcome.getByTestId("welcome-current").textContent()).toBe("Set now");
    expect(await welcome.getByLabel("Message").inputValue()).toBe(welcomeText);
    expect((await api("GET", "/messages/welcome", { token: performer })).body.welcome).toEqual({
      text: welcomeText,
      price: null,
      attachments: [],
    });

    // A new member subscribes through the sandbox gateway and gets it.
    const member = await signUp("msgsub");
    const subscriber = await apiLogin(member.username, member.password);
    const sub = await api("POST", "/payment/subscribe", {
      token: subscriber,
      body: { performerId, type: "monthly" },
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    const paid = await api("POST", `/payment/sandbox/${sub.body.transactionId}`, {
      token: subscriber,
      body: { decision: "approve" },
    });
    expect(paid.body?.status, JSON.stringify(paid.body)).toBe("paid");
    await expect.poll(async () => (await messagesFromPerformer(subscriber)).map((m) => m.text)).toEqual([welcomeText]);

    // The mass message: a photo at 4.99, to all subscribers. The field errors come first: nothing written.
    const subscribers = await subscriberCount();
    expect(subscribers).toBeGreaterThanOrEqual(1);
    const massCount = async () => (await api("GET", "/messages/mass", { token: performer })).body.data.length;
    const before = await massCount();
    const composer = page.getByTestId("mass-composer");
    await composer.getByRole("button", { name: "Send mass message" }).click();
    await composer.getByText("Write something or attach a photo or video.").waitFor();
    expect(await massCount()).toBe(before);
    // Leaving out both lists from subscribers and followers leaves nobody: said at the lists.
    await composer.getByLabel("Message").fill("Nobody gets this");
    await composer.getByRole("radio", { name: "Subscribers and followers" }).check();
    const exclude = composer.getByTestId("mass-exclude");
    await exclude.getByRole("checkbox", { name: "Subscribers" }).check();
    await exclude.getByRole("checkbox", { name: "Followers" }).check();
    await composer.getByRole("button", { name: "Send mass message" }).click();
    await exclude.getByText("Leaving out that list leaves nobody to send to.").waitFor();
    expect(await massCount()).toBe(before);
    await composer.getByRole("radio", { name: "All subscribers" }).check();
    // The audience's own list is not offered to leave out; the other one is unticked again.
    expect(await exclude.getByRole("checkbox", { name: "Subscribers" }).count()).toBe(0);
    await exclude.getByRole("checkbox", { name: "Followers" }).uncheck();

    const massText = `A new set, just for you ${stamp}`;
    await composer.getByLabel("Message").fill(massText);
    await composer.getByRole("button", { name: photoName }).click();
    expect(await composer.getByRole("button", { name: photoName }).getAttribute("aria-pressed")).toBe("true");
    await composer.getByLabel("Price (optional)").fill("4.99");
    expect(await composer.getByRole("radio", { name: "All subscribers" }).isChecked()).toBe(true);
    await expectAccessible(page, "studio messages");
    await composer.getByRole("button", { name: "Send mass message" }).click();
    await composer.getByText("Sending started. Its progress shows below.").waitFor();

    // The list follows it (the page reads it again while it is being sent) until it is sent to every subscriber.
    const row = page.getByTestId("mass-row").filter({ hasText: massText });
    await expect.poll(() => row.getByTestId("mass-status").textContent(), { timeout: 60_000 }).toBe("Sent");
    expect(await row.getByTestId("mass-delivered").textContent()).toBe(`Delivered to ${subscribers}`);
    expect(await row.getByTestId("mass-purchases").textContent()).toBe("0 purchases");
    expect(await row.textContent()).toContain("All subscribers");
    expect(await row.textContent()).toContain("$4.99");

    // The subscriber has it locked at its price, after the welcome; the follower who does not subscribe has nothing.
    const got = await messagesFromPerformer(subscriber);
    expect(got.map((m) => m.text)).toEqual([massText, welcomeText]);
    expect(got[0]).toMatchObject({ price: 4.99, lock: "sale" });
    expect(got[0]?.attachments.length).toBe(1);
    expect(await messagesFromPerformer(follower)).toEqual([]);

    // Put back: anyone may write first, and the welcome message is removed.
    await writeFirst.getByRole("radio", { name: "Anyone" }).check();
    await writeFirst.getByRole("button", { name: "Save" }).click();
    await writeFirst.getByText("Saved.").waitFor();
    expect((await api("GET", "/messages/settings", { token: performer })).body.whoMayWriteFirst).toBe("anyone");
    await welcome.getByRole("button", { name: "Remove", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Remove the welcome message?" });
    await dialog.getByRole("button", { name: "Remove" }).click();
    await welcome.getByText("The welcome message is removed.").waitFor();
    await expect.poll(() => welcome.getByTestId("welcome-current").textContent()).toBe("No welcome message is set.");
    expect((await api("GET", "/messages/welcome", { token: performer })).body).toEqual({ welcome: null });
    expect(photoId).toBeTruthy();
    // The two refusals above (the empty mass message, and the one that left nobody), which the browser logs.
    expect(errors).toEqual(
      Array(2).fill(
        "console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)",
      ),
    );
  }, 180_000);

  it("fits a phone", async () => {
    const phone = await browser.newContext({
      baseURL: site().webUrl,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    await phone.addCookies([{ name: "token", value: performer, url: site().webUrl }]);
    const page = await phone.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await goto(page, "/studio/messages");
    await page.getByRole("heading", { name: "Sent mass messages" }).waitFor();
    await page.getByTestId("mass-composer").getByTestId("vault-picker").waitFor();
    expect(await layoutProblems(page, 390)).toEqual([]);
    await page.screenshot({ path: path.join(shots, "studio-messages-phone.png"), fullPage: true });
    await phone.close();
    expect(errors).toEqual([]);
  }, 120_000);
});
