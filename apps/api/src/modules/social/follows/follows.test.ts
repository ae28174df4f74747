import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, newAccount, type TestContext } from "../../../../test/harness.ts";

/** Following (issue 25 section 1): free, counted on the profile, listed for the performer. */

let t: TestContext;
type Account = Awaited<ReturnType<typeof newAccount>>;
let star: Account;
let fan: Account;
let other: Account;

const follow = (token: string | undefined, performerId: string, method: "PUT" | "DELETE" | "GET" = "PUT") =>
  t.request({ method, url: `/follows/${performerId}`, token });

beforeAll(async () => {
  t = await createTestContext();
  [star, fan, other] = await Promise.all([
    newAccount(t, "performer", "star"),
    newAccount(t, "user", "fan"),
    newAccount(t, "user", "other"),
  ]);
});
afterAll(() => t.close());

describe("following a performer", () => {
  it("follows once however often asked, shows the count on the profile, and unfollows", async () => {
    expect((await follow(undefined, star.id)).statusCode).toBe(401);
    expect((await follow(undefined, star.id, "GET")).json()).toEqual({
      performerId: star.id,
      following: false,
      followers: 0,
    });

    // Concurrent clicks count one follower.
    const answers = await Promise.all([follow(fan.token, star.id), follow(fan.token, star.id)]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect((await follow(fan.token, star.id, "GET")).json()).toEqual({
      performerId: star.id,
      following: true,
      followers: 1,
    });
    expect((await follow(other.token, star.id)).json()).toMatchObject({ following: true, followers: 2 });

    const profile = await t.request({ method: "GET", url: `/performers/${star.username}` });
    expect(profile.json().stats.followers).toBe(2);

    expect((await follow(fan.token, star.id, "DELETE")).json()).toEqual({
      performerId: star.id,
      following: false,
      followers: 1,
    });
    // Unfollowing again changes nothing.
    expect((await follow(fan.token, star.id, "DELETE")).json()).toMatchObject({ following: false, followers: 1 });
  });

  it("refuses following oneself, a member who is not a performer, and a malformed id", async () => {
    const self = await follow(star.token, star.id);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({
      message: "You cannot follow yourself.",
      details: [{ path: "params.performerId", message: "yourself" }],
    });
    expect((await follow(fan.token, other.id)).statusCode).toBe(404);
    const bad = await follow(fan.token, "not-an-id");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe("params.performerId");
  });

  it("lists a performer's followers to them only, newest first, paged by cursor", async () => {
    const fans = await Promise.all([1, 2, 3].map((i) => newAccount(t, "user", `f${i}`)));
    const perf = await newAccount(t, "performer", "listed");
    for (const f of fans) expect((await follow(f.token, perf.id)).statusCode).toBe(200);

    expect((await t.request({ method: "GET", url: "/followers", token: fan.token })).statusCode).toBe(403);
    const first = await t.request({ method: "GET", url: "/followers?limit=2", token: perf.token });
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.total).toBe(3);
    expect(page1.data.map((f: { username: string }) => f.username)).toEqual([fans[2]?.username, fans[1]?.username]);
    expect(page1.data[0]).toMatchObject({ subscribed: false, name: `Name ${fans[2]?.username}` });
    const page2 = (
      await t.request({ method: "GET", url: `/followers?limit=2&cursor=${page1.next}`, token: perf.token })
    ).json();
    expect(page2.data.map((f: { username: string }) => f.username)).toEqual([fans[0]?.username]);
    expect(page2.next).toBeNull();
    // Another performer's list does not hold them.
    const theirs = (await t.request({ method: "GET", url: "/followers", token: star.token })).json();
    expect(theirs.data.map((f: { username: string }) => f.username)).not.toContain(fans[0]?.username);
  });
});
