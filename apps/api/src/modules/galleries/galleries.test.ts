import { randomBytes } from "node:crypto";
import { access as fsAccess, readdir } from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
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
import { galleries, photos } from "./tables.ts";

let t: TestContext;
let admin: string;
let performer: string;
let member: string;
let user: string;
let performerId: string;
let other: { id: string; token: string };
let buyer: { id: string; token: string };
let mediaDir: string;

const UNKNOWN = "01890000-0000-7000-8000-000000000000";

type Json = Record<string, unknown> & { _id: string };
interface GalleryJson extends Json {
  slug: string;
  title: string;
  listed?: boolean;
  photosCount: number;
  canWatch: boolean;
  lock: string | null;
  isBought: boolean;
  isLiked: boolean;
  cover: { url: string; srcSet: string | null; width: number; height: number } | null;
  performers: { _id: string }[];
  stats: { views: number };
  price: number | null;
  status: string;
  publishedAt: string | null;
}
interface PhotoJson extends Json {
  galleryId: string;
  position: number;
  url: string | null;
  locked: boolean;
  width: number;
  height: number;
  thumbnail: { url: string; srcSet: string | null; width: number; height: number };
  processing?: { status: string; error: string | null };
}

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

/** A user with a password, straight into the database (the accounts module's own tests cover registration). */
async function account(role: "user" | "performer") {
  const username = unique(role === "performer" ? "perf" : "buyer");
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
    .returning();
  const id = (row as { id: string }).id;
  if (role === "performer") await verifyPerformer(t, id);
  return { id, token: await t.login(username) };
}

/** A picture made by sharp: a gradient so that webp variants are not trivially tiny. */
async function picture(width = 64, height = 48, format: "png" | "jpeg" = "png") {
  const img = sharp({
    create: { width, height, channels: 3, background: { r: 40 + (seq % 200), g: 120, b: 200 } },
  });
  return format === "png" ? img.png().toBuffer() : img.jpeg().toBuffer();
}

/** A multipart/form-data body as a browser sends it. */
function multipart(data: Buffer, name = "file", filename = "photo.png") {
  const boundary = `----marquee${randomBytes(8).toString("hex")}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const get = (url: string, token?: string, query?: Record<string, string | string[]>) =>
  t.request({ method: "GET", url, token, query });

const createRes = (token: string | undefined, body: unknown) =>
  t.request({ method: "POST", url: "/performer/assets/galleries", token, body });

async function createGallery(token: string, body: Record<string, unknown>): Promise<GalleryJson> {
  const res = await createRes(token, { title: unique("Gallery "), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function uploadRes(token: string | undefined, galleryId: string, data: Buffer) {
  const { body, headers } = multipart(data);
  return t.app.inject({
    method: "POST",
    url: `/performer/assets/galleries/${galleryId}/photos/upload`,
    payload: body,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** Uploads a photo, waits for the media job to make it, and answers it as its editor then sees it. */
async function upload(token: string, galleryId: string, data?: Buffer): Promise<PhotoJson> {
  const res = await uploadRes(token, galleryId, data ?? (await picture()));
  expect(res.statusCode, res.body).toBe(201);
  const sent = res.json() as PhotoJson;
  expect(sent).toMatchObject({ processing: { status: "processing", error: null }, thumbnail: null, url: null });
  await t.jobs.idle();
  const list = await get(`/performer/assets/galleries/${galleryId}/photos?limit=100`, token);
  const made = (list.json().data as PhotoJson[]).find((p) => p._id === sent._id);
  expect(made, list.body).toBeDefined();
  return made as PhotoJson;
}

/** An active gallery with `photos` photos: listed. */
async function listedGallery(token: string, body: Record<string, unknown> = {}, photoCount = 1) {
  const g = await createGallery(token, { status: "active", ...body });
  for (let i = 0; i < photoCount; i++) await upload(token, g._id);
  return g;
}

const update = (token: string | undefined, id: string, body: unknown) =>
  t.request({ method: "PUT", url: `/performer/assets/galleries/${id}`, token, body });

const search = (query: Record<string, string | string[]>, token?: string) =>
  get("/user/assets/galleries/search", token, query);

const ids = (res: LightMyRequestResponse) => (res.json().data as Json[]).map((d) => d._id);

const exists = (file: string) =>
  fsAccess(file).then(
    () => true,
    () => false,
  );

async function galleriesCount(id: string) {
  const [row] = await t.database.db
    .select({ n: performers.galleriesCount })
    .from(performers)
    .where(eq(performers.id, id));
  return row?.n;
}

/** Buys a sale gallery the way the money issue will record it: a paid order with a line for it. */
async function buy(userId: string, galleryId: string) {
  const [order] = await t.database.db
    .insert(orders)
    .values({ userId, status: "paid", originalCents: 499, totalCents: 499, paidAt: new Date() })
    .returning();
  await t.database.db.insert(orderLines).values({
    orderId: (order as { id: string }).id,
    itemKind: "gallery",
    itemId: galleryId,
    title: "bought gallery",
    unitPriceCents: 499,
    totalCents: 499,
  });
}

/** Path and query of a (root-relative) URL the API made, for `inject`. */
const localPath = (url: string) => {
  expect(url.startsWith("/api/")).toBe(true);
  const u = new URL(url, "http://site.test");
  return `${u.pathname}${u.search}`;
};

beforeAll(async () => {
  t = await createTestContext();
  mediaDir = t.app.services.storage.diskPath("public/x")!.replace(/\/public\/x$/, "");
  [admin, performer, member, user] = await Promise.all([
    t.login("admin"),
    t.login("performer"),
    t.login("member"),
    t.login("user"),
  ]);
  performerId = (await get("/users/me", performer)).json()._id;
  other = await account("performer");
  buyer = await account("user");
});
afterAll(() => t.close());

describe("studio: creating galleries", () => {
  it("refuses visitors (401) and plain users (403)", async () => {
    expect((await createRes(undefined, { title: "x" })).statusCode).toBe(401);
    expect((await createRes(user, { title: "x" })).statusCode).toBe(403);
    expect((await createRes(member, { title: "x" })).statusCode).toBe(403);
  });

  it("creates a draft owned by the performer with a slug made from the title, unique", async () => {
    const title = `Élan Vital ${unique("")}`;
    const a = await createGallery(performer, { title });
    expect(a).toMatchObject({
      title,
      status: "draft",
      access: "free",
      price: null,
      photosCount: 0,
      publishedAt: null,
      cover: null,
      canWatch: true,
      performers: [{ _id: performerId, username: "performer" }],
    });
    expect(a.slug).toMatch(/^elan-vital-[a-z0-9]+$/);
    const b = await createGallery(performer, { title });
    expect(b.slug).toBe(`${a.slug}-2`);
    const c = await createGallery(performer, { title });
    expect(c.slug).toBe(`${a.slug}-3`);
    const bySlug = await get(`/performer/assets/galleries/${b.slug}/view`, performer);
    expect(bySlug.json()._id).toBe(b._id);
  });

  it("answers 409 when a chosen slug is taken", async () => {
    const slug = unique("taken-");
    await createGallery(performer, { slug });
    const res = await createRes(performer, { title: "Another", slug });
    expect(res.statusCode).toBe(409);
    expect(detailPaths(res)).toContain("body.slug");
  });

  it("requires a price exactly when the gallery is for sale", async () => {
    expectBadRequest(await createRes(performer, { title: "Sale", access: "sale" }), "body.price");
    expectBadRequest(await createRes(performer, { title: "Free", access: "free", price: 5 }), "body.price");
    expectBadRequest(await createRes(performer, { title: "Members", access: "members", price: 5 }), "body.price");
    expectBadRequest(await createRes(performer, { title: "Cheap", access: "sale", price: 0.1 }), "body.price");
    const sale = await createGallery(performer, { access: "sale", price: 12.5 });
    expect(sale.price).toBe(12.5);
  });

  it("checks the performers: they exist and include the performer themself", async () => {
    expectBadRequest(
      await createRes(performer, { title: "x", performerIds: [UNKNOWN, performerId] }),
      "body.performerIds",
    );
    expectBadRequest(await createRes(performer, { title: "x", performerIds: [other.id] }), "body.performerIds");
    expectBadRequest(await createRes(performer, { title: "x", performerIds: ["nope"] }), "body.performerIds.0");
    const duo = await createGallery(performer, { performerIds: [performerId, other.id] });
    expect(duo.performers.map((p) => p._id)).toEqual([performerId, other.id]);
  });

  it("lets an admin create for any performer, who must be named", async () => {
    expectBadRequest(await createRes(admin, { title: "No performer" }), "body.performerIds");
    const g = await createGallery(admin, { performerIds: [other.id] });
    expect(g.performers.map((p) => p._id)).toEqual([other.id]);
    // ...and the performer sees it in their studio.
    const mine = await get("/performer/assets/galleries/search", other.token, { limit: "100" });
    expect(ids(mine)).toContain(g._id);
  });

  it("checks categories and refuses bad bodies", async () => {
    expectBadRequest(await createRes(performer, { title: "x", categoryIds: [UNKNOWN] }), "body.categoryIds");
    const [videoCat] = await t.database.db
      .insert(categories)
      .values({ name: "Video only", slug: unique("vid-"), group: "video" })
      .returning();
    expectBadRequest(
      await createRes(performer, { title: "x", categoryIds: [(videoCat as { id: string }).id] }),
      "body.categoryIds",
    );
    expectBadRequest(await createRes(performer, { title: "  " }), "body.title");
    expectBadRequest(await createRes(performer, { title: "x", access: "vip" }), "body.access");
    expectBadRequest(await createRes(performer, { title: "x", listed: true }), "body.listed");
    expectBadRequest(await createRes(performer, { title: "x", slug: "Bad Slug" }), "body.slug");
  });
});

describe("studio: uploading photos", () => {
  it("stores webp variants and a public blurred preview, appends in order, and lists an active gallery", async () => {
    const g = await createGallery(performer, { status: "active" });
    const before = await galleriesCount(performerId);
    expect((await get(`/user/assets/galleries/${g._id}/view`)).statusCode).toBe(404);

    const first = await upload(performer, g._id, await picture(3000, 1500, "jpeg"));
    expect(first).toMatchObject({
      galleryId: g._id,
      position: 0,
      width: 2048,
      height: 1024,
      status: "active",
      processing: { status: "ready", error: null },
      locked: false,
    });
    expect(first.thumbnail).toMatchObject({ width: 480, height: 240 });
    expect(first.url).toContain("/media/");
    const dir = path.join(mediaDir, "private/photos", first._id);
    expect((await readdir(dir)).sort()).toEqual(["full.webp", "thumb.webp"]);
    expect(await sharp(path.join(dir, "thumb.webp")).metadata()).toMatchObject({ format: "webp", width: 480 });
    expect(await sharp(path.join(dir, "full.webp")).metadata()).toMatchObject({ format: "webp", width: 2048 });
    const preview = await sharp(path.join(mediaDir, "public/photos", first._id, "preview.webp")).metadata();
    expect(preview.format).toBe("webp");
    expect(preview.width).toBeLessThanOrEqual(64);

    const second = await upload(performer, g._id, await picture(300, 200));
    expect(second).toMatchObject({ position: 1, width: 300, height: 200 });
    expect(second.thumbnail).toMatchObject({ width: 300, height: 200 });

    const view = (await get(`/user/assets/galleries/${g._id}/view`)).json() as GalleryJson;
    expect(view).toMatchObject({ photosCount: 2, status: "active" });
    expect(view.publishedAt).not.toBeNull();
    expect(await galleriesCount(performerId)).toBe((before ?? 0) + 1);
  });

  it("gives parallel uploads distinct positions and counts each once", async () => {
    const g = await createGallery(performer, { status: "active" });
    const before = await galleriesCount(performerId);
    const images = await Promise.all([picture(30, 20), picture(40, 20), picture(50, 20), picture(60, 20)]);
    const made = await Promise.all(images.map((img) => upload(performer, g._id, img)));
    expect(made.map((p) => p.position).sort()).toEqual([0, 1, 2, 3]);
    const view = (await get(`/user/assets/galleries/${g._id}/view`)).json() as GalleryJson;
    expect(view.photosCount).toBe(4);
    expect(await galleriesCount(performerId)).toBe((before ?? 0) + 1);
  });

  it("does not list a draft with photos", async () => {
    const g = await createGallery(performer, {});
    await upload(performer, g._id);
    expect((await get(`/user/assets/galleries/${g._id}/view`)).statusCode).toBe(404);
    const studio = (await get(`/performer/assets/galleries/${g._id}/view`, performer)).json();
    expect(studio).toMatchObject({ photosCount: 1, publishedAt: null });
  });

  it("refuses a file that is not an image with 422 and leaves nothing behind", async () => {
    const g = await createGallery(performer, { status: "active" });
    const filesBefore = await readdir(path.join(mediaDir, "private/photos")).catch(() => []);
    for (const bad of [
      Buffer.from("this is not an image at all, just text"),
      randomBytes(4096),
      Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(500)]),
    ]) {
      const res = await uploadRes(performer, g._id, bad);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe("The file is not an image. Upload a JPEG, PNG, WebP, GIF or AVIF picture.");
      expect(detailPaths(res)).toContain("file");
    }
    const rows = await t.database.db.select().from(photos).where(eq(photos.galleryId, g._id));
    expect(rows).toEqual([]);
    expect(await readdir(path.join(mediaDir, "private/photos")).catch(() => [])).toEqual(filesBefore);
    const studio = (await get(`/performer/assets/galleries/${g._id}/view`, performer)).json();
    expect(studio.photosCount).toBe(0);
  });

  it("marks a picture damaged past its header failed, says why, and keeps no file of it", async () => {
    const g = await createGallery(performer, { status: "active" });
    // A JPEG cut short: its header reads, so the upload is taken; decoding it in the media job fails.
    const cut = (await picture(200, 200, "jpeg")).subarray(0, 300);
    const res = await uploadRes(performer, g._id, cut);
    expect(res.statusCode, res.body).toBe(201);
    await t.jobs.idle();
    const list = (await get(`/performer/assets/galleries/${g._id}/photos?limit=100`, performer)).json();
    expect(list.data).toEqual([
      expect.objectContaining({
        _id: res.json()._id,
        processing: { status: "failed", error: "The image could not be read; it may be damaged." },
        thumbnail: null,
        url: null,
      }),
    ]);
    expect(await readdir(path.join(mediaDir, "private/photos", res.json()._id)).catch(() => [])).toEqual([]);
    const studio = (await get(`/performer/assets/galleries/${g._id}/view`, performer)).json();
    expect(studio.photosCount).toBe(0);
    expect((await get(`/user/assets/galleries/${g._id}/view`)).statusCode).toBe(404);
  });

  it("answers 400, 401, 403 and 404 for bad requests", async () => {
    const g = await createGallery(performer, {});
    const img = await picture();
    expect((await uploadRes(undefined, g._id, img)).statusCode).toBe(401);
    expect((await uploadRes(user, g._id, img)).statusCode).toBe(403);
    expect((await uploadRes(other.token, g._id, img)).statusCode).toBe(403);
    expect((await uploadRes(performer, UNKNOWN, img)).statusCode).toBe(404);
    expectBadRequest(await uploadRes(performer, "not-a-uuid", img), "params.id");
    const json = await t.request({
      method: "POST",
      url: `/performer/assets/galleries/${g._id}/photos/upload`,
      token: performer,
      body: { file: "x" },
    });
    expectBadRequest(json, "file");
    const { body, headers } = multipart(img, "picture");
    const wrongField = await t.app.inject({
      method: "POST",
      url: `/performer/assets/galleries/${g._id}/photos/upload`,
      payload: body,
      headers: { ...headers, authorization: `Bearer ${performer}` },
    });
    expectBadRequest(wrongField, "file");
    // An admin may add photos to anyone's gallery.
    await upload(admin, g._id);
  });
});

describe("public galleries: access", () => {
  let free: GalleryJson;
  let members: GalleryJson;
  let sale: GalleryJson;
  let othersMembers: GalleryJson;
  const tag = unique("acc");

  beforeAll(async () => {
    free = await listedGallery(performer, { tags: [tag], title: "Free walk" }, 2);
    members = await listedGallery(performer, { tags: [tag], access: "members" }, 3);
    sale = await listedGallery(performer, { tags: [tag], access: "sale", price: 4.99 }, 2);
    othersMembers = await listedGallery(other.token, { tags: [tag], access: "members" }, 1);
    await buy(buyer.id, sale._id);
  });

  const expectLockedPhotos = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(200);
    const data = res.json().data as PhotoJson[];
    expect(data.length).toBeGreaterThan(0);
    for (const p of data) {
      expect(p).toMatchObject({ url: null, locked: true });
      expect(p.thumbnail.url).toMatch(/\/files\/photos\/[0-9a-f-]+\/preview\.webp$/);
      expect(p.thumbnail.srcSet).toBeNull();
    }
    // Nothing signed anywhere in a locked answer.
    expect(res.body).not.toContain("/media/");
    expect(res.body).not.toContain("private/");
  };

  const expectOpenPhotos = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(200);
    const data = res.json().data as PhotoJson[];
    expect(data.length).toBeGreaterThan(0);
    for (const p of data) {
      expect(p.locked).toBe(false);
      expect(p.url).toMatch(/\/media\/\d+\/\d+\.[\w-]+\/private\/photos\/[0-9a-f-]+\/full\.webp$/);
      expect(p.thumbnail.url).toMatch(/\/media\/\d+\/\d+\.[\w-]+\/private\/photos\/[0-9a-f-]+\/thumb\.webp$/);
    }
  };

  const photosOf = (g: GalleryJson, token?: string) => get(`/user/assets/gallery/${g._id}/photos`, token);
  const view = (g: GalleryJson, token?: string) => get(`/user/assets/galleries/${g._id}/view`, token);

  it("free: open to everyone", async () => {
    for (const token of [undefined, user, member, buyer.token, other.token, admin]) {
      expectOpenPhotos(await photosOf(free, token));
      expect((await view(free, token)).json()).toMatchObject({ canWatch: true, lock: null });
    }
  });

  it("members: locked for visitors, plain users, buyers and other performers; open to members, owner, admin", async () => {
    for (const token of [undefined, user, buyer.token, other.token]) {
      expectLockedPhotos(await photosOf(members, token));
      const v = (await view(members, token)).json() as GalleryJson;
      expect(v).toMatchObject({ canWatch: false, lock: "members", isBought: false });
      expect(v.cover?.url).toMatch(/\/files\/photos\/.+\/preview\.webp$/);
    }
    for (const token of [member, performer, admin]) {
      expectOpenPhotos(await photosOf(members, token));
      const v = (await view(members, token)).json() as GalleryJson;
      expect(v).toMatchObject({ canWatch: true, lock: null });
      expect(v.cover?.url).toContain("/media/");
    }
  });

  it("members: a subscriber of the gallery's performer sees it", async () => {
    const fan = await account("user");
    expectLockedPhotos(await photosOf(othersMembers, fan.token));
    await t.database.db.insert(subscriptions).values({
      userId: fan.id,
      kind: "performer",
      performerId: other.id,
      period: "monthly",
      status: "active",
      startedAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expectOpenPhotos(await photosOf(othersMembers, fan.token));
    // ...but not the demo performer's members gallery.
    expectLockedPhotos(await photosOf(members, fan.token));
  });

  it("sale: only the buyer (and owner, admin) see it; members do not", async () => {
    for (const token of [undefined, user, member, other.token]) {
      expectLockedPhotos(await photosOf(sale, token));
      expect((await view(sale, token)).json()).toMatchObject({ canWatch: false, lock: "sale", isBought: false });
    }
    expectOpenPhotos(await photosOf(sale, buyer.token));
    expect((await view(sale, buyer.token)).json()).toMatchObject({ canWatch: true, lock: null, isBought: true });
    for (const token of [performer, admin]) expectOpenPhotos(await photosOf(sale, token));
  });

  it("a locked gallery never yields a full-size or signed URL in any list", async () => {
    const answers = [
      await search({ tags: tag, limit: "100" }),
      await search({ tags: tag, limit: "100" }, user),
      await get("/user/assets/photos", user, { galleryId: members._id }),
      await get("/user/assets/photos", undefined, { galleryId: sale._id, sortBy: "position" }),
    ];
    const body = answers.map((a) => a.body).join("\n");
    for (const g of [members, sale, othersMembers]) {
      const keys = (await t.database.db.select().from(photos).where(eq(photos.galleryId, g._id))).map((p) => p.id);
      for (const id of keys) {
        expect(body).not.toContain(`private/photos/${id}`);
      }
    }
    const list = answers[1]?.json().data as GalleryJson[];
    const byId = new Map(list.map((g) => [g._id, g]));
    expect(byId.get(free._id)?.cover?.url).toContain("/media/");
    expect(byId.get(members._id)?.cover?.url).toMatch(/\/files\/photos\/.+\/preview\.webp$/);
  });

  it("decides per photo in the photo list: a mixed page locks only the closed galleries' photos", async () => {
    const res = await get("/user/assets/photos", user, { performerIds: performerId, limit: "100" });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as PhotoJson[];
    const of = (g: GalleryJson) => data.filter((p) => p.galleryId === g._id);
    expect(of(free).length).toBe(2);
    expect(of(members).length).toBe(3);
    for (const p of of(free)) expect(p.locked).toBe(false);
    for (const p of [...of(members), ...of(sale)]) expect(p).toMatchObject({ locked: true, url: null });
  });

  it("the view carries the viewer's reaction flags", async () => {
    const userId = (await get("/users/me", user)).json()._id;
    await t.database.db.insert(reactions).values([
      { userId, objectType: "gallery", objectId: free._id, action: "like" },
      { userId, objectType: "gallery", objectId: free._id, action: "watch_later" },
    ]);
    expect((await view(free, user)).json()).toMatchObject({ isLiked: true, isFavourited: false, isWatchedLater: true });
    expect((await view(free, member)).json()).toMatchObject({ isLiked: false, isWatchedLater: false });
    expect((await view(free)).json()).toMatchObject({ isLiked: false });
  });
});

describe("public galleries: view", () => {
  it("finds a gallery by id or slug, counts each view, and hides unknown ones", async () => {
    const g = await listedGallery(performer, {});
    const a = (await get(`/user/assets/galleries/${g._id}/view`)).json() as GalleryJson;
    const b = (await get(`/user/assets/galleries/${g.slug}/view`)).json() as GalleryJson;
    const c = (await get(`/user/assets/galleries/${g.slug.toUpperCase()}/view`)).json() as GalleryJson;
    expect([a._id, b._id, c._id]).toEqual([g._id, g._id, g._id]);
    expect([a.stats.views, b.stats.views, c.stats.views]).toEqual([1, 2, 3]);
    expect((await get(`/user/assets/galleries/${UNKNOWN}/view`)).statusCode).toBe(404);
    expect((await get("/user/assets/galleries/no-such-gallery/view")).statusCode).toBe(404);
    expect((await get("/user/assets/galleries/%20%21%3F/view")).statusCode).toBeLessThan(500);
    expect((await get(`/user/assets/galleries/${"x".repeat(121)}/view`)).statusCode).toBe(400);
  });

  it("an unlisted gallery is found only by its performers and admins", async () => {
    const g = await createGallery(performer, { performerIds: [performerId] });
    await upload(performer, g._id);
    for (const token of [undefined, user, member, other.token]) {
      expect((await get(`/user/assets/galleries/${g._id}/view`, token)).statusCode).toBe(404);
      expect((await get(`/user/assets/gallery/${g._id}/photos`, token)).statusCode).toBe(404);
    }
    for (const token of [performer, admin]) {
      const v = await get(`/user/assets/galleries/${g._id}/view`, token);
      expect(v.statusCode).toBe(200);
      expect(v.json().stats.views).toBe(0);
      expect((await get(`/user/assets/gallery/${g._id}/photos`, token)).json().data).toHaveLength(1);
    }
  });
});

describe("public galleries: take-down", () => {
  const links = (photos: PhotoJson[]) =>
    photos.flatMap((p) => [p.url, p.thumbnail?.url]).filter((u): u is string => typeof u === "string");
  const codes = (urls: string[]) => Promise.all(urls.map(async (url) => (await t.app.inject({ url })).statusCode));
  const photosOf = async (id: string, token?: string) =>
    (await get(`/user/assets/gallery/${id}/photos`, token)).json().data as PhotoJson[];
  const setTakedown = (kind: "POST" | "DELETE", id: string) =>
    t.request({
      method: kind,
      url: `/admin/assets/gallery/${id}/take-down`,
      token: admin,
      ...(kind === "POST" ? { body: { reason: "Spam" } } : {}),
    });

  it("stops the photo links and previews handed out before it at once; its staff get working ones", async () => {
    const open = await listedGallery(performer, { access: "free" });
    const locked = await listedGallery(performer, { access: "members" });
    const signed = links(await photosOf(open._id));
    const previews = links(await photosOf(locked._id));
    expect(signed).toHaveLength(2);
    expect(previews[0]).toMatch(/\/files\/photos\/[0-9a-f-]+\/preview\.webp$/);
    expect(await codes([...signed, ...previews])).toEqual([200, 200, 200]);

    for (const g of [open, locked]) expect((await setTakedown("POST", g._id)).statusCode).toBe(200);
    expect(await codes([...signed, ...previews])).toEqual([404, 404, 404]);
    for (const token of [performer, admin]) {
      const own = [...links(await photosOf(open._id, token)), ...links(await photosOf(locked._id, token))];
      expect(own).toHaveLength(4);
      expect(await codes(own)).toEqual([200, 200, 200, 200]);
    }

    for (const g of [open, locked]) expect((await setTakedown("DELETE", g._id)).statusCode).toBe(200);
    expect(await codes([...signed, ...previews])).toEqual([200, 200, 200]);
  });
});

describe("public galleries: search", () => {
  const tag = unique("srch");
  const made: GalleryJson[] = [];

  beforeAll(async () => {
    const [cat] = await t.database.db
      .insert(categories)
      .values({ name: "Outdoors", slug: unique("out-"), group: "gallery" })
      .returning();
    const categoryId = (cat as { id: string }).id;
    made.push(
      await listedGallery(performer, {
        tags: [tag, "beach"],
        title: "Sunset beach walk",
        description: "Running along the shore at dusk",
        categoryIds: [categoryId],
      }),
    );
    made.push(await listedGallery(performer, { tags: [tag], title: "City lights", access: "members" }));
    made.push(
      await listedGallery(other.token, { tags: [tag, "studio"], title: "Studio portraits", access: "sale", price: 3 }),
    );
    made.push(await listedGallery(performer, { tags: [tag], title: "Cheap set", access: "sale", price: 1.5 }));
    made.push(await listedGallery(other.token, { tags: [tag], title: "Forest morning" }));
    // Not listed: a draft with a photo, an active one without photos, an inactive one.
    const draft = await createGallery(performer, { tags: [tag], title: "Hidden draft beach" });
    await upload(performer, draft._id);
    await createGallery(performer, { tags: [tag], status: "active", title: "Empty beach" });
    const inactive = await listedGallery(performer, { tags: [tag], title: "Old beach" });
    expect((await update(performer, inactive._id, { status: "inactive" })).statusCode).toBe(200);
    // Views decide "popular": 5, 5, 9, 0, 2.
    const views = [5, 5, 9, 0, 2];
    for (const [i, g] of made.entries())
      await t.database.db.update(galleries).set({ views: views[i] }).where(eq(galleries.id, g._id));
  });

  const titles = (res: LightMyRequestResponse) => (res.json().data as GalleryJson[]).map((g) => g.title);

  it("lists only listed galleries, newest first by default, with a total", async () => {
    const res = await search({ tags: tag });
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual([
      "Forest morning",
      "Cheap set",
      "Studio portraits",
      "City lights",
      "Sunset beach walk",
    ]);
    expect(res.json()).toMatchObject({ total: 5, totalCapped: false, next: null });
  });

  it("sorts by oldest, popular and price, in both directions where it applies", async () => {
    expect(titles(await search({ tags: tag, sortBy: "oldest" }))).toEqual([
      "Sunset beach walk",
      "City lights",
      "Studio portraits",
      "Cheap set",
      "Forest morning",
    ]);
    const popular = (await search({ tags: tag, sortBy: "popular" })).json().data as GalleryJson[];
    expect(popular.map((g) => g.stats.views)).toEqual([9, 5, 5, 2, 0]);
    // Ties fall back to the id, in the same direction.
    expect((popular[1]?._id ?? "") > (popular[2]?._id ?? "")).toBe(true);
    const asc = (await search({ tags: tag, sortBy: "popular", sort: "asc" })).json().data as GalleryJson[];
    expect(asc.map((g) => g.stats.views)).toEqual([0, 2, 5, 5, 9]);
    const price = (await search({ tags: tag, sortBy: "price" })).json().data as GalleryJson[];
    expect(price.map((g) => g.price)).toEqual([3, 1.5, null, null, null]);
    const cheap = (await search({ tags: tag, sortBy: "price", sort: "asc" })).json().data as GalleryJson[];
    expect(cheap.map((g) => g.price)).toEqual([null, null, null, 1.5, 3]);
  });

  it("filters by performers, categories, tags, access and excludedId", async () => {
    expect(titles(await search({ tags: tag, performerIds: other.id }))).toEqual(["Forest morning", "Studio portraits"]);
    expect(titles(await search({ tags: tag, performerIds: [other.id, performerId] }))).toHaveLength(5);
    const category = (made[0] as GalleryJson & { categories: { _id: string }[] }).categories[0]?._id as string;
    expect(titles(await search({ tags: tag, categoryIds: category }))).toEqual(["Sunset beach walk"]);
    expect(titles(await search({ tags: [tag, "studio"], performerIds: other.id }))).toHaveLength(2);
    expect(titles(await search({ tags: "studio", performerIds: other.id }))).toEqual(["Studio portraits"]);
    expect(titles(await search({ tags: tag, access: "sale" }))).toEqual(["Cheap set", "Studio portraits"]);
    expect(titles(await search({ tags: tag, access: "members" }))).toEqual(["City lights"]);
    const excluded = await search({ tags: tag, excludedId: made[0]?._id as string });
    expect(titles(excluded)).not.toContain("Sunset beach walk");
    expect(excluded.json().total).toBe(4);
  });

  it("searches titles and descriptions as full text", async () => {
    expect(titles(await search({ tags: tag, q: "beach" }))).toEqual(["Sunset beach walk"]);
    // "runs" meets "Running" in the description through English stemming.
    expect(titles(await search({ tags: tag, q: "runs" }))).toEqual(["Sunset beach walk"]);
    expect(titles(await search({ tags: tag, q: '"city lights"' }))).toEqual(["City lights"]);
    expect(titles(await search({ tags: tag, q: "portraits -studio" }))).toEqual([]);
    expect(titles(await search({ tags: tag, q: "forest OR sunset" }))).toHaveLength(2);
    expect(titles(await search({ tags: tag, q: "zzzunknownword" }))).toEqual([]);
    // A title word as typed with a description word in another form.
    expect(titles(await search({ tags: tag, q: "walk runs shores" }))).toEqual(["Sunset beach walk"]);
    expect(titles(await search({ tags: tag, q: "walk -shore" }))).toEqual([]);
    expect(titles(await search({ tags: tag, q: "walk or forest" }))).toEqual(["Forest morning", "Sunset beach walk"]);
    // Odd input is a search, never an error.
    for (const q of ["'", '"', "&|!():*", " - ", "the"]) {
      expect((await search({ tags: tag, q })).statusCode).toBe(200);
    }
  });

  it("counts matches for /search/total", async () => {
    const services = t.app.services as unknown as { galleries: { countMatching(q: string): Promise<number> } };
    expect(await services.galleries.countMatching("sunset beach walk")).toBeGreaterThanOrEqual(1);
    expect(await services.galleries.countMatching("zzzunknownword")).toBe(0);
    expect(await services.galleries.countMatching("")).toBe((await search({ limit: "1" })).json().total);
  });

  it("pages by offset and by cursor, continuing exactly where the previous page ended", async () => {
    for (const sortBy of ["newest", "oldest", "popular", "price"]) {
      for (const sort of ["desc", "asc"]) {
        const all = ids(await search({ tags: tag, sortBy, sort, limit: "100" }));
        expect(all).toHaveLength(5);
        const byOffset = [
          ...ids(await search({ tags: tag, sortBy, sort, limit: "2" })),
          ...ids(await search({ tags: tag, sortBy, sort, limit: "2", offset: "2" })),
          ...ids(await search({ tags: tag, sortBy, sort, limit: "2", offset: "4" })),
        ];
        expect(byOffset).toEqual(all);
        const byCursor: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const res: LightMyRequestResponse = await search({
            tags: tag,
            sortBy,
            sort,
            limit: "2",
            ...(cursor ? { cursor } : {}),
          });
          expect(res.statusCode).toBe(200);
          expect(res.json().total).toBe(5);
          byCursor.push(...ids(res));
          cursor = res.json().next;
          pages++;
        } while (cursor && pages < 10);
        expect(byCursor).toEqual(all);
      }
    }
  });

  it("refuses bad filters and cursors with 400", async () => {
    expect(
      detailPaths(await search({ performerIds: "nope" })).some((p) => p.startsWith("querystring.performerIds")),
    ).toBe(true);
    expect(detailPaths(await search({ categoryIds: ["x"] })).some((p) => p.startsWith("querystring.categoryIds"))).toBe(
      true,
    );
    expectBadRequest(await search({ sortBy: "random" }), "querystring.sortBy");
    expectBadRequest(await search({ access: "vip" }), "querystring.access");
    expectBadRequest(await search({ limit: "0" }), "querystring.limit");
    expectBadRequest(await search({ limit: "101" }), "querystring.limit");
    expectBadRequest(await search({ offset: "-1" }), "querystring.offset");
    expectBadRequest(await search({ excludedId: "x" }), "querystring.excludedId");
    expectBadRequest(await search({ unknown: "1" }), "querystring.unknown");
    expectBadRequest(await search({ cursor: "garbage" }), "querystring.cursor");
    const next = (await search({ tags: tag, limit: "2" })).json().next as string;
    expectBadRequest(await search({ tags: tag, sortBy: "oldest", cursor: next }), "querystring.cursor");
    const popular = (await search({ tags: tag, sortBy: "popular", limit: "2" })).json().next as string;
    expectBadRequest(
      await search({ tags: tag, sortBy: "popular", sort: "asc", cursor: popular }),
      "querystring.cursor",
    );
    const forge = (...parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString("base64url");
    // Keys that Date.parse reads but PostgreSQL would not, or that name no real instant.
    for (const key of ["not a date", "1", "-000001-01-01T00:00:00.000Z", "2024-02-30T00:00:00.000Z", "2024-01-01"]) {
      expectBadRequest(await search({ cursor: forge("newest", key, UNKNOWN) }), "querystring.cursor");
      expectBadRequest(
        await get("/user/assets/photos", undefined, { cursor: forge("newest", key, UNKNOWN) }),
        "querystring.cursor",
      );
      expectBadRequest(
        await get("/performer/assets/galleries/search", performer, { cursor: forge("studio-newest", key, UNKNOWN) }),
        "querystring.cursor",
      );
    }
    expectBadRequest(
      await search({ sortBy: "price", cursor: forge("price-desc", 1e300, UNKNOWN) }),
      "querystring.cursor",
    );
  });
});

describe("photos lists", () => {
  let g: GalleryJson;
  let photoIds: string[];

  beforeAll(async () => {
    g = await listedGallery(other.token, {}, 0);
    photoIds = [];
    for (let i = 0; i < 5; i++) photoIds.push((await upload(other.token, g._id))._id);
  });

  it("gives a gallery's photos in position order, by offset and by cursor", async () => {
    const all = await get(`/user/assets/gallery/${g._id}/photos`);
    expect(all.json()).toMatchObject({ total: 5, totalCapped: false, next: null });
    expect(ids(all)).toEqual(photoIds);
    expect((all.json().data as PhotoJson[]).map((p) => p.position)).toEqual([0, 1, 2, 3, 4]);
    expect(ids(await get(`/user/assets/gallery/${g.slug}/photos`, undefined, { limit: "2", offset: "3" }))).toEqual(
      photoIds.slice(3),
    );
    const first = await get(`/user/assets/gallery/${g._id}/photos`, undefined, { limit: "2" });
    const second = await get(`/user/assets/gallery/${g._id}/photos`, undefined, {
      limit: "2",
      cursor: first.json().next,
    });
    const third = await get(`/user/assets/gallery/${g._id}/photos`, undefined, {
      limit: "2",
      cursor: second.json().next,
    });
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(photoIds);
    expect(third.json().next).toBeNull();
  });

  it("refuses bad queries and unknown galleries", async () => {
    expect((await get(`/user/assets/gallery/${UNKNOWN}/photos`)).statusCode).toBe(404);
    expectBadRequest(await get(`/user/assets/gallery/${g._id}/photos`, undefined, { q: "x" }), "querystring.q");
    expectBadRequest(
      await get(`/user/assets/gallery/${g._id}/photos`, undefined, { sortBy: "newest" }),
      "querystring.sortBy",
    );
    expectBadRequest(
      await get(`/user/assets/gallery/${g._id}/photos`, undefined, { cursor: "!!" }),
      "querystring.cursor",
    );
  });

  it("lists photos of listed galleries newest first, filtered by gallery and performer", async () => {
    const newest = await get("/user/assets/photos", undefined, { galleryId: g._id });
    expect(ids(newest)).toEqual([...photoIds].reverse());
    const byPosition = await get("/user/assets/photos", undefined, { galleryId: g._id, sortBy: "position" });
    expect(ids(byPosition)).toEqual(photoIds);
    const ofOther = await get("/user/assets/photos", undefined, { performerIds: other.id, limit: "100" });
    expect(ids(ofOther)).toEqual(expect.arrayContaining(photoIds));
    for (const p of ofOther.json().data as (PhotoJson & { performers: { _id: string }[] })[])
      expect(p.performers.map((x) => x._id)).toContain(other.id);
    // The newest photos overall come first; the cursor continues without gaps or repeats.
    const all = ids(await get("/user/assets/photos", undefined, { limit: "100" }));
    const paged: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 50; i++) {
      const res = await get("/user/assets/photos", undefined, { limit: "7", ...(cursor ? { cursor } : {}) });
      paged.push(...ids(res));
      cursor = res.json().next ?? undefined;
      if (!cursor) break;
    }
    expect(paged).toEqual(all);
    // Photos of unlisted galleries are not there.
    const draft = await createGallery(other.token, {});
    const hidden = await upload(other.token, draft._id);
    expect(ids(await get("/user/assets/photos", undefined, { limit: "100" }))).not.toContain(hidden._id);
    expect(ids(await get("/user/assets/photos", undefined, { galleryId: draft._id }))).toEqual([]);
  });

  it("refuses bad photo filters", async () => {
    expectBadRequest(await get("/user/assets/photos", undefined, { sortBy: "position" }), "querystring.galleryId");
    expectBadRequest(await get("/user/assets/photos", undefined, { galleryId: "x" }), "querystring.galleryId");
    expectBadRequest(await get("/user/assets/photos", undefined, { sortBy: "views" }), "querystring.sortBy");
    const next = (await get("/user/assets/photos", undefined, { limit: "1" })).json().next as string;
    expectBadRequest(
      await get("/user/assets/photos", undefined, { galleryId: g._id, sortBy: "position", cursor: next }),
      "querystring.cursor",
    );
  });
});

describe("studio: lists and views", () => {
  let mine: GalleryJson;
  let theirs: GalleryJson;

  beforeAll(async () => {
    mine = await createGallery(performer, { title: unique("Mine draft ") });
    theirs = await createGallery(other.token, { title: unique("Theirs draft ") });
  });

  const studioSearch = (token: string | undefined, query: Record<string, string> = {}) =>
    get("/performer/assets/galleries/search", token, { limit: "100", ...query });

  it("a performer sees only their own galleries, drafts included; an admin sees all", async () => {
    const own = await studioSearch(performer);
    expect(own.statusCode).toBe(200);
    expect(ids(own)).toContain(mine._id);
    expect(ids(own)).not.toContain(theirs._id);
    for (const g of own.json().data as GalleryJson[]) expect(g.performers.map((p) => p._id)).toContain(performerId);
    const all = await studioSearch(admin);
    expect(ids(all)).toEqual(expect.arrayContaining([mine._id, theirs._id]));
    expect(ids(await studioSearch(admin, { performerId: other.id }))).toContain(theirs._id);
    expect(ids(await studioSearch(admin, { performerId: other.id }))).not.toContain(mine._id);
    // Another performer's id as a filter narrows, never widens.
    expect(ids(await studioSearch(performer, { performerId: other.id }))).not.toContain(theirs._id);
  });

  it("filters by status and text and sorts by creation, paging by cursor", async () => {
    const drafts = (await studioSearch(performer, { status: "draft" })).json().data as GalleryJson[];
    expect(drafts.length).toBeGreaterThan(0);
    for (const d of drafts) expect(d.status).toBe("draft");
    expect(ids(await studioSearch(performer, { q: mine.title }))).toEqual([mine._id]);
    const newest = ids(await studioSearch(performer));
    expect(ids(await studioSearch(performer, { sortBy: "oldest" }))).toEqual([...newest].reverse());
    const paged: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 100; i++) {
      const res = await studioSearch(performer, { limit: "4", ...(cursor ? { cursor } : {}) });
      paged.push(...ids(res));
      cursor = res.json().next ?? undefined;
      if (!cursor) break;
    }
    expect(paged).toEqual(newest);
  });

  it("guards the studio views", async () => {
    expect((await studioSearch(undefined)).statusCode).toBe(401);
    expect((await studioSearch(user)).statusCode).toBe(403);
    expectBadRequest(await studioSearch(performer, { status: "deleted" }), "querystring.status");
    expectBadRequest(await studioSearch(performer, { performerId: "x" }), "querystring.performerId");
    const view = (token?: string, id = mine._id) => get(`/performer/assets/galleries/${id}/view`, token);
    expect((await view()).statusCode).toBe(401);
    expect((await view(user)).statusCode).toBe(403);
    expect((await view(other.token)).statusCode).toBe(403);
    expect((await view(performer, UNKNOWN)).statusCode).toBe(404);
    const own = await view(performer);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ _id: mine._id, status: "draft", canWatch: true });
    expect(own.json().updatedAt).toEqual(expect.any(String));
    expect((await view(admin)).statusCode).toBe(200);
  });

  it("lists a gallery's photos with their processing state for the owner only", async () => {
    const g = await createGallery(performer, {});
    const p = await upload(performer, g._id);
    const res = await get(`/performer/assets/galleries/${g._id}/photos`, performer);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ _id: p._id, processing: { status: "ready", error: null }, status: "active" }),
    ]);
    // Also inactive photos, which the public does not see.
    await t.request({
      method: "PUT",
      url: `/performer/assets/photos/${p._id}`,
      token: performer,
      body: { status: "inactive" },
    });
    expect((await get(`/performer/assets/galleries/${g._id}/photos`, performer)).json().data[0].status).toBe(
      "inactive",
    );
    expect((await get(`/performer/assets/galleries/${g._id}/photos`, admin)).statusCode).toBe(200);
    expect((await get(`/performer/assets/galleries/${g._id}/photos`, other.token)).statusCode).toBe(403);
    expect((await get(`/performer/assets/galleries/${g._id}/photos`, user)).statusCode).toBe(403);
    expect((await get(`/performer/assets/galleries/${UNKNOWN}/photos`, performer)).statusCode).toBe(404);
  });
});

describe("studio: updating and deleting", () => {
  it("updates fields, access and price, and publication follows the status", async () => {
    const g = await createGallery(performer, {});
    await upload(performer, g._id);
    const before = await galleriesCount(performerId);
    const res = await update(performer, g._id, {
      title: "Renamed",
      description: "New words",
      tags: ["one", "One", "two"],
      access: "sale",
      price: 7.25,
      status: "active",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: "Renamed",
      slug: g.slug,
      tags: ["one", "two"],
      access: "sale",
      price: 7.25,
    });
    expect(res.json().publishedAt).not.toBeNull();
    expect(await galleriesCount(performerId)).toBe((before ?? 0) + 1);
    expect((await get(`/user/assets/galleries/${g._id}/view`)).statusCode).toBe(200);

    expect((await update(performer, g._id, { price: 9 })).json().price).toBe(9);
    expectBadRequest(await update(performer, g._id, { access: "free", price: 2 }), "body.price");
    const free = await update(performer, g._id, { access: "free" });
    expect(free.json()).toMatchObject({ access: "free", price: null });
    expectBadRequest(await update(performer, g._id, { access: "sale" }), "body.price");

    expect((await update(performer, g._id, { status: "inactive" })).json().publishedAt).toBeNull();
    expect((await get(`/user/assets/galleries/${g._id}/view`)).statusCode).toBe(404);
    expect(await galleriesCount(performerId)).toBe(before);
  });

  it("changes slugs, refusing taken ones", async () => {
    const a = await createGallery(performer, {});
    const b = await createGallery(performer, {});
    const slug = unique("fresh-");
    expect((await update(performer, a._id, { slug })).json().slug).toBe(slug);
    const res = await update(performer, b._id, { slug });
    expect(res.statusCode).toBe(409);
    expect(detailPaths(res)).toContain("body.slug");
  });

  it("sets the cover to one of the gallery's photos", async () => {
    const g = await listedGallery(performer, {}, 2);
    const list = (await get(`/user/assets/gallery/${g._id}/photos`)).json().data as PhotoJson[];
    const [first, second] = list as [PhotoJson, PhotoJson];
    const coverKey = (v: GalleryJson) => v.cover?.url.match(/private\/photos\/([0-9a-f-]+)\//)?.[1];
    expect(coverKey((await get(`/user/assets/galleries/${g._id}/view`)).json())).toBe(first._id);
    const res = await update(performer, g._id, { coverPhotoId: second._id });
    expect(res.statusCode).toBe(200);
    expect(coverKey((await get(`/user/assets/galleries/${g._id}/view`)).json())).toBe(second._id);
    const elsewhere = await listedGallery(performer, {}, 1);
    const foreign = ((await get(`/user/assets/gallery/${elsewhere._id}/photos`)).json().data as PhotoJson[])[0];
    expectBadRequest(await update(performer, g._id, { coverPhotoId: foreign?._id }), "body.coverPhotoId");
    expectBadRequest(await update(performer, g._id, { coverPhotoId: UNKNOWN }), "body.coverPhotoId");
    expectBadRequest(await update(performer, g._id, { coverPhotoId: "x" }), "body.coverPhotoId");
    expect((await update(performer, g._id, { coverPhotoId: null })).statusCode).toBe(200);
    expect(coverKey((await get(`/user/assets/galleries/${g._id}/view`)).json())).toBe(first._id);
  });

  it("moves the performers' counters when the performers of a listed gallery change", async () => {
    const g = await listedGallery(performer, {});
    const [mineBefore, otherBefore] = [await galleriesCount(performerId), await galleriesCount(other.id)];
    const res = await update(performer, g._id, { performerIds: [performerId, other.id] });
    expect(res.statusCode).toBe(200);
    expect(await galleriesCount(other.id)).toBe((otherBefore ?? 0) + 1);
    expect(await galleriesCount(performerId)).toBe(mineBefore);
    // The photos follow, so the photo list filters by the new performer too.
    const ofOther = ids(await get("/user/assets/photos", undefined, { performerIds: other.id, galleryId: g._id }));
    expect(ofOther).toHaveLength(1);
    expectBadRequest(await update(performer, g._id, { performerIds: [other.id] }), "body.performerIds");
    // The other performer now co-owns it and may edit it, but never take its maker off it.
    expect((await update(other.token, g._id, { title: "Shared" })).statusCode).toBe(200);
    expectBadRequest(await update(other.token, g._id, { performerIds: [other.id] }), "body.performerIds");
    expect((await update(performer, g._id, { title: "Still mine" })).statusCode).toBe(200);
    // Only an admin can.
    expect((await update(admin, g._id, { performerIds: [performerId] })).statusCode).toBe(200);
  });

  it("refuses a slug shaped like an id, and a sale gallery without a price", async () => {
    const res = await t.request({
      method: "POST",
      url: "/performer/assets/galleries",
      token: performer,
      body: { title: "Id-like", slug: "01890000-0000-7000-8000-00000000abcd" },
    });
    expectBadRequest(res, "body.slug");
    const sale = await createGallery(performer, { access: "sale", price: 4.5 });
    expectBadRequest(await update(performer, sale._id, { price: null }), "body.price");
    expect((await update(performer, sale._id, { title: "Priced" })).json().price).toBe(4.5);
  });

  it("guards updates", async () => {
    const g = await createGallery(performer, {});
    expect((await update(undefined, g._id, { title: "x" })).statusCode).toBe(401);
    expect((await update(user, g._id, { title: "x" })).statusCode).toBe(403);
    expect((await update(other.token, g._id, { title: "x" })).statusCode).toBe(403);
    expect((await update(performer, UNKNOWN, { title: "x" })).statusCode).toBe(404);
    expectBadRequest(await update(performer, "x", { title: "x" }), "params.id");
    expectBadRequest(await update(performer, g._id, { title: "" }), "body.title");
    expectBadRequest(await update(performer, g._id, { views: 1 }), "body.views");
    expect((await update(admin, g._id, { title: "By admin" })).json().title).toBe("By admin");
    // An empty update changes nothing.
    expect((await update(performer, g._id, {})).json().title).toBe("By admin");
  });

  it("deletes a gallery with its photos and files; counters follow", async () => {
    const g = await listedGallery(performer, { performerIds: [performerId, other.id] }, 2);
    const photoIds = ids(await get(`/performer/assets/galleries/${g._id}/photos`, performer));
    const [mineBefore, otherBefore] = [await galleriesCount(performerId), await galleriesCount(other.id)];
    const del = (token?: string, id = g._id) =>
      t.request({ method: "DELETE", url: `/performer/assets/galleries/${id}`, token });
    expect((await del()).statusCode).toBe(401);
    expect((await del(user)).statusCode).toBe(403);
    const stranger = await account("performer");
    expect((await del(stranger.token)).statusCode).toBe(403);
    expect((await del(performer, UNKNOWN)).statusCode).toBe(404);
    expectBadRequest(await del(performer, "x"), "params.id");
    expect((await del(performer)).statusCode).toBe(204);
    expect((await get(`/user/assets/galleries/${g._id}/view`, admin)).statusCode).toBe(404);
    expect((await del(performer)).statusCode).toBe(404);
    expect(await t.database.db.select().from(photos).where(inArray(photos.id, photoIds))).toEqual([]);
    for (const id of photoIds) {
      expect(await exists(path.join(mediaDir, "private/photos", id))).toBe(false);
      expect(await exists(path.join(mediaDir, "public/photos", id))).toBe(false);
    }
    expect(await galleriesCount(performerId)).toBe((mineBefore ?? 0) - 1);
    expect(await galleriesCount(other.id)).toBe((otherBefore ?? 0) - 1);
    // Deleting a gallery that was never listed leaves the counters alone.
    const draft = await createGallery(performer, {});
    expect((await del(admin, draft._id)).statusCode).toBe(204);
    expect(await galleriesCount(performerId)).toBe((mineBefore ?? 0) - 1);
  });
});

describe("studio: photos", () => {
  const put = (token: string | undefined, id: string, body: unknown) =>
    t.request({ method: "PUT", url: `/performer/assets/photos/${id}`, token, body });
  const del = (token: string | undefined, id: string) =>
    t.request({ method: "DELETE", url: `/performer/assets/photos/${id}`, token });
  const order = async (galleryId: string) =>
    ids(await get(`/performer/assets/galleries/${galleryId}/photos`, performer));

  it("renames and reorders photos", async () => {
    const g = await listedGallery(performer, {}, 0);
    const [a, b, c] = [await upload(performer, g._id), await upload(performer, g._id), await upload(performer, g._id)];
    const renamed = await put(performer, b._id, { title: "The middle one" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: "The middle one", position: 1 });
    expect((await put(performer, c._id, { position: 0 })).json().position).toBe(0);
    expect(await order(g._id)).toEqual([c._id, a._id, b._id]);
    expect((await put(performer, a._id, { position: 10 })).json().position).toBe(2);
    expect(await order(g._id)).toEqual([c._id, b._id, a._id]);
    expect(ids(await get(`/user/assets/gallery/${g._id}/photos`))).toEqual([c._id, b._id, a._id]);
    // Moving and renaming at once; positions stay 0..n-1.
    expect((await put(performer, a._id, { position: 1, title: "Now second" })).json()).toMatchObject({
      position: 1,
      title: "Now second",
    });
    const positions = (await get(`/performer/assets/galleries/${g._id}/photos`, performer)).json().data as PhotoJson[];
    expect(positions.map((p) => [p._id, p.position])).toEqual([
      [c._id, 0],
      [a._id, 1],
      [b._id, 2],
    ]);
    // A deleted photo leaves no gap; the next upload goes last.
    expect((await del(performer, c._id)).statusCode).toBe(204);
    const d = await upload(performer, g._id);
    const after = (await get(`/performer/assets/galleries/${g._id}/photos`, performer)).json().data as PhotoJson[];
    expect(after.map((p) => [p._id, p.position])).toEqual([
      [a._id, 0],
      [b._id, 1],
      [d._id, 2],
    ]);
  });

  it("hides inactive photos and unlists a gallery left without visible photos", async () => {
    const g = await listedGallery(performer, {}, 0);
    const [a, b] = [await upload(performer, g._id), await upload(performer, g._id)];
    const before = await galleriesCount(performerId);
    expect((await put(performer, a._id, { status: "inactive" })).json().status).toBe("inactive");
    expect(ids(await get(`/user/assets/gallery/${g._id}/photos`))).toEqual([b._id]);
    expect((await get(`/user/assets/galleries/${g._id}/view`)).json().photosCount).toBe(1);
    expect((await put(performer, b._id, { status: "draft" })).statusCode).toBe(200);
    expect((await get(`/user/assets/galleries/${g._id}/view`)).statusCode).toBe(404);
    expect(await galleriesCount(performerId)).toBe((before ?? 0) - 1);
    expect((await put(performer, b._id, { status: "active" })).statusCode).toBe(200);
    expect((await get(`/user/assets/galleries/${g._id}/view`)).statusCode).toBe(200);
    expect(await galleriesCount(performerId)).toBe(before);
  });

  it("deletes a photo with its files; the cover and counts follow", async () => {
    const g = await listedGallery(performer, {}, 0);
    const [a, b] = [await upload(performer, g._id), await upload(performer, g._id)];
    await update(performer, g._id, { coverPhotoId: b._id });
    expect((await del(performer, b._id)).statusCode).toBe(204);
    expect(await exists(path.join(mediaDir, "private/photos", b._id))).toBe(false);
    expect(await exists(path.join(mediaDir, "public/photos", b._id))).toBe(false);
    const [row] = await t.database.db.select().from(galleries).where(eq(galleries.id, g._id));
    expect(row).toMatchObject({ coverPhotoId: null, photosCount: 1, listed: true });
    expect((await del(performer, b._id)).statusCode).toBe(404);
    expect((await del(performer, a._id)).statusCode).toBe(204);
    expect((await get(`/user/assets/galleries/${g._id}/view`)).statusCode).toBe(404);
  });

  it("a photo deleted before its media job ran leaves no file behind once the job has run", async () => {
    const g = await listedGallery(performer, {}, 0);
    const res = await uploadRes(performer, g._id, await picture());
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json()._id as string;
    expect((await del(performer, id)).statusCode).toBe(204);
    await t.jobs.idle();
    expect(await exists(path.join(mediaDir, "private/photos", id))).toBe(false);
    expect(await exists(path.join(mediaDir, "public/photos", id))).toBe(false);
    const [row] = await t.database.db.select().from(galleries).where(eq(galleries.id, g._id));
    expect(row).toMatchObject({ photosCount: 0, listed: false });
  });

  it("guards photo changes", async () => {
    const g = await createGallery(performer, {});
    const p = await upload(performer, g._id);
    for (const [token, status] of [
      [undefined, 401],
      [user, 403],
      [other.token, 403],
    ] as const) {
      expect((await put(token, p._id, { title: "x" })).statusCode).toBe(status);
      expect((await del(token, p._id)).statusCode).toBe(status);
    }
    expect((await put(performer, UNKNOWN, { title: "x" })).statusCode).toBe(404);
    expectBadRequest(await put(performer, "x", { title: "x" }), "params.id");
    expectBadRequest(await put(performer, p._id, { position: -1 }), "body.position");
    expectBadRequest(await put(performer, p._id, { status: "gone" }), "body.status");
    expectBadRequest(await put(performer, p._id, { url: "x" }), "body.url");
    expect((await put(admin, p._id, { title: "By admin" })).json().title).toBe("By admin");
    expect((await del(admin, p._id)).statusCode).toBe(204);
  });
});

describe("signed media links", () => {
  const services = () => t.app.services as unknown as { signer?: { sign(key: string, ttlSec?: number): string } };
  const mediaRouted = () => t.app.hasRoute({ method: "GET", url: "/media/:exp/:sig/*" });

  it("a photo's signed links answer 200 with the image; an expired link answers 403", async (ctx) => {
    if (!mediaRouted()) ctx.skip();
    const g = await listedGallery(performer, {}, 1);
    const [p] = (await get(`/user/assets/gallery/${g._id}/photos`)).json().data as PhotoJson[];
    const full = await t.request({ method: "GET", url: localPath(p?.url as string) });
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-type"]).toBe("image/webp");
    expect((await sharp(full.rawPayload).metadata()).format).toBe("webp");
    const thumb = await t.request({ method: "GET", url: localPath(p?.thumbnail.url as string) });
    expect(thumb.statusCode).toBe(200);

    const signer = services().signer;
    expect(signer).toBeDefined();
    const now = Date.now();
    const spy = vi.spyOn(Date, "now").mockReturnValue(now - 2 * 3600_000);
    const expired = signer?.sign(`private/photos/${p?._id}/full.webp`, 60) as string;
    spy.mockRestore();
    expect((await t.request({ method: "GET", url: localPath(expired) })).statusCode).toBe(403);
    // A link for one photo does not open another.
    const [q] = (await get(`/user/assets/gallery/${g._id}/photos`)).json().data as PhotoJson[];
    const other = await upload(performer, g._id);
    const swapped = localPath(q?.url as string).replace(q?._id as string, other._id);
    expect((await t.request({ method: "GET", url: swapped })).statusCode).toBe(403);
  });
});

describe("input PostgreSQL cannot store", () => {
  it("refuses NUL characters as bad input and never answers 5xx", async () => {
    const g = await createGallery(performer, {});
    const p = await upload(performer, g._id);
    expectBadRequest(await search({ tags: "a\u0000b" }), "querystring.tags");
    expectBadRequest(await search({ q: "\u0000" }), "querystring.q");
    expectBadRequest(await get("/performer/assets/galleries/search", performer, { q: "a\u0000" }), "querystring.q");
    expectBadRequest(await get("/user/assets/photos", undefined, { q: "\u0000x" }), "querystring.q");
    expectBadRequest(await get("/user/assets/galleries/%00/view"), "params.id");
    expectBadRequest(await get("/user/assets/gallery/a%00b/photos"), "params.id");
    expectBadRequest(await get("/performer/assets/galleries/%00/view", performer), "params.id");
    expectBadRequest(await get("/performer/assets/galleries/%00/photos", performer), "params.id");
    expectBadRequest(await createRes(performer, { title: "a\u0000b" }), "body.title");
    expectBadRequest(await createRes(performer, { title: "ok", description: "\u0000" }), "body.description");
    expectBadRequest(await createRes(performer, { title: "ok", tags: ["\u0000"] }), "body.tags.0");
    expectBadRequest(await update(performer, g._id, { title: "\u0000" }), "body.title");
    const photoRes = await t.request({
      method: "PUT",
      url: `/performer/assets/photos/${p._id}`,
      token: performer,
      body: { title: "x\u0000" },
    });
    expectBadRequest(photoRes, "body.title");
  });
});
