import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, detailPaths, expectBadRequest, type TestContext } from "../../../test/harness.ts";

let t: TestContext;
let admin: string;
let user: string;
let performer: string;
beforeAll(async () => {
  t = await createTestContext();
  [admin, user, performer] = await Promise.all([t.login("admin"), t.login("user"), t.login("performer")]);
});
afterAll(() => t.close());

const UNKNOWN_UUID = "01890000-0000-7000-8000-000000000000";

interface Category {
  _id: string;
  name: string;
  slug: string;
  group: string;
  description: string;
  ordering: number;
  status: string;
}

const create = (body: unknown, token = admin) => t.request({ method: "POST", url: "/admin/categories", token, body });
async function made(body: Record<string, unknown>) {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Category;
}
const publicSearch = (query: Record<string, string | string[]> = {}) =>
  t.request({ method: "GET", url: "/user/assets/categories/search", query });

describe("admin: create", () => {
  it("makes the slug from the name (accents folded) and applies defaults", async () => {
    const c = await made({ name: "  Crème Brûlée & Friends ", group: "video" });
    expect(c).toMatchObject({
      name: "Crème Brûlée & Friends",
      slug: "creme-brulee-friends",
      group: "video",
      description: "",
      ordering: 0,
      status: "active",
    });
    expect(c._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a given slug, lowercased", async () => {
    const c = await made({ name: "Outdoor", slug: "Open-Air", group: "gallery", ordering: 5 });
    expect(c).toMatchObject({ slug: "open-air", ordering: 5 });
  });

  it("refuses a slug already used in the same group with 409, and allows it in another group", async () => {
    await made({ name: "Duplicate Me", group: "performer" });
    const again = await create({ name: "Duplicate me", group: "performer" });
    expect(again.statusCode).toBe(409);
    expect(detailPaths(again)).toContain("body.slug");
    const other = await create({ name: "Duplicate Me", group: "product" });
    expect(other.statusCode).toBe(201);
  });

  it("asks for a slug when the name has no letters or digits", async () => {
    expectBadRequest(await create({ name: "!!!", group: "video" }), "body.slug");
    const ok = await create({ name: "!!!", slug: "bangs", group: "video" });
    expect(ok.statusCode).toBe(201);
  });

  it("refuses bad bodies with the field named", async () => {
    expectBadRequest(await create({ group: "video" }), "body.name");
    expectBadRequest(await create({ name: "x", group: "planets" }), "body.group");
    expectBadRequest(await create({ name: "x", group: "video", slug: "Not a slug!" }), "body.slug");
    expectBadRequest(await create({ name: "x", group: "video", ordering: -1 }), "body.ordering");
    expectBadRequest(await create({ name: "x", group: "video", status: "gone" }), "body.status");
    // PostgreSQL text cannot hold NUL: refused as bad input, never a server error.
    expectBadRequest(await create({ name: "a\u0000b", group: "video" }), "body.name");
    expectBadRequest(await create({ name: "x", group: "video", description: "\u0000" }), "body.description");
    const extra = await create({ name: "x", group: "video", colour: "red" });
    expect(extra.statusCode).toBe(400);
    expect(detailPaths(extra).join()).toContain("colour");
  });

  it("is for admins only", async () => {
    expect((await create({ name: "Nope", group: "video" }, "")).statusCode).toBe(401);
    expect((await create({ name: "Nope", group: "video" }, user)).statusCode).toBe(403);
    expect((await create({ name: "Nope", group: "video" }, performer)).statusCode).toBe(403);
  });
});

describe("admin: update and delete", () => {
  const put = (id: string, body: unknown, token = admin) =>
    t.request({ method: "PUT", url: `/admin/categories/${id}`, token, body });

  it("changes only the fields sent (defaults are not re-applied) and keeps the slug when the name changes", async () => {
    const c = await made({ name: "Keep Me", group: "video", status: "inactive", ordering: 7, description: "d" });
    const res = await put(c._id, { name: "Kept Indeed" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: c._id,
      name: "Kept Indeed",
      slug: "keep-me",
      status: "inactive",
      ordering: 7,
      description: "d",
    });
    const empty = await put(c._id, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ name: "Kept Indeed" });
  });

  it("refuses a slug or group move that collides with 409", async () => {
    const a = await made({ name: "Slug A", group: "gallery" });
    const b = await made({ name: "Slug B", group: "gallery" });
    const c = await made({ name: "Slug A", group: "product" });
    const clash = await put(b._id, { slug: a.slug });
    expect(clash.statusCode).toBe(409);
    expect(detailPaths(clash)).toContain("body.slug");
    expect((await put(c._id, { group: "gallery" })).statusCode).toBe(409);
    // Setting its own slug again is no collision.
    expect((await put(a._id, { slug: "slug-a" })).statusCode).toBe(200);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    expect((await put(UNKNOWN_UUID, { name: "x" })).statusCode).toBe(404);
    expectBadRequest(await put("not-a-uuid", { name: "x" }), "params.id");
    expectBadRequest(await put(UNKNOWN_UUID, { name: "" }), "body.name");
    expect((await put(UNKNOWN_UUID, { name: "x" }, user)).statusCode).toBe(403);
  });

  it("deletes once, then 404", async () => {
    const c = await made({ name: "Short Lived", group: "video" });
    expect((await t.request({ method: "DELETE", url: `/admin/categories/${c._id}`, token: user })).statusCode).toBe(
      403,
    );
    const del = await t.request({ method: "DELETE", url: `/admin/categories/${c._id}`, token: admin });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe("");
    expect((await t.request({ method: "DELETE", url: `/admin/categories/${c._id}`, token: admin })).statusCode).toBe(
      404,
    );
    expectBadRequest(await t.request({ method: "DELETE", url: "/admin/categories/x", token: admin }), "params.id");
  });
});

describe("lists", () => {
  let group: Category[];
  beforeAll(async () => {
    // A group of its own ("product") is shared with other tests, so these use a name prefix to tell them apart.
    group = [
      await made({ name: "Zz List Charlie", group: "product", ordering: 1 }),
      await made({ name: "Zz List Alpha", group: "product", ordering: 3 }),
      await made({ name: "Zz List Bravo", group: "product", ordering: 2 }),
      await made({ name: "Zz List Hidden", group: "product", ordering: 0, status: "inactive" }),
    ];
  });
  const names = (res: { json(): unknown }) => (res.json() as { data: Category[] }).data.map((c) => c.name);

  it("public: active only, by ordering then name, filtered by group and q", async () => {
    const res = await publicSearch({ group: "product", q: "zz list" });
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(["Zz List Charlie", "Zz List Bravo", "Zz List Alpha"]);
    expect(res.json().total).toBe(3);
    // Any visitor, user or performer gets the same list.
    const asUser = await t.request({
      method: "GET",
      url: "/user/assets/categories/search",
      token: user,
      query: { group: "product", q: "zz list" },
    });
    expect(names(asUser)).toEqual(names(res));
  });

  it("public: sorts by name either way and pages by offset", async () => {
    expect(names(await publicSearch({ group: "product", q: "zz list", sortBy: "name" }))).toEqual([
      "Zz List Alpha",
      "Zz List Bravo",
      "Zz List Charlie",
    ]);
    expect(names(await publicSearch({ group: "product", q: "zz list", sortBy: "name", sort: "desc" }))).toEqual([
      "Zz List Charlie",
      "Zz List Bravo",
      "Zz List Alpha",
    ]);
    const page2 = await publicSearch({ group: "product", q: "zz list", sortBy: "name", limit: "2", offset: "2" });
    expect(names(page2)).toEqual(["Zz List Charlie"]);
    expect(page2.json().total).toBe(3);
  });

  it("public: q is matched literally (LIKE wildcards are escaped)", async () => {
    expect((await publicSearch({ q: "%" })).json().data).toEqual([]);
    expect((await publicSearch({ q: "zz_list" })).json().data).toEqual([]);
  });

  it("public: refuses bad filters with the field named", async () => {
    expectBadRequest(await publicSearch({ group: "planets" }), "querystring.group");
    expectBadRequest(await publicSearch({ sortBy: "views" }), "querystring.sortBy");
    expectBadRequest(await publicSearch({ limit: "0" }), "querystring.limit");
    expectBadRequest(await publicSearch({ limit: "101" }), "querystring.limit");
    expectBadRequest(await publicSearch({ offset: "-1" }), "querystring.offset");
    expect((await publicSearch({ status: "inactive" })).statusCode).toBe(400);
  });

  it("admin: every status, filterable by status", async () => {
    const all = await t.request({
      method: "GET",
      url: "/admin/categories",
      token: admin,
      query: { group: "product", q: "zz list" },
    });
    expect(all.statusCode).toBe(200);
    expect(names(all)).toEqual(["Zz List Hidden", "Zz List Charlie", "Zz List Bravo", "Zz List Alpha"]);
    const inactive = await t.request({
      method: "GET",
      url: "/admin/categories",
      token: admin,
      query: { status: "inactive", q: "zz list" },
    });
    expect(names(inactive)).toEqual(["Zz List Hidden"]);
    expect((await t.request({ method: "GET", url: "/admin/categories" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/admin/categories", token: performer })).statusCode).toBe(403);
    expectBadRequest(
      await t.request({ method: "GET", url: "/admin/categories", token: admin, query: { status: "x" } }),
      "querystring.status",
    );
  });

  it("service: refs batches names by id (inactive included, unknown left out)", async () => {
    const [charlie, , , hidden] = group as [Category, Category, Category, Category];
    const refs = await t.app.services.categories.refs([charlie._id, hidden._id, UNKNOWN_UUID, charlie._id]);
    expect([...refs.keys()].sort()).toEqual([charlie._id, hidden._id].sort());
    expect(refs.get(charlie._id)).toEqual({ _id: charlie._id, name: charlie.name, slug: charlie.slug });
    expect((await t.app.services.categories.refs([])).size).toBe(0);
  });

  it("service: assertExist names the field for unknown ids or ids of another group", async () => {
    const [charlie] = group as [Category];
    await expect(
      t.app.services.categories.assertExist([charlie._id], "product", "body.categoryIds"),
    ).resolves.toBeUndefined();
    await expect(
      t.app.services.categories.assertExist([charlie._id, UNKNOWN_UUID], "product", "body.categoryIds"),
    ).rejects.toMatchObject({ statusCode: 400, details: [{ path: "body.categoryIds" }] });
    await expect(
      t.app.services.categories.assertExist([charlie._id], "video", "body.categoryIds"),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
