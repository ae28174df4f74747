import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, newAccount, type TestContext } from "../../../test/harness.ts";
import { checkoutVideo, listedMovie, paySandbox } from "../../../test/sales.ts";
import { performers } from "../performers/tables.ts";

/**
 * Issue 23 section 2: the cards of a list say, for the member asking, which items they bought and which performers
 * they subscribe to, so the site can show "Owned" and "Subscribed" instead of a price.
 */

let t: TestContext;
let seller: Awaited<ReturnType<typeof newAccount>>;
let buyer: Awaited<ReturnType<typeof newAccount>>;
let other: Awaited<ReturnType<typeof newAccount>>;
let bought: string;
let notBought: string;

type Card = { _id: string; isBought?: boolean; isSubscribed?: boolean };
const cards = async (url: string, token?: string, query: Record<string, string | string[]> = {}) => {
  const res = await t.request({ method: "GET", url, token, query });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Card[] }).data;
};
const flagOf = (list: Card[], id: string, flag: "isBought" | "isSubscribed") => list.find((c) => c._id === id)?.[flag];

beforeAll(async () => {
  t = await createTestContext();
  [seller, buyer, other] = await Promise.all([
    newAccount(t, "performer", "seller"),
    newAccount(t, "user", "buyer"),
    newAccount(t, "user", "other"),
  ]);
  await t.database.db.update(performers).set({ monthlyPriceCents: 999 }).where(eq(performers.id, seller.id));
  bought = (await listedMovie(t, seller.token, { access: "sale", price: 4.5 }))._id;
  notBought = (await listedMovie(t, seller.token, { access: "sale", price: 6 }))._id;
  await paySandbox(t, await checkoutVideo(t, buyer.token, bought));
  const sub = await t.request({
    method: "POST",
    url: "/payment/subscribe",
    token: buyer.token,
    body: { performerId: seller.id, type: "monthly" },
  });
  expect(sub.statusCode, sub.body).toBe(200);
  const approved = await t.request({
    method: "POST",
    url: `/payment/sandbox/${sub.json().transactionId}`,
    token: buyer.token,
    body: { decision: "approve" },
  });
  expect(approved.json().status).toBe("paid");
});
afterAll(() => t.close());

describe("owned items on the cards of a list", () => {
  it("a movie list marks the movies the asking member bought, and no other member's or a visitor's", async () => {
    const query = { performerIds: [seller.id] };
    const mine = await cards("/user/assets/videos/search", buyer.token, query);
    expect(flagOf(mine, bought, "isBought")).toBe(true);
    expect(flagOf(mine, notBought, "isBought")).toBe(false);
    const theirs = await cards("/user/assets/videos/search", other.token, query);
    expect(flagOf(theirs, bought, "isBought")).toBe(false);
    const visitor = await cards("/user/assets/videos/search", undefined, query);
    expect(flagOf(visitor, bought, "isBought")).toBe(false);
  });

  it("the home page and the performer's page mark them too", async () => {
    const home = (await t.request({ method: "GET", url: "/pages/home", token: buyer.token })).json() as {
      movies: Card[];
    };
    expect(flagOf(home.movies, bought, "isBought")).toBe(true);
    expect(flagOf(home.movies, notBought, "isBought")).toBe(false);
    const visitorHome = (await t.request({ method: "GET", url: "/pages/home" })).json() as { movies: Card[] };
    expect(flagOf(visitorHome.movies, bought, "isBought")).toBe(false);

    const page = (
      await t.request({ method: "GET", url: `/pages/performers/${seller.username}`, token: buyer.token })
    ).json() as { movies: { data: Card[] }; performer: { isSubscribed: boolean } };
    expect(flagOf(page.movies.data, bought, "isBought")).toBe(true);
    expect(page.performer.isSubscribed).toBe(true);
  });

  it("the performer directory marks the performers the asking member subscribes to", async () => {
    const query = { q: seller.username };
    expect(flagOf(await cards("/performers/search", buyer.token, query), seller.id, "isSubscribed")).toBe(true);
    expect(flagOf(await cards("/performers/search", other.token, query), seller.id, "isSubscribed")).toBe(false);
    expect(flagOf(await cards("/performers/search", undefined, query), seller.id, "isSubscribed")).toBe(false);
  });
});
