import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, newAccount, type TestContext } from "../../../../test/harness.ts";
import { listedMovie, physicalProduct } from "../../../../test/sales.ts";

/**
 * The feed (issue 25 section 1): what is new from followed performers, every kind merged newest first, paged by one
 * cursor across kinds; nothing from performers the member does not follow.
 */

let t: TestContext;
type Account = Awaited<ReturnType<typeof newAccount>>;
let star: Account;
let stranger: Account;
let fan: Account;

interface Entry {
  kind: string;
  at: string;
  post?: { text: string };
  video?: { title: string };
  product?: { title: string };
}
const feed = async (token: string, query = "") => {
  const res = await t.request({ method: "GET", url: `/feed${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Entry[]; next: string | null; performers: number };
};
const label = (e: Entry) => `${e.kind}:${e.post?.text ?? e.video?.title ?? e.product?.title}`;

beforeAll(async () => {
  t = await createTestContext();
  [star, stranger, fan] = await Promise.all([
    newAccount(t, "performer", "star"),
    newAccount(t, "performer", "stranger"),
    newAccount(t, "user", "fan"),
  ]);
});
afterAll(() => t.close());

describe("GET /feed", () => {
  it("is empty, and says so, for a member who follows nobody; visitors are asked to log in", async () => {
    expect((await t.request({ method: "GET", url: "/feed" })).statusCode).toBe(401);
    expect(await feed(fan.token)).toEqual({ data: [], next: null, performers: 0 });
  });

  it("merges posts, movies and products of followed performers, newest first, one cursor across kinds", async () => {
    expect((await t.request({ method: "PUT", url: `/follows/${star.id}`, token: fan.token })).statusCode).toBe(200);
    const made: string[] = [];
    const postText = async (text: string) => {
      const res = await t.request({ method: "POST", url: "/feed-posts", token: star.token, body: { text } });
      expect(res.statusCode, res.body).toBe(200);
      made.push(`post:${text}`);
    };
    await postText("First post");
    const movie = await listedMovie(t, star.token, { title: "Star movie" });
    made.push(`video:${movie.title}`);
    await postText("Second post");
    const productId = await physicalProduct(t, star.token, 12);
    const product = (await t.request({ method: "GET", url: `/user/assets/products/${productId}` })).json();
    made.push(`product:${product.title}`);
    await postText("Third post");
    // Someone the member does not follow.
    await t.request({ method: "POST", url: "/feed-posts", token: stranger.token, body: { text: "Not for you" } });

    const all: Entry[] = [];
    let page = await feed(fan.token, "?limit=2");
    expect(page.performers).toBe(1);
    all.push(...page.data);
    while (page.next) {
      page = await feed(fan.token, `?limit=2&cursor=${page.next}`);
      all.push(...page.data);
    }
    // Newest first: the order they were made in, reversed, with nothing repeated or skipped between pages.
    const inOrder = [...all].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
    expect(all.map(label)).toEqual(inOrder.map(label));
    expect(all.map(label).sort()).toEqual([...made].sort());
    expect(all.map(label)).not.toContain("post:Not for you");
  });

  it("refuses another list's cursor", async () => {
    const res = await t.request({
      method: "GET",
      url: "/feed?cursor=WyJmb2xsb3dlcnMiLCIyMDI2LTAxLTAxVDAwOjAwOjAwLjAwMFoiLCIwMTkwYTVmMi03YzU1LTcwMDAtODAwMC0wMDAwMDAwMDAwMDEiXQ",
      token: fan.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe("querystring.cursor");
  });
});
