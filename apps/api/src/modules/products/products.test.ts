import { randomBytes } from "node:crypto";
import { access as fsAccess } from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, expectBadRequest, newAccount, type TestContext } from "../../../test/harness.ts";
import { categories } from "../categories/tables.ts";
import { orderLines, orders } from "../commerce/orders/tables.ts";
import { performers } from "../performers/tables.ts";
import { products } from "./tables.ts";

let t: TestContext;
let admin: string;
let performer: string;
let member: string;
let performerId: string;
let other: { id: string; token: string };
let buyer: { id: string; token: string };
let productCategory: string;
let videoCategory: string;

const UNKNOWN = "01890000-0000-7000-8000-000000000000";
/** Small enough to go over in a test: 0.05 MB. */
const FILE_MAX_BYTES = Math.round(0.05 * 1024 * 1024);

interface ImageJson {
  _id: string;
  position: number;
  thumb: { url: string; srcSet: string | null; width: number; height: number };
  medium: { url: string; width: number };
  large: { url: string; width: number };
}
interface ProductJson {
  _id: string;
  slug: string;
  title: string;
  type: "physical" | "digital";
  price: number;
  stock: number | null;
  status: string;
  publishedAt: string | null;
  images: ImageJson[];
  image: ImageJson | null;
  performers: { _id: string }[];
  seller: { _id: string; username: string } | null;
  isBought: boolean;
  stats: { views: number };
  file: { sizeBytes: number; contentType: string; name: string } | null;
}

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

const account = (role: "user" | "performer") => newAccount(t, role, role === "performer" ? "seller" : "shopper");

function multipart(data: Buffer, filename = "upload.png", type = "image/png") {
  const boundary = `----marquee${randomBytes(8).toString("hex")}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const picture = (width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40 + (seq++ % 200), g: 120, b: 200 } } })
    .png()
    .toBuffer();

const get = (url: string, token?: string, query?: Record<string, string | string[]>) =>
  t.request({ method: "GET", url, token, query });
const createRes = (token: string | undefined, body: Record<string, unknown>) =>
  t.request({ method: "POST", url: "/performer/assets/products", token, body });
const update = (token: string | undefined, id: string, body: unknown) =>
  t.request({ method: "PUT", url: `/performer/assets/products/${id}`, token, body });
const search = (query: Record<string, string | string[]>, token?: string) =>
  get("/user/assets/products/search", token, query);
const ids = (res: LightMyRequestResponse) => (res.json().data as { _id: string }[]).map((d) => d._id);

const physical = (body: Record<string, unknown> = {}) => ({
  title: unique("Poster "),
  type: "physical",
  price: 12.5,
  stock: 3,
  ...body,
});
const digital = (body: Record<string, unknown> = {}) => ({
  title: unique("Ebook "),
  type: "digital",
  price: 4.99,
  ...body,
});

async function create(token: string, body: Record<string, unknown>): Promise<ProductJson> {
  const res = await createRes(token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function uploadRes(token: string | undefined, id: string, what: "images" | "file", data: Buffer, filename?: string) {
  const { body, headers } = multipart(data, filename);
  return t.app.inject({
    method: "POST",
    url: `/performer/assets/products/${id}/${what === "images" ? "images/upload" : "file/upload"}`,
    payload: body,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/** An active digital product with its file: listed and ready to sell. */
async function listedDigital(token: string, body: Record<string, unknown> = {}, file = PDF) {
  const p = await create(token, digital({ status: "active", ...body }));
  const res = await uploadRes(token, p._id, "file", file, "book.pdf");
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductJson;
}

/** A paid (or refunded) order of `userId` with a line for the product, as the checkout will record it. */
async function buy(userId: string, productId: string, status: "paid" | "refunded" | "pending" = "paid") {
  const [order] = await t.database.db
    .insert(orders)
    .values({ userId, status, originalCents: 499, totalCents: 499, paidAt: status === "pending" ? null : new Date() })
    .returning();
  await t.database.db.insert(orderLines).values({
    orderId: (order as { id: string }).id,
    itemKind: "product",
    itemId: productId,
    title: "bought product",
    unitPriceCents: 499,
    totalCents: 499,
  });
}

async function productsCount(id: string) {
  const [row] = await t.database.db
    .select({ n: performers.productsCount })
    .from(performers)
    .where(eq(performers.id, id));
  return row?.n;
}

/** Path and query of a (root-relative) URL the API made, for `inject`. */
const localPath = (url: string) => {
  expect(url.startsWith("/api/")).toBe(true);
  const u = new URL(url, "http://site.test");
  return `${u.pathname}${u.search}`;
};

const exists = (file: string) =>
  fsAccess(file).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  t = await createTestContext({ UPLOAD_PRODUCT_FILE_MAX_MB: "0.05", PRODUCT_DOWNLOAD_TTL_SEC: "60" });
  [admin, performer, member] = await Promise.all([t.login("admin"), t.login("performer"), t.login("member")]);
  performerId = (await get("/users/me", performer)).json()._id;
  other = await account("performer");
  buyer = await account("user");
  const made = await t.database.db
    .insert(categories)
    .values([
      { group: "product", name: "Prints", slug: unique("prints") },
      { group: "video", name: "Drama", slug: unique("drama") },
    ])
    .returning();
  productCategory = (made[0] as { id: string }).id;
  videoCategory = (made[1] as { id: string }).id;
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

describe("who may call the studio", () => {
  it("refuses visitors (401) and members (403) on every studio route", async () => {
    const p = await create(performer, physical());
    const routes: [string, string][] = [
      ["GET", "/performer/assets/products/search"],
      ["GET", `/performer/assets/products/${p._id}/view`],
      ["POST", "/performer/assets/products"],
      ["PUT", `/performer/assets/products/${p._id}`],
      ["DELETE", `/performer/assets/products/${p._id}`],
      ["PUT", `/performer/assets/products/${p._id}/images/order`],
      ["DELETE", `/performer/assets/products/${p._id}/images/${UNKNOWN}`],
    ];
    for (const [method, url] of routes) {
      const m = method as "GET" | "POST" | "PUT" | "DELETE";
      expect((await t.request({ method: m, url, body: method === "GET" ? undefined : {} })).statusCode, url).toBe(401);
      expect(
        (await t.request({ method: m, url, token: member, body: method === "GET" ? undefined : {} })).statusCode,
        url,
      ).toBe(403);
    }
    expect((await uploadRes(undefined, p._id, "images", await picture())).statusCode).toBe(401);
    expect((await uploadRes(member, p._id, "images", await picture())).statusCode).toBe(403);
    expect((await uploadRes(member, p._id, "file", PDF)).statusCode).toBe(403);
  });

  it("keeps a performer off another seller's product (403), lets an admin in", async () => {
    const p = await create(performer, physical());
    expect((await get(`/performer/assets/products/${p._id}/view`, other.token)).statusCode).toBe(403);
    expect((await update(other.token, p._id, { title: "Mine now" })).statusCode).toBe(403);
    expect(
      (await t.request({ method: "DELETE", url: `/performer/assets/products/${p._id}`, token: other.token }))
        .statusCode,
    ).toBe(403);
    expect((await uploadRes(other.token, p._id, "images", await picture())).statusCode).toBe(403);
    expect(
      (
        await t.request({
          method: "PUT",
          url: `/performer/assets/products/${p._id}/images/order`,
          token: other.token,
          body: { imageIds: [UNKNOWN] },
        })
      ).statusCode,
    ).toBe(403);
    expect((await get(`/performer/assets/products/${UNKNOWN}/view`, other.token)).statusCode).toBe(404);
    expect((await update(other.token, UNKNOWN, { title: "x" })).statusCode).toBe(404);

    const mine = await get(`/performer/assets/products/${p.slug}/view`, performer);
    expect(mine.statusCode).toBe(200);
    const byAdmin = await update(admin, p._id, { title: "Fixed by the admin" });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().title).toBe("Fixed by the admin");
    expect((await get(`/performer/assets/products/${p._id}/view`, admin)).statusCode).toBe(200);
  });

  it("lists a performer's own products only in the studio; an admin sees everyone's and filters", async () => {
    const mine = await create(performer, physical());
    const theirs = await create(other.token, digital());
    const own = await get("/performer/assets/products/search", performer, { limit: "100" });
    expect(own.statusCode).toBe(200);
    expect(ids(own)).toContain(mine._id);
    expect(ids(own)).not.toContain(theirs._id);
    const all = await get("/performer/assets/products/search", admin, { limit: "100", performerId: other.id });
    expect(ids(all)).toEqual([theirs._id]);
    const drafts = await get("/performer/assets/products/search", other.token, { type: "digital", status: "draft" });
    expect(ids(drafts)).toEqual([theirs._id]);
    expect((await get("/performer/assets/products/search", performer, { status: "gone" })).statusCode).toBe(400);
  });
});

describe("creating and editing", () => {
  it("creates physical and digital products with their performer, price in cents and stock", async () => {
    const p = await create(performer, physical({ price: 19.99, stock: 7, categoryIds: [productCategory] }));
    expect(p).toMatchObject({ type: "physical", price: 19.99, stock: 7, status: "draft", publishedAt: null });
    expect(p.performers.map((x) => x._id)).toEqual([performerId]);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, p._id));
    expect(row).toMatchObject({ priceCents: 1999, stock: 7, createdBy: performerId });
    const d = await create(performer, digital());
    expect(d).toMatchObject({ type: "digital", stock: null, file: null });
  });

  it("refuses bad input with 400 naming the field", async () => {
    expectBadRequest(await createRes(performer, { type: "physical", price: 5, stock: 1 }), "body.title");
    expectBadRequest(await createRes(performer, physical({ price: 0 })), "body.price");
    expectBadRequest(await createRes(performer, physical({ price: -3 })), "body.price");
    expectBadRequest(await createRes(performer, physical({ price: 1.234 })), "body.price");
    expectBadRequest(await createRes(performer, physical({ price: undefined })), "body.price");
    expectBadRequest(await createRes(performer, physical({ type: "service" })), "body.type");
    expectBadRequest(await createRes(performer, physical({ stock: undefined })), "body.stock");
    expectBadRequest(await createRes(performer, physical({ stock: -1 })), "body.stock");
    expectBadRequest(await createRes(performer, physical({ stock: 1.5 })), "body.stock");
    expectBadRequest(await createRes(performer, digital({ stock: 4 })), "body.stock");
    expectBadRequest(await createRes(performer, physical({ categoryIds: [UNKNOWN] })), "body.categoryIds");
    expectBadRequest(await createRes(performer, physical({ categoryIds: [videoCategory] })), "body.categoryIds");
    expectBadRequest(await createRes(performer, physical({ performerIds: [other.id] })), "body.performerIds");
    expectBadRequest(await createRes(admin, physical()), "body.performerIds");
    expectBadRequest(await createRes(performer, physical({ slug: "search" })), "body.slug");
    expectBadRequest(await createRes(performer, physical({ slug: "Not A Slug" })), "body.slug");
    expectBadRequest(await createRes(performer, physical({ listed: true })), "body.listed");
  });

  it("gives a free slug from the title and refuses a chosen slug already used (409)", async () => {
    const title = unique("Signed Photo ");
    const a = await create(performer, physical({ title }));
    const b = await create(performer, physical({ title }));
    expect(b.slug).toBe(`${a.slug}-2`);
    const taken = await createRes(performer, physical({ slug: a.slug }));
    expect(taken.statusCode).toBe(409);
    expect((await update(performer, b._id, { slug: a.slug })).statusCode).toBe(409);
  });

  it("edits fields and stock by the product's type", async () => {
    const p = await create(performer, physical());
    const res = await update(performer, p._id, { stock: 0, price: 8, description: "Now signed" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stock: 0, price: 8, description: "Now signed" });
    expectBadRequest(await update(performer, p._id, { stock: null }), "body.stock");
    expectBadRequest(await update(performer, p._id, { stock: -2 }), "body.stock");
    expectBadRequest(await update(performer, p._id, { type: "digital" }), "body.type");
    expectBadRequest(await update(performer, p._id, { price: 0 }), "body.price");
    const d = await create(performer, digital());
    expectBadRequest(await update(performer, d._id, { stock: 3 }), "body.stock");
    expect((await update(performer, d._id, { stock: null })).statusCode).toBe(200);
    expect((await update(performer, "not-a-uuid", { title: "x" })).statusCode).toBe(400);
  });

  it("keeps the performers' products count to their listed products", async () => {
    const seller = await account("performer");
    expect(await productsCount(seller.id)).toBe(0);
    const p = await create(seller.token, physical({ status: "active" }));
    expect(await productsCount(seller.id)).toBe(1);
    const d = await create(seller.token, digital({ status: "active" }));
    // A digital product without its file is not for sale yet.
    expect(await productsCount(seller.id)).toBe(1);
    expect((await uploadRes(seller.token, d._id, "file", PDF)).statusCode).toBe(200);
    expect(await productsCount(seller.id)).toBe(2);
    await update(seller.token, p._id, { status: "inactive" });
    expect(await productsCount(seller.id)).toBe(1);
    await update(seller.token, p._id, { status: "active" });
    expect(await productsCount(seller.id)).toBe(2);
    const del = await t.request({ method: "DELETE", url: `/performer/assets/products/${d._id}`, token: seller.token });
    expect(del.statusCode).toBe(204);
    expect(await productsCount(seller.id)).toBe(1);
    expect((await get(`/performer/assets/products/${d._id}/view`, seller.token)).statusCode).toBe(404);
  });
});

describe("the public product page", () => {
  it("answers a listed product by id and by slug with its seller, and counts views", async () => {
    const p = await create(performer, physical({ status: "active" }));
    const byId = await get(`/user/assets/products/${p._id}`);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json()).toMatchObject({
      _id: p._id,
      isBought: false,
      seller: { _id: performerId, username: "performer" },
    });
    expect(byId.json()).not.toHaveProperty("file");
    const bySlug = await get(`/user/assets/products/${p.slug.toUpperCase()}`);
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().stats.views).toBe(2);
    expect((await get("/user/assets/products/no-such-product")).statusCode).toBe(404);
    expect((await get(`/user/assets/products/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await get("/user/assets/products/bad%20slug!")).statusCode).toBe(404);
  });

  it("hides drafts, inactive and file-less digital products from everyone but their seller and admins", async () => {
    const draft = await create(performer, physical());
    const inactive = await create(performer, physical({ status: "inactive" }));
    const fileless = await create(performer, digital({ status: "active" }));
    for (const p of [draft, inactive, fileless]) {
      expect((await get(`/user/assets/products/${p._id}`)).statusCode).toBe(404);
      expect((await get(`/user/assets/products/${p._id}`, member)).statusCode).toBe(404);
      expect((await get(`/user/assets/products/${p._id}`, other.token)).statusCode).toBe(404);
      expect((await get(`/user/assets/products/${p._id}`, performer)).statusCode).toBe(200);
      expect((await get(`/user/assets/products/${p._id}`, admin)).statusCode).toBe(200);
    }
  });

  it("says isBought for a viewer with a paid order line, not for a refunded or pending one", async () => {
    const p = await listedDigital(performer);
    const shopper = await account("user");
    expect((await get(`/user/assets/products/${p._id}`, shopper.token)).json().isBought).toBe(false);
    await buy(shopper.id, p._id, "pending");
    await buy(shopper.id, p._id, "refunded");
    expect((await get(`/user/assets/products/${p._id}`, shopper.token)).json().isBought).toBe(false);
    await buy(shopper.id, p._id);
    expect((await get(`/user/assets/products/${p._id}`, shopper.token)).json().isBought).toBe(true);
    expect((await get(`/user/assets/products/${p._id}`, member)).json().isBought).toBe(false);
  });
});

describe("searching the store", () => {
  let seller: { id: string; token: string };
  const made: Record<string, ProductJson> = {};
  beforeAll(async () => {
    seller = await account("performer");
    made.cheap = await create(seller.token, physical({ title: "Quokka mug", price: 3, stock: 10, status: "active" }));
    made.mid = await create(
      seller.token,
      physical({ title: "Quokka poster", price: 15, stock: 2, status: "active", categoryIds: [productCategory] }),
    );
    made.dear = await listedDigital(seller.token, { title: "Quokka photo book", price: 40 });
    made.draft = await create(seller.token, physical({ title: "Quokka draft", price: 20 }));
  });

  it("lists listed products only, filtered by performer, type, price range, category and text", async () => {
    const all = await search({ performerId: seller.id });
    expect(all.statusCode, all.body).toBe(200);
    expect(new Set(ids(all))).toEqual(new Set([made.cheap?._id, made.mid?._id, made.dear?._id]));
    expect(all.json().total).toBe(3);
    expect(ids(await search({ performerIds: [seller.id], type: "digital" }))).toEqual([made.dear?._id]);
    expect(new Set(ids(await search({ performerId: seller.id, priceMin: "3", priceMax: "15" })))).toEqual(
      new Set([made.cheap?._id, made.mid?._id]),
    );
    expect(ids(await search({ performerId: seller.id, priceMin: "15.01" }))).toEqual([made.dear?._id]);
    expect(ids(await search({ performerId: seller.id, categoryIds: productCategory }))).toEqual([made.mid?._id]);
    expect(ids(await search({ performerId: seller.id, q: "poster" }))).toEqual([made.mid?._id]);
  });

  it("answers just the products asked for by id (a cart's lines), leaving out those no longer listed", async () => {
    const asked = [made.mid?._id, made.draft?._id, made.dear?._id] as string[];
    const res = await search({ ids: asked });
    expect(res.statusCode, res.body).toBe(200);
    expect(new Set(ids(res))).toEqual(new Set([made.mid?._id, made.dear?._id]));
    expect(ids(await search({ ids: made.cheap?._id as string }))).toEqual([made.cheap?._id]);
    expectBadRequest(await search({ ids: ["nope"] }), "querystring.ids.0");
  });

  it("sorts by price both ways, newest and oldest", async () => {
    const base = { performerId: seller.id };
    const order = [made.cheap?._id, made.mid?._id, made.dear?._id];
    expect(ids(await search({ ...base, sortBy: "price", sort: "asc" }))).toEqual(order);
    expect(ids(await search({ ...base, sortBy: "price", sort: "desc" }))).toEqual([...order].reverse());
    expect(ids(await search({ ...base, sortBy: "newest" }))).toEqual([made.dear?._id, made.mid?._id, made.cheap?._id]);
    expect(ids(await search({ ...base, sortBy: "oldest" }))).toEqual([made.cheap?._id, made.mid?._id, made.dear?._id]);
    expect((await search({ ...base, sortBy: "popular" })).statusCode).toBe(200);
  });

  it("pages by offset and by cursor alike", async () => {
    const base = { performerId: seller.id, sortBy: "price", sort: "asc", limit: "2" };
    const first = await search(base);
    expect(ids(first)).toEqual([made.cheap?._id, made.mid?._id]);
    expect(first.json().next).toEqual(expect.any(String));
    const byCursor = await search({ ...base, cursor: first.json().next });
    expect(ids(byCursor)).toEqual([made.dear?._id]);
    expect(byCursor.json().next).toBeNull();
    expect(ids(await search({ ...base, offset: "2" }))).toEqual([made.dear?._id]);
    expect((await search({ ...base, cursor: "garbage" })).statusCode).toBe(400);
  });

  it("refuses bad filters with 400 naming them", async () => {
    expectBadRequest(await search({ type: "service" }), "querystring.type");
    expectBadRequest(await search({ priceMin: "ten" }), "querystring.priceMin");
    expectBadRequest(await search({ priceMin: "20", priceMax: "10" }), "querystring.priceMax");
    expectBadRequest(await search({ sortBy: "title" }), "querystring.sortBy");
    expectBadRequest(await search({ performerId: "nope" }), "querystring.performerId");
    expectBadRequest(await search({ limit: "500" }), "querystring.limit");
  });

  it("is counted by /search/total", async () => {
    const res = await get("/search/total", undefined, { q: "quokka" });
    expect(res.statusCode).toBe(200);
    expect(res.json().products).toBe(3);
  });

  it("offers a product to a checkout with its price, performers, stock and listing from the database", async () => {
    const offer = await t.app.services.products.offer({ id: buyer.id, role: "user" }, made.mid?._id as string);
    expect(offer).toMatchObject({
      kind: "product",
      id: made.mid?._id,
      priceCents: 1500,
      performerIds: [seller.id],
      listed: true,
      stock: 2,
      productType: "physical",
      decision: { isBought: false },
    });
    const d = await t.app.services.products.offer({ id: buyer.id, role: "user" }, made.dear?.slug as string);
    expect(d).toMatchObject({ stock: null, productType: "digital", priceCents: 4000 });
    await expect(
      t.app.services.products.offer({ id: buyer.id, role: "user" }, made.draft?._id as string),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("pictures", () => {
  it("stores an uploaded picture in three webp sizes, in order, and refuses what is not a picture", async () => {
    const p = await create(performer, physical({ status: "active" }));
    const first = await uploadRes(performer, p._id, "images", await picture(2400, 1200));
    expect(first.statusCode, first.body).toBe(201);
    const img = (first.json() as ProductJson).images[0] as ImageJson;
    expect(img).toMatchObject({ position: 0, width: 2400, height: 1200 });
    expect(img.thumb).toMatchObject({ width: 320, height: 160 });
    expect(img.medium).toMatchObject({ width: 800, height: 400 });
    expect(img.large).toMatchObject({ width: 1600, height: 800 });
    expect(img.thumb.srcSet).toContain("1600w");
    const served = await t.app.inject({ method: "GET", url: img.large.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1600);

    const notImage = await uploadRes(performer, p._id, "images", Buffer.from("#EXTM3U\n#EXT-X-ENDLIST\n"), "a.png");
    expect(notImage.statusCode).toBe(422);
    const empty = await t.app.inject({
      method: "POST",
      url: `/performer/assets/products/${p._id}/images/upload`,
      headers: { authorization: `Bearer ${performer}`, "content-type": "application/json" },
      payload: {},
    });
    expectBadRequest(empty, "file");

    const second = await uploadRes(performer, p._id, "images", await picture(300, 300));
    expect((second.json() as ProductJson).images.map((i) => i.position)).toEqual([0, 1]);
    expect((await get(`/user/assets/products/${p._id}`)).json().image._id).toBe(img._id);
  });

  it("reorders and removes pictures, closing up positions and removing the files", async () => {
    const p = await create(performer, physical());
    for (let i = 0; i < 3; i++)
      expect((await uploadRes(performer, p._id, "images", await picture(100, 80))).statusCode).toBe(201);
    const view = (await get(`/performer/assets/products/${p._id}/view`, performer)).json() as ProductJson;
    const [a, b, c] = view.images.map((i) => i._id) as [string, string, string];
    const reorder = (imageIds: string[], token = performer) =>
      t.request({ method: "PUT", url: `/performer/assets/products/${p._id}/images/order`, token, body: { imageIds } });
    const moved = await reorder([c, a, b]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as ProductJson).images.map((i) => i._id)).toEqual([c, a, b]);
    expectBadRequest(await reorder([c, a]), "body.imageIds");
    expectBadRequest(await reorder([c, a, a]), "body.imageIds");
    expectBadRequest(await reorder([c, a, UNKNOWN]), "body.imageIds");
    expectBadRequest(await reorder([]), "body.imageIds");

    const file = t.app.services.storage.diskPath(`public/products/${p._id}/${a}/thumb.webp`)!;
    expect(await exists(file)).toBe(true);
    const removed = await t.request({
      method: "DELETE",
      url: `/performer/assets/products/${p._id}/images/${a}`,
      token: performer,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as ProductJson).images.map((i) => [i._id, i.position])).toEqual([
      [c, 0],
      [b, 1],
    ]);
    expect(await exists(file)).toBe(false);
    expect(
      (await t.request({ method: "DELETE", url: `/performer/assets/products/${p._id}/images/${a}`, token: performer }))
        .statusCode,
    ).toBe(404);
    // Another product's picture cannot be removed through this one.
    const q = await create(performer, physical());
    expect(
      (await t.request({ method: "DELETE", url: `/performer/assets/products/${q._id}/images/${b}`, token: performer }))
        .statusCode,
    ).toBe(404);
  });
});

describe("the digital file", () => {
  it("is taken streamed, typed by its content, and refused for physical products, when too large or missing", async () => {
    const d = await create(performer, digital());
    const res = await uploadRes(performer, d._id, "file", PDF, "innocent.exe");
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ProductJson).file).toEqual({
      sizeBytes: PDF.length,
      contentType: "application/pdf",
      name: `${d.slug}.pdf`,
    });

    const p = await create(performer, physical());
    const onPhysical = await uploadRes(performer, p._id, "file", PDF);
    expect(onPhysical.statusCode).toBe(422);
    expect(onPhysical.json().message).toMatch(/digital/);

    const tooLarge = await uploadRes(performer, d._id, "file", Buffer.alloc(FILE_MAX_BYTES + 10, 7));
    expect(tooLarge.statusCode).toBe(413);
    expectBadRequest(await uploadRes(performer, d._id, "file", Buffer.alloc(0)), "file");
    // The earlier file is still the product's.
    const view = (await get(`/performer/assets/products/${d._id}/view`, performer)).json() as ProductJson;
    expect(view.file?.contentType).toBe("application/pdf");
  });

  it("replaces the previous file and removes it", async () => {
    const d = await listedDigital(performer);
    const [before] = await t.database.db.select().from(products).where(eq(products.id, d._id));
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);
    const res = await uploadRes(performer, d._id, "file", zip, "book.pdf");
    expect((res.json() as ProductJson).file?.contentType).toBe("application/zip");
    expect(await exists(t.app.services.storage.diskPath(before?.fileKey as string)!)).toBe(false);
  });
});

describe("download links", () => {
  let book: ProductJson;
  let other2: ProductJson;
  beforeAll(async () => {
    book = await listedDigital(performer, { title: "Secret book" });
    other2 = await listedDigital(other.token, {}, Buffer.from("%PDF-1.4\nsomeone else's paid book\n"));
    await buy(buyer.id, book._id);
  });

  const linkRes = (token: string | undefined, id: string) => get(`/user/assets/products/${id}/download-link`, token);

  it("gives a buyer a short-lived link that downloads the file as an attachment", async () => {
    const res = await linkRes(buyer.token, book._id);
    expect(res.statusCode, res.body).toBe(200);
    const { url, expiresAt } = res.json() as { url: string; expiresAt: string };
    const ttl = new Date(expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(61_000);
    const file = await t.app.inject({ method: "GET", url: localPath(url) });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="${book.slug}.pdf"`);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it("lets the seller and admins download, refuses members who did not buy (403) and visitors (401)", async () => {
    expect((await linkRes(performer, book._id)).statusCode).toBe(200);
    expect((await linkRes(admin, book._id)).statusCode).toBe(200);
    const refused = await linkRes(member, book._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Buy/);
    expect((await linkRes(other.token, book._id)).statusCode).toBe(403);
    expect((await linkRes(undefined, book._id)).statusCode).toBe(401);
    expect((await linkRes(buyer.token, other2._id)).statusCode).toBe(403);
    expect((await linkRes(buyer.token, UNKNOWN)).statusCode).toBe(404);
    expectBadRequest(await linkRes(buyer.token, "not-an-id"), "params.id");
  });

  it("refuses physical products (422) and refunded orders (403)", async () => {
    const p = await create(performer, physical({ status: "active" }));
    await buy(buyer.id, p._id);
    const res = await linkRes(buyer.token, p._id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/digital/);
    const refunded = await account("user");
    await buy(refunded.id, book._id, "refunded");
    expect((await linkRes(refunded.token, book._id)).statusCode).toBe(403);
  });

  it("stops working once expired", async () => {
    const { url } = (await linkRes(buyer.token, book._id)).json() as { url: string };
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000);
    const late = await t.app.inject({ method: "GET", url: localPath(url) });
    expect(late.statusCode).toBe(403);
    vi.useRealTimers();
    expect((await t.app.inject({ method: "GET", url: localPath(url) })).statusCode).toBe(200);
  });

  it("cannot be forged, altered or pointed at another product's file", async () => {
    const { url } = (await linkRes(buyer.token, book._id)).json() as { url: string };
    const path = localPath(url);
    const [, , , exp, sig, ...key] = path.split("/");
    const mac = (sig as string).split(".")[1] as string;
    const flipped = `${(sig as string).split(".")[0]}.${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`;
    const at = (e: string, s: string, k: string) => t.app.inject({ method: "GET", url: `/api/media/${e}/${s}/${k}` });
    expect((await at(exp as string, flipped, key.join("/"))).statusCode).toBe(403);
    expect((await at(String(Number(exp) + 3600), sig as string, key.join("/"))).statusCode).toBe(403);
    const [theirs] = await t.database.db.select().from(products).where(eq(products.id, other2._id));
    expect((await at(exp as string, sig as string, theirs?.fileKey as string)).statusCode).toBe(403);
    const forged = `${Date.now()}.${"x".repeat(32)}`;
    expect((await at(exp as string, forged, key.join("/"))).statusCode).toBe(403);
  });

  it("stores a crafted upload as it came: a playlist naming another product's file downloads as itself", async () => {
    const [theirs] = await t.database.db.select().from(products).where(eq(products.id, other2._id));
    const crafted = Buffer.from(
      `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n../../${theirs?.fileKey}\n#EXT-X-ENDLIST\n`,
    );
    const d = await listedDigital(performer, {}, crafted);
    expect(d.file).toMatchObject({ contentType: "text/plain; charset=utf-8", name: `${d.slug}.txt` });
    await buy(buyer.id, d._id);
    const { url } = (await linkRes(buyer.token, d._id)).json() as { url: string };
    const file = await t.app.inject({ method: "GET", url: localPath(url) });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toMatch(/^attachment;/);
    expect(file.rawPayload.equals(crafted)).toBe(true);
  });
});
