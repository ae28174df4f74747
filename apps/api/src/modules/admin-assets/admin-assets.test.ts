import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestContext,
  DEMO_PASSWORD,
  expectBadRequest,
  type TestContext,
  verifyPerformer,
} from "../../../test/harness.ts";
import { addPhoto, pngOf } from "../../../test/multipart.ts";
import { hashPassword } from "../auth/service.ts";
import { users } from "../users/tables.ts";
import { videos } from "../videos/tables.ts";

/** The admin's catalogue screen through HTTP: every performer's movies and galleries, filters, edit, take-down. */

let t: TestContext;
let admin: string;
let performer: string;
let member: string;
let performerId: string;
let other: { id: string; token: string };
const word = `zq${Date.now().toString(36)}`;

interface AssetJson {
  kind: "video" | "gallery";
  _id: string;
  title: string;
  status: string;
  access: string;
  price: number | null;
  listed: boolean;
  processing: string | null;
  performers: { _id: string }[];
  takedown: { at: string; reason: string } | null;
}
interface AssetList {
  data: AssetJson[];
  total: number;
  next: string | null;
}

let movieA: string;
let movieB: string;
let galleryA: string;

const search = (query: Record<string, string> = {}, token = admin) =>
  t.request({ method: "GET", url: "/admin/assets/search", token, query });
const list = async (query: Record<string, string> = {}) => {
  const res = await search({ q: word, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AssetList;
};
const ids = (l: AssetList) => l.data.map((a) => a._id);

async function performerAccount() {
  const username = `adm${Date.now().toString(36)}`;
  const [row] = await t.database.db
    .insert(users)
    .values({
      username,
      email: `${username}@example.test`,
      name: `Name ${username}`,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      role: "performer",
      verifiedEmail: true,
    })
    .returning({ id: users.id });
  const id = (row as { id: string }).id;
  await verifyPerformer(t, id);
  return { id, token: await t.login(username) };
}

async function created(url: string, token: string, body: Record<string, unknown>) {
  const res = await t.request({ method: "POST", url, token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

/** What the processing job leaves behind, written directly: processed and listed. */
async function processed(id: string) {
  await t.database.db
    .update(videos)
    .set({ processingStatus: "ready", mediaKey: `private/videos/${id}`, listed: sql`${videos.status} = 'active'` })
    .where(eq(videos.id, id));
}

beforeAll(async () => {
  t = await createTestContext();
  [admin, performer, member] = await Promise.all([t.login("admin"), t.login("performer"), t.login("member")]);
  performerId = (await t.request({ method: "GET", url: "/users/me", token: performer })).json()._id;
  other = await performerAccount();
  movieA = await created("/performer/assets/videos", performer, { title: `Alpha ${word}`, status: "active" });
  await processed(movieA);
  movieB = await created("/performer/assets/videos", other.token, {
    title: `Beta ${word}`,
    status: "draft",
    access: "sale",
    price: 4,
  });
  galleryA = await created("/performer/assets/galleries", performer, { title: `Gamma ${word}`, status: "active" });
  await addPhoto(t, performer, galleryA, await pngOf(64, 48));
});

afterAll(async () => {
  await t?.close();
});

describe("GET /admin/assets/search", () => {
  it("lists every performer's movies and galleries, newest first", async () => {
    const all = await list();
    expect(ids(all)).toEqual([galleryA, movieB, movieA]);
    expect(all.total).toBe(3);
    expect(all.data.find((a) => a._id === movieB)).toMatchObject({
      kind: "video",
      status: "draft",
      listed: false,
      access: "sale",
      price: 4,
      processing: "none",
      takedown: null,
      performers: [{ _id: other.id }],
    });
    expect(all.data.find((a) => a._id === galleryA)).toMatchObject({ kind: "gallery", listed: true, processing: null });
  });

  it("filters by kind, performer, status and access", async () => {
    expect(ids(await list({ kind: "gallery" }))).toEqual([galleryA]);
    expect(ids(await list({ kind: "video" }))).toEqual([movieB, movieA]);
    expect(ids(await list({ performerId: other.id }))).toEqual([movieB]);
    expect(ids(await list({ performerId }))).toEqual([galleryA, movieA]);
    expect(ids(await list({ status: "draft" }))).toEqual([movieB]);
    expect(ids(await list({ access: "sale" }))).toEqual([movieB]);
    expect(ids(await list({ q: `Alpha ${word}` }))).toEqual([movieA]);
  });

  it("pages by cursor across both kinds without repeating or skipping", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AssetList = await list({ limit: "1", ...(cursor ? { cursor } : {}) });
      seen.push(...ids(page));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual([galleryA, movieB, movieA]);
    expect(ids(await list({ limit: "1", offset: "1" }))).toEqual([movieB]);
  });

  it("is for admins only", async () => {
    expect((await search({}, performer)).statusCode).toBe(403);
    expect((await search({}, member)).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/admin/assets/search" })).statusCode).toBe(401);
  });

  it("refuses bad filter values, naming the field", async () => {
    expectBadRequest(await search({ status: "gone" }), "querystring.status");
    expectBadRequest(await search({ kind: "photo" }), "querystring.kind");
    expectBadRequest(await search({ access: "vip" }), "querystring.access");
    expectBadRequest(await search({ performerId: "nobody" }), "querystring.performerId");
    expectBadRequest(await search({ takenDown: "maybe" }), "querystring.takenDown");
    expectBadRequest(await search({ cursor: "not-a-cursor" }), "querystring.cursor");
  });
});

describe("taking down and restoring", () => {
  const takeDown = (kind: string, id: string, body: unknown, token = admin) =>
    t.request({ method: "POST", url: `/admin/assets/${kind}/${id}/take-down`, token, body });
  const restore = (kind: string, id: string, token = admin) =>
    t.request({ method: "DELETE", url: `/admin/assets/${kind}/${id}/take-down`, token });

  it("hides a movie from members and visitors with the reason recorded, and puts it back", async () => {
    expect((await t.request({ method: "GET", url: `/user/assets/videos/${movieA}`, token: member })).statusCode).toBe(
      200,
    );
    const res = await takeDown("video", movieA, { reason: "Rights claim" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ listed: false, takedown: { reason: "Rights claim" } });
    for (const token of [member, undefined])
      expect((await t.request({ method: "GET", url: `/user/assets/videos/${movieA}`, token })).statusCode).toBe(404);
    const publicList = await t.request({ method: "GET", url: "/user/assets/videos/search", query: { q: word } });
    expect(publicList.json().data.map((m: { _id: string }) => m._id)).not.toContain(movieA);
    // Its performer still finds it in the studio, with the reason; the admin's list filters on it.
    const studio = await t.request({ method: "GET", url: `/performer/assets/videos/${movieA}/view`, token: performer });
    expect(studio.json()).toMatchObject({ takedown: { reason: "Rights claim" } });
    expect(ids(await list({ takenDown: "true" }))).toEqual([movieA]);
    expect(ids(await list({ takenDown: "false" }))).not.toContain(movieA);
    // A performer cannot undo it by switching the movie on again.
    await t.request({
      method: "PUT",
      url: `/performer/assets/videos/${movieA}`,
      token: performer,
      body: { status: "active" },
    });
    expect((await t.request({ method: "GET", url: `/user/assets/videos/${movieA}`, token: member })).statusCode).toBe(
      404,
    );

    const back = await restore("video", movieA);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ listed: true, takedown: null });
    expect((await t.request({ method: "GET", url: `/user/assets/videos/${movieA}`, token: member })).statusCode).toBe(
      200,
    );
  });

  it("hides a gallery and puts it back", async () => {
    expect((await takeDown("gallery", galleryA, { reason: "Spam" })).json()).toMatchObject({ listed: false });
    const studio = await t.request({
      method: "GET",
      url: `/performer/assets/galleries/${galleryA}/view`,
      token: performer,
    });
    expect(studio.json()).toMatchObject({ takedown: { reason: "Spam" } });
    expect((await t.request({ method: "GET", url: `/user/assets/galleries/${galleryA}/view` })).statusCode).toBe(404);
    expect((await restore("gallery", galleryA)).json()).toMatchObject({ listed: true, takedown: null });
    expect((await t.request({ method: "GET", url: `/user/assets/galleries/${galleryA}/view` })).statusCode).toBe(200);
  });

  it("needs a reason, an admin and an existing item", async () => {
    expectBadRequest(await takeDown("video", movieA, {}), "body.reason");
    expectBadRequest(await takeDown("video", movieA, { reason: "  " }), "body.reason");
    expectBadRequest(await takeDown("photo", movieA, { reason: "x" }), "params.kind");
    expect((await takeDown("video", movieA, { reason: "x" }, performer)).statusCode).toBe(403);
    expect((await restore("video", movieA, member)).statusCode).toBe(403);
    expect((await takeDown("video", galleryA, { reason: "x" })).statusCode).toBe(404);
  });
});

describe("PUT /admin/assets/:kind/:id", () => {
  const edit = (kind: string, id: string, body: unknown, token = admin) =>
    t.request({ method: "PUT", url: `/admin/assets/${kind}/${id}`, token, body });

  it("edits any performer's movie or gallery", async () => {
    const res = await edit("video", movieB, { title: `Beta renamed ${word}`, access: "members" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: `Beta renamed ${word}`, access: "members", price: null });
    expect((await edit("gallery", galleryA, { status: "inactive" })).json()).toMatchObject({
      status: "inactive",
      listed: false,
    });
  });

  it("refuses bad values and non-admins", async () => {
    expectBadRequest(await edit("video", movieB, { price: 5 }), "body.price");
    expectBadRequest(await edit("video", movieB, { status: "deleted" }), "body.status");
    expectBadRequest(await edit("video", movieB, { performerIds: [] }), "body.performerIds");
    expect((await edit("video", movieB, { title: "Mine now" }, performer)).statusCode).toBe(403);
  });
});
