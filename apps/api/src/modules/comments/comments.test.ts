import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, expectBadRequest, newAccount, type TestContext } from "../../../test/harness.ts";
import { multipart, type Part } from "../../../test/multipart.ts";
import { nextEvent as next, SOCKET_WAIT_MS, testSockets } from "../../../test/sockets.ts";
import { galleries } from "../galleries/tables.ts";
import { posts } from "../posts/tables.ts";
import { products } from "../products/tables.ts";
import { videos } from "../videos/tables.ts";
import { comments } from "./tables.ts";

/**
 * Comments through HTTP (issue 12): who may write, edit and delete them, replies one level deep, plain trimmed
 * text, the objects' counters (kept exact, also under concurrent writers), the throttle, and the realtime events
 * to the object's watchers and the people concerned.
 */

type Account = { id: string; username: string; token: string };
let t: TestContext;
let url: string;
let admin: string;
let owner: Account; // a performer with a movie, a gallery and a product
let rival: Account; // another performer, with a movie of their own
let member: Account;
let other: Account;
let seq = 0;

const open = testSockets(() => url);

async function item(table: typeof videos | typeof galleries, performerId: string, listed = true) {
  const n = seq++;
  const [row] = await t.database.db
    .insert(table)
    .values({
      slug: `item-${n}-${Date.now().toString(36)}`,
      title: `Item ${n}`,
      access: "free",
      status: listed ? "active" : "draft",
      listed,
      performerIds: [performerId],
      createdBy: performerId,
    })
    .returning({ id: table.id });
  return (row as { id: string }).id;
}

async function product(performerId: string) {
  const n = seq++;
  const [row] = await t.database.db
    .insert(products)
    .values({
      slug: `product-${n}-${Date.now().toString(36)}`,
      title: `Product ${n}`,
      type: "digital",
      priceCents: 500,
      status: "active",
      listed: true,
      performerIds: [performerId],
      createdBy: performerId,
    })
    .returning({ id: products.id });
  return (row as { id: string }).id;
}

async function post(status: "published" | "draft") {
  const n = seq++;
  const [row] = await t.database.db
    .insert(posts)
    .values({ slug: `post-${n}-${Date.now().toString(36)}`, title: `Post ${n}`, status, publishedAt: new Date() })
    .returning({ id: posts.id });
  return (row as { id: string }).id;
}

const write = (token: string | undefined, body: Record<string, unknown>) =>
  t.request({ method: "POST", url: "/comments", token, body });

async function commentOn(token: string, objectId: string, extra: Record<string, unknown> = {}) {
  const res = await write(token, { objectType: "video", objectId, content: `Hello ${seq++}`, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; parentId: string | null; content: string; stats: { replies: number } };
}

const list = (query: Record<string, string>, token?: string) =>
  t.request({ method: "GET", url: "/comments/search", query, token });

async function counter(table: typeof videos | typeof galleries | typeof products, id: string) {
  const [row] = await t.database.db.select({ comments: table.comments }).from(table).where(eq(table.id, id));
  return row?.comments;
}

beforeAll(async () => {
  t = await createTestContext({ REALTIME: "true" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.login("admin");
  [owner, rival] = await Promise.all([newAccount(t, "performer", "owner"), newAccount(t, "performer", "rival")]);
});
afterAll(() => t.close());
// Fresh writers for every test: each has its own allowance under the comment throttle.
beforeEach(async () => {
  [member, other] = await Promise.all([newAccount(t, "user", "member"), newAccount(t, "user", "other")]);
});

describe("bad input is refused with 400 naming the field", () => {
  it("POST /comments", async () => {
    const video = await item(videos, owner.id);
    const ok = { objectType: "video", objectId: video, content: "Nice" };
    const { objectType: _t, ...noType } = ok;
    expectBadRequest(await write(member.token, noType), "body.objectType");
    expectBadRequest(await write(member.token, { ...ok, objectType: "banner" }), "body.objectType");
    expectBadRequest(await write(member.token, { ...ok, objectId: "not-an-id" }), "body.objectId");
    expectBadRequest(await write(member.token, { ...ok, content: "" }), "body.content");
    expectBadRequest(await write(member.token, { ...ok, content: " \n\t " }), "body.content");
    expectBadRequest(await write(member.token, { ...ok, content: "x".repeat(2001) }), "body.content");
    expectBadRequest(await write(member.token, { ...ok, content: 42 }), "body.content");
    expectBadRequest(await write(member.token, { ...ok, content: "a\u0000b" }), "body.content");
    expectBadRequest(await write(member.token, { ...ok, parentId: "x" }), "body.parentId");
    expectBadRequest(await write(member.token, { ...ok, html: true }), "body.html");
  });

  it("PUT, DELETE /comments/:id and GET /comments/search", async () => {
    const video = await item(videos, owner.id);
    const c = await commentOn(member.token, video);
    const put = (id: string, body: unknown) =>
      t.request({ method: "PUT", url: `/comments/${id}`, token: member.token, body });
    expectBadRequest(await put("nope", { content: "x" }), "params.id");
    expectBadRequest(await put(c._id, {}), "body.content");
    expectBadRequest(await put(c._id, { content: "   " }), "body.content");
    expectBadRequest(await put(c._id, { content: "y".repeat(2001) }), "body.content");
    expectBadRequest(await t.request({ method: "DELETE", url: "/comments/nope", token: member.token }), "params.id");
    expectBadRequest(await list({ objectType: "video" }), "querystring.objectId");
    expectBadRequest(await list({ objectId: video }), "querystring.objectType");
    expectBadRequest(await list({ objectType: "video", objectId: video, limit: "0" }), "querystring.limit");
    expectBadRequest(await list({ objectType: "video", objectId: video, limit: "101" }), "querystring.limit");
    expectBadRequest(await list({ objectType: "video", objectId: video, sort: "up" }), "querystring.sort");
    expectBadRequest(await list({ objectType: "video", objectId: video, parentId: "x" }), "querystring.parentId");
    expectBadRequest(await list({ objectType: "video", objectId: video, cursor: "garbage" }), "querystring.cursor");
  });
});

describe("who may call it", () => {
  it("a visitor reads comments but may not write, edit or delete them (401)", async () => {
    const video = await item(videos, owner.id);
    const c = await commentOn(member.token, video);
    expect((await write(undefined, { objectType: "video", objectId: video, content: "x" })).statusCode).toBe(401);
    expect((await t.request({ method: "PUT", url: `/comments/${c._id}`, body: { content: "x" } })).statusCode).toBe(
      401,
    );
    expect((await t.request({ method: "DELETE", url: `/comments/${c._id}` })).statusCode).toBe(401);
    const read = await list({ objectType: "video", objectId: video });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.map((d: { _id: string }) => d._id)).toEqual([c._id]);
  });

  it("only the author edits a comment: another member and an admin get 403", async () => {
    const video = await item(videos, owner.id);
    const c = await commentOn(member.token, video);
    const put = (token: string, content: string) =>
      t.request({ method: "PUT", url: `/comments/${c._id}`, token, body: { content } });
    expect((await put(other.token, "mine now")).statusCode).toBe(403);
    expect((await put(admin, "mine now")).statusCode).toBe(403);
    expect((await put(owner.token, "mine now")).statusCode).toBe(403);
    const res = await put(member.token, "  Edited  ");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: c._id, content: "Edited" });
    expect(res.json().editedAt).toEqual(expect.any(String));
    expect(
      (
        await t.request({
          method: "PUT",
          url: `/comments/${randomUUID()}`,
          token: member.token,
          body: { content: "x" },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("takes an edit as a form too (SPEC's upload call): the content field, no files, the same rules", async () => {
    const video = await item(videos, owner.id);
    const c = await commentOn(member.token, video);
    const form = (parts: Part[], token = member.token) => {
      const { body, headers } = multipart(parts);
      return t.request({ method: "PUT", url: `/comments/${c._id}`, token, body, headers });
    };
    const res = await form([{ name: "content", data: "  Edited by form ✓  " }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: c._id, content: "Edited by form ✓" });
    expect((await form([{ name: "content", data: "not yours" }], other.token)).statusCode).toBe(403);
    const bad = async (parts: Part[], path: string, message?: string) => {
      const r = await form(parts);
      expectBadRequest(r, path);
      if (message) expect(r.json().message).toBe(message);
    };
    await bad([{ name: "content", data: "   " }], "body.content");
    await bad([{ name: "content", data: "x".repeat(2001) }], "body.content");
    await bad([{ name: "content", data: "x".repeat(10_001) }], "body.content");
    // A form's text is checked as a JSON body is: PostgreSQL cannot store a NUL.
    await bad([{ name: "content", data: "nul\u0000here" }], "body.content");
    await bad(
      [
        { name: "content", data: "hi" },
        { name: "extra", data: "1" },
      ],
      "body.extra",
    );
    await bad(
      [{ name: "file", filename: "movie.mp4", contentType: "video/mp4", data: "x" }],
      "body",
      "This form takes no files",
    );
    await bad(
      ["a", "b", "c"].map((name) => ({ name, data: "1" })),
      "body",
      "At most 2 fields",
    );
    const cut = multipart([{ name: "content", data: "hi" }]);
    const malformed = await t.request({
      method: "PUT",
      url: `/comments/${c._id}`,
      token: member.token,
      body: cut.body.subarray(0, cut.body.length - 10),
      headers: cut.headers,
    });
    expectBadRequest(malformed, "body");
    const read = await list({ objectType: "video", objectId: video });
    expect(read.json().data[0].content).toBe("Edited by form ✓");
  });

  it("deletes: another member 403, a performer of another item 403, the item's performer, the author and an admin OK", async () => {
    const video = await item(videos, owner.id);
    const [a, b, c] = [
      await commentOn(member.token, video),
      await commentOn(member.token, video),
      await commentOn(member.token, video),
    ];
    const del = (token: string, id: string) => t.request({ method: "DELETE", url: `/comments/${id}`, token });
    expect((await del(other.token, a._id)).statusCode).toBe(403);
    expect((await del(rival.token, a._id)).statusCode).toBe(403);
    expect((await del(owner.token, a._id)).statusCode).toBe(200);
    expect((await del(member.token, b._id)).statusCode).toBe(200);
    expect((await del(admin, c._id)).statusCode).toBe(200);
    expect((await del(admin, c._id)).statusCode).toBe(404);
    expect(await counter(videos, video)).toBe(0);
    expect((await list({ objectType: "video", objectId: video })).json().total).toBe(0);
  });

  it("a performer may delete comments on their own profile, not on another's", async () => {
    const res = await write(member.token, { objectType: "performer", objectId: owner.id, content: "Fan!" });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json()._id;
    expect((await t.request({ method: "DELETE", url: `/comments/${id}`, token: rival.token })).statusCode).toBe(403);
    expect((await t.request({ method: "DELETE", url: `/comments/${id}`, token: owner.token })).statusCode).toBe(200);
  });
});

describe("what may be commented on", () => {
  it("movies, galleries, products, performers and published posts; counters follow where the object keeps one", async () => {
    const [video, gallery, prod, published] = await Promise.all([
      item(videos, owner.id),
      item(galleries, owner.id),
      product(owner.id),
      post("published"),
    ]);
    for (const [objectType, objectId] of [
      ["video", video],
      ["gallery", gallery],
      ["product", prod],
      ["performer", owner.id],
      ["post", published],
    ] as const) {
      const res = await write(other.token, { objectType, objectId, content: `On a ${objectType}` });
      expect(res.statusCode, `${objectType}: ${res.body}`).toBe(201);
      expect(res.json()).toMatchObject({ objectType, objectId, parentId: null, stats: { likes: 0, replies: 0 } });
      expect(res.json().author).toMatchObject({ _id: other.id, username: other.username });
      expect(res.json().author.email).toBeUndefined();
    }
    expect(await counter(videos, video)).toBe(1);
    expect(await counter(galleries, gallery)).toBe(1);
    expect(await counter(products, prod)).toBe(1);
    const page = await t.request({ method: "GET", url: `/user/assets/videos/${video}`, token: other.token });
    expect(page.json().stats.comments).toBe(1);
  });

  it("404 for an object the member may not open (a draft, an unknown id, a draft post, an id of another kind)", async () => {
    const [draft, draftPost, video] = await Promise.all([
      item(videos, owner.id, false),
      post("draft"),
      item(videos, owner.id),
    ]);
    const on = (objectType: string, objectId: string) => write(member.token, { objectType, objectId, content: "Psst" });
    expect((await on("video", draft)).statusCode).toBe(404);
    expect((await on("video", randomUUID())).statusCode).toBe(404);
    expect((await on("post", draftPost)).statusCode).toBe(404);
    expect((await on("gallery", video)).statusCode).toBe(404);
    expect((await on("performer", member.id)).statusCode).toBe(404);
    expect((await list({ objectType: "video", objectId: draft })).statusCode).toBe(404);
    // The draft's own performer and admins may open it, so they may comment on it.
    expect((await write(owner.token, { objectType: "video", objectId: draft, content: "Note" })).statusCode).toBe(201);
    expect((await write(admin, { objectType: "video", objectId: draft, content: "Note" })).statusCode).toBe(201);
    expect(await counter(videos, draft)).toBe(2);
  });
});

describe("content", () => {
  it("is trimmed, 1..2000 characters, and kept as plain text (HTML is not interpreted or stripped)", async () => {
    const video = await item(videos, owner.id);
    const html = `<script>alert("x")</script><b>bold</b> & "quotes"`;
    const res = await write(member.token, { objectType: "video", objectId: video, content: `  \n${html}\t ` });
    expect(res.statusCode).toBe(201);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.json().content).toBe(html);
    const [row] = await t.database.db.select().from(comments).where(eq(comments.id, res.json()._id));
    expect(row?.content).toBe(html);
    expect((await list({ objectType: "video", objectId: video })).json().data[0].content).toBe(html);

    const longest = "é".repeat(2000);
    const long = await write(member.token, { objectType: "video", objectId: video, content: ` ${longest} ` });
    expect(long.statusCode).toBe(201);
    expect(long.json().content).toBe(longest);
  });
});

describe("replies", () => {
  it("go one level deep: a reply to a reply is refused with 422; a parent of another object is not found", async () => {
    const [video, elsewhere] = [await item(videos, owner.id), await item(videos, owner.id)];
    const top = await commentOn(member.token, video);
    const reply = await commentOn(other.token, video, { parentId: top._id });
    expect(reply.parentId).toBe(top._id);
    const deeper = await write(member.token, {
      objectType: "video",
      objectId: video,
      content: "Deeper",
      parentId: reply._id,
    });
    expect(deeper.statusCode).toBe(422);
    expect(deeper.json().details[0].path).toBe("body.parentId");
    const astray = await write(member.token, {
      objectType: "video",
      objectId: elsewhere,
      content: "x",
      parentId: top._id,
    });
    expect(astray.statusCode).toBe(404);
    expect(
      (await write(member.token, { objectType: "video", objectId: video, content: "x", parentId: randomUUID() }))
        .statusCode,
    ).toBe(404);

    // Top-level lists leave replies out; the parent's replies are listed by parentId; every comment counts.
    const tops = (await list({ objectType: "video", objectId: video })).json();
    expect(tops.data.map((c: { _id: string }) => c._id)).toEqual([top._id]);
    expect(tops.data[0].stats.replies).toBe(1);
    const replies = (await list({ objectType: "video", objectId: video, parentId: top._id })).json();
    expect(replies.data.map((c: { _id: string }) => c._id)).toEqual([reply._id]);
    expect(await counter(videos, video)).toBe(2);
  });

  it("deleting a top-level comment deletes its replies and lowers the counter by all of them", async () => {
    const video = await item(videos, owner.id);
    const top = await commentOn(member.token, video);
    const keep = await commentOn(member.token, video);
    const r1 = await commentOn(other.token, video, { parentId: top._id });
    await commentOn(other.token, video, { parentId: top._id });
    const r3 = await commentOn(member.token, video, { parentId: keep._id });
    expect(await counter(videos, video)).toBe(5);
    // Told: the member of the two replies from another member (not of their own), the performer of both comments.
    expect((await toldAbout(member.token, video)).length).toBe(2);
    expect((await toldAbout(owner.token, video)).sort()).toEqual([top._id, keep._id].sort());

    // Deleting a reply lowers the parent's reply count and the object's counter by one.
    const gone = await t.request({ method: "DELETE", url: `/comments/${r1._id}`, token: other.token });
    expect(gone.json()).toMatchObject({ _id: r1._id, parentId: top._id, removed: 1 });
    expect(await counter(videos, video)).toBe(4);

    const res = await t.request({ method: "DELETE", url: `/comments/${top._id}`, token: member.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: top._id, objectId: video, parentId: null, removed: 2 });
    expect(await counter(videos, video)).toBe(2);
    const left = await t.database.db.select({ id: comments.id }).from(comments).where(eq(comments.objectId, video));
    expect(left.map((l) => l.id).sort()).toEqual([keep._id, r3._id].sort());

    // What the member and the performer were told about deleted comments went with them.
    expect(await toldAbout(member.token, video)).toEqual([]);
    expect(await toldAbout(owner.token, video)).toEqual([keep._id]);
  });
});

/** The comments the member's stored notifications about an object are about, newest first. */
async function toldAbout(token: string, objectId: string) {
  await t.app.services.notifications.settled();
  const res = await t.request({ method: "GET", url: "/notifications", token, query: { limit: "100" } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { data: { objectId?: string; commentId?: string } }[] }).data
    .filter((n) => n.data.objectId === objectId)
    .map((n) => n.data.commentId);
}

describe("lists", () => {
  it("are newest first (oldest with sort=asc), paged by offset and by cursor", async () => {
    const video = await item(videos, owner.id);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await commentOn(i % 2 ? member.token : other.token, video))._id);
    const newest = [...made].reverse();
    const first = (await list({ objectType: "video", objectId: video, limit: "2" })).json();
    expect(first.total).toBe(5);
    expect(first.data.map((c: { _id: string }) => c._id)).toEqual(newest.slice(0, 2));
    const second = (await list({ objectType: "video", objectId: video, limit: "2", cursor: first.next })).json();
    expect(second.data.map((c: { _id: string }) => c._id)).toEqual(newest.slice(2, 4));
    const byOffset = (await list({ objectType: "video", objectId: video, limit: "2", offset: "4" })).json();
    expect(byOffset.data.map((c: { _id: string }) => c._id)).toEqual(newest.slice(4));
    const oldest = (await list({ objectType: "video", objectId: video, sort: "asc" })).json();
    expect(oldest.data.map((c: { _id: string }) => c._id)).toEqual(made);
  });

  it("show a thread's replies oldest first, paged by cursor in that order (sort=desc for newest first)", async () => {
    const video = await item(videos, owner.id);
    const top = await commentOn(member.token, video);
    const made: string[] = [];
    for (let i = 0; i < 4; i++)
      made.push((await commentOn(i % 2 ? member.token : other.token, video, { parentId: top._id }))._id);
    const thread = { objectType: "video", objectId: video, parentId: top._id };
    const first = (await list({ ...thread, limit: "3" })).json();
    expect(first.total).toBe(4);
    expect(first.data.map((c: { _id: string }) => c._id)).toEqual(made.slice(0, 3));
    const rest = (await list({ ...thread, limit: "3", cursor: first.next })).json();
    expect(rest.data.map((c: { _id: string }) => c._id)).toEqual(made.slice(3));
    expect(rest.next).toBeNull();
    const newest = (await list({ ...thread, sort: "desc" })).json();
    expect(newest.data.map((c: { _id: string }) => c._id)).toEqual([...made].reverse());
  });
});

describe("counters under concurrency", () => {
  it("stay exact with 20 members commenting and deleting at once", async () => {
    const video = await item(videos, owner.id);
    const people = await Promise.all(Array.from({ length: 20 }, () => newAccount(t, "user", "crowd")));
    const made = await Promise.all(people.map((p) => commentOn(p.token, video)));
    expect(await counter(videos, video)).toBe(20);
    // Half delete their comment while the other half reply to theirs.
    await Promise.all(
      made.map((c, i) =>
        i % 2
          ? t.request({ method: "DELETE", url: `/comments/${c._id}`, token: (people[i] as Account).token })
          : commentOn((people[i] as Account).token, video, { parentId: c._id }),
      ),
    );
    const rows = await t.database.db.select({ id: comments.id }).from(comments).where(eq(comments.objectId, video));
    expect(rows.length).toBe(20);
    expect(await counter(videos, video)).toBe(20);
  });
});

describe("throttle", () => {
  it("answers 429 past 10 comments a minute from one member", async () => {
    const video = await item(videos, owner.id);
    const chatty = await newAccount(t, "user", "chatty");
    for (let i = 0; i < 10; i++) await commentOn(chatty.token, video);
    const res = await write(chatty.token, { objectType: "video", objectId: video, content: "One more" });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ statusCode: 429, error: "Too Many Requests" });
    // Others are not held back.
    expect((await write(other.token, { objectType: "video", objectId: video, content: "Me" })).statusCode).toBe(201);
  });
});

describe("realtime", () => {
  it("tells the object's watchers of new and deleted comments, and the people concerned of replies and comments", async () => {
    const video = await item(videos, owner.id);
    const [watcher, performerSocket, memberSocket] = await Promise.all([
      open(other.token),
      open(owner.token),
      open(member.token),
    ]);
    expect(
      await watcher.timeout(SOCKET_WAIT_MS).emitWithAck("object:join", { objectType: "video", objectId: video }),
    ).toEqual({
      ok: true,
    });
    expect(
      await watcher.timeout(SOCKET_WAIT_MS).emitWithAck("object:join", { objectType: "video", objectId: "x" }),
    ).toEqual({
      ok: false,
      error: "invalid",
    });

    const created = next<{ _id: string; content: string }>(watcher, "comment:created");
    const told = next<{ type: string; commentId: string; reply: boolean }>(performerSocket, "notification");
    const top = await commentOn(member.token, video, { content: "Live!" });
    expect(await created).toMatchObject({ _id: top._id, content: "Live!" });
    expect(await told).toMatchObject({ type: "comment", commentId: top._id, reply: false });

    const replied = next<{ commentId: string; reply: boolean }>(memberSocket, "notification");
    const reply = await commentOn(other.token, video, { parentId: top._id });
    expect(await replied).toMatchObject({ commentId: reply._id, reply: true });

    const deleted = next(watcher, "comment:deleted");
    await t.request({ method: "DELETE", url: `/comments/${top._id}`, token: admin });
    expect(await deleted).toEqual({ _id: top._id, objectType: "video", objectId: video, parentId: null, removed: 2 });

    // Left the room: nothing more.
    await watcher.timeout(SOCKET_WAIT_MS).emitWithAck("object:leave", { objectType: "video", objectId: video });
    const quiet = next(watcher, "comment:created", 500);
    await commentOn(member.token, video);
    expect(await quiet).toBeNull();
  });
});
