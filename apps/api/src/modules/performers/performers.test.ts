import { stat } from "node:fs/promises";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestContext,
  detailPaths,
  expectBadRequest,
  type TestContext,
  verifyPerformer,
} from "../../../test/harness.ts";
import { fileUpload, pngOf } from "../../../test/multipart.ts";
import { subscriptions } from "../commerce/subscriptions/tables.ts";
import { users } from "../users/tables.ts";
import { performers as performersTable } from "./tables.ts";

let t: TestContext;
let admin: string;
let user: string;
let member: string;
let performer: string;
const ids: Record<string, string> = {};
let performerCategory: string;
let videoCategory: string;

const UNKNOWN_UUID = "01890000-0000-7000-8000-000000000000";

interface Listed {
  _id: string;
  username: string;
  name: string;
  categories: { _id: string; name: string; slug: string }[];
  stats: { views: number };
  [k: string]: unknown;
}
interface Page {
  data: Listed[];
  total: number;
  totalCapped: boolean;
  next: string | null;
}

/** Accounts made straight in the database: they never log in, they only need to be listed. */
const people = [
  { username: "scarlett_r", name: "Scarlett Rivers", gender: "female", country: "GB", views: 40 },
  { username: "scarletray", name: "Scarlet Ray", gender: "female", country: "US", views: 5 },
  { username: "marco.s", name: "Marco Stone", gender: "male", country: "IT", views: 90 },
  { username: "ninap", name: "Nina Patel", gender: "female", country: "IN", views: 12 },
  { username: "zed_off", name: "Zed Switched Off", gender: "male", country: "GB", views: 1000 },
  { username: "yara_gone", name: "Yara Deactivated", gender: "female", country: "GB", views: 1000 },
] as const;

const search = (query: Record<string, string | string[]> = {}, token?: string) =>
  t.request({ method: "GET", url: "/performers/search", query, token });
const page = async (query: Record<string, string | string[]> = {}) => {
  const res = await search(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const usernames = (p: Page) => p.data.map((d) => d.username);

beforeAll(async () => {
  t = await createTestContext();
  [admin, user, member, performer] = await Promise.all([
    t.login("admin"),
    t.login("user"),
    t.login("member"),
    t.login("performer"),
  ]);
  const { db } = t.database;
  const base = Date.parse("2026-01-01T00:00:00Z");
  for (const [i, p] of people.entries()) {
    const [row] = await db
      .insert(users)
      .values({
        username: p.username,
        name: p.name,
        email: `${p.username}@example.test`,
        passwordHash: "not-a-login",
        gender: p.gender,
        country: p.country,
        verifiedEmail: true,
      })
      .returning({ id: users.id });
    const id = (row as { id: string }).id;
    ids[p.username] = id;
    const res = await t.request({ method: "POST", url: "/admin/performers", token: admin, body: { userId: id } });
    expect(res.statusCode, res.body).toBe(201);
    await verifyPerformer(t, id);
    // Known creation times and views, so the sort orders are certain.
    await db
      .update(performersTable)
      .set({ createdAt: new Date(base + i * 86_400_000), views: p.views })
      .where(eq(performersTable.id, id));
  }
  const [piper] = await db.select({ id: users.id }).from(users).where(eq(users.username, "performer"));
  ids.performer = (piper as { id: string }).id;
  // The demo performer is the oldest and has no views.
  await db
    .update(performersTable)
    .set({ createdAt: new Date(base - 86_400_000), views: 0 })
    .where(eq(performersTable.id, ids.performer));
  expect(
    (
      await t.request({
        method: "PUT",
        url: `/admin/performers/${ids.zed_off}`,
        token: admin,
        body: { status: "inactive" },
      })
    ).statusCode,
  ).toBe(200);
  await db
    .update(users)
    .set({ status: "inactive" })
    .where(eq(users.id, ids.yara_gone as string));

  const cat = async (name: string, group: string) => {
    const res = await t.request({ method: "POST", url: "/admin/categories", token: admin, body: { name, group } });
    expect(res.statusCode).toBe(201);
    return res.json()._id as string;
  };
  performerCategory = await cat("Cosplay", "performer");
  videoCategory = await cat("Cosplay", "video");
});
afterAll(() => t.close());

const ACTIVE_NEWEST = ["ninap", "marco.s", "scarletray", "scarlett_r", "performer"];

describe("GET /performers/search", () => {
  it("lists active profiles of active accounts, newest first, to anyone", async () => {
    const p = await page();
    expect(usernames(p)).toEqual(ACTIVE_NEWEST);
    expect(p).toMatchObject({ total: 5, totalCapped: false, next: null });
    for (const token of [user, member, performer, admin]) {
      expect(usernames((await search({}, token)).json())).toEqual(ACTIVE_NEWEST);
    }
    const first = p.data[0] as Listed;
    expect(first).toMatchObject({
      name: "Nina Patel",
      gender: "female",
      country: "IN",
      avatar: null,
      cover: null,
      coverImage: null,
      languages: [],
      categories: [],
      status: "active",
      monthlyPrice: null,
      stats: { views: 12, likes: 0, videos: 0, galleries: 0, products: 0, subscribers: 0 },
    });
    expect(first.createdAt).toBe("2026-01-04T00:00:00.000Z");
  });

  it("sorts by popularity and by name, either way", async () => {
    expect(usernames(await page({ sortBy: "popular" }))).toEqual([
      "marco.s",
      "scarlett_r",
      "ninap",
      "scarletray",
      "performer",
    ]);
    expect(usernames(await page({ sortBy: "popular", sort: "asc" }))).toEqual([
      "performer",
      "scarletray",
      "ninap",
      "scarlett_r",
      "marco.s",
    ]);
    const byName = ["marco.s", "ninap", "performer", "scarletray", "scarlett_r"];
    expect(usernames(await page({ sortBy: "name" }))).toEqual(byName);
    expect(usernames(await page({ sortBy: "name", sort: "desc" }))).toEqual([...byName].reverse());
    expect(usernames(await page({ sort: "asc" }))).toEqual([...ACTIVE_NEWEST].reverse());
  });

  it("matches q against names and usernames by prefix, word prefix and trigram similarity", async () => {
    expect(usernames(await page({ q: "scarlet" })).sort()).toEqual(["scarletray", "scarlett_r"]);
    expect(usernames(await page({ q: "rivers" }))).toEqual(["scarlett_r"]);
    expect(usernames(await page({ q: "stone" }))).toEqual(["marco.s"]);
    expect(usernames(await page({ q: "marco." }))).toEqual(["marco.s"]);
    // A misspelling matches by similarity only (no prefix of either field).
    expect(usernames(await page({ q: "Marko Stone" }))).toEqual(["marco.s"]);
    expect(usernames(await page({ q: "Scarlet Rivers" }))).toContain("scarlett_r");
    expect(usernames(await page({ q: "Nina Patell" }))).toEqual(["ninap"]);
    // Inactive profiles and accounts are never found.
    expect((await page({ q: "zed" })).data).toEqual([]);
    expect((await page({ q: "yara" })).data).toEqual([]);
    // LIKE wildcards are literal.
    expect((await page({ q: "%" })).data).toEqual([]);
    expect((await page({ q: "_" })).data).toEqual([]);
    // A NUL is bad input (PostgreSQL cannot store it), named rather than failing the query.
    expectBadRequest(await t.request({ method: "GET", url: "/performers/search?q=rivers%00" }), "querystring.q");
  });

  it("filters by gender and country from the account", async () => {
    expect(usernames(await page({ gender: "male" }))).toEqual(["marco.s"]);
    expect(usernames(await page({ gender: "female", country: "GB" }))).toEqual(["scarlett_r"]);
    expect((await page({ country: "FR" })).total).toBe(0);
  });

  it("filters by attributes and categories from the profile", async () => {
    const set = await t.request({
      method: "PUT",
      url: `/admin/performers/${ids.ninap}`,
      token: admin,
      body: { hairColor: "red", eyeColor: "green", categoryIds: [performerCategory] },
    });
    expect(set.statusCode, set.body).toBe(200);
    await t.request({
      method: "PUT",
      url: `/admin/performers/${ids.scarletray}`,
      token: admin,
      body: { hairColor: "red", eyeColor: "blue" },
    });
    expect(usernames(await page({ hairColor: "red" }))).toEqual(["ninap", "scarletray"]);
    expect(usernames(await page({ hairColor: "red", eyeColor: "blue" }))).toEqual(["scarletray"]);
    const inCategory = await page({ categoryIds: performerCategory });
    expect(usernames(inCategory)).toEqual(["ninap"]);
    expect(inCategory.data[0]?.categories).toEqual([{ _id: performerCategory, name: "Cosplay", slug: "cosplay" }]);
    expect(usernames(await page({ categoryIds: [performerCategory, UNKNOWN_UUID] }))).toEqual(["ninap"]);
    expect((await page({ categoryIds: UNKNOWN_UUID })).total).toBe(0);
  });

  it("takes an id in any case as the same id: a category given twice in two cases is kept once", async () => {
    const set = await t.request({
      method: "PUT",
      url: `/admin/performers/${(ids.ninap as string).toUpperCase()}`,
      token: admin,
      body: { categoryIds: [performerCategory, performerCategory.toUpperCase()] },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().categories).toEqual([{ _id: performerCategory, name: "Cosplay", slug: "cosplay" }]);
    const inCategory = await page({ categoryIds: performerCategory.toUpperCase() });
    expect(usernames(inCategory)).toEqual(["ninap"]);
  });

  it("pages by offset, with the total of every match", async () => {
    const p1 = await page({ limit: "2" });
    const p2 = await page({ limit: "2", offset: "2" });
    const p3 = await page({ limit: "2", offset: "4" });
    expect([...usernames(p1), ...usernames(p2), ...usernames(p3)]).toEqual(ACTIVE_NEWEST);
    expect(p1.total).toBe(5);
    expect(p3.next).toBeNull();
    expect((await page({ offset: "50" })).data).toEqual([]);
  });

  it("pages by cursor through every sort, landing on the same rows as one long page", async () => {
    const queries: Record<string, string>[] = [
      {},
      { sortBy: "popular" },
      { sortBy: "name" },
      { sortBy: "name", sort: "desc" },
      { sortBy: "newest", sort: "asc", gender: "female" },
    ];
    for (const query of queries) {
      const all = usernames(await page({ ...query, limit: "100" }));
      const walked: string[] = [];
      let cursor: string | null = null;
      for (let guard = 0; guard < 10; guard++) {
        const p: Page = await page({ ...query, limit: "2", ...(cursor ? { cursor } : {}) });
        walked.push(...usernames(p));
        cursor = p.next;
        if (!cursor) break;
      }
      expect(walked).toEqual(all);
    }
  });

  it("refuses bad filters and foreign cursors with 400 naming the field", async () => {
    expectBadRequest(await search({ sortBy: "views" }), "querystring.sortBy");
    expectBadRequest(await search({ sort: "sideways" }), "querystring.sort");
    expectBadRequest(await search({ gender: "robot" }), "querystring.gender");
    expectBadRequest(await search({ country: "gbr" }), "querystring.country");
    expectBadRequest(await search({ hairColor: "pink" }), "querystring.hairColor");
    expectBadRequest(await search({ height: "tall" }), "querystring.height");
    expectBadRequest(await search({ categoryIds: "cosplay" }), "querystring.categoryIds.0");
    expectBadRequest(await search({ limit: "0" }), "querystring.limit");
    expectBadRequest(await search({ offset: "x" }), "querystring.offset");
    expectBadRequest(await search({ cursor: "not-a-cursor" }), "querystring.cursor");
    const next = (await page({ limit: "1" })).next as string;
    expectBadRequest(await search({ cursor: next, sortBy: "popular" }), "querystring.cursor");
    expectBadRequest(await search({ cursor: next, sort: "asc" }), "querystring.cursor");
    const nul = Buffer.from(JSON.stringify(["name:asc", "a\u0000", UNKNOWN_UUID])).toString("base64url");
    expect((await search({ cursor: nul, sortBy: "name" })).statusCode).toBe(400);
    expect((await search({ colour: "red" })).statusCode).toBe(400);
  });
});

describe("GET /admin/performers", () => {
  const list = (query: Record<string, string | string[]> = {}, token = admin) =>
    t.request({ method: "GET", url: "/admin/performers", query, token });
  const adminPage = async (query: Record<string, string | string[]> = {}) => {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };
  // Newest first: the deactivated account and the switched-off profile are the two newest.
  const ALL_NEWEST = ["yara_gone", "zed_off", ...ACTIVE_NEWEST];

  it("lists every performer to admins, switched-off profiles and deactivated accounts included", async () => {
    const p = await adminPage();
    expect(usernames(p)).toEqual(ALL_NEWEST);
    expect(p).toMatchObject({ total: 7, totalCapped: false, next: null });
    expect(p.data.find((d) => d.username === "zed_off")).toMatchObject({
      name: "Zed Switched Off",
      status: "inactive",
    });
    expect(p.data.find((d) => d.username === "yara_gone")?.status).toBe("active");
    // The same page shape and fields as the directory (but the asking member's subscription, which the directory
    // marks), and the performer's own commission rate (none: the site's).
    const { isSubscribed, ...listed } = (await page()).data[0] as Listed & { isSubscribed?: boolean };
    expect(isSubscribed).toBe(false);
    expect(p.data.find((d) => d._id === listed._id)).toEqual({ ...listed, commissionRate: null });
  });

  it("filters by profile status, alongside the directory's filters and sorts", async () => {
    expect(usernames(await adminPage({ status: "all" }))).toEqual(ALL_NEWEST);
    expect(usernames(await adminPage({ status: "inactive" }))).toEqual(["zed_off"]);
    const active = await adminPage({ status: "active" });
    expect(usernames(active)).toEqual(ALL_NEWEST.filter((u) => u !== "zed_off"));
    expect(active.total).toBe(6);
    expect(usernames(await adminPage({ q: "zed" }))).toEqual(["zed_off"]);
    expect((await adminPage({ q: "zed", status: "active" })).data).toEqual([]);
    expect(usernames(await adminPage({ q: "yara" }))).toEqual(["yara_gone"]);
    expect(usernames(await adminPage({ gender: "male" }))).toEqual(["zed_off", "marco.s"]);
    expect(usernames(await adminPage({ country: "GB", status: "active" }))).toEqual(["yara_gone", "scarlett_r"]);
    expect(usernames(await adminPage({ sortBy: "popular", status: "inactive" }))).toEqual(["zed_off"]);
    expect(usernames(await adminPage({ sortBy: "name", limit: "3" }))).toEqual(["marco.s", "ninap", "performer"]);
  });

  it("follows the switch: a profile switched off is listed as inactive and comes back once switched on", async () => {
    const put = (status: string) =>
      t.request({ method: "PUT", url: `/admin/performers/${ids["marco.s"]}`, token: admin, body: { status } });
    expect((await put("inactive")).statusCode).toBe(200);
    expect(usernames(await adminPage({ status: "inactive" }))).toEqual(["zed_off", "marco.s"]);
    expect(usernames(await adminPage({ status: "active" }))).not.toContain("marco.s");
    expect(usernames(await page())).not.toContain("marco.s");
    expect((await put("active")).statusCode).toBe(200);
    expect(usernames(await adminPage({ status: "inactive" }))).toEqual(["zed_off"]);
    expect(usernames(await adminPage({ status: "active" }))).toContain("marco.s");
    expect(usernames(await page())).toEqual(ACTIVE_NEWEST);
  });

  it("pages by offset and by cursor", async () => {
    const p1 = await adminPage({ limit: "3" });
    const p2 = await adminPage({ limit: "3", offset: "3" });
    const p3 = await adminPage({ limit: "3", offset: "6" });
    expect([...usernames(p1), ...usernames(p2), ...usernames(p3)]).toEqual(ALL_NEWEST);
    expect(p1.total).toBe(7);
    const queries: Record<string, string>[] = [{}, { status: "active", sortBy: "name", sort: "desc" }];
    for (const query of queries) {
      const all = usernames(await adminPage({ ...query, limit: "100" }));
      const walked: string[] = [];
      let cursor: string | null = null;
      for (let guard = 0; guard < 10; guard++) {
        const p: Page = await adminPage({ ...query, limit: "2", ...(cursor ? { cursor } : {}) });
        walked.push(...usernames(p));
        cursor = p.next;
        if (!cursor) break;
      }
      expect(walked).toEqual(all);
    }
  });

  it("is for admins: 401 for visitors, 403 for users, members and performers", async () => {
    expect((await list({}, "")).statusCode).toBe(401);
    for (const token of [user, member, performer]) {
      expect((await list({}, token)).statusCode).toBe(403);
      expect((await list({ status: "inactive" }, token)).statusCode).toBe(403);
    }
  });

  it("refuses a bad status and bad filters with 400 naming the field; the directory takes no status", async () => {
    expectBadRequest(await list({ status: "hidden" }), "querystring.status");
    expectBadRequest(await list({ status: ["active", "inactive"] }), "querystring.status");
    expectBadRequest(await list({ sortBy: "views" }), "querystring.sortBy");
    expectBadRequest(await list({ limit: "101" }), "querystring.limit");
    expectBadRequest(await list({ cursor: "not-a-cursor" }), "querystring.cursor");
    expect((await list({ colour: "red" })).statusCode).toBe(400);
    expect((await search({ status: "inactive" })).statusCode).toBe(400);
    expect((await search({ status: "all" }, admin)).statusCode).toBe(400);
  });
});

describe("GET /performers/:id", () => {
  const view = (id: string, token?: string) => t.request({ method: "GET", url: `/performers/${id}`, token });

  it("finds a profile by id or by username (any case) and counts each view", async () => {
    const byId = await view(ids["marco.s"] as string);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({
      username: "marco.s",
      name: "Marco Stone",
      isSubscribed: false,
      subscriptionExpiresAt: null,
    });
    const views = byId.json().stats.views as number;
    const byName = await view("MARCO.S");
    expect(byName.statusCode).toBe(200);
    expect(byName.json().stats.views).toBe(views + 1);
  });

  it("does not count the performer's own views", async () => {
    const before = (await view("performer", performer)).json().stats.views as number;
    const after = (await view("performer", performer)).json().stats.views as number;
    expect(after).toBe(before);
    expect((await view("performer")).json().stats.views).toBe(before + 1);
  });

  it("says whether the viewer subscribes to the performer (active while expiresAt is in the future)", async () => {
    const me = (await t.request({ method: "GET", url: "/users/me", token: user })).json()._id as string;
    const expiresAt = new Date(Date.now() + 30 * 86_400_000);
    await t.database.db.insert(subscriptions).values([
      { userId: me, kind: "performer", performerId: ids.ninap, period: "monthly", status: "active", expiresAt },
      {
        userId: me,
        kind: "performer",
        performerId: ids.scarletray,
        period: "monthly",
        status: "active",
        expiresAt: new Date(Date.now() - 1000),
      },
    ]);
    const subscribed = (await view("ninap", user)).json();
    expect(subscribed).toMatchObject({ isSubscribed: true, subscriptionExpiresAt: expiresAt.toISOString() });
    expect((await view("scarletray", user)).json()).toMatchObject({ isSubscribed: false });
    expect((await view("ninap")).json()).toMatchObject({ isSubscribed: false });
    // A site membership is not a subscription to this performer.
    expect((await view("ninap", member)).json()).toMatchObject({ isSubscribed: false });
  });

  it("hides switched-off profiles and deactivated accounts from everyone but admins", async () => {
    for (const who of ["zed_off", "yara_gone"]) {
      expect((await view(who)).statusCode).toBe(404);
      expect((await view(who, user)).statusCode).toBe(404);
      expect((await view(ids[who] as string, performer)).statusCode).toBe(404);
      const asAdmin = await view(who, admin);
      expect(asAdmin.statusCode).toBe(200);
    }
    expect((await view("zed_off", admin)).json()).toMatchObject({ status: "inactive" });
  });

  it("answers 404 for unknown ids and names, 400 for an overlong one", async () => {
    expect((await view(UNKNOWN_UUID)).statusCode).toBe(404);
    expect((await view("nobody_here")).statusCode).toBe(404);
    // A user who is not a performer has no profile.
    expect((await view("user")).statusCode).toBe(404);
    expectBadRequest(await view("%25%00"), "params.id");
    expectBadRequest(await view("x".repeat(121)), "params.id");
  });
});

describe("the performer's own profile", () => {
  const put = (body: unknown, token = performer) =>
    t.request({ method: "PUT", url: "/performer/profile", token, body });

  it("reads and updates attributes, languages, categories and prices", async () => {
    const res = await put({
      languages: ["en", "fr", "en"],
      ethnicity: "mixed",
      bodyType: "athletic",
      height: "170-180",
      sexualOrientation: "bisexual",
      categoryIds: [performerCategory],
      monthlyPrice: 12.5,
      yearlyPrice: 99.99,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      _id: ids.performer,
      languages: ["en", "fr"],
      attributes: {
        ethnicity: "mixed",
        bodyType: "athletic",
        height: "170-180",
        sexualOrientation: "bisexual",
        hairColor: null,
      },
      categories: [{ _id: performerCategory, name: "Cosplay" }],
      monthlyPrice: 12.5,
      yearlyPrice: 99.99,
    });
    const [row] = await t.database.db
      .select({ m: performersTable.monthlyPriceCents, y: performersTable.yearlyPriceCents })
      .from(performersTable)
      .where(eq(performersTable.id, ids.performer as string));
    expect(row).toEqual({ m: 1250, y: 9999 });
    // Fields left out keep their value; null clears one.
    const partial = await put({ ethnicity: null, monthlyPrice: null });
    expect(partial.json()).toMatchObject({
      attributes: { ethnicity: null, bodyType: "athletic" },
      monthlyPrice: null,
      yearlyPrice: 99.99,
    });
    const own = await t.request({ method: "GET", url: "/performer/profile", token: performer });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ _id: ids.performer, yearlyPrice: 99.99 });
    expect((await put({})).statusCode).toBe(200);
  });

  it("refuses unknown categories, categories of another group and bad values, naming the field", async () => {
    expectBadRequest(await put({ categoryIds: [UNKNOWN_UUID] }), "body.categoryIds");
    expectBadRequest(await put({ categoryIds: [videoCategory] }), "body.categoryIds");
    expectBadRequest(await put({ categoryIds: ["cosplay"] }), "body.categoryIds.0");
    expectBadRequest(await put({ ethnicity: "martian" }), "body.ethnicity");
    expectBadRequest(await put({ languages: ["English"] }), "body.languages.0");
    expectBadRequest(await put({ monthlyPrice: 9.999 }), "body.monthlyPrice");
    expectBadRequest(await put({ monthlyPrice: 0 }), "body.monthlyPrice");
    expectBadRequest(await put({ yearlyPrice: 10_001 }), "body.yearlyPrice");
    // Only admins switch a profile off.
    const status = await put({ status: "inactive" });
    expect(status.statusCode).toBe(400);
    expect(detailPaths(status).join()).toContain("status");
  });

  it("is for performers: 401 for visitors, 403 for users, 404 for an admin without a profile", async () => {
    expect((await put({ ethnicity: "mixed" }, "")).statusCode).toBe(401);
    expect((await put({ ethnicity: "mixed" }, user)).statusCode).toBe(403);
    expect((await put({ ethnicity: "mixed" }, member)).statusCode).toBe(403);
    expect((await put({ ethnicity: "mixed" }, admin)).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/performer/profile", token: user })).statusCode).toBe(403);
  });
});

describe("covers", () => {
  const upload = (url: string, data: Buffer | string, token = performer) => {
    const up = fileUpload(data);
    return t.request({ method: "POST", url, token, body: up.body, headers: up.headers });
  };
  const localFile = (url: string) => t.app.services.storage.diskPath(`public/${url.split("/files/")[1]}`)!;

  it("makes public 1600x500 and 800x250 webp variants and replaces the previous cover", async () => {
    const res = await upload("/performer/cover/upload", await pngOf(2400, 1200));
    expect(res.statusCode, res.body).toBe(200);
    const cover = res.json().coverImage as { url: string; srcSet: string; width: number; height: number };
    expect(cover).toMatchObject({ width: 1600, height: 500 });
    expect(res.json().cover).toBe(cover.url);
    const [wide, narrow] = cover.srcSet.split(", ").map((s) => s.split(" "));
    expect(wide?.[1]).toBe("1600w");
    expect(narrow?.[1]).toBe("800w");
    const wideMeta = await sharp(localFile(wide?.[0] as string)).metadata();
    const narrowMeta = await sharp(localFile(narrow?.[0] as string)).metadata();
    expect([wideMeta.format, wideMeta.width, wideMeta.height]).toEqual(["webp", 1600, 500]);
    expect([narrowMeta.format, narrowMeta.width, narrowMeta.height]).toEqual(["webp", 800, 250]);
    // Served publicly.
    const served = await t.request({ method: "GET", url: cover.url });
    expect(served.statusCode).toBe(200);

    const again = await upload("/performer/cover/upload", await pngOf(1600, 500, { r: 0, g: 0, b: 0 }));
    expect(again.statusCode).toBe(200);
    expect(again.json().cover).not.toBe(cover.url);
    await expect(stat(localFile(cover.url))).rejects.toThrow();
    // The public profile shows the new cover.
    expect((await t.request({ method: "GET", url: "/performers/performer" })).json().cover).toBe(again.json().cover);
  });

  it("refuses what is not an image (422) or not a file upload (400)", async () => {
    const text = await upload("/performer/cover/upload", "hello, not a picture");
    expect(text.statusCode).toBe(422);
    expect(detailPaths(text)).toContain("file");
    const json = await t.request({ method: "POST", url: "/performer/cover/upload", token: performer, body: {} });
    expectBadRequest(json, "file");
    expect((await upload("/performer/cover/upload", await pngOf(10, 10), user)).statusCode).toBe(403);
    expect((await upload("/performer/cover/upload", await pngOf(10, 10), "")).statusCode).toBe(401);
  });

  it("lets admins set any performer's cover", async () => {
    const res = await upload(`/admin/performers/${ids.ninap}/cover/upload`, await pngOf(900, 300), admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: ids.ninap, coverImage: { width: 1600, height: 500 } });
    expect(
      (await upload(`/admin/performers/${UNKNOWN_UUID}/cover/upload`, await pngOf(10, 10), admin)).statusCode,
    ).toBe(404);
    expectBadRequest(await upload("/admin/performers/nope/cover/upload", await pngOf(10, 10), admin), "params.id");
    expect((await upload(`/admin/performers/${ids.ninap}/cover/upload`, await pngOf(10, 10))).statusCode).toBe(403);
  });
});

describe("admin: performers", () => {
  const create = (body: unknown, token = admin) => t.request({ method: "POST", url: "/admin/performers", token, body });
  const put = (id: string, body: unknown, token = admin) =>
    t.request({ method: "PUT", url: `/admin/performers/${id}`, token, body });

  it("makes a user a performer (role and profile), once", async () => {
    const me = await t.request({ method: "GET", url: "/users/me", token: member });
    const id = me.json()._id as string;
    expect(me.json().role).toBe("user");
    const res = await create({ userId: id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ _id: id, username: "member", status: "active", stats: { views: 0 } });
    expect((await t.request({ method: "GET", url: "/users/me", token: member })).json().role).toBe("performer");
    expect((await t.request({ method: "GET", url: "/performers/member" })).statusCode).toBe(200);
    const again = await create({ userId: id });
    expect(again.statusCode).toBe(409);
    expect(detailPaths(again)).toContain("body.userId");
  });

  it("keeps an admin an admin when giving them a profile", async () => {
    const id = (await t.request({ method: "GET", url: "/users/me", token: admin })).json()._id as string;
    expect((await create({ userId: id })).statusCode).toBe(201);
    expect((await t.request({ method: "GET", url: "/users/me", token: admin })).json().role).toBe("admin");
  });

  it("refuses unknown or malformed users and non-admins", async () => {
    expectBadRequest(await create({ userId: UNKNOWN_UUID }), "body.userId");
    expectBadRequest(await create({ userId: "member" }), "body.userId");
    expectBadRequest(await create({}), "body.userId");
    expect((await create({ userId: UNKNOWN_UUID }, user)).statusCode).toBe(403);
    expect((await create({ userId: UNKNOWN_UUID }, performer)).statusCode).toBe(403);
    expect((await create({ userId: UNKNOWN_UUID }, "")).statusCode).toBe(401);
  });

  it("switches profiles off and on and edits them", async () => {
    const off = await put(ids.scarletray as string, { status: "inactive" });
    expect(off.statusCode).toBe(200);
    expect(off.json().status).toBe("inactive");
    expect(usernames(await page())).not.toContain("scarletray");
    const on = await put(ids.scarletray as string, { status: "active", bodyType: "curvy" });
    expect(on.json()).toMatchObject({ status: "active", attributes: { bodyType: "curvy", hairColor: "red" } });
    expect(usernames(await page())).toContain("scarletray");
  });

  it("answers 404 for an unknown performer and 400 for bad ids and bodies", async () => {
    expect((await put(UNKNOWN_UUID, { status: "inactive" })).statusCode).toBe(404);
    // An account that is not a performer has no profile to edit.
    const userId = (await t.request({ method: "GET", url: "/users/me", token: user })).json()._id as string;
    expect((await put(userId, { status: "inactive" })).statusCode).toBe(404);
    expectBadRequest(await put("abc", { status: "inactive" }), "params.id");
    expectBadRequest(await put(ids.ninap as string, { status: "gone" }), "body.status");
    expectBadRequest(await put(ids.ninap as string, { categoryIds: [videoCategory] }), "body.categoryIds");
    expect((await put(ids.ninap as string, { status: "inactive" }, performer)).statusCode).toBe(403);
  });
});

describe("service exports for other modules", () => {
  it("refs: username, name and avatar by id, unknown ids left out", async () => {
    const refs = await t.app.services.performers.refs([ids.ninap as string, UNKNOWN_UUID, ids.ninap as string]);
    expect([...refs.values()]).toEqual([{ _id: ids.ninap, username: "ninap", name: "Nina Patel", avatar: null }]);
    expect((await t.app.services.performers.refs([])).size).toBe(0);
  });

  it("exists: true only when every id is a performer", async () => {
    const s = t.app.services.performers;
    expect(await s.exists([ids.ninap as string, ids.zed_off as string])).toBe(true);
    expect(await s.exists([ids.ninap as string, UNKNOWN_UUID])).toBe(false);
    expect(await s.exists(["not-a-uuid"])).toBe(false);
    expect(await s.exists([])).toBe(true);
  });

  it("adjustCounts: moves the videos and galleries counters, never below zero", async () => {
    const s = t.app.services.performers;
    await s.adjustCounts([ids["marco.s"] as string], { videos: 3, galleries: 1 });
    await s.adjustCounts([ids["marco.s"] as string], { videos: -1, galleries: -5 });
    const marco = (await t.request({ method: "GET", url: "/performers/marco.s" })).json();
    expect(marco.stats).toMatchObject({ videos: 2, galleries: 0 });
    await s.adjustCounts([], { videos: 1 });
    await s.adjustCounts([ids["marco.s"] as string], {});
  });

  it("countMatching: listed performers matching a term, all of them for a blank one", async () => {
    const s = t.app.services.performers;
    const listed = (await page({ limit: "100" })).total;
    expect(await s.countMatching("")).toBe(listed);
    expect(await s.countMatching("scarlet")).toBe(2);
    expect(await s.countMatching("zed")).toBe(0);
  });
});
