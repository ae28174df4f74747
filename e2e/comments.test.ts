import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, expectAccessible, goto, launch, newPage, signUp, site } from "./browser.ts";

/**
 * Comments and reactions between two members on the same free movie, in two browsers: what one does, the other
 * sees without reloading (the movie's room: comment:created, comment:deleted, reaction:updated).
 */

let browser: Browser;
let userToken: string;
let memberToken: string;
let movie: { _id: string; title: string };

beforeAll(async () => {
  browser = await launch();
  userToken = await apiLogin("user");
  memberToken = await apiLogin("member");
  const videos = (await api("GET", "/user/assets/videos/search?limit=100")).body.data as {
    _id: string;
    title: string;
    access: string;
    isComing: boolean;
  }[];
  const free = videos.find((v) => v.access === "free" && !v.isComing);
  if (!free) throw new Error("the demo catalogue has no free movie");
  movie = free;
  // Start from no reactions of A's on it, whatever an earlier run left.
  for (const action of ["like", "favourite"]) {
    await api("DELETE", "/reactions", { token: userToken, body: { objectType: "video", objectId: movie._id, action } });
  }
});

afterAll(async () => {
  for (const action of ["like", "favourite"]) {
    await api("DELETE", "/reactions", { token: userToken, body: { objectType: "video", objectId: movie._id, action } });
  }
  await browser?.close();
});

async function signedIn(token: string) {
  const opened = await newPage(browser);
  await opened.context.addCookies([{ name: "token", value: token, url: site().webUrl }]);
  return opened;
}

/** The movie's page with its comments read and the socket connected (so it has joined the movie's room). */
async function openMovie(page: Page) {
  await goto(page, `/movies/${movie._id}`);
  await expect
    .poll(() => page.getByTestId("socket-status").getAttribute("data-socket-status"), { timeout: 15_000 })
    .toBe("connected");
  await expect.poll(() => totalOf(page), { timeout: 15_000 }).not.toBeNull();
  // The join goes out on connect; give it a moment to land before the other side acts.
  await page.waitForTimeout(300);
}

/** The comment count the section shows ("No comments yet" is 0); null while loading. */
async function totalOf(page: Page): Promise<number | null> {
  const text =
    (await page
      .getByTestId("comments-total")
      .textContent()
      .catch(() => null)) ?? "";
  if (text.startsWith("No comments")) return 0;
  const m = text.match(/^(\d+) comments?/);
  return m ? Number(m[1]) : null;
}

const likesOf = async (page: Page) => Number(await page.getByTestId("reaction-like-count").textContent());

describe("comments and reactions, live between two members", () => {
  it("A comments, edits, likes and deletes; B sees each without reloading; A finds a favourite on their list", async () => {
    const a = await signedIn(userToken);
    const b = await signedIn(memberToken);
    await openMovie(a.page);
    await openMovie(b.page);

    const before = (await totalOf(b.page)) as number;
    const text = `Loved the ending <b>${Date.now()}</b>`;
    await a.page.getByLabel("Add a comment").fill(text);
    await a.page.getByRole("button", { name: "Comment", exact: true }).click();
    await a.page.getByText("Commented successfully").waitFor();
    await expect.poll(() => totalOf(a.page)).toBe(before + 1);

    // B: the comment appears at the top, as text (never as HTML), and the total rises.
    const seen = b.page.getByTestId("comment").filter({ hasText: text });
    await seen.waitFor({ timeout: 15_000 });
    expect(await b.page.getByTestId("comment-content").first().textContent()).toBe(text);
    expect(await b.page.locator("[data-testid=comment-list] b").count()).toBe(0);
    await expect.poll(() => totalOf(b.page)).toBe(before + 1);
    // B may not edit or delete A's comment, but may answer it.
    expect(await seen.getByRole("button", { name: "Delete" }).count()).toBe(0);
    expect(await seen.getByRole("button", { name: "Edit" }).count()).toBe(0);
    await expectAccessible(b.page, "a movie with comments");

    // A likes the movie: B's count moves.
    const likes = await likesOf(b.page);
    await a.page.getByTestId("reaction-like").click();
    await expect.poll(() => a.page.getByTestId("reaction-like").getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => likesOf(b.page), { timeout: 15_000 }).toBe(likes + 1);

    // A edits the comment (sent as a form, SPEC's upload): B sees the new text live, marked edited.
    const edited = `${text} (and the score)`;
    await a.page.getByTestId("comment").filter({ hasText: text }).getByRole("button", { name: "Edit" }).click();
    await a.page.getByLabel("Edit your comment").fill(edited);
    await a.page.getByRole("button", { name: "Save" }).click();
    await b.page.getByTestId("comment-content").filter({ hasText: edited }).waitFor({ timeout: 15_000 });
    await seen.getByText("(edited)").waitFor();

    // A deletes the comment: B sees it go and the total fall back.
    const mine = a.page.getByTestId("comment").filter({ hasText: edited });
    await mine.getByRole("button", { name: "Delete" }).click();
    await a.page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await a.page.getByText("Removed successfully!").waitFor();
    await seen.waitFor({ state: "detached", timeout: 15_000 });
    await expect.poll(() => totalOf(b.page)).toBe(before);
    await expect.poll(() => totalOf(a.page)).toBe(before);

    // A favourites the movie and finds it on their favourites.
    await a.page.getByTestId("reaction-favourite").click();
    await expect.poll(() => a.page.getByTestId("reaction-favourite").getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => a.page.getByTestId("reaction-favourite").getAttribute("data-busy")).toBeNull();
    await goto(a.page, "/account/favourites");
    await a.page.getByTestId("reacted-movies").getByText(movie.title).first().waitFor();

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it("a visitor sees the comments with a link to log in, and a reaction click goes to the login page", async () => {
    const { page, context, errors } = await newPage(browser);
    await goto(page, `/movies/${movie._id}`);
    const login = page.getByTestId("comments-login");
    await login.waitFor();
    expect(await login.getAttribute("href")).toBe("/auth/login");
    await page.getByTestId("reaction-like").click();
    await page.waitForURL(/\/auth\/login\?videoId=/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("B reports A's comment; the admin hides it from /admin/comments and B's page loses it live; A is told", async () => {
    const adminToken = await apiLogin("admin");
    const text = `Buy followers now ${Date.now()}`;
    const posted = await api("POST", "/comments", {
      token: userToken,
      body: { objectType: "video", objectId: movie._id, content: text },
    });
    expect(posted.status).toBe(201);
    const id = (posted.body as { _id: string })._id;

    const b = await signedIn(memberToken);
    await openMovie(b.page);
    const before = (await totalOf(b.page)) as number;
    const theirs = b.page.getByTestId("comment").filter({ hasText: text });
    await theirs.getByRole("button", { name: "Report" }).click();
    const form = b.page.getByRole("dialog");
    await form.waitFor();
    // Checked as soon as it opens: axe must wait for the dialog's fade-in (read mid-fade, its button lacked contrast).
    await expectAccessible(b.page, "the report dialog");
    await form.getByLabel("Spam or advertising").check();
    await form.getByLabel("Anything the moderators should know (optional)").fill("An advert for followers");
    await form.getByRole("button", { name: "Send report" }).click();
    await b.page.getByText("Thanks for the report. A moderator will look at it.").waitFor();
    await expect.poll(() => theirs.getByRole("button", { name: "Reported" }).isDisabled()).toBe(true);

    const admin = await signedIn(adminToken);
    await goto(admin.page, "/admin/comments?status=reported");
    const row = admin.page.getByTestId(`comment-row-${id}`);
    await row.getByText("1 report: 1 spam").waitFor();
    await row.getByText("“An advert for followers”").waitFor();
    await row.getByRole("link", { name: movie.title }).waitFor();
    await expectAccessible(admin.page, "the admin's comments");
    await row.getByRole("button", { name: "Hide" }).click();
    await admin.page.getByText("The comment is hidden.").waitFor();
    // Hidden: out of the reported queue (its report is resolved).
    await row.waitFor({ state: "detached" });

    await theirs.waitFor({ state: "detached", timeout: 15_000 });
    await expect.poll(() => totalOf(b.page)).toBe(before - 1);

    const told = await api("GET", "/notifications?limit=5", { token: userToken });
    expect((told.body as { data: { text: string }[] }).data.map((n) => n.text)).toContain(
      `A moderator hid your comment on “${movie.title}”.`,
    );

    // Shown again from the hidden list, then deleted for good.
    await goto(admin.page, "/admin/comments?status=hidden");
    await row.getByRole("button", { name: "Show" }).click();
    await admin.page.getByText("The comment is shown again.").waitFor();
    await theirs.waitFor({ timeout: 15_000 });
    await expect.poll(() => totalOf(b.page)).toBe(before);
    await goto(admin.page, "/admin/comments");
    await row.getByRole("button", { name: "Delete" }).click();
    await admin.page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await admin.page.getByText("Removed successfully!").waitFor();
    await theirs.waitFor({ state: "detached", timeout: 15_000 });

    expect(b.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await b.context.close();
    await admin.context.close();
  });

  it("a notification about a reply opens the movie on that reply, scrolled into view and highlighted", {
    timeout: 120_000,
  }, async () => {
    const post = (token: string, content: string, parentId?: string) =>
      api("POST", "/comments", {
        token,
        body: { objectType: "video", objectId: movie._id, content, ...(parentId ? { parentId } : {}) },
      });
    const stamp = Date.now();
    const asked = await post(userToken, `Which camera was this shot on? ${stamp}`);
    expect(asked.status).toBe(201);
    const askedId = (asked.body as { _id: string })._id;
    const answered = await post(memberToken, `A vintage cine camera ${stamp}`, askedId);
    expect(answered.status).toBe(201);
    const answerId = (answered.body as { _id: string })._id;
    // Ten newer comments from someone else push the question off the first page of the list.
    const other = await signUp("chatty");
    const otherToken = await apiLogin(other.username, other.password);
    const later: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await post(otherToken, `Another thought ${i} ${stamp}`);
      expect(res.status).toBe(201);
      later.push((res.body as { _id: string })._id);
    }

    const a = await signedIn(userToken);
    await goto(a.page, "/");
    await a.page.getByTestId("notification-bell").click();
    await a.page
      .getByTestId("notification-list")
      .getByTestId("notification-item")
      .filter({ hasText: `New reply to your comment on “${movie.title}”.` })
      .first()
      .click();
    await a.page.waitForURL(`${site().webUrl}/movies/${movie._id}#comment-${answerId}`);
    const reply = a.page.locator(`[data-comment-id="${answerId}"]`);
    await expect.poll(() => reply.getAttribute("data-highlighted"), { timeout: 15_000 }).toBe("true");
    expect(await reply.getByTestId("comment-content").textContent()).toBe(`A vintage cine camera ${stamp}`);
    expect(
      await a.page.locator(`[data-comment-id="${askedId}"]`).getByRole("button", { name: "Hide replies" }).count(),
    ).toBe(1);
    // In view: the page scrolled down to it, not left at the top of the movie.
    await expect
      .poll(async () => {
        const box = await reply.boundingBox();
        const height = a.page.viewportSize()?.height ?? 0;
        return !!box && box.y >= 0 && box.y + box.height <= height;
      })
      .toBe(true);
    expect(await a.page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(a.errors).toEqual([]);
    await a.context.close();

    for (const id of later) await api("DELETE", `/comments/${id}`, { token: otherToken });
    await api("DELETE", `/comments/${askedId}`, { token: userToken });
  });
});
