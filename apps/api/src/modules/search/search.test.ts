import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, expectBadRequest, type TestContext, verifyPerformer } from "../../../test/harness.ts";
import { galleries } from "../galleries/tables.ts";
import { users } from "../users/tables.ts";
import { videos } from "../videos/tables.ts";
import { createSearchService } from "./service.ts";

let t: TestContext;
let admin: string;
let user: string;

const total = (query: Record<string, string> = {}, token?: string) =>
  t.request({ method: "GET", url: "/search/total", query, token });

beforeAll(async () => {
  t = await createTestContext();
  [admin, user] = await Promise.all([t.login("admin"), t.login("user")]);
  const { db } = t.database;
  // Performers through the admin endpoint; movies and galleries straight in their tables (listed or not),
  // as their processing pipelines are not what this counts.
  for (const [username, name] of [
    ["nebula_star", "Nebula Star"],
    ["quasar_q", "Quasar Queen"],
  ] as const) {
    const [row] = await db
      .insert(users)
      .values({ username, name, email: `${username}@example.test`, passwordHash: "not-a-login" })
      .returning({ id: users.id });
    const res = await t.request({
      method: "POST",
      url: "/admin/performers",
      token: admin,
      body: { userId: row?.id },
    });
    expect(res.statusCode).toBe(201);
    await verifyPerformer(t, row?.id as string);
  }
  const performerId = (await t.request({ method: "GET", url: "/performers/nebula_star" })).json()._id as string;
  const item = (slug: string, title: string, listed: boolean, tags: string[] = []) => ({
    slug,
    title,
    tags,
    access: "free" as const,
    status: listed ? ("active" as const) : ("draft" as const),
    listed,
    performerIds: [performerId],
    createdBy: performerId,
  });
  await db
    .insert(videos)
    .values([
      item("nebula-one", "Nebula One", true),
      item("nebula-two", "Into the Nebula", true),
      item("nebula-draft", "Nebula Draft", false),
      item("comet", "Comet Tail", true, ["stargazing"]),
    ]);
  await db
    .insert(galleries)
    .values([
      item("nebula-photos", "Nebula Photos", true),
      item("comet-photos", "Comet Photos", true, ["stargazing", "night-sky"]),
    ]);
});
afterAll(() => t.close());

describe("GET /search/total", () => {
  it("counts listed performers, movies and galleries matching q; products are 0 until the store exists", async () => {
    const res = await total({ q: "nebula" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ performers: 1, movies: 2, galleries: 1, products: 0 });
    expect((await total({ q: "quasar" })).json()).toEqual({ performers: 1, movies: 0, galleries: 0, products: 0 });
    expect((await total({ q: "nothing-of-the-sort" })).json()).toEqual({
      performers: 0,
      movies: 0,
      galleries: 0,
      products: 0,
    });
  });

  it("finds movies and galleries by a tag that no title or description holds", async () => {
    expect((await total({ q: "stargazing" })).json()).toEqual({ performers: 0, movies: 1, galleries: 1, products: 0 });
    expect((await total({ q: "Night-Sky" })).json()).toMatchObject({ movies: 0, galleries: 1 });
    const found = (await t.request({ method: "GET", url: "/user/assets/galleries/search", query: { q: "stargazing" } }))
      .json()
      .data.map((g: { slug: string }) => g.slug);
    expect(found).toEqual(["comet-photos"]);
  });

  it("agrees with the performer directory's own total", async () => {
    for (const q of ["nebula", "quasar", "star", "performer"]) {
      const listed = (await t.request({ method: "GET", url: "/performers/search", query: { q } })).json().total;
      expect((await total({ q })).json().performers).toBe(listed);
    }
  });

  it("counts everything listed for a blank q", async () => {
    const everything = (await total()).json();
    expect(everything).toEqual((await total({ q: "   " })).json());
    // Demo performer plus the two made here; the draft movie is not listed.
    expect(everything).toMatchObject({ performers: 3, movies: 3, galleries: 2, products: 0 });
  });

  it("answers visitors, users and admins alike", async () => {
    const visitor = (await total({ q: "comet" })).json();
    expect(visitor).toMatchObject({ movies: 1, galleries: 1 });
    expect((await total({ q: "comet" }, user)).json()).toEqual(visitor);
    expect((await total({ q: "comet" }, admin)).json()).toEqual(visitor);
  });

  it("refuses bad queries with the field named, and survives odd terms", async () => {
    expectBadRequest(await total({ q: "x".repeat(201) }), "querystring.q");
    expect((await total({ q: "nebula", type: "movies" })).statusCode).toBe(400);
    for (const q of ['"', "-", "%_", "a & !b"]) {
      expect((await total({ q })).statusCode).toBe(200);
    }
    expectBadRequest(await total({ q: "nebula\u0000" }), "querystring.q");
  });
});

describe("search service", () => {
  it("passes each counter the trimmed term (NUL removed) and runs them together", async () => {
    const seen: string[] = [];
    let running = 0;
    let overlap = 0;
    const counter = (n: number) => async (q: string) => {
      seen.push(q);
      running += 1;
      overlap = Math.max(overlap, running);
      await new Promise((r) => setTimeout(r, 5));
      running -= 1;
      return n;
    };
    const search = createSearchService({
      counters: { performers: counter(1), movies: counter(2), galleries: counter(3), products: counter(4) },
    });
    expect(await search.total("  star ")).toEqual({ performers: 1, movies: 2, galleries: 3, products: 4 });
    expect(seen).toEqual(["star", "star", "star", "star"]);
    expect(overlap).toBe(4);
    await search.total(undefined);
    expect(seen.slice(4)).toEqual(["", "", "", ""]);
  });
});
