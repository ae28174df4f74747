import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, IP_IN, newAccount, type TestContext } from "../../../test/harness.ts";
import { listedMovie } from "../../../test/sales.ts";
import { videos } from "./tables.ts";

/**
 * Issue 26: the public movie list reuses its answer to visitors (no session) for the same query for
 * API_LIST_CACHE_MS, as the web reuses a visitor's page. Members are always answered afresh, a change made through
 * the API shows at once, and the country block still refuses whom it blocks.
 */

let t: TestContext;
let seller: Awaited<ReturnType<typeof newAccount>>;
let member: string;
let admin: string;

beforeAll(async () => {
  // Long enough that nothing expires while a test runs.
  t = await createTestContext({ API_LIST_CACHE_MS: "60000" });
  seller = await newAccount(t, "performer", "lcseller");
  [member, admin] = await Promise.all([t.login("member"), t.login("admin")]);
});
afterAll(() => t.close());

type List = { data: { _id: string; title: string }[] };
const list = async (opts: { token?: string; ip?: string; limit?: string } = {}) => {
  const res = await t.request({
    method: "GET",
    url: "/user/assets/videos/search",
    token: opts.token,
    query: { performerIds: seller.id, ...(opts.limit ? { limit: opts.limit } : {}) },
    ...(opts.ip ? { headers: { "x-forwarded-for": opts.ip } } : {}),
  });
  return res;
};
const titles = async (opts: Parameters<typeof list>[0] = {}) => {
  const res = await list(opts);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as List).data.map((m) => m.title);
};
/** A change the API does not make itself (another process, a script): only the expiry shows it. */
const renameBehindTheApi = (id: string, title: string) =>
  t.database.db.update(videos).set({ title }).where(eq(videos.id, id));

describe("visitors' answers of the movie list", () => {
  it("are reused for the same query; members and other queries are answered afresh", async () => {
    const movie = await listedMovie(t, seller.token, { title: "Kept answer one" });
    expect(await titles()).toEqual(["Kept answer one"]);
    await renameBehindTheApi(movie._id, "Kept answer two");
    expect(await titles()).toEqual(["Kept answer one"]);
    expect(await titles({ token: member })).toEqual(["Kept answer two"]);
    expect(await titles({ limit: "5" })).toEqual(["Kept answer two"]);
  });

  it("are dropped by a change made through the API", async () => {
    const before = await titles();
    const added = await listedMovie(t, seller.token, { title: "Added through the API" });
    // listedMovie marks it processed in the database: the API's own update of it shows it.
    const res = await t.request({
      method: "PUT",
      url: `/performer/assets/videos/${added._id}`,
      token: seller.token,
      body: { title: "Renamed through the API" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await titles();
    expect(after).toContain("Renamed through the API");
    expect(after).toHaveLength(before.length + 1);
  });

  it("are never given to a visitor the country block refuses", async () => {
    expect((await list({ ip: IP_IN.GB })).statusCode).toBe(200);
    const add = await t.request({
      method: "POST",
      url: "/admin/country-block",
      token: admin,
      body: { countryCode: "GB" },
    });
    expect(add.statusCode, add.body).toBe(201);
    try {
      expect((await list({ ip: IP_IN.GB })).statusCode).toBe(403);
      expect((await list({ ip: IP_IN.US })).statusCode).toBe(200);
    } finally {
      await t.request({ method: "DELETE", url: "/admin/country-block/GB", token: admin });
    }
  });
});
