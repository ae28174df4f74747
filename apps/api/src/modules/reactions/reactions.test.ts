import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { and, count, eq } from "drizzle-orm";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, expectBadRequest, newAccount, type TestContext } from "../../../test/harness.ts";
import { SOCKET_WAIT_MS } from "../../../test/sockets.ts";
import { galleries } from "../galleries/tables.ts";
import { performers } from "../performers/tables.ts";
import { products } from "../products/tables.ts";
import { videos } from "../videos/tables.ts";
import { reactions } from "./tables.ts";

/**
 * Reactions through HTTP (issue 12): one per user, action and object whatever is repeated; the objects' counters
 * exact under 100 members liking and unliking at once; the member's own lists; realtime counters to watchers.
 */

type Account = { id: string; username: string; token: string };
let t: TestContext;
let url: string;
let owner: Account;
let member: Account;
let seq = 0;

async function item(table: typeof videos | typeof galleries, listed = true) {
  const n = seq++;
  const [row] = await t.database.db
    .insert(table)
    .values({
      slug: `r-item-${n}-${Date.now().toString(36)}`,
      title: `Item ${n}`,
      access: "members",
      status: listed ? "active" : "draft",
      listed,
      performerIds: [owner.id],
      createdBy: owner.id,
    })
    .returning({ id: table.id });
  return (row as { id: string }).id;
}

const post = (token: string | undefined, body: unknown) =>
  t.request({ method: "POST", url: "/reactions", token, body });
const del = (token: string | undefined, body: unknown) =>
  t.request({ method: "DELETE", url: "/reactions", token, body });
const like = (token: string, objectId: string, objectType = "video", action = "like") =>
  post(token, { objectType, objectId, action });

async function stats(id: string) {
  const [row] = await t.database.db
    .select({ likes: videos.likes, favourites: videos.favourites, comments: videos.comments })
    .from(videos)
    .where(eq(videos.id, id));
  return row;
}

const rowsOf = async (objectId: string, action: "like" | "favourite" | "watch_later" = "like") =>
  (
    await t.database.db
      .select({ n: count() })
      .from(reactions)
      .where(and(eq(reactions.objectId, objectId), eq(reactions.action, action)))
  )[0]?.n;

beforeAll(async () => {
  t = await createTestContext({ REALTIME: "true" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await newAccount(t, "performer", "rowner");
});
afterAll(() => t.close());
beforeEach(async () => {
  member = await newAccount(t, "user", "rmember");
});

describe("bad input is refused with 400 naming the field", () => {
  it("POST and DELETE /reactions (body or query string)", async () => {
    const video = await item(videos);
    const ok = { objectType: "video", objectId: video, action: "like" };
    for (const send of [post, del]) {
      const { action: _a, ...noAction } = ok;
      expectBadRequest(await send(member.token, noAction), "body.action");
      expectBadRequest(await send(member.token, { ...ok, action: "love" }), "body.action");
      expectBadRequest(await send(member.token, { ...ok, objectType: "post" }), "body.objectType");
      expectBadRequest(await send(member.token, { ...ok, objectId: "1" }), "body.objectId");
      expectBadRequest(await send(member.token, { ...ok, extra: 1 }), "body.extra");
    }
    const byQuery = (query: Record<string, string>) =>
      t.request({ method: "DELETE", url: "/reactions", token: member.token, query });
    expectBadRequest(await byQuery({ objectType: "video", action: "like" }), "querystring.objectId");
    expectBadRequest(await byQuery({ objectType: "video", objectId: video, action: "hug" }), "querystring.action");
    expectBadRequest(await post(member.token, undefined), "body");
  });

  it("GET /reactions/search, /reactions/videos, /reactions/galleries", async () => {
    const get = (path: string, query: Record<string, string>) =>
      t.request({ method: "GET", url: path, token: member.token, query });
    expectBadRequest(await get("/reactions/search", { action: "love" }), "querystring.action");
    expectBadRequest(await get("/reactions/search", { objectType: "banner" }), "querystring.objectType");
    expectBadRequest(await get("/reactions/search", { limit: "0" }), "querystring.limit");
    expectBadRequest(await get("/reactions/search", { cursor: "x" }), "querystring.cursor");
    expectBadRequest(await get("/reactions/videos", { action: "love" }), "querystring.action");
    expectBadRequest(await get("/reactions/galleries", { offset: "-1" }), "querystring.offset");
    expectBadRequest(await get("/reactions/videos", { objectType: "video" }), "querystring.objectType");
  });
});

describe("who may call it", () => {
  it("a visitor gets 401 everywhere", async () => {
    const video = await item(videos);
    const body = { objectType: "video", objectId: video, action: "like" };
    expect((await post(undefined, body)).statusCode).toBe(401);
    expect((await del(undefined, body)).statusCode).toBe(401);
    for (const path of ["/reactions/search", "/reactions/videos", "/reactions/galleries"]) {
      expect((await t.request({ method: "GET", url: path })).statusCode).toBe(401);
    }
  });

  it("404 for an object the member may not open; its own performer may react to a draft", async () => {
    const draft = await item(videos, false);
    expect((await like(member.token, draft)).statusCode).toBe(404);
    expect((await like(member.token, randomUUID())).statusCode).toBe(404);
    expect((await like(member.token, draft, "gallery")).statusCode).toBe(404);
    expect((await like(member.token, member.id, "performer")).statusCode).toBe(404);
    expect((await like(owner.token, draft)).statusCode).toBe(200);
  });
});

describe("reacting", () => {
  it("is idempotent: a repeated like or unlike changes nothing", async () => {
    const video = await item(videos);
    const first = await like(member.token, video);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      objectType: "video",
      objectId: video,
      action: "like",
      active: true,
      counts: { likes: 1, favourites: 0, comments: 0 },
    });
    expect((await like(member.token, video)).json().counts.likes).toBe(1);
    expect(await rowsOf(video)).toBe(1);
    const page = await t.request({ method: "GET", url: `/user/assets/videos/${video}`, token: member.token });
    expect(page.json()).toMatchObject({ isLiked: true, stats: { likes: 1 } });

    const body = { objectType: "video", objectId: video, action: "like" };
    const off = await del(member.token, body);
    expect(off.json()).toMatchObject({ active: false, counts: { likes: 0 } });
    expect((await del(member.token, body)).json()).toMatchObject({ active: false, counts: { likes: 0 } });
    expect(await rowsOf(video)).toBe(0);
    expect(await stats(video)).toEqual({ likes: 0, favourites: 0, comments: 0 });
  });

  it("favourites count; watch-later is private and counts nothing; DELETE takes the query string too", async () => {
    const video = await item(videos);
    expect((await like(member.token, video, "video", "favourite")).json().counts).toMatchObject({ favourites: 1 });
    expect((await like(member.token, video, "video", "watch_later")).json().counts).toEqual({
      likes: 0,
      favourites: 1,
      comments: 0,
    });
    const res = await t.request({
      method: "DELETE",
      url: "/reactions",
      token: member.token,
      query: { objectType: "video", objectId: video, action: "favourite" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counts.favourites).toBe(0);
    expect(await rowsOf(video, "watch_later")).toBe(1);
  });

  it("moves the counters of galleries, products, performers and comments", async () => {
    const gallery = await item(galleries);
    const [prod] = await t.database.db
      .insert(products)
      .values({
        slug: `r-prod-${seq++}`,
        title: "Mug",
        type: "digital",
        priceCents: 900,
        status: "active",
        listed: true,
        performerIds: [owner.id],
        createdBy: owner.id,
      })
      .returning({ id: products.id });
    const productId = (prod as { id: string }).id;
    expect((await like(member.token, gallery, "gallery", "favourite")).json().counts).toEqual({
      likes: 0,
      favourites: 1,
      comments: 0,
    });
    expect((await like(member.token, productId, "product")).json().counts).toEqual({ likes: 1, comments: 0 });
    const before = (await t.database.db.select().from(performers).where(eq(performers.id, owner.id)))[0]?.likes ?? 0;
    expect((await like(member.token, owner.id, "performer")).json().counts).toEqual({ likes: before + 1 });
    // The product's page and the profile say so to the member who likes them, and only to them.
    const page = (token?: string) =>
      t.request({ method: "GET", url: `/user/assets/products/${productId}`, token }).then((r) => r.json().isLiked);
    expect([await page(member.token), await page(owner.token), await page()]).toEqual([true, false, false]);
    const profile = (token: string) =>
      t.request({ method: "GET", url: `/performers/${owner.id}`, token }).then((r) => r.json().isLiked);
    expect([await profile(member.token), await profile(owner.token)]).toEqual([true, false]);

    const video = await item(videos);
    const c = await t.request({
      method: "POST",
      url: "/comments",
      token: owner.token,
      body: { objectType: "video", objectId: video, content: "Thanks for watching" },
    });
    const commentId = c.json()._id as string;
    expect((await like(member.token, commentId, "comment")).json().counts).toEqual({ likes: 1 });
    const refused = await like(member.token, commentId, "comment", "favourite");
    expect(refused.statusCode).toBe(422);
    const listed = await t.request({
      method: "GET",
      url: "/comments/search",
      token: member.token,
      query: { objectType: "video", objectId: video },
    });
    expect(listed.json().data[0]).toMatchObject({ _id: commentId, isLiked: true, stats: { likes: 1 } });
    // Deleting the comment takes its reactions with it.
    await t.request({ method: "DELETE", url: `/comments/${commentId}`, token: owner.token });
    expect(await rowsOf(commentId)).toBe(0);
  });
});

describe("counters under concurrency", () => {
  it("stay exact after 100 members like (twice each, at once), then half unlike while the rest like again", async () => {
    const video = await item(videos);
    const crowd: Account[] = [];
    for (let i = 0; i < 10; i++) {
      crowd.push(...(await Promise.all(Array.from({ length: 10 }, () => newAccount(t, "user", "crowd")))));
    }
    const results = await Promise.all(crowd.flatMap((p) => [like(p.token, video), like(p.token, video)]));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect((await stats(video))?.likes).toBe(100);
    expect(await rowsOf(video)).toBe(100);

    const body = { objectType: "video", objectId: video, action: "like" };
    await Promise.all(crowd.map((p, i) => (i % 2 ? del(p.token, body) : like(p.token, video))));
    expect((await stats(video))?.likes).toBe(50);
    expect(await rowsOf(video)).toBe(50);

    // Everyone flips at once: the unliked like, the likers unlike.
    await Promise.all(crowd.map((p, i) => (i % 2 ? like(p.token, video) : del(p.token, body))));
    expect((await stats(video))?.likes).toBe(50);
    expect(await rowsOf(video)).toBe(50);
  }, 120_000);
});

describe("the member's own lists", () => {
  it("GET /reactions/search: own reactions only, newest first, by action and object type, paged", async () => {
    const [v1, v2, g1] = [await item(videos), await item(videos), await item(galleries)];
    const someoneElse = await newAccount(t, "user", "else");
    await like(someoneElse.token, v1);
    await like(member.token, v1);
    await like(member.token, v2);
    await like(member.token, v2, "video", "favourite");
    await like(member.token, g1, "gallery");
    const search = (query: Record<string, string>) =>
      t.request({ method: "GET", url: "/reactions/search", token: member.token, query });
    const all = (await search({})).json();
    expect(all.total).toBe(4);
    expect(all.data.map((r: { objectId: string; action: string }) => `${r.objectId}:${r.action}`)).toEqual([
      `${g1}:like`,
      `${v2}:favourite`,
      `${v2}:like`,
      `${v1}:like`,
    ]);
    const likedVideos = (await search({ action: "like", objectType: "video" })).json();
    expect(likedVideos.data.map((r: { objectId: string }) => r.objectId)).toEqual([v2, v1]);
    const first = (await search({ limit: "3" })).json();
    const rest = (await search({ limit: "3", cursor: first.next })).json();
    expect([...first.data, ...rest.data].map((r: { _id: string }) => r._id)).toEqual(
      all.data.map((r: { _id: string }) => r._id),
    );
  });

  it("GET /reactions/videos and /reactions/galleries: favourites and watch-later with the items as lists show them", async () => {
    const [v1, v2, hidden, g1] = [await item(videos), await item(videos), await item(videos), await item(galleries)];
    await like(member.token, v1, "video", "favourite");
    await like(member.token, v2, "video", "watch_later");
    await like(member.token, hidden, "video", "favourite");
    await like(member.token, g1, "gallery", "favourite");
    // Unlisted since: left out of the page.
    await t.database.db.update(videos).set({ listed: false, status: "inactive" }).where(eq(videos.id, hidden));

    const favs = await t.request({ method: "GET", url: "/reactions/videos", token: member.token });
    expect(favs.statusCode, favs.body).toBe(200);
    expect(favs.json().data).toHaveLength(1);
    expect(favs.json().data[0]).toMatchObject({ objectId: v1, action: "favourite", video: { _id: v1 } });
    expect(favs.json().data[0].video.stats).toMatchObject({ favourites: 1 });
    const later = await t.request({
      method: "GET",
      url: "/reactions/videos",
      token: member.token,
      query: { action: "watch_later" },
    });
    expect(later.json().data.map((r: { video: { _id: string } }) => r.video._id)).toEqual([v2]);
    const gals = await t.request({ method: "GET", url: "/reactions/galleries", token: member.token });
    expect(gals.json().data).toEqual([
      expect.objectContaining({ objectId: g1, gallery: expect.objectContaining({ _id: g1 }) }),
    ]);
  });
});

describe("throttle", () => {
  it("answers 429 past 120 reaction changes a minute from one member", async () => {
    const video = await item(videos);
    const body = { objectType: "video", objectId: video, action: "like" };
    for (let i = 0; i < 60; i++) {
      expect((await like(member.token, video)).statusCode).toBe(200);
      expect((await del(member.token, body)).statusCode).toBe(200);
    }
    const res = await like(member.token, video);
    expect(res.statusCode).toBe(429);
    expect(await rowsOf(video)).toBe(0);
  }, 60_000);
});

describe("realtime", () => {
  it("sends the new counters to the object's watchers when they move, and nothing for a repeat", async () => {
    const video = await item(videos);
    const socket = connect(url, {
      path: "/socket.io",
      auth: { token: member.token },
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      expect(
        await socket.timeout(SOCKET_WAIT_MS).emitWithAck("object:join", { objectType: "video", objectId: video }),
      ).toEqual({
        ok: true,
      });
      const next = (ms = SOCKET_WAIT_MS) =>
        new Promise<unknown>((resolve) => {
          const timer = setTimeout(() => resolve(null), ms);
          socket.once("reaction:updated", (p: unknown) => {
            clearTimeout(timer);
            resolve(p);
          });
        });
      let got = next();
      await like(owner.token, video);
      expect(await got).toEqual({
        objectId: video,
        objectType: "video",
        counts: { likes: 1, favourites: 0, comments: 0 },
      });
      got = next(500);
      await like(owner.token, video);
      expect(await got).toBeNull();
      got = next();
      await del(owner.token, { objectType: "video", objectId: video, action: "like" });
      expect(await got).toMatchObject({ counts: { likes: 0 } });
    } finally {
      socket.disconnect();
    }
  });
});
