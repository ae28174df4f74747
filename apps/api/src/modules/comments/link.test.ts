import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, expectBadRequest, newAccount, type TestContext } from "../../../test/harness.ts";
import { videos } from "../videos/tables.ts";

/**
 * A link to one comment (issue 23): a notification about a comment or a reply leads to `#comment-<id>` on the
 * item's page, and GET /comments/:id tells that page which thread to open.
 */

let t: TestContext;
let admin: string;
let movie: string;
let performer: Awaited<ReturnType<typeof newAccount>>;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login("admin");
  performer = await newAccount(t, "performer", "linked");
  const [row] = await t.database.db
    .insert(videos)
    .values({
      slug: `linked-${Date.now().toString(36)}`,
      title: "Linked movie",
      access: "free",
      status: "active",
      listed: true,
      performerIds: [performer.id],
      createdBy: performer.id,
    })
    .returning({ id: videos.id });
  movie = (row as { id: string }).id;
});
afterAll(() => t.close());

async function comment(token: string, extra: Record<string, unknown> = {}) {
  const res = await t.request({
    method: "POST",
    url: "/comments",
    token,
    body: { objectType: "video", objectId: movie, content: "A thought", ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string };
}

async function linksOf(token: string) {
  await t.app.services.notifications.settled();
  const res = await t.request({ method: "GET", url: "/notifications", token });
  return (res.json() as { data: { text: string; link: string | null }[] }).data;
}

describe("a notification about a comment links to the comment", () => {
  it("the performer's about a comment and the author's about a reply, each to its own comment", async () => {
    const [member, other] = await Promise.all([newAccount(t, "user", "asker"), newAccount(t, "user", "answerer")]);
    const top = await comment(member.token);
    const reply = await comment(other.token, { parentId: top._id });
    const [news] = await linksOf(performer.token);
    expect(news?.text).toBe("New comment on “Linked movie”.");
    expect(news?.link).toBe(`/movies/${movie}#comment-${top._id}`);
    const [told] = await linksOf(member.token);
    expect(told).toMatchObject({ text: "New reply to your comment on “Linked movie”." });
    expect(told?.link).toBe(`/movies/${movie}#comment-${reply._id}`);
  });
});

describe("GET /comments/:id", () => {
  it("answers a reply with its thread's comment as parentId, to visitors too", async () => {
    const [member, other] = await Promise.all([newAccount(t, "user", "top"), newAccount(t, "user", "re")]);
    const top = await comment(member.token);
    const reply = await comment(other.token, { parentId: top._id, content: "An answer" });
    const res = await t.request({ method: "GET", url: `/comments/${reply._id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: reply._id, parentId: top._id, content: "An answer", objectId: movie });
    expect((await t.request({ method: "GET", url: `/comments/${top._id}` })).json()).toMatchObject({
      parentId: null,
    });
  });

  it("404 for a hidden comment and a reply under one, found again once shown", async () => {
    const [member, other] = await Promise.all([newAccount(t, "user", "hid"), newAccount(t, "user", "hidre")]);
    const top = await comment(member.token);
    const reply = await comment(other.token, { parentId: top._id });
    const hide = await t.request({ method: "POST", url: `/admin/comments/${top._id}/hide`, token: admin });
    expect(hide.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `/comments/${top._id}` })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: `/comments/${reply._id}` })).statusCode).toBe(404);
    await t.request({ method: "POST", url: `/admin/comments/${top._id}/unhide`, token: admin });
    expect((await t.request({ method: "GET", url: `/comments/${reply._id}` })).statusCode).toBe(200);
  });

  it("refuses an id that is not one with 400 naming it", async () => {
    expectBadRequest(await t.request({ method: "GET", url: "/comments/not-an-id" }), "params.id");
  });
});
