import { stat } from "node:fs/promises";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, detailPaths, expectBadRequest, type TestContext } from "../../../test/harness.ts";
import { fileUpload, pngOf } from "../../../test/multipart.ts";
import { posts as postsTable } from "./tables.ts";

let t: TestContext;
let admin: string;
let user: string;
let performer: string;
const UNKNOWN_UUID = "01890000-0000-7000-8000-000000000000";

interface Post {
  _id: string;
  slug: string;
  title: string;
  summary: string;
  content: string;
  type: string;
  status: string;
  image: { url: string; srcSet: string; width: number; height: number } | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
interface Page {
  data: Post[];
  total: number;
  totalCapped: boolean;
  next: string | null;
}

const create = (body: unknown, token = admin) => t.request({ method: "POST", url: "/admin/posts", token, body });
async function made(body: Record<string, unknown>) {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Post;
}
const put = (id: string, body: unknown, token = admin) =>
  t.request({ method: "PUT", url: `/admin/posts/${id}`, token, body });
const search = (query: Record<string, string | string[]> = {}, token?: string) =>
  t.request({ method: "GET", url: "/posts/search", query, token });
const page = async (query: Record<string, string | string[]> = {}) => {
  const res = await search(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const slugs = (p: Page) => p.data.map((d) => d.slug);

beforeAll(async () => {
  t = await createTestContext();
  [admin, user, performer] = await Promise.all([t.login("admin"), t.login("user"), t.login("performer")]);
});
afterAll(() => t.close());

describe("admin: create, update, delete", () => {
  it("creates a draft with a slug from the title and no publication date", async () => {
    const p = await made({ title: "  Hello, Wörld! ", content: "First line.\n\nSecond <b>paragraph</b>." });
    expect(p).toMatchObject({
      slug: "hello-world",
      title: "Hello, Wörld!",
      summary: "",
      type: "post",
      status: "draft",
      image: null,
      publishedAt: null,
    });
    // Plain text: stored and answered as written, never turned into or out of HTML.
    expect(p.content).toBe("First line.\n\nSecond <b>paragraph</b>.");
  });

  it("sets publishedAt when a post is created published", async () => {
    const before = Date.now();
    const p = await made({ title: "Born Published", status: "published", type: "page", slug: "born" });
    expect(p).toMatchObject({ slug: "born", type: "page", status: "published" });
    expect(Date.parse(p.publishedAt as string)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("sets publishedAt the first time only, and keeps it through unpublishing", async () => {
    const p = await made({ title: "Publish Me Later", summary: "s" });
    const published = await put(p._id, { status: "published" });
    expect(published.statusCode).toBe(200);
    const first = published.json().publishedAt as string;
    expect(first).not.toBeNull();
    const draft = await put(p._id, { status: "draft" });
    expect(draft.json()).toMatchObject({ status: "draft", publishedAt: first });
    await new Promise((r) => setTimeout(r, 5));
    const again = await put(p._id, { status: "published" });
    expect(again.json()).toMatchObject({ status: "published", publishedAt: first });
  });

  it("changes only the fields sent: defaults are not re-applied to a partial update", async () => {
    const p = await made({ title: "Partial", status: "published", type: "page", summary: "keep" });
    const res = await put(p._id, { title: "Partial Renamed" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: "Partial Renamed",
      slug: "partial",
      status: "published",
      type: "page",
      summary: "keep",
    });
    expect((await put(p._id, {})).json()).toMatchObject({ title: "Partial Renamed" });
  });

  it("refuses a used slug with 409 and a title without letters with 400", async () => {
    await made({ title: "Taken Slug" });
    const dup = await create({ title: "Taken slug!" });
    expect(dup.statusCode).toBe(409);
    expect(detailPaths(dup)).toContain("body.slug");
    const other = await made({ title: "Other Slug" });
    const clash = await put(other._id, { slug: "taken-slug" });
    expect(clash.statusCode).toBe(409);
    expect(detailPaths(clash)).toContain("body.slug");
    expect((await put(other._id, { slug: "other-slug" })).statusCode).toBe(200);
    expectBadRequest(await create({ title: "???" }), "body.slug");
  });

  it("refuses bad bodies and ids with the field named, 404 for unknown posts", async () => {
    expectBadRequest(await create({}), "body.title");
    expectBadRequest(await create({ title: "x", status: "live" }), "body.status");
    expectBadRequest(await create({ title: "x", type: "novel" }), "body.type");
    expectBadRequest(await create({ title: "x", slug: "Bad Slug" }), "body.slug");
    expectBadRequest(await create({ title: "x".repeat(201) }), "body.title");
    // PostgreSQL text cannot hold NUL: refused as bad input, never a server error.
    expectBadRequest(await create({ title: "x\u0000" }), "body.title");
    expectBadRequest(await create({ title: "x", content: "a\u0000" }), "body.content");
    expectBadRequest(await put(UNKNOWN_UUID, { summary: "\u0000" }), "body.summary");
    expect((await create({ title: "x", html: "<p>" })).statusCode).toBe(400);
    expect((await put(UNKNOWN_UUID, { title: "x" })).statusCode).toBe(404);
    expectBadRequest(await put("hello-world", { title: "x" }), "params.id");
    expectBadRequest(await put(UNKNOWN_UUID, { status: "live" }), "body.status");
  });

  it("is for admins only", async () => {
    expect((await create({ title: "Nope" }, "")).statusCode).toBe(401);
    expect((await create({ title: "Nope" }, user)).statusCode).toBe(403);
    expect((await create({ title: "Nope" }, performer)).statusCode).toBe(403);
    expect((await put(UNKNOWN_UUID, { title: "x" }, performer)).statusCode).toBe(403);
    expect((await t.request({ method: "DELETE", url: `/admin/posts/${UNKNOWN_UUID}`, token: user })).statusCode).toBe(
      403,
    );
  });

  it("deletes a post and its image, then answers 404", async () => {
    const p = await made({ title: "Doomed" });
    const up = fileUpload(await pngOf(1300, 700));
    const withImage = await t.request({
      method: "POST",
      url: `/admin/posts/${p._id}/image/upload`,
      token: admin,
      body: up.body,
      headers: up.headers,
    });
    expect(withImage.statusCode).toBe(200);
    const file = t.app.services.storage.diskPath(`public/${withImage.json().image.url.split("/files/")[1]}`)!;
    await expect(stat(file)).resolves.toBeTruthy();
    const del = await t.request({ method: "DELETE", url: `/admin/posts/${p._id}`, token: admin });
    expect(del.statusCode).toBe(204);
    await expect(stat(file)).rejects.toThrow();
    expect((await t.request({ method: "DELETE", url: `/admin/posts/${p._id}`, token: admin })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: `/posts/${p._id}`, token: admin })).statusCode).toBe(404);
    expectBadRequest(await t.request({ method: "DELETE", url: "/admin/posts/doomed", token: admin }), "params.id");
  });
});

describe("post images", () => {
  const upload = (id: string, data: Buffer | string, token = admin) => {
    const up = fileUpload(data);
    return t.request({
      method: "POST",
      url: `/admin/posts/${id}/image/upload`,
      token,
      body: up.body,
      headers: up.headers,
    });
  };

  it("makes 1200x630 and 600x315 webp variants with a srcSet, replacing the previous image", async () => {
    const p = await made({ title: "Pictured" });
    const res = await upload(p._id, await pngOf(2000, 2000));
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json().image as NonNullable<Post["image"]>;
    expect(image).toMatchObject({ width: 1200, height: 630 });
    const entries = image.srcSet.split(", ").map((s) => s.split(" "));
    expect(entries.map((e) => e[1])).toEqual(["1200w", "600w"]);
    const localOf = (url: string) => t.app.services.storage.diskPath(`public/${url.split("/files/")[1]}`)!;
    const small = await sharp(localOf(entries[1]?.[0] as string)).metadata();
    expect([small.format, small.width, small.height]).toEqual(["webp", 600, 315]);
    const again = await upload(p._id, await pngOf(640, 480));
    expect(again.json().image.url).not.toBe(image.url);
    await expect(stat(localOf(image.url))).rejects.toThrow();
  });

  it("refuses a non-image (422), a missing file (400), unknown posts (404) and non-admins", async () => {
    const p = await made({ title: "Not Pictured" });
    const bad = await upload(p._id, "GIF89a but not really");
    expect(bad.statusCode).toBe(422);
    expect(detailPaths(bad)).toContain("file");
    expectBadRequest(
      await t.request({ method: "POST", url: `/admin/posts/${p._id}/image/upload`, token: admin, body: {} }),
      "file",
    );
    expect((await upload(UNKNOWN_UUID, await pngOf(10, 10))).statusCode).toBe(404);
    expect((await upload(p._id, await pngOf(10, 10), performer)).statusCode).toBe(403);
  });
});

describe("public reading", () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const base = Date.parse("2025-06-01T00:00:00Z");
    const fixtures = [
      { title: "Zebra Running Club", content: "We were running through the hills of the park.", type: "post" },
      { title: "Apple Harvest", content: "Apples and pears from the orchard, picked by hand.", type: "post" },
      { title: "Mango Season Notes", content: "Mangoes ripen when the nights are warm.", type: "post" },
      { title: "About Us Page", content: "We run a small studio with big ideas.", type: "page" },
    ];
    for (const [i, f] of fixtures.entries()) {
      const p = await made({ ...f, status: "published" });
      ids[p.slug] = p._id;
      await t.database.db
        .update(postsTable)
        .set({ publishedAt: new Date(base + i * 86_400_000) })
        .where(eq(postsTable.id, p._id));
    }
    const draft = await made({ title: "Secret Running Draft", content: "running" });
    ids[draft.slug] = draft._id;
  });
  const ours = (p: Page) => slugs(p).filter((s) => s in ids);

  it("lists published posts only, newest publication first, to anyone", async () => {
    const p = await page({ limit: "100" });
    expect(p.data.every((d) => d.status === "published")).toBe(true);
    expect(ours(p)).toEqual(["about-us-page", "mango-season-notes", "apple-harvest", "zebra-running-club"]);
    expect(slugs(p)).not.toContain("secret-running-draft");
    for (const token of [user, performer, admin]) {
      expect(slugs((await search({ limit: "100" }, token)).json())).toEqual(slugs(p));
    }
  });

  it("searches titles and (stemmed) content with web search syntax", async () => {
    expect(slugs(await page({ q: "zebra" }))).toEqual(["zebra-running-club"]);
    // English stemming: "runs" finds "running" and "run" in the content; the draft stays hidden.
    expect(slugs(await page({ q: "runs" })).sort()).toEqual(["about-us-page", "zebra-running-club"]);
    expect(slugs(await page({ q: "runs -zebra" }))).toEqual(["about-us-page"]);
    expect(slugs(await page({ q: '"picked by hand"' }))).toEqual(["apple-harvest"]);
    expect(slugs(await page({ q: "apple OR mango" })).sort()).toEqual(["apple-harvest", "mango-season-notes"]);
    expect((await page({ q: "nothing-like-this-anywhere" })).total).toBe(0);
    // Stray syntax never fails the query.
    for (const q of ['"', "-", "!!(", "a & b | c", "'; drop table posts; --"]) {
      expect((await search({ q })).statusCode).toBe(200);
    }
    expectBadRequest(await search({ q: "rivers\u0000" }), "querystring.q");
  });

  it("filters by type and sorts by title", async () => {
    expect(slugs(await page({ type: "page", q: "studio" }))).toEqual(["about-us-page"]);
    expect(ours(await page({ type: "post", sortBy: "title", limit: "100" }))).toEqual([
      "apple-harvest",
      "mango-season-notes",
      "zebra-running-club",
    ]);
    expect(ours(await page({ type: "post", sortBy: "title", sort: "desc", limit: "100" }))).toEqual([
      "zebra-running-club",
      "mango-season-notes",
      "apple-harvest",
    ]);
    expect(ours(await page({ type: "post", sort: "asc", limit: "100" }))).toEqual([
      "zebra-running-club",
      "apple-harvest",
      "mango-season-notes",
    ]);
  });

  it("pages by offset and by cursor to the same rows", async () => {
    for (const query of [{}, { sortBy: "title" }, { type: "post", sort: "asc" }] as Record<string, string>[]) {
      const all = await page({ ...query, limit: "100" });
      const byOffset: string[] = [];
      for (let offset = 0; offset < all.total; offset += 2) {
        const p = await page({ ...query, limit: "2", offset: String(offset) });
        expect(p.total).toBe(all.total);
        byOffset.push(...slugs(p));
      }
      const byCursor: string[] = [];
      let cursor: string | null = null;
      for (let guard = 0; guard < 50; guard++) {
        const p: Page = await page({ ...query, limit: "2", ...(cursor ? { cursor } : {}) });
        byCursor.push(...slugs(p));
        cursor = p.next;
        if (!cursor) break;
      }
      expect(byOffset).toEqual(slugs(all));
      expect(byCursor).toEqual(slugs(all));
    }
  });

  it("refuses bad filters and cursors with 400 naming the field", async () => {
    expectBadRequest(await search({ type: "novel" }), "querystring.type");
    expectBadRequest(await search({ sortBy: "views" }), "querystring.sortBy");
    expectBadRequest(await search({ limit: "1000" }), "querystring.limit");
    expectBadRequest(await search({ cursor: "%%%" }), "querystring.cursor");
    const next = (await page({ limit: "1" })).next as string;
    expectBadRequest(await search({ cursor: next, sortBy: "title" }), "querystring.cursor");
    expect((await search({ status: "draft" })).statusCode).toBe(400);
    const nul = Buffer.from(JSON.stringify(["title:asc", "a\u0000", UNKNOWN_UUID])).toString("base64url");
    expectBadRequest(await search({ cursor: nul, sortBy: "title" }), "querystring.cursor");
  });

  it("shows a post by id or slug; drafts only to admins", async () => {
    const bySlug = await t.request({ method: "GET", url: "/posts/Apple-Harvest" });
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json()).toMatchObject({ _id: ids["apple-harvest"], title: "Apple Harvest" });
    const byId = await t.request({ method: "GET", url: `/posts/${ids["apple-harvest"]}` });
    expect(byId.json().slug).toBe("apple-harvest");
    for (const token of [undefined, user, performer]) {
      expect((await t.request({ method: "GET", url: "/posts/secret-running-draft", token })).statusCode).toBe(404);
      expect((await t.request({ method: "GET", url: `/posts/${ids["secret-running-draft"]}`, token })).statusCode).toBe(
        404,
      );
    }
    const asAdmin = await t.request({ method: "GET", url: "/posts/secret-running-draft", token: admin });
    expect(asAdmin.json()).toMatchObject({ status: "draft", publishedAt: null });
    expect((await t.request({ method: "GET", url: `/posts/${UNKNOWN_UUID}` })).statusCode).toBe(404);
    expectBadRequest(await t.request({ method: "GET", url: "/posts/%25%00" }), "params.id");
    expectBadRequest(await t.request({ method: "GET", url: `/posts/${"a".repeat(121)}` }), "params.id");
  });

  it("admin list: every status, filterable, for admins only", async () => {
    const all = await t.request({ method: "GET", url: "/admin/posts", token: admin, query: { limit: "100" } });
    expect(all.statusCode).toBe(200);
    expect(slugs(all.json())).toContain("secret-running-draft");
    const drafts = await t.request({
      method: "GET",
      url: "/admin/posts",
      token: admin,
      query: { status: "draft", q: "running" },
    });
    expect(slugs(drafts.json())).toEqual(["secret-running-draft"]);
    // Newest by creation, so drafts (no publication date) page by cursor too.
    const walked: string[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 50; guard++) {
      const res = await t.request({
        method: "GET",
        url: "/admin/posts",
        token: admin,
        query: { limit: "3", ...(cursor ? { cursor } : {}) },
      });
      const p = res.json() as Page;
      walked.push(...slugs(p));
      cursor = p.next;
      if (!cursor) break;
    }
    expect(walked).toEqual(slugs(all.json()));
    expect((await t.request({ method: "GET", url: "/admin/posts" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/admin/posts", token: user })).statusCode).toBe(403);
    expectBadRequest(
      await t.request({ method: "GET", url: "/admin/posts", token: admin, query: { status: "gone" } }),
      "querystring.status",
    );
  });
});
