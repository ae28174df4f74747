import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, expectBadRequest, newAccount, type TestContext } from "../../../../test/harness.ts";
import { checkoutVideo, listedMovie, paySandbox } from "../../../../test/sales.ts";
import { performers } from "../../performers/tables.ts";

/**
 * Issue 23 section 2: /account/library lists what a member bought, the performers they subscribe to and their
 * membership, newest first, each linking to its item; only their own, only signed in.
 */

let t: TestContext;
let seller: Awaited<ReturnType<typeof newAccount>>;
let buyer: Awaited<ReturnType<typeof newAccount>>;
let movie: { _id: string; title: string };

const library = (token: string | null, query: Record<string, string> = {}) =>
  t.request({ method: "GET", url: "/users/me/library", token: token ?? undefined, query });

/** Subscribes and approves on the sandbox page, as the member does in the browser. */
async function subscribed(token: string, body: Record<string, unknown>) {
  const res = await t.request({ method: "POST", url: "/payment/subscribe", token, body });
  expect(res.statusCode, res.body).toBe(200);
  const approved = await t.request({
    method: "POST",
    url: `/payment/sandbox/${res.json().transactionId}`,
    token,
    body: { decision: "approve" },
  });
  expect(approved.json().status).toBe("paid");
}

beforeAll(async () => {
  t = await createTestContext();
  [seller, buyer] = await Promise.all([newAccount(t, "performer", "libseller"), newAccount(t, "user", "reader")]);
  await t.database.db.update(performers).set({ monthlyPriceCents: 500 }).where(eq(performers.id, seller.id));
  movie = await listedMovie(t, seller.token, { access: "sale", price: 3 });
  // Oldest first: the movie, then the performer, then the membership.
  await paySandbox(t, await checkoutVideo(t, buyer.token, movie._id));
  await subscribed(buyer.token, { performerId: seller.id, type: "monthly" });
  const packages = (await t.request({ method: "GET", url: "/package/subscription/search" })).json();
  const monthly = packages.data.find((p: { name: string }) => p.name === "Monthly")._id;
  await subscribed(buyer.token, { packageId: monthly });
});
afterAll(() => t.close());

describe("GET /users/me/library", () => {
  it("lists the member's purchases, subscriptions and membership, newest first, each linking to its item", async () => {
    const res = await library(buyer.token);
    expect(res.statusCode, res.body).toBe(200);
    const { data, total } = res.json();
    expect(total).toBe(3);
    expect(
      data.map((e: { kind: string; title: string; link: string; status: string | null }) => [
        e.kind,
        e.title,
        e.link,
        e.status,
      ]),
    ).toEqual([
      ["membership", "Membership: Monthly", "/membership", "active"],
      ["performer", `Name ${seller.username}`, `/performers/${seller.username}`, "active"],
      ["video", movie.title, `/movies/${movie._id}`, null],
    ]);
    expect(data[2].expiresAt).toBeNull();
    expect(new Date(data[0].expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it("pages", async () => {
    const first = (await library(buyer.token, { limit: "2" })).json();
    const second = (await library(buyer.token, { limit: "2", offset: "2" })).json();
    expect(first.total).toBe(3);
    expect(first.data.map((e: { kind: string }) => e.kind)).toEqual(["membership", "performer"]);
    expect(second.data.map((e: { kind: string }) => e.kind)).toEqual(["video"]);
  });

  it("shows a member only their own, and refuses visitors and bad paging", async () => {
    const other = await newAccount(t, "user", "otherreader");
    expect((await library(other.token)).json()).toEqual({ data: [], total: 0 });
    const visitor = await library(null);
    expect(visitor.statusCode).toBe(401);
    expectBadRequest(await library(buyer.token, { limit: "0" }), "querystring.limit");
    expectBadRequest(await library(buyer.token, { offset: "-1" }), "querystring.offset");
  });
});
