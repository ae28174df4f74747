import { stat } from "node:fs/promises";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, detailPaths, expectBadRequest, type TestContext } from "../../../test/harness.ts";
import { fileUpload, pngOf } from "../../../test/multipart.ts";

let t: TestContext;
let admin: string;
let user: string;
let performer: string;
const UNKNOWN_UUID = "01890000-0000-7000-8000-000000000000";

interface Banner {
  _id: string;
  title: string;
  description: string;
  href: string | null;
  position: string;
  image: { url: string; srcSet: string; width: number; height: number } | null;
  ordering: number;
  status: string;
}

const create = (body: unknown, token = admin) => t.request({ method: "POST", url: "/admin/banners", token, body });
async function made(body: Record<string, unknown>) {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Banner;
}
const put = (id: string, body: unknown, token = admin) =>
  t.request({ method: "PUT", url: `/admin/banners/${id}`, token, body });
const upload = (id: string, data: Buffer | string, token = admin) => {
  const up = fileUpload(data);
  return t.request({
    method: "POST",
    url: `/admin/banners/${id}/image/upload`,
    token,
    body: up.body,
    headers: up.headers,
  });
};
const promos = (query: Record<string, string> = {}, token?: string) =>
  t.request({ method: "GET", url: "/site-promo/search", query, token });
const titles = (res: { json(): unknown }) => (res.json() as { data: Banner[] }).data.map((b) => b.title);
const localOf = (url: string) => t.app.services.storage.diskPath(`public/${url.split("/files/")[1]}`)!;

beforeAll(async () => {
  t = await createTestContext();
  [admin, user, performer] = await Promise.all([t.login("admin"), t.login("user"), t.login("performer")]);
});
afterAll(() => t.close());

describe("admin: banners", () => {
  it("creates with defaults and a link to a path or an http(s) address", async () => {
    const b = await made({ title: "Summer Sale" });
    expect(b).toMatchObject({
      title: "Summer Sale",
      description: "",
      href: null,
      position: "top",
      image: null,
      ordering: 0,
      status: "active",
    });
    expect((await made({ title: "Local", href: "/movies" })).href).toBe("/movies");
    expect((await made({ title: "Away", href: "https://example.com/x" })).href).toBe("https://example.com/x");
  });

  it("refuses bad bodies with the field named", async () => {
    expectBadRequest(await create({}), "body.title");
    expectBadRequest(await create({ title: "x", href: "javascript:alert(1)" }), "body.href");
    // Protocol-relative links would leave the site.
    expectBadRequest(await create({ title: "x", href: "//evil.example" }), "body.href");
    expectBadRequest(await create({ title: "x", href: "/\\evil.example" }), "body.href");
    expectBadRequest(await create({ title: "x", position: "sidebar" }), "body.position");
    expectBadRequest(await create({ title: "x", ordering: 1.5 }), "body.ordering");
    // PostgreSQL text cannot hold NUL: refused as bad input, never a server error.
    expectBadRequest(await create({ title: "x\u0000" }), "body.title");
    expectBadRequest(await create({ title: "x", href: "/a\u0000" }), "body.href");
    expect((await create({ title: "x", image: "y" })).statusCode).toBe(400);
  });

  it("updates only the fields sent", async () => {
    const b = await made({ title: "Partial", position: "bottom", status: "inactive", ordering: 4, href: "/x" });
    const res = await put(b._id, { title: "Partial Two" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: "Partial Two",
      position: "bottom",
      status: "inactive",
      ordering: 4,
      href: "/x",
    });
    expect((await put(b._id, { href: null })).json().href).toBeNull();
    expect((await put(b._id, {})).statusCode).toBe(200);
    expect((await put(UNKNOWN_UUID, { title: "x" })).statusCode).toBe(404);
    expectBadRequest(await put("banner", { title: "x" }), "params.id");
    expectBadRequest(await put(b._id, { position: "left" }), "body.position");
  });

  it("is for admins only", async () => {
    expect((await create({ title: "x" }, "")).statusCode).toBe(401);
    expect((await create({ title: "x" }, user)).statusCode).toBe(403);
    expect((await create({ title: "x" }, performer)).statusCode).toBe(403);
    expect((await put(UNKNOWN_UUID, { title: "x" }, user)).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/admin/banners", token: performer })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/admin/banners" })).statusCode).toBe(401);
    expect((await upload(UNKNOWN_UUID, "x", user)).statusCode).toBe(403);
  });

  it("makes 1600 and 800 wide webp variants keeping the aspect ratio, with a srcSet", async () => {
    const b = await made({ title: "Pictured" });
    const res = await upload(b._id, await pngOf(3200, 1000));
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json().image as NonNullable<Banner["image"]>;
    expect(image).toMatchObject({ width: 1600, height: 500 });
    const entries = image.srcSet.split(", ").map((s) => s.split(" "));
    expect(entries.map((e) => e[1])).toEqual(["800w", "1600w"]);
    const small = await sharp(localOf(entries[0]?.[0] as string)).metadata();
    expect([small.format, small.width, small.height]).toEqual(["webp", 800, 250]);
    const large = await sharp(localOf(image.url)).metadata();
    expect([large.format, large.width, large.height]).toEqual(["webp", 1600, 500]);
    // A narrow picture is not enlarged; the new image replaces the old files.
    const narrow = await upload(b._id, await pngOf(600, 300));
    expect(narrow.json().image).toMatchObject({ width: 600, height: 300 });
    expect(narrow.json().image.srcSet).toMatch(/ 600w, .* 600w$/);
    await expect(stat(localOf(image.url))).rejects.toThrow();
  });

  it("refuses a non-image (422), a missing file (400) and unknown banners (404)", async () => {
    const b = await made({ title: "Not Pictured" });
    const bad = await upload(b._id, "plain text");
    expect(bad.statusCode).toBe(422);
    expect(detailPaths(bad)).toContain("file");
    expectBadRequest(
      await t.request({ method: "POST", url: `/admin/banners/${b._id}/image/upload`, token: admin, body: {} }),
      "file",
    );
    expect((await upload(UNKNOWN_UUID, await pngOf(10, 10))).statusCode).toBe(404);
    expectBadRequest(await upload("nope", await pngOf(10, 10)), "params.id");
  });

  it("deletes a banner and its image files", async () => {
    const b = await made({ title: "Doomed" });
    const url = (await upload(b._id, await pngOf(100, 50))).json().image.url as string;
    expect((await t.request({ method: "DELETE", url: `/admin/banners/${b._id}`, token: user })).statusCode).toBe(403);
    expect((await t.request({ method: "DELETE", url: `/admin/banners/${b._id}`, token: admin })).statusCode).toBe(204);
    await expect(stat(localOf(url))).rejects.toThrow();
    expect((await t.request({ method: "DELETE", url: `/admin/banners/${b._id}`, token: admin })).statusCode).toBe(404);
    expectBadRequest(await t.request({ method: "DELETE", url: "/admin/banners/1", token: admin }), "params.id");
  });
});

describe("GET /site-promo/search", () => {
  beforeAll(async () => {
    await made({ title: "Promo Middle B", position: "middle", ordering: 2 });
    await made({ title: "Promo Middle A", position: "middle", ordering: 1 });
    await made({ title: "Promo Middle C", position: "middle", ordering: 3 });
    await made({ title: "Promo Middle Off", position: "middle", ordering: 0, status: "inactive" });
    await made({ title: "Promo Bottom", position: "bottom", ordering: 0 });
  });

  it("lists active banners of a position in their ordering, to anyone", async () => {
    const res = await promos({ position: "middle" });
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual(["Promo Middle A", "Promo Middle B", "Promo Middle C"]);
    expect(res.json().total).toBe(3);
    for (const token of [user, performer, admin]) {
      expect(titles(await promos({ position: "middle" }, token))).toEqual(titles(res));
    }
    expect(titles(await promos({ position: "middle", sort: "desc" }))).toEqual([
      "Promo Middle C",
      "Promo Middle B",
      "Promo Middle A",
    ]);
    const all = (await promos({ limit: "100" })).json() as { data: Banner[] };
    expect(all.data.every((b) => b.status === "active")).toBe(true);
    expect(all.data.map((b) => b.title)).toContain("Promo Bottom");
  });

  it("pages by offset and matches q in titles", async () => {
    const p2 = await promos({ position: "middle", limit: "2", offset: "2" });
    expect(titles(p2)).toEqual(["Promo Middle C"]);
    expect(p2.json().total).toBe(3);
    expect(titles(await promos({ q: "middle b" }))).toEqual(["Promo Middle B"]);
    expect(titles(await promos({ q: "%" }))).toEqual([]);
  });

  it("refuses bad filters with the field named", async () => {
    expectBadRequest(await promos({ position: "sidebar" }), "querystring.position");
    expectBadRequest(await promos({ limit: "0" }), "querystring.limit");
    expectBadRequest(await promos({ sort: "random" }), "querystring.sort");
    expect((await promos({ status: "inactive" })).statusCode).toBe(400);
  });

  it("admin list shows every status and filters by it", async () => {
    const res = await t.request({
      method: "GET",
      url: "/admin/banners",
      token: admin,
      query: { position: "middle", q: "promo" },
    });
    expect(titles(res)).toEqual(["Promo Middle Off", "Promo Middle A", "Promo Middle B", "Promo Middle C"]);
    const off = await t.request({ method: "GET", url: "/admin/banners", token: admin, query: { status: "inactive" } });
    expect(titles(off)).toContain("Promo Middle Off");
    expect((off.json() as { data: Banner[] }).data.every((b) => b.status === "inactive")).toBe(true);
  });
});
