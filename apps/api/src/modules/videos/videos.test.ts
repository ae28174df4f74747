import { mkdir, readdir, writeFile } from "node:fs/promises";
import { TOTAL_CAP } from "@marquee/contracts/common";
import { videoList } from "@marquee/contracts/videos";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestContext,
  DEMO_PASSWORD,
  detailPaths,
  expectBadRequest,
  type TestContext,
  verifyPerformer,
} from "../../../test/harness.ts";
import { hashPassword } from "../auth/service.ts";
import { categories } from "../categories/tables.ts";
import { orderLines, orders } from "../commerce/orders/tables.ts";
import { subscriptions } from "../commerce/subscriptions/tables.ts";
import { performers } from "../performers/tables.ts";
import { reactions } from "../reactions/tables.ts";
import { users } from "../users/tables.ts";
import { videos } from "./tables.ts";

/**
 * The movie catalogue through HTTP: search with every filter, sort and both kinds of paging, the movie page for
 * each kind of viewer, the studio's create/update/delete and the scheduled release. Media processing itself is
 * exercised end to end in videos.media.test.ts; here a movie is marked processed directly in the database.
 */

let t: TestContext;
let admin: string;
let performer: string;
let member: string;
let user: string;
let performerId: string;
let other: { id: string; token: string };
let buyer: { id: string; token: string };
let catA: string;
let catB: string;
let galleryCat: string;

const UNKNOWN = "01890000-0000-7000-8000-000000000000";
const DAY = 24 * 3600 * 1000;

interface MovieJson {
  _id: string;
  slug: string;
  title: string;
  access: string;
  price: number | null;
  status: string;
  isComing: boolean;
  scheduledAt: string | null;
  publishedAt: string | null;
  thumbnail: { url: string } | null;
  teaser: string | null;
  performers: { _id: string; username: string }[];
  categories: { _id: string; slug: string }[];
  stats: { views: number };
  canWatch?: boolean;
  lock?: string | null;
  isBought?: boolean;
  isLiked?: boolean;
  media?: {
    hls: string;
    mp4: string;
    strip: string | null;
    stripGrid: { tileWidth: number; tileHeight: number; columns: number; count: number; intervalSec: number } | null;
    expiresAt: string;
  } | null;
  processing?: { status: string; error: string | null };
}
interface ListJson {
  data: MovieJson[];
  total: number;
  totalCapped: boolean;
  next: string | null;
}

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

async function account(role: "user" | "performer") {
  const username = unique(role === "performer" ? "vperf" : "vbuyer");
  const [row] = await t.database.db
    .insert(users)
    .values({
      username,
      email: `${username}@example.test`,
      name: `Name ${username}`,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      role,
      verifiedEmail: true,
    })
    .returning({ id: users.id });
  const id = (row as { id: string }).id;
  if (role === "performer") await verifyPerformer(t, id);
  return { id, token: await t.login(username) };
}

async function category(name: string, group: "video" | "gallery" = "video") {
  const [row] = await t.database.db
    .insert(categories)
    .values({ name, slug: unique(name.toLowerCase()), group })
    .returning({ id: categories.id });
  return (row as { id: string }).id;
}

const get = (url: string, token?: string, query?: Record<string, string | string[]>) =>
  t.request({ method: "GET", url, token, query });
/**
 * The public list, every answer checked against the contract: the route sends PostgreSQL's JSON as it comes, so no
 * serializer checks it on the way out. Parsing with the schema keeps only the fields it knows: an answer equal to its
 * parse has every field of the right type and none more.
 */
async function search(query: Record<string, string | string[]> = {}, token?: string) {
  const res = await get("/user/assets/videos/search", token, query);
  if (res.statusCode === 200) {
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const body = JSON.parse(res.body);
    expect(videoList.parse(body)).toEqual(body);
  }
  return res;
}
const studioSearch = (token: string | undefined, query: Record<string, string | string[]> = {}) =>
  get("/performer/assets/videos/search", token, query);
const createRes = (token: string | undefined, body: unknown) =>
  t.request({ method: "POST", url: "/performer/assets/videos", token, body });
const updateRes = (token: string | undefined, id: string, body: unknown) =>
  t.request({ method: "PUT", url: `/performer/assets/videos/${id}`, token, body });
const detail = async (id: string, token?: string) => {
  const res = await get(`/user/assets/videos/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MovieJson;
};

async function create(token: string, body: Record<string, unknown>): Promise<MovieJson> {
  const res = await createRes(token, { title: unique("Movie "), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** What the processing job leaves behind, written directly: processed, listed when active, released at `at`. */
async function processed(id: string, opts: { releasedAt?: Date; views?: number } = {}) {
  await t.database.db
    .update(videos)
    .set({
      processingStatus: "ready",
      mediaKey: `private/videos/${id}`,
      durationSec: 3,
      width: 640,
      height: 360,
      thumbnailKey: `public/videos/${id}/thumb-x`,
      teaserKey: `public/videos/${id}/teaser-x.mp4`,
      listed: sql`${videos.status} = 'active'`,
      ...(opts.releasedAt ? { releasedAt: opts.releasedAt } : {}),
      ...(opts.views !== undefined ? { views: opts.views } : {}),
    })
    .where(eq(videos.id, id));
}

const ids = (list: ListJson) => list.data.map((m) => m._id);
const performerCount = async (id: string) =>
  (await t.database.db.select({ n: performers.videosCount }).from(performers).where(eq(performers.id, id)))[0]?.n;

// The catalogue the search tests read. Titles carry a run-unique word so other rows never match by accident.
const word = `zq${Date.now().toString(36)}`;
let alpha: MovieJson; // free, performer, catA, tags sun+beach, 10 views, released 5 days ago
let beta: MovieJson; // members, performer, catB, night, 50 views, 4 days ago
let gamma: MovieJson; // sale 9.99, other performer, catA, city, 30 views, 3 days ago
let delta: MovieJson; // free, both performers (by admin), catB, sun, 5 views, 2 days ago
let coming: MovieJson; // members, performer, announced for in 3 days, not processed
let draft: MovieJson; // free, performer, draft, processed: never listed
let listedIds: string[];

beforeAll(async () => {
  t = await createTestContext();
  [admin, performer, member, user] = await Promise.all([
    t.login("admin"),
    t.login("performer"),
    t.login("member"),
    t.login("user"),
  ]);
  performerId = (await get("/users/me", performer)).json()._id;
  other = await account("performer");
  buyer = await account("user");
  catA = await category("Drama");
  catB = await category("Comedy");
  galleryCat = await category("Portraits", "gallery");

  const now = Date.now();
  alpha = await create(performer, {
    title: `Alpha Sunrise ${word}`,
    access: "free",
    status: "active",
    tags: ["sun", "beach"],
    categoryIds: [catA],
  });
  await processed(alpha._id, { releasedAt: new Date(now - 5 * DAY), views: 10 });
  beta = await create(performer, {
    title: `Beta Night ${word}`,
    access: "members",
    status: "active",
    tags: ["night"],
    categoryIds: [catB],
  });
  await processed(beta._id, { releasedAt: new Date(now - 4 * DAY), views: 50 });
  gamma = await create(other.token, {
    title: `Gamma Market ${word}`,
    access: "sale",
    price: 9.99,
    status: "active",
    tags: ["city"],
    categoryIds: [catA],
  });
  await processed(gamma._id, { releasedAt: new Date(now - 3 * DAY), views: 30 });
  delta = await create(admin, {
    title: `Delta Sunrise ${word}`,
    description: "Two friends running through the hills",
    access: "free",
    status: "active",
    tags: ["sun"],
    categoryIds: [catB],
    performerIds: [performerId, other.id],
  });
  await processed(delta._id, { releasedAt: new Date(now - 2 * DAY), views: 5 });
  coming = await create(performer, {
    title: `Epsilon Coming ${word}`,
    access: "members",
    status: "active",
    scheduledAt: new Date(now + 3 * DAY).toISOString(),
  });
  draft = await create(performer, { title: `Zeta Draft ${word}`, access: "free", status: "draft" });
  await processed(draft._id);
  listedIds = [coming._id, delta._id, gamma._id, beta._id, alpha._id];
});
afterAll(() => t.close());

const q = (extra: Record<string, string | string[]> = {}) => ({ q: word, ...extra });

describe("GET /user/assets/videos/search", () => {
  it("lists listed movies only, newest first, announced ones with their date", async () => {
    const res = await search(q());
    expect(res.statusCode).toBe(200);
    const list = res.json() as ListJson;
    expect(ids(list)).toEqual(listedIds);
    expect(list).toMatchObject({ total: 5, totalCapped: false, next: null });
    const first = list.data[0] as MovieJson;
    expect(first).toMatchObject({ _id: coming._id, isComing: true, publishedAt: null });
    expect(first.scheduledAt).not.toBeNull();
    const d = list.data.find((m) => m._id === delta._id) as MovieJson;
    expect(d.performers.map((p) => p._id).sort()).toEqual([performerId, other.id].sort());
    expect(d.categories).toEqual([expect.objectContaining({ _id: catB, slug: expect.stringMatching(/^comedy/) })]);
    expect(d.publishedAt).not.toBeNull();
    expect(d.thumbnail?.url).toContain(`/files/videos/${delta._id}/thumb-x-480.webp`);
    expect(d.teaser).toContain(`/files/videos/${delta._id}/teaser-x.mp4`);
    expect(list.data.find((m) => m._id === gamma._id)).toMatchObject({ access: "sale", price: 9.99 });
    expect(list.data.find((m) => m._id === alpha._id)).toMatchObject({ price: null });
  });

  it("makes the same cards as the movie's other lists, for a visitor and for a member", async () => {
    // The cards come from SQL (cards.ts); listByIds presents the same rows in JS (present.ts).
    const avatar = (key: string | null) =>
      t.database.db.update(users).set({ avatarKey: key }).where(eq(users.id, performerId));
    await avatar(`public/avatars/${performerId}/a1`);
    try {
      for (const sortBy of ["newest", "popular", "price"]) {
        const list = (await search(q({ sortBy }))).json() as ListJson;
        const presented = await t.app.services.videos.listByIds(null, ids(list));
        expect(list.data).toEqual(presented.map((v) => ({ ...v, isBought: false })));
        expect(JSON.stringify(list)).toContain(`/files/avatars/${performerId}/a1-256.webp`);
        expect((await search(q({ sortBy }), member)).json()).toEqual(list);
      }
    } finally {
      await avatar(null);
    }
  });

  it("hides announced movies with includeComing=false", async () => {
    const list = (await search(q({ includeComing: "false" }))).json() as ListJson;
    expect(ids(list)).toEqual([delta._id, gamma._id, beta._id, alpha._id]);
  });

  it("finds movies by their tags too, combined with the other words", async () => {
    // "beach" is only alpha's tag; "sun" tags alpha and delta (whose titles say "Sunrise", not "sun").
    expect(ids((await search({ q: `beach ${word}` })).json())).toEqual([alpha._id]);
    expect(ids((await search({ q: `SUN ${word}` })).json())).toEqual([delta._id, alpha._id]);
    expect(ids((await search({ q: `${word} -sun` })).json())).toEqual([coming._id, gamma._id, beta._id]);
    expect(ids((await search({ q: `city or beach ${word}` })).json())).toEqual([gamma._id, alpha._id]);
    expect((await search({ q: `beach ${word}` })).json()).toMatchObject({ total: 1 });
    // Punctuation alone finds nothing, tags or not; punctuation beside a word is ignored, as before.
    expect(ids((await search({ q: `"&|!():*` })).json())).toEqual([]);
    expect(ids((await search({ q: `beach & ${word}` })).json())).toEqual([alpha._id]);
  });

  it("searches titles as typed and descriptions by word stem", async () => {
    expect(ids((await search({ q: `sunrise ${word}` })).json())).toEqual([delta._id, alpha._id]);
    // "run" finds "running" in the description (english stemming).
    expect(ids((await search({ q: `run ${word}` })).json())).toEqual([delta._id]);
    expect(ids((await search({ q: `${word} -sunrise` })).json())).toEqual([coming._id, gamma._id, beta._id]);
    expect(ids((await search({ q: `${word} -"alpha sunrise"` })).json())).toEqual(
      listedIds.filter((id) => id !== alpha._id),
    );
    expect(ids((await search({ q: `"beta night ${word}"` })).json())).toEqual([beta._id]);
    expect(ids((await search({ q: `"night beta ${word}"` })).json())).toEqual([]);
    expect(ids((await search({ q: `${word} market or ${word} night` })).json())).toEqual([gamma._id, beta._id]);
    expect(ids((await search({ q: `market or night ${word}` })).json())).toEqual([gamma._id, beta._id]);
    const none = (await search({ q: `${word} nothingmatchesthis` })).json() as ListJson;
    expect(none).toMatchObject({ data: [], total: 0, next: null });
    // Punctuation and operators only: no error, nothing found.
    expect((await search({ q: `"&|!():*` })).statusCode).toBe(200);
  });

  it("filters by performers, categories, tags, access and excludedId", async () => {
    expect(ids((await search(q({ performerIds: other.id }))).json())).toEqual([delta._id, gamma._id]);
    expect(ids((await search(q({ performerIds: [other.id, performerId] }))).json())).toEqual(listedIds);
    expect(ids((await search(q({ categoryIds: catA }))).json())).toEqual([gamma._id, alpha._id]);
    expect(ids((await search(q({ categoryIds: [catA, catB] }))).json())).toEqual([
      delta._id,
      gamma._id,
      beta._id,
      alpha._id,
    ]);
    expect(ids((await search(q({ tags: "sun" }))).json())).toEqual([delta._id, alpha._id]);
    expect(ids((await search(q({ tags: ["SUN", "city"] }))).json())).toEqual([delta._id, gamma._id, alpha._id]);
    expect(ids((await search(q({ access: "sale" }))).json())).toEqual([gamma._id]);
    expect(ids((await search(q({ access: "members" }))).json())).toEqual([coming._id, beta._id]);
    expect(ids((await search(q({ excludedId: delta._id }))).json())).toEqual([
      coming._id,
      gamma._id,
      beta._id,
      alpha._id,
    ]);
    const combined = (await search(q({ performerIds: performerId, access: "free", categoryIds: catA }))).json();
    expect(ids(combined)).toEqual([alpha._id]);
  });

  it("sorts by newest, oldest, popular and price, both ways", async () => {
    const order = async (extra: Record<string, string>) => ids((await search(q(extra))).json());
    expect(await order({ sortBy: "newest", sort: "asc" })).toEqual([...listedIds].reverse());
    expect(await order({ sortBy: "oldest" })).toEqual([...listedIds].reverse());
    expect(await order({ sortBy: "oldest", sort: "asc" })).toEqual(listedIds);
    expect(await order({ sortBy: "popular" })).toEqual([beta._id, gamma._id, alpha._id, delta._id, coming._id]);
    expect(await order({ sortBy: "popular", sort: "asc" })).toEqual([
      coming._id,
      delta._id,
      alpha._id,
      gamma._id,
      beta._id,
    ]);
    const byPrice = await order({ sortBy: "price" });
    expect(byPrice[0]).toBe(gamma._id);
    expect((await order({ sortBy: "price", sort: "asc" })).at(-1)).toBe(gamma._id);
  });

  it("pages by offset and by cursor, each cursor page continuing where the last one ended", async () => {
    const page1 = (await search(q({ limit: "2" }))).json() as ListJson;
    expect(ids(page1)).toEqual(listedIds.slice(0, 2));
    expect(page1.total).toBe(5);
    expect(page1.next).toEqual(expect.any(String));
    expect(ids((await search(q({ limit: "2", offset: "2" }))).json())).toEqual(listedIds.slice(2, 4));
    expect(ids((await search(q({ limit: "2", offset: "4" }))).json())).toEqual(listedIds.slice(4));

    for (const sortBy of ["newest", "oldest", "popular", "price"]) {
      for (const sort of ["asc", "desc"]) {
        const all = ids((await search(q({ sortBy, sort }))).json());
        const walked: string[] = [];
        let cursor: string | null = null;
        for (let i = 0; i < 10; i++) {
          const extra: Record<string, string> = { sortBy, sort, limit: "2" };
          if (cursor) extra.cursor = cursor;
          const page = (await search(q(extra))).json() as ListJson;
          walked.push(...ids(page));
          expect(page.total).toBe(5);
          cursor = page.next;
          if (!cursor) break;
        }
        expect(walked, `${sortBy} ${sort}`).toEqual(all);
      }
    }
  });

  it("refuses a cursor of another sort or a forged one", async () => {
    const { next } = (await search(q({ limit: "1" }))).json() as ListJson;
    expectBadRequest(await search(q({ sortBy: "popular", cursor: next as string })), "querystring.cursor");
    expectBadRequest(await search(q({ sort: "asc", cursor: next as string })), "querystring.cursor");
    expectBadRequest(await search(q({ cursor: "not-a-cursor" })), "querystring.cursor");
    // Well-formed cursors with keys no movie can have (or PostgreSQL cannot read) are refused too, never a 5xx.
    for (const key of ["yesterday", "1", "-271821-04-20T00:00:00Z", "2024-02-30T00:00:00.000000Z", 12]) {
      const forged = Buffer.from(JSON.stringify(["newest:desc", key, UNKNOWN])).toString("base64url");
      expectBadRequest(await search(q({ cursor: forged })), "querystring.cursor");
    }
    const deep = Buffer.from(JSON.stringify(["popular:desc", Number.MAX_SAFE_INTEGER, UNKNOWN])).toString("base64url");
    expect(ids((await search(q({ sortBy: "popular", cursor: deep }))).json())).toEqual([
      beta._id,
      gamma._id,
      alpha._id,
      delta._id,
      coming._id,
    ]);
  });

  it("refuses bad filters with the field named", async () => {
    expectBadRequest(await search({ limit: "0" }), "querystring.limit");
    expectBadRequest(await search({ limit: "101" }), "querystring.limit");
    expectBadRequest(await search({ offset: "-1" }), "querystring.offset");
    expectBadRequest(await search({ sortBy: "rating" }), "querystring.sortBy");
    expectBadRequest(await search({ sort: "up" }), "querystring.sort");
    expectBadRequest(await search({ access: "vip" }), "querystring.access");
    expectBadRequest(await search({ excludedId: "abc" }), "querystring.excludedId");
    expectBadRequest(await search({ includeComing: "maybe" }), "querystring.includeComing");
    const bad = await search({ performerIds: ["not-a-uuid"] });
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad).some((p) => p.startsWith("querystring.performerIds"))).toBe(true);
    const badCat = await search({ categoryIds: "1" });
    expect(detailPaths(badCat).some((p) => p.startsWith("querystring.categoryIds"))).toBe(true);
    expectBadRequest(await search({ unknown: "1" }), "querystring.unknown");
    expectBadRequest(await search({ tags: "sun\u0000" }), "querystring.tags");
    expectBadRequest(await search({ q: "sun\u0000" }), "querystring.q");
  });

  it("counts matches for /search/total", async () => {
    expect(await t.app.services.videos.countMatching(`sunrise ${word}`)).toBe(2);
    expect(await t.app.services.videos.countMatching(word)).toBe(5);
    expect(await t.app.services.videos.countMatching(`${word} nothingmatchesthis`)).toBe(0);
  });
});

describe("GET /user/assets/videos/:id", () => {
  it("finds a movie by id or slug, counting the same visitor's view once (videos.views.test.ts)", async () => {
    const first = await detail(alpha._id);
    const second = await detail(alpha.slug);
    expect(second._id).toBe(alpha._id);
    expect(second.stats.views).toBe(first.stats.views);
  });

  it("counts a view only when the viewer can watch: a locked or announced movie's page is not one", async () => {
    const viewsOf = async (id: string) => (await detail(id, admin)).stats.views;
    const before = await viewsOf(beta._id); // the admin can watch: this read counted, and shows the new count
    for (const token of [undefined, user]) {
      const locked = await detail(beta._id, token);
      expect(locked).toMatchObject({ canWatch: false, stats: { views: before } });
    }
    const watched = await detail(beta._id, member);
    expect(watched).toMatchObject({ canWatch: true, stats: { views: before + 1 } });

    const announced = await detail(coming._id);
    expect(announced).toMatchObject({ canWatch: false, isComing: true });
    expect((await detail(coming._id, user)).stats.views).toBe(announced.stats.views);
  });

  it("lets everyone watch a free movie, with media links granted to the viewer", async () => {
    const m = await detail(alpha._id);
    expect(m).toMatchObject({ canWatch: true, lock: null, isBought: false, isLiked: false });
    // Nobody signed in: a grant for `anon`; a member's names them.
    expect(m.media?.hls).toMatch(
      new RegExp(`/media/\\d+/\\d+\\.anon\\.[\\w-]{32}/private/videos/${alpha._id}/hls/master\\.m3u8$`),
    );
    const mine = await detail(alpha._id, member);
    const memberId = (await t.request({ method: "GET", url: "/users/me", token: member })).json()._id;
    expect(mine.media?.mp4).toMatch(
      new RegExp(`/media/\\d+/\\d+\\.${memberId}\\.[\\w-]{32}/private/videos/${alpha._id}/video\\.mp4$`),
    );
    expect(m.media?.mp4).toMatch(new RegExp(`/private/videos/${alpha._id}/video\\.mp4$`));
    expect(m.media?.strip).toMatch(/strip\.webp$/);
    // The strip's layout, for the seek bar's preview: ten 160 px frames of the 640x360, 3-second movie in a row.
    expect(m.media?.stripGrid).toEqual({ tileWidth: 160, tileHeight: 90, columns: 10, count: 10, intervalSec: 0.3 });
    const expires = Date.parse(m.media?.expiresAt as string);
    expect(expires - Date.now()).toBeGreaterThan(21_000 * 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(21_600 * 1000);
  });

  it("locks a members movie for visitors and plain users, opens it for members", async () => {
    for (const token of [undefined, user]) {
      const m = await detail(beta._id, token);
      expect(m).toMatchObject({ canWatch: false, lock: "members", media: null });
      // Locked: the thumbnail and the teaser, never a media URL.
      expect(m.thumbnail).not.toBeNull();
      expect(m.teaser).not.toBeNull();
      expect(JSON.stringify(m)).not.toContain("/media/");
    }
    const m = await detail(beta._id, member);
    expect(m).toMatchObject({ canWatch: true, lock: null });
    expect(m.media?.hls).toContain(`/private/videos/${beta._id}/`);
  });

  it("opens members movies of a performer to that performer's subscribers", async () => {
    const fan = await account("user");
    expect((await detail(beta._id, fan.token)).canWatch).toBe(false);
    await t.database.db.insert(subscriptions).values({
      userId: fan.id,
      kind: "performer",
      performerId,
      period: "monthly",
      status: "active",
      startedAt: new Date(),
      expiresAt: new Date(Date.now() + 30 * DAY),
    });
    expect((await detail(beta._id, fan.token)).canWatch).toBe(true);
    // Only that performer's movies: the other performer's sale movie stays locked.
    expect((await detail(gamma._id, fan.token)).canWatch).toBe(false);
  });

  it("sells a sale movie: locked for members, open to a buyer with a paid order line", async () => {
    const locked = await detail(gamma._id, member);
    expect(locked).toMatchObject({ canWatch: false, lock: "sale", isBought: false, media: null, price: 9.99 });
    expect((await detail(gamma._id, buyer.token)).canWatch).toBe(false);

    const [order] = await t.database.db
      .insert(orders)
      .values({ userId: buyer.id, status: "paid", originalCents: 999, totalCents: 999, paidAt: new Date() })
      .returning({ id: orders.id });
    await t.database.db.insert(orderLines).values({
      orderId: (order as { id: string }).id,
      itemKind: "video",
      itemId: gamma._id,
      performerIds: [other.id],
      title: gamma.title,
      unitPriceCents: 999,
      totalCents: 999,
    });
    const bought = await detail(gamma._id, buyer.token);
    expect(bought).toMatchObject({ canWatch: true, lock: null, isBought: true });
    expect(bought.media?.mp4).toContain(`/private/videos/${gamma._id}/video.mp4`);
  });

  it("does not count an unpaid order as a purchase", async () => {
    const shopper = await account("user");
    const [order] = await t.database.db
      .insert(orders)
      .values({ userId: shopper.id, status: "pending", originalCents: 999, totalCents: 999 })
      .returning({ id: orders.id });
    await t.database.db.insert(orderLines).values({
      orderId: (order as { id: string }).id,
      itemKind: "video",
      itemId: gamma._id,
      title: gamma.title,
      unitPriceCents: 999,
      totalCents: 999,
    });
    expect(await detail(gamma._id, shopper.token)).toMatchObject({ canWatch: false, isBought: false, media: null });
  });

  it("lets a movie's own performers and admins watch it; other performers buy like anyone", async () => {
    expect(await detail(gamma._id, other.token)).toMatchObject({ canWatch: true, lock: null });
    expect(await detail(gamma._id, performer)).toMatchObject({ canWatch: false, lock: "sale", media: null });
    const asAdmin = await detail(gamma._id, admin);
    expect(asAdmin.canWatch).toBe(true);
    expect(asAdmin.media).not.toBeNull();
  });

  it("announces a coming movie without letting anyone play it", async () => {
    const m = await detail(coming._id, member);
    expect(m).toMatchObject({ isComing: true, canWatch: false, lock: "scheduled", media: null });
    // Its own performer may open it, but nothing is processed yet: the API says so (lock `processing`).
    expect(await detail(coming._id, performer)).toMatchObject({ canWatch: false, lock: "processing", media: null });
  });

  it("shows the viewer's reactions", async () => {
    const memberId = (await get("/users/me", member)).json()._id as string;
    await t.database.db.insert(reactions).values([
      { userId: memberId, objectType: "video", objectId: beta._id, action: "like" },
      { userId: memberId, objectType: "video", objectId: beta._id, action: "watch_later" },
    ]);
    expect(await detail(beta._id, member)).toMatchObject({
      isLiked: true,
      isFavourited: false,
      isWatchedLater: true,
    });
    expect(await detail(beta._id, user)).toMatchObject({ isLiked: false, isWatchedLater: false });
  });

  it("hides unlisted movies from everyone but their performers and admins", async () => {
    for (const token of [undefined, user, member, other.token]) {
      expect((await get(`/user/assets/videos/${draft._id}`, token)).statusCode).toBe(404);
      expect((await get(`/user/assets/videos/${draft.slug}`, token)).statusCode).toBe(404);
    }
    expect((await detail(draft._id, performer)).status).toBe("draft");
    expect((await detail(draft.slug, admin)).status).toBe("draft");
  });

  it("answers 404 for unknown ids and slugs, 400 for a malformed one", async () => {
    expect((await get(`/user/assets/videos/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await get("/user/assets/videos/no-such-movie")).statusCode).toBe(404);
    for (const odd of ["%00", "a%00b"]) {
      expectBadRequest(await get(`/user/assets/videos/${odd}`), "params.id");
      expectBadRequest(await get(`/performer/assets/videos/${odd}/view`, admin), "params.id");
    }
    for (const odd of ["..", "Not%20A%20Slug", "-", "a--b"]) {
      expect((await get(`/user/assets/videos/${odd}`)).statusCode, odd).toBe(404);
      expect((await get(`/performer/assets/videos/${odd}/view`, admin)).statusCode, odd).toBe(404);
    }
    // Slugs are lower case: an upper-case link still finds the movie.
    expect((await detail(alpha.slug.toUpperCase()))._id).toBe(alpha._id);
    expectBadRequest(await get(`/user/assets/videos/${"x".repeat(130)}`), "params.id");
    expectBadRequest(await get("/user/assets/videos/%20"), "params.id");
  });
});

describe("GET /performer/assets/videos/:id/view", () => {
  const view = (id: string, token?: string) => get(`/performer/assets/videos/${id}/view`, token);

  it("shows the owner a draft with its processing state", async () => {
    const res = await view(coming._id, performer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: coming._id,
      processing: { status: "none", error: null },
      sourceSizeBytes: null,
      canWatch: false,
      lock: "processing",
      media: null,
      updatedAt: expect.any(String),
    });
    const ready = (await view(draft.slug, performer)).json();
    expect(ready).toMatchObject({ status: "draft", processing: { status: "ready" } });
    expect(ready.media.hls).toContain(`/private/videos/${draft._id}/hls/master.m3u8`);
  });

  it("lets admins see any movie, refuses other performers and non-performers", async () => {
    expect((await view(draft._id, admin)).statusCode).toBe(200);
    expect((await view(draft._id, other.token)).statusCode).toBe(403);
    expect((await view(draft._id, user)).statusCode).toBe(403);
    expect((await view(draft._id, member)).statusCode).toBe(403);
    expect((await view(draft._id)).statusCode).toBe(401);
    expect((await view(UNKNOWN, performer)).statusCode).toBe(404);
  });
});

describe("GET /performer/assets/videos/search", () => {
  it("lists a performer's own movies, drafts included", async () => {
    const mine = (await studioSearch(performer, { q: word })).json() as ListJson;
    expect(ids(mine).sort()).toEqual([alpha._id, beta._id, delta._id, coming._id, draft._id].sort());
    expect(mine.data[0]).toMatchObject({ processing: expect.any(Object), updatedAt: expect.any(String) });
    const theirs = (await studioSearch(other.token, { q: word })).json() as ListJson;
    expect(ids(theirs).sort()).toEqual([gamma._id, delta._id].sort());
    const drafts = (await studioSearch(performer, { q: word, status: "draft" })).json() as ListJson;
    expect(ids(drafts)).toEqual([draft._id]);
  });

  it("sorts by creation and pages by cursor", async () => {
    const newest = ids((await studioSearch(performer, { q: word })).json());
    expect(newest).toEqual([draft._id, coming._id, delta._id, beta._id, alpha._id]);
    expect(ids((await studioSearch(performer, { q: word, sortBy: "oldest" })).json())).toEqual([...newest].reverse());
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (
        await studioSearch(performer, { q: word, limit: "2", ...(cursor ? { cursor } : {}) })
      ).json() as ListJson;
      walked.push(...ids(page));
      cursor = page.next;
    } while (cursor);
    expect(walked).toEqual(newest);
    const { next } = (await studioSearch(performer, { q: word, limit: "1" })).json() as ListJson;
    expectBadRequest(
      await studioSearch(performer, { q: word, sortBy: "oldest", cursor: next as string }),
      "querystring.cursor",
    );
  });

  it("lets admins list everyone's movies or one performer's", async () => {
    const all = (await studioSearch(admin, { q: word })).json() as ListJson;
    expect(all.total).toBe(6);
    const one = (await studioSearch(admin, { q: word, performerId: other.id })).json() as ListJson;
    expect(ids(one).sort()).toEqual([gamma._id, delta._id].sort());
  });

  it("refuses another performer's list, non-performers and bad filters", async () => {
    expect((await studioSearch(performer, { performerId: other.id })).statusCode).toBe(403);
    expect((await studioSearch(performer, { performerId: performerId })).statusCode).toBe(200);
    expect((await studioSearch(user)).statusCode).toBe(403);
    expect((await studioSearch(undefined)).statusCode).toBe(401);
    expectBadRequest(await studioSearch(performer, { status: "gone" }), "querystring.status");
    expectBadRequest(await studioSearch(performer, { sortBy: "popular" }), "querystring.sortBy");
    expectBadRequest(await studioSearch(admin, { performerId: "x" }), "querystring.performerId");
  });
});

describe("POST /performer/assets/videos", () => {
  it("creates a draft of the performer's own, with a slug from the title", async () => {
    const res = await createRes(performer, { title: `Déjà Vu! ${word}` });
    expect(res.statusCode).toBe(201);
    const m = res.json() as MovieJson;
    expect(m).toMatchObject({
      slug: `deja-vu-${word}`,
      status: "draft",
      access: "free",
      price: null,
      isComing: false,
      publishedAt: null,
      processing: { status: "none", error: null },
      performers: [expect.objectContaining({ _id: performerId, username: "performer" })],
    });
    // The same title again gets a numbered slug.
    expect((await create(performer, { title: `Déjà Vu! ${word}` })).slug).toBe(`deja-vu-${word}-2`);
    expect((await create(performer, { title: `Déjà Vu! ${word}` })).slug).toBe(`deja-vu-${word}-3`);
    // A title without letters or a reserved word still gets a usable slug.
    expect((await create(performer, { title: "!!!" })).slug).toMatch(/^movie(-\d+)?$/);
    expect((await create(performer, { title: "Search" })).slug).not.toBe("search");
  });

  it("keeps an explicit slug and refuses one already taken (409) or reserved (400)", async () => {
    const slug = unique("my-movie-");
    expect((await create(performer, { slug })).slug).toBe(slug);
    const taken = await createRes(performer, { title: "Another", slug });
    expect(taken.statusCode).toBe(409);
    expect(detailPaths(taken)).toContain("body.slug");
    expectBadRequest(await createRes(performer, { title: "x", slug: UNKNOWN }), "body.slug");
    expectBadRequest(await createRes(performer, { title: "x", slug: "search" }), "body.slug");
    expectBadRequest(await createRes(performer, { title: "x", slug: "Not A Slug" }), "body.slug");
  });

  it("requires a price exactly for movies on sale", async () => {
    expectBadRequest(await createRes(performer, { title: "x", access: "sale" }), "body.price");
    expectBadRequest(await createRes(performer, { title: "x", access: "free", price: 5 }), "body.price");
    expectBadRequest(await createRes(performer, { title: "x", access: "sale", price: 0.1 }), "body.price");
    expectBadRequest(await createRes(performer, { title: "x", access: "sale", price: 1.234 }), "body.price");
    expect(await create(performer, { access: "sale", price: 4.5 })).toMatchObject({ access: "sale", price: 4.5 });
  });

  it("checks performers and categories", async () => {
    expectBadRequest(await createRes(performer, { title: "x", performerIds: [other.id] }), "body.performerIds");
    expectBadRequest(
      await createRes(performer, { title: "x", performerIds: [performerId, UNKNOWN] }),
      "body.performerIds",
    );
    expectBadRequest(await createRes(admin, { title: "x" }), "body.performerIds");
    expectBadRequest(await createRes(admin, { title: "x", performerIds: [buyer.id] }), "body.performerIds");
    expectBadRequest(await createRes(performer, { title: "x", categoryIds: [UNKNOWN] }), "body.categoryIds");
    expectBadRequest(await createRes(performer, { title: "x", categoryIds: [galleryCat] }), "body.categoryIds");
    const both = await create(performer, { performerIds: [performerId, other.id], categoryIds: [catA, catA] });
    expect(both.performers).toHaveLength(2);
    expect(both.categories.map((c) => c._id)).toEqual([catA]);
    const byAdmin = await create(admin, { performerIds: [other.id] });
    expect(byAdmin.performers.map((p) => p._id)).toEqual([other.id]);
    // A co-performer may edit the movie but never take its maker off it; an admin can.
    expect((await updateRes(other.token, both._id, { title: "Ours" })).statusCode).toBe(200);
    expectBadRequest(await updateRes(other.token, both._id, { performerIds: [other.id] }), "body.performerIds");
    expect((await updateRes(performer, both._id, { title: "Still mine" })).statusCode).toBe(200);
    expect((await updateRes(admin, both._id, { performerIds: [performerId] })).statusCode).toBe(200);
  });

  it("announces an active movie with a future date as coming; refuses a past date", async () => {
    const at = new Date(Date.now() + 2 * DAY).toISOString();
    const before = ((await search(q())).json() as ListJson).total;
    const m = await create(performer, { title: `Soon ${word}`, status: "active", scheduledAt: at });
    // Counts are kept briefly, but a change to the catalogue shows at once.
    expect(((await search(q())).json() as ListJson).total).toBe(before + 1);
    expect(m).toMatchObject({ isComing: true, scheduledAt: at, publishedAt: null, lock: "processing" });
    expect(ids((await search(q({ includeComing: "true" }))).json())).toContain(m._id);
    expect(ids((await search(q({ includeComing: "false" }))).json())).not.toContain(m._id);
    expectBadRequest(
      await createRes(performer, { title: "x", scheduledAt: new Date(Date.now() - DAY).toISOString() }),
      "body.scheduledAt",
    );
    expectBadRequest(await createRes(performer, { title: "x", scheduledAt: "tomorrow" }), "body.scheduledAt");
    await t.request({ method: "DELETE", url: `/performer/assets/videos/${m._id}`, token: performer });
    expect(((await search(q())).json() as ListJson).total).toBe(before);
  });

  it("refuses bad bodies and callers who are not performers", async () => {
    expectBadRequest(await createRes(performer, {}), "body.title");
    expectBadRequest(await createRes(performer, { title: "   " }), "body.title");
    expectBadRequest(await createRes(performer, { title: "x", access: "vip" }), "body.access");
    expectBadRequest(await createRes(performer, { title: "x", listed: true }), "body.listed");
    expectBadRequest(await createRes(performer, { title: "x", tags: ["a".repeat(41)] }), "body.tags.0");
    expectBadRequest(await createRes(performer, { title: "a\u0000b" }), "body.title");
    expectBadRequest(await createRes(performer, { title: "x", description: "\u0000" }), "body.description");
    expectBadRequest(await createRes(performer, { title: "x", tags: ["x\u0000"] }), "body.tags.0");
    expect((await createRes(user, { title: "x" })).statusCode).toBe(403);
    expect((await createRes(undefined, { title: "x" })).statusCode).toBe(401);
  });
});

describe("PUT /performer/assets/videos/:id", () => {
  it("edits a movie and keeps its place in the catalogue consistent", async () => {
    const m = await create(performer, { title: `Edit Me ${word}`, status: "active" });
    await processed(m._id, { releasedAt: new Date() });
    let res = await updateRes(performer, m._id, { title: "Edited", description: "New words", tags: ["a", "a", "b"] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: "Edited", slug: m.slug, description: "New words", tags: ["a", "b"] });

    // Draft: out of the catalogue, 404 for visitors; active again: back, at its first release date.
    const before = (await detail(m._id)).publishedAt;
    res = await updateRes(performer, m._id, { status: "draft" });
    expect(res.json()).toMatchObject({ status: "draft", publishedAt: null });
    expect((await get(`/user/assets/videos/${m._id}`)).statusCode).toBe(404);
    res = await updateRes(performer, m._id, { status: "active" });
    expect(res.json().publishedAt).toBe(before);

    // On sale needs a price; leaving sale drops it.
    expectBadRequest(await updateRes(performer, m._id, { access: "sale" }), "body.price");
    res = await updateRes(performer, m._id, { access: "sale", price: 3 });
    expect(res.json()).toMatchObject({ access: "sale", price: 3 });
    res = await updateRes(performer, m._id, { title: "Still for sale" });
    expect(res.json()).toMatchObject({ access: "sale", price: 3 });
    expectBadRequest(await updateRes(performer, m._id, { price: null }), "body.price");
    res = await updateRes(performer, m._id, { access: "members" });
    expect(res.json()).toMatchObject({ access: "members", price: null });

    // Announce it for later, then take the date back.
    const at = new Date(Date.now() + DAY).toISOString();
    res = await updateRes(performer, m._id, { scheduledAt: at });
    expect(res.json()).toMatchObject({ isComing: true, scheduledAt: at });
    expect(await detail(m._id, member)).toMatchObject({ lock: "scheduled", media: null });
    res = await updateRes(performer, m._id, { scheduledAt: null });
    expect(res.json()).toMatchObject({ isComing: false, scheduledAt: null });
    expect((await detail(m._id, member)).canWatch).toBe(true);
  });

  it("changes the slug, refusing one already taken", async () => {
    const m = await create(performer, {});
    const slug = unique("renamed-");
    expect((await updateRes(performer, m._id, { slug })).json().slug).toBe(slug);
    const taken = await updateRes(performer, m._id, { slug: alpha.slug });
    expect(taken.statusCode).toBe(409);
    expect(detailPaths(taken)).toContain("body.slug");
    expect((await updateRes(performer, m._id, { slug })).statusCode).toBe(200);
  });

  it("is for the movie's performers and admins only", async () => {
    expect((await updateRes(other.token, alpha._id, { title: "Mine now" })).statusCode).toBe(403);
    expect((await updateRes(user, alpha._id, { title: "Mine now" })).statusCode).toBe(403);
    expect((await updateRes(undefined, alpha._id, { title: "Mine now" })).statusCode).toBe(401);
    expect((await updateRes(admin, alpha._id, { description: "Checked by an admin" })).statusCode).toBe(200);
    // A co-performer may edit, but not drop themself from the cast.
    expect((await updateRes(other.token, delta._id, { description: "Co-star notes" })).statusCode).toBe(200);
    expectBadRequest(await updateRes(other.token, delta._id, { performerIds: [performerId] }), "body.performerIds");
  });

  it("answers 404 for an unknown movie and 400 for bad ids and bodies", async () => {
    expect((await updateRes(performer, UNKNOWN, { title: "x" })).statusCode).toBe(404);
    expectBadRequest(await updateRes(performer, "not-a-uuid", { title: "x" }), "params.id");
    expectBadRequest(await updateRes(performer, alpha._id, { title: "" }), "body.title");
    expectBadRequest(await updateRes(performer, alpha._id, { views: 1 }), "body.views");
    expectBadRequest(await updateRes(performer, alpha._id, { performerIds: [] }), "body.performerIds");
  });
});

describe("DELETE /performer/assets/videos/:id", () => {
  const del = (id: string, token?: string) =>
    t.request({ method: "DELETE", url: `/performer/assets/videos/${id}`, token });

  it("removes the movie and its files; its performers' count follows", async () => {
    const m = await create(performer, { status: "active", scheduledAt: new Date(Date.now() + DAY).toISOString() });
    await processed(m._id);
    // Released by the hourly job, so it counts for its performer.
    await t.database.db
      .update(videos)
      .set({ scheduledAt: new Date(Date.now() - 1000) })
      .where(eq(videos.id, m._id));
    const countBefore = await performerCount(performerId);
    await t.app.services.videos.publishScheduled();
    expect(await performerCount(performerId)).toBe((countBefore ?? 0) + 1);

    const dirs = [`private/videos/${m._id}`, `public/videos/${m._id}`].map((k) => t.app.services.storage.diskPath(k)!);
    for (const dir of dirs) {
      await mkdir(dir, { recursive: true });
      await writeFile(`${dir}/file`, "x");
    }
    expect((await del(m._id, other.token)).statusCode).toBe(403);
    expect((await del(m._id, user)).statusCode).toBe(403);
    expect((await del(m._id, performer)).statusCode).toBe(204);
    expect((await get(`/user/assets/videos/${m._id}`, admin)).statusCode).toBe(404);
    expect((await del(m._id, performer)).statusCode).toBe(404);
    for (const dir of dirs) await expect(readdir(dir)).rejects.toThrow();
    expect(await performerCount(performerId)).toBe(countBefore);
  });

  it("lets admins delete any movie; refuses bad ids", async () => {
    const m = await create(other.token, {});
    expect((await del(m._id, admin)).statusCode).toBe(204);
    expectBadRequest(await del("123", admin), "params.id");
    expect((await del(UNKNOWN, admin)).statusCode).toBe(404);
    expect((await del(UNKNOWN)).statusCode).toBe(401);
  });
});

describe("the hourly release of scheduled movies", () => {
  it("turns an announced movie whose date has passed into a plain listed one", async () => {
    const at = new Date(Date.now() + DAY);
    const m = await create(other.token, { title: `Release ${word}`, status: "active", scheduledAt: at.toISOString() });
    await processed(m._id);
    const countBefore = (await performerCount(other.id)) ?? 0;
    // Announced: listed as coming, not counted yet.
    expect(await detail(m._id, member)).toMatchObject({ isComing: true, lock: "scheduled" });

    // Time passes: the date is now behind us (as if the hour had come).
    const past = new Date(Date.now() - 60_000);
    await t.database.db.update(videos).set({ scheduledAt: past }).where(eq(videos.id, m._id));
    const released = await t.app.services.videos.publishScheduled();
    expect(released).toBeGreaterThanOrEqual(1);

    const after = await detail(m._id, member);
    expect(after).toMatchObject({
      isComing: false,
      scheduledAt: null,
      publishedAt: past.toISOString(),
      canWatch: true,
    });
    expect(after.media).not.toBeNull();
    expect(ids((await search(q({ includeComing: "false" }))).json())).toContain(m._id);
    expect(await performerCount(other.id)).toBe(countBefore + 1);
    // Running again changes nothing.
    await t.app.services.videos.publishScheduled();
    expect(await performerCount(other.id)).toBe(countBefore + 1);
  });

  it("leaves a released movie that is not processed yet out of the catalogue until it is", async () => {
    const m = await create(performer, { status: "active", scheduledAt: new Date(Date.now() + DAY).toISOString() });
    await t.database.db
      .update(videos)
      .set({ scheduledAt: new Date(Date.now() - 1000) })
      .where(eq(videos.id, m._id));
    await t.app.services.videos.publishScheduled();
    expect((await get(`/user/assets/videos/${m._id}`)).statusCode).toBe(404);
    expect((await get(`/performer/assets/videos/${m._id}/view`, performer)).json()).toMatchObject({
      isComing: false,
      scheduledAt: null,
      processing: { status: "none" },
    });
  });

  it("runs as the app's videos.publishScheduled job", async () => {
    const m = await create(performer, { status: "active", scheduledAt: new Date(Date.now() + DAY).toISOString() });
    await processed(m._id);
    await t.database.db
      .update(videos)
      .set({ scheduledAt: new Date(Date.now() - 1000) })
      .where(eq(videos.id, m._id));
    await t.jobs.send("videos.publishScheduled", {});
    await t.jobs.idle();
    expect(await detail(m._id)).toMatchObject({ isComing: false, scheduledAt: null, canWatch: true });
  });
});

describe("broad searches over many movies", () => {
  it("pages in sort order and stops counting at the cap", async () => {
    const bulk = `zb${Date.now().toString(36)}`;
    await t.database.db.execute(sql`
      insert into videos (id, slug, title, access, status, listed, released_at, performer_ids, created_by,
        processing_status, views)
      select gen_random_uuid(), ${bulk} || '-' || g, 'Bulk ' || ${bulk} || ' ' || g, 'free', 'active', true,
        now() - g * interval '1 minute', array[${performerId}::uuid], ${performerId}::uuid, 'ready', g % 1000
      from generate_series(1, 21000) g`);
    await t.database.db.execute(sql`analyze videos`);

    const first = (await search({ q: bulk, limit: "24" })).json() as ListJson;
    expect(first).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
    expect(first.data.map((m) => m.slug)).toEqual(Array.from({ length: 24 }, (_, i) => `${bulk}-${i + 1}`));
    const second = (await search({ q: bulk, limit: "24", cursor: first.next as string })).json() as ListJson;
    expect(second.data.map((m) => m.slug)).toEqual(Array.from({ length: 24 }, (_, i) => `${bulk}-${i + 25}`));
    const byViews = (await search({ q: bulk, sortBy: "popular", limit: "5" })).json() as ListJson;
    expect(byViews.data.map((m) => m.stats.views)).toEqual([999, 999, 999, 999, 999]);
    expect(await t.app.services.videos.countMatching(bulk)).toBe(TOTAL_CAP);
    // Few matches among many: read in full, counted exactly.
    const few = (await search({ q: `${bulk} 12345` })).json() as ListJson;
    expect(few).toMatchObject({ total: 1, totalCapped: false, next: null });
    expect(few.data[0]?.slug).toBe(`${bulk}-12345`);
    const none = (await search({ q: `${bulk} nothingmatches` })).json() as ListJson;
    expect(none).toMatchObject({ data: [], total: 0, totalCapped: false });
    const unfiltered = (await search({ limit: "3" })).json() as ListJson;
    expect(unfiltered).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
  }, 60_000);
});
