import type { AddressInfo } from "node:net";
import type { AdminComment } from "@marquee/contracts/comments";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, expectBadRequest, newAccount, type TestContext } from "../../../test/harness.ts";
import { nextEvent as next, SOCKET_WAIT_MS, testSockets } from "../../../test/sockets.ts";
import { videos } from "../videos/tables.ts";

/**
 * Moderation through HTTP (issue 12): members report comments; admins list every comment (reported first), hide
 * and show them again (counters follow what members see, watchers hear of it live, the author is told), dismiss
 * reports, and nobody else may.
 */

type Account = { id: string; username: string; token: string };
let t: TestContext;
let url: string;
let admin: string;
let performer: Account;
let member: Account;
let other: Account;
let seq = 0;

const open = testSockets(() => url);

async function movie() {
  const n = seq++;
  const [row] = await t.database.db
    .insert(videos)
    .values({
      slug: `moderated-${n}-${Date.now().toString(36)}`,
      title: `Moderated ${n}`,
      access: "free",
      status: "active",
      listed: true,
      performerIds: [performer.id],
      createdBy: performer.id,
    })
    .returning({ id: videos.id });
  return (row as { id: string }).id;
}

async function commentOn(token: string, objectId: string, extra: Record<string, unknown> = {}) {
  const res = await t.request({
    method: "POST",
    url: "/comments",
    token,
    body: { objectType: "video", objectId, content: `Said ${seq++}`, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string };
}

async function shownCount(id: string) {
  const [row] = await t.database.db.select({ comments: videos.comments }).from(videos).where(eq(videos.id, id));
  return row?.comments;
}

const listed = async (query: Record<string, string>, token?: string) => {
  const res = await t.request({ method: "GET", url: "/comments/search", query, token });
  return {
    status: res.statusCode,
    ids: res.statusCode === 200 ? res.json().data.map((c: { _id: string }) => c._id) : [],
  };
};

const report = (token: string | undefined, id: string, body: Record<string, unknown> = { reason: "spam" }) =>
  t.request({ method: "POST", url: `/comments/${id}/report`, token, body });

const moderate = (action: "hide" | "unhide" | "dismiss-reports", id: string, token: string | undefined = admin) =>
  t.request({ method: "POST", url: `/admin/comments/${id}/${action}`, token });

async function adminList(query: Record<string, string> = {}) {
  const res = await t.request({ method: "GET", url: "/admin/comments", query, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: AdminComment[]; total: number };
}

beforeAll(async () => {
  t = await createTestContext({ REALTIME: "true" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.login("admin");
  performer = await newAccount(t, "performer", "modperf");
});
afterAll(() => t.close());
beforeEach(async () => {
  [member, other] = await Promise.all([newAccount(t, "user", "modmember"), newAccount(t, "user", "modother")]);
});

describe("bad input is refused with 400 naming the field", () => {
  it("reports and the admin's list", async () => {
    const video = await movie();
    const c = await commentOn(member.token, video);
    expectBadRequest(await report(other.token, c._id, {}), "body.reason");
    expectBadRequest(await report(other.token, c._id, { reason: "boring" }), "body.reason");
    expectBadRequest(await report(other.token, c._id, { reason: "other", note: "x".repeat(501) }), "body.note");
    expectBadRequest(await report(other.token, c._id, { reason: "spam", extra: 1 }), "body.extra");
    expectBadRequest(await report(other.token, "42"), "params.id");
    for (const [query, path] of [
      [{ status: "spam" }, "querystring.status"],
      [{ objectType: "photo" }, "querystring.objectType"],
      [{ limit: "0" }, "querystring.limit"],
    ] as const) {
      expectBadRequest(await t.request({ method: "GET", url: "/admin/comments", query, token: admin }), path);
    }
    expectBadRequest(await moderate("hide", "42"), "params.id");
  });
});

describe("who may", () => {
  it("a visitor may not report (401); only admins list, hide, show and dismiss (401, 403)", async () => {
    const video = await movie();
    const c = await commentOn(member.token, video);
    expect((await report(undefined, c._id)).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/admin/comments" })).statusCode).toBe(401);
    for (const who of [member, performer]) {
      expect((await t.request({ method: "GET", url: "/admin/comments", token: who.token })).statusCode).toBe(403);
      for (const action of ["hide", "unhide", "dismiss-reports"] as const) {
        expect((await moderate(action, c._id, who.token)).statusCode).toBe(403);
      }
    }
    expect((await moderate("hide", c._id, "")).statusCode).toBe(401);
    expect((await moderate("hide", crypto.randomUUID())).statusCode).toBe(404);
  });

  it("one's own comment cannot be reported (422); an unknown or hidden one is a 404", async () => {
    const video = await movie();
    const c = await commentOn(member.token, video);
    const own = await report(member.token, c._id);
    expect(own.statusCode).toBe(422);
    expect(own.json().details).toEqual([{ path: "params.id", message: "is your own" }]);
    expect((await report(other.token, crypto.randomUUID())).statusCode).toBe(404);
    expect((await moderate("hide", c._id)).statusCode).toBe(200);
    expect((await report(other.token, c._id)).statusCode).toBe(404);
  });
});

describe("reports", () => {
  it("count once per member; the admin sees the reported first, by reason, with the notes", async () => {
    const video = await movie();
    const quiet = await commentOn(member.token, video);
    const loud = await commentOn(member.token, video, { content: "Buy cheap pills" });
    const third = await newAccount(t, "user", "modthird");
    expect((await report(other.token, loud._id, { reason: "spam", note: "  An ad  " })).json()).toEqual({
      _id: loud._id,
      reported: true,
    });
    expect((await report(other.token, loud._id, { reason: "abuse" })).statusCode).toBe(200); // a repeat: no-op
    expect((await report(third.token, loud._id, { reason: "abuse" })).statusCode).toBe(200);
    expect((await report(third.token, quiet._id, { reason: "other" })).statusCode).toBe(200);

    const { data } = await adminList({ status: "reported" });
    const ids = data.map((c) => c._id);
    expect(ids.indexOf(loud._id)).toBeLessThan(ids.indexOf(quiet._id));
    const row = data.find((c) => c._id === loud._id) as AdminComment;
    expect(row.reports).toEqual({ total: 2, spam: 1, abuse: 1, other: 0 });
    expect(row.reportNotes).toEqual(["An ad"]);
    expect(row.object).toEqual({ title: expect.stringMatching(/^Moderated /), link: `/movies/${video}` });
    expect(row.hiddenAt).toBeNull();

    // Dismissed: still shown to members, out of the reported list.
    expect((await moderate("dismiss-reports", loud._id)).json().reports.total).toBe(0);
    expect((await adminList({ status: "reported" })).data.map((c) => c._id)).not.toContain(loud._id);
    expect((await listed({ objectType: "video", objectId: video })).ids).toContain(loud._id);
  });

  it("hiding a thread deals with the reports on its replies too; reports raced by a dismiss stay counted", async () => {
    const video = await movie();
    const top = await commentOn(member.token, video);
    const reply = await commentOn(other.token, video, { parentId: top._id });
    expect((await report(member.token, reply._id)).statusCode).toBe(200);
    expect((await moderate("hide", top._id)).statusCode).toBe(200);
    const reported = (await adminList({ status: "reported" })).data.map((c) => c._id);
    expect(reported).not.toContain(reply._id);
    expect((await adminList({ status: "hidden" })).data.find((c) => c._id === top._id)?.reports.total).toBe(0);
    // A reply under a hidden comment cannot be reported (members do not see it).
    expect((await report(member.token, reply._id)).statusCode).toBe(404);

    // Reports and a dismiss at once: the count always equals the open reports listed by reason.
    const loud = await commentOn(member.token, video);
    const reporters = await Promise.all([1, 2, 3, 4, 5].map((i) => newAccount(t, "user", `modrace${i}`)));
    await Promise.all([
      ...reporters.map((r) => report(r.token, loud._id)),
      moderate("dismiss-reports", loud._id),
      moderate("dismiss-reports", loud._id),
    ]);
    const row = (await adminList({})).data.find((c) => c._id === loud._id) as AdminComment;
    expect(row.reports.total).toBe(row.reports.spam);
  });

  it("the admin's list finds by text and kind, hidden ones included", async () => {
    const video = await movie();
    const word = `needle${Date.now().toString(36)}`;
    const c = await commentOn(member.token, video, { content: `A ${word} in 100%_ hay` });
    await commentOn(member.token, video);
    expect((await adminList({ q: word })).data.map((x) => x._id)).toEqual([c._id]);
    expect((await adminList({ q: `${word} in 100%_` })).data.map((x) => x._id)).toEqual([c._id]);
    expect((await adminList({ q: word, objectType: "gallery" })).data).toEqual([]);
    await moderate("hide", c._id);
    const hidden = await adminList({ status: "hidden", q: word });
    expect(hidden.data.map((x) => x._id)).toEqual([c._id]);
    expect(hidden.data[0]?.hiddenAt).toEqual(expect.any(String));
    expect((await adminList({ q: word })).total).toBe(1);
  });
});

describe("hiding", () => {
  it("takes a thread out of every page, keeps the counters to what members see, and shows it back", async () => {
    const video = await movie();
    const top = await commentOn(member.token, video);
    const r1 = await commentOn(other.token, video, { parentId: top._id });
    const r2 = await commentOn(other.token, video, { parentId: top._id });
    expect(await shownCount(video)).toBe(3);
    await report(other.token, top._id);

    // A hidden reply: out of the thread, the thread's replies and the object's counter fall by one.
    expect((await moderate("hide", r1._id)).json().hiddenAt).toEqual(expect.any(String));
    expect(await shownCount(video)).toBe(2);
    expect((await listed({ objectType: "video", objectId: video, parentId: top._id })).ids).toEqual([r2._id]);
    expect((await moderate("hide", r1._id)).statusCode).toBe(200); // a repeat changes nothing
    expect(await shownCount(video)).toBe(2);

    // A hidden thread: it and its shown reply go; nothing under it can be reached.
    const hidden = (await moderate("hide", top._id)).json() as AdminComment;
    expect(hidden.reports.total).toBe(0); // hiding resolves its reports
    expect(await shownCount(video)).toBe(0);
    expect((await listed({ objectType: "video", objectId: video }, member.token)).ids).toEqual([]);
    expect((await listed({ objectType: "video", objectId: video, parentId: top._id })).status).toBe(404);
    const replying = await t.request({
      method: "POST",
      url: "/comments",
      token: member.token,
      body: { objectType: "video", objectId: video, content: "Still here?", parentId: top._id },
    });
    expect(replying.statusCode).toBe(404);
    const editing = await t.request({
      method: "PUT",
      url: `/comments/${top._id}`,
      token: member.token,
      body: { content: "Edited" },
    });
    expect(editing.statusCode).toBe(404);
    const liking = await t.request({
      method: "POST",
      url: "/reactions",
      token: other.token,
      body: { objectType: "comment", objectId: r2._id, action: "like" },
    });
    expect(liking.statusCode).toBe(404);

    // Shown again: the thread with its shown reply; then the hidden reply too.
    await moderate("unhide", top._id);
    expect(await shownCount(video)).toBe(2);
    expect((await listed({ objectType: "video", objectId: video })).ids).toEqual([top._id]);
    await moderate("unhide", r1._id);
    expect(await shownCount(video)).toBe(3);
    const thread = await t.request({
      method: "GET",
      url: "/comments/search",
      query: { objectType: "video", objectId: video, parentId: top._id, sort: "asc" },
    });
    expect(thread.json().data.map((c: { _id: string }) => c._id)).toEqual([r1._id, r2._id]);
    expect((await listed({ objectType: "video", objectId: video })).ids).toEqual([top._id]);
    const [topRow] = (
      await t.request({ method: "GET", url: "/comments/search", query: { objectType: "video", objectId: video } })
    ).json().data;
    expect(topRow.stats.replies).toBe(2);
  });

  it("deleting a hidden comment leaves the counter to what members saw", async () => {
    const video = await movie();
    const shown = await commentOn(member.token, video);
    const top = await commentOn(member.token, video);
    const reply = await commentOn(other.token, video, { parentId: top._id });
    expect(await shownCount(video)).toBe(3);
    await moderate("hide", reply._id);
    expect(await shownCount(video)).toBe(2);
    const gone = await t.request({ method: "DELETE", url: `/comments/${reply._id}`, token: admin });
    expect(gone.json().removed).toBe(0);
    expect(await shownCount(video)).toBe(2);
    await moderate("hide", top._id);
    expect(await shownCount(video)).toBe(1);
    // The author may still delete their hidden comment.
    expect((await t.request({ method: "DELETE", url: `/comments/${top._id}`, token: member.token })).statusCode).toBe(
      200,
    );
    expect(await shownCount(video)).toBe(1);
    expect((await listed({ objectType: "video", objectId: video })).ids).toEqual([shown._id]);
  });

  it("tells every admin, live and stored, when a comment enters the queue, not on each report", async () => {
    const second = await newAccount(t, "admin", "modadmin");
    const video = await movie();
    const c = await commentOn(member.token, video);
    const socket = await open(second.token);
    const told = async () =>
      (
        (await t.request({ method: "GET", url: "/notifications", token: second.token })).json().data as {
          type: string;
          text: string;
          link: string;
        }[]
      ).filter((n) => n.type === "comment_reported");

    let live = next<{ type: string; commentId: string }>(socket, "notification");
    await report(other.token, c._id, { reason: "abuse" });
    expect(await live).toMatchObject({ type: "comment_reported", commentId: c._id, reason: "abuse" });
    // A second report raises its place in the queue; the admins were told already.
    await report((await newAccount(t, "user", "modthird")).token, c._id, { reason: "spam" });
    // Dismissed, a new report puts it back in the queue, and the admins are told again.
    await moderate("dismiss-reports", c._id);
    live = next(socket, "notification");
    await report((await newAccount(t, "user", "modfourth")).token, c._id, { reason: "other" });
    await live;
    expect(await told()).toEqual([
      expect.objectContaining({
        text: expect.stringMatching(/^A comment on “Moderated \d+” was reported as breaking the rules\.$/),
        link: "/admin/comments?status=reported",
      }),
      expect.objectContaining({ text: expect.stringMatching(/was reported as abuse\.$/) }),
    ]);
  });

  it("is heard live by the object's watchers, and its author is told", async () => {
    const video = await movie();
    const top = await commentOn(member.token, video);
    await commentOn(other.token, video, { parentId: top._id });
    const [watcher, author] = await Promise.all([open(other.token), open(member.token)]);
    expect(
      await watcher.timeout(SOCKET_WAIT_MS).emitWithAck("object:join", { objectType: "video", objectId: video }),
    ).toEqual({
      ok: true,
    });

    const deleted = next(watcher, "comment:deleted");
    const told = next<{ type: string; commentId: string }>(author, "notification");
    await moderate("hide", top._id);
    expect(await deleted).toEqual({ _id: top._id, objectType: "video", objectId: video, parentId: null, removed: 2 });
    expect(await told).toMatchObject({ type: "comment_hidden", commentId: top._id });

    const created = next<{ _id: string; stats: { replies: number } }>(watcher, "comment:restored");
    await moderate("unhide", top._id);
    expect(await created).toMatchObject({ _id: top._id, stats: { replies: 1 } });

    const stored = await t.request({ method: "GET", url: "/notifications", token: member.token });
    expect(stored.json().data[0]).toMatchObject({
      type: "comment_hidden",
      text: expect.stringMatching(/^A moderator hid your comment on “Moderated \d+”\.$/),
      link: `/movies/${video}`,
    });
  });
});
