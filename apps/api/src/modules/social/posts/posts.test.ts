import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, newAccount, type TestContext } from "../../../../test/harness.ts";

/**
 * Feed posts (issue 25 section 1): a performer's text posts with their rules, polls voted once, comments and likes
 * as on other items, and who may edit or delete them. Posts with vault media (locked, paid) are in paid-media.test.ts.
 */

let t: TestContext;
type Account = Awaited<ReturnType<typeof newAccount>>;
let star: Account;
let rival: Account;
let fan: Account;
let admin: string;

const post = (token: string | undefined, body: Record<string, unknown>) =>
  t.request({ method: "POST", url: "/feed-posts", token, body });

async function posted(token: string, body: Record<string, unknown>) {
  const res = await post(token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login("admin");
  [star, rival, fan] = await Promise.all([
    newAccount(t, "performer", "star"),
    newAccount(t, "performer", "rival"),
    newAccount(t, "user", "fan"),
  ]);
});
afterAll(() => t.close());

describe("writing feed posts", () => {
  it("publishes a text post on the profile's Posts tab, newest first, paged by cursor", async () => {
    const first = await posted(star.token, { text: "Hello, followers" });
    expect(first).toMatchObject({
      text: "Hello, followers",
      access: "free",
      price: null,
      lock: null,
      attachments: [],
      poll: null,
      stats: { likes: 0, comments: 0 },
      isMine: true,
      performer: { _id: star.id, username: star.username },
    });
    const second = await posted(star.token, { text: "Second news" });
    const tab = await t.request({ method: "GET", url: `/feed-posts/performer/${star.id}?limit=1` });
    expect(tab.statusCode, tab.body).toBe(200);
    const page1 = tab.json();
    expect(page1.data.map((p: { text: string }) => p.text)).toEqual(["Second news"]);
    expect(page1.data[0].isMine).toBe(false);
    const page2 = (
      await t.request({ method: "GET", url: `/feed-posts/performer/${star.id}?limit=1&cursor=${page1.next}` })
    ).json();
    expect(page2.data.map((p: { _id: string }) => p._id)).toEqual([first._id]);
    expect(second._id).not.toBe(first._id);
  });

  it("refuses members, empty posts, prices on the wrong posts and locked posts with nothing to lock", async () => {
    expect((await post(undefined, { text: "x" })).statusCode).toBe(401);
    expect((await post(fan.token, { text: "x" })).statusCode).toBe(403);

    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ text: "   " }, "Write something or attach a photo or video.", "body.text"],
      [{ text: "Pay me", access: "paid" }, "A paid post needs a price.", "body.price"],
      [{ text: "Free", price: 5 }, "Only a paid post has a price.", "body.price"],
      [
        { text: "Subscribers only", access: "subscribers" },
        "A post for subscribers or at a price needs a photo or a video to lock.",
        "body.attachmentIds",
      ],
    ];
    for (const [body, message, path] of cases) {
      const res = await post(star.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toMatchObject({ message, details: [{ path }] });
    }
    const long = await post(star.token, { text: "x".repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0]).toMatchObject({ path: "body.text", message: "At most 5000 characters" });
    // An attachment that is not one of the performer's own vault items.
    const foreign = await post(star.token, { text: "Look", attachmentIds: ["0190a5f2-7c55-7000-8000-000000000001"] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().details[0].path).toBe("body.attachmentIds");
  });

  it("lets only its performer or an admin edit and delete a post", async () => {
    const p = await posted(star.token, { text: "Draft thought" });
    const byRival = await t.request({
      method: "PATCH",
      url: `/feed-posts/${p._id}`,
      token: rival.token,
      body: { text: "Mine now" },
    });
    expect(byRival.statusCode).toBe(403);
    expect(byRival.json().message).toBe("This post is not yours.");
    const edited = await t.request({
      method: "PATCH",
      url: `/feed-posts/${p._id}`,
      token: star.token,
      body: { text: "Better thought" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ text: "Better thought" });
    expect(edited.json().editedAt).not.toBeNull();

    expect((await t.request({ method: "DELETE", url: `/feed-posts/${p._id}`, token: rival.token })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: "DELETE", url: `/feed-posts/${p._id}`, token: admin })).statusCode).toBe(204);
    expect((await t.request({ method: "GET", url: `/feed-posts/${p._id}` })).statusCode).toBe(404);
  });
});

describe("polls", () => {
  it("takes one vote a member, counts it, and refuses a second or another poll's option", async () => {
    const p = await posted(star.token, { text: "Next shoot?", poll: { options: ["Beach", "City"], days: 2 } });
    expect(p.poll).toMatchObject({ totalVotes: 0, myVote: null, closed: false });
    expect(p.poll.options.map((o: { text: string }) => o.text)).toEqual(["Beach", "City"]);
    const beach = p.poll.options[0]._id;

    const other = await posted(star.token, { text: "Colour?", poll: { options: ["Red", "Blue"] } });
    const wrong = await t.request({
      method: "POST",
      url: `/feed-posts/${p._id}/vote`,
      token: fan.token,
      body: { optionId: other.poll.options[0]._id },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      message: "No such option in this poll.",
      details: [{ path: "body.optionId" }],
    });

    const voted = await t.request({
      method: "POST",
      url: `/feed-posts/${p._id}/vote`,
      token: fan.token,
      body: { optionId: beach },
    });
    expect(voted.statusCode, voted.body).toBe(200);
    expect(voted.json()).toMatchObject({ totalVotes: 1, myVote: beach });
    expect(voted.json().options[0].votes).toBe(1);

    const again = await t.request({
      method: "POST",
      url: `/feed-posts/${p._id}/vote`,
      token: fan.token,
      body: { optionId: beach },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You already voted in this poll.");

    const dup = await post(star.token, { text: "Dup", poll: { options: ["Yes", "yes"] } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().details[0]).toMatchObject({ path: "body.poll.options", message: "Each option once" });
  });
});

describe("comments and likes on posts", () => {
  it("counts likes and comments on the post as on other items", async () => {
    const p = await posted(star.token, { text: "Say hi" });
    const like = await t.request({
      method: "POST",
      url: "/reactions",
      token: fan.token,
      body: { objectType: "feed-post", objectId: p._id, action: "like" },
    });
    expect(like.statusCode, like.body).toBeLessThan(300);
    const comment = await t.request({
      method: "POST",
      url: "/comments",
      token: fan.token,
      body: { objectType: "feed-post", objectId: p._id, content: "Hi there" },
    });
    expect(comment.statusCode, comment.body).toBeLessThan(300);
    const seen = (await t.request({ method: "GET", url: `/feed-posts/${p._id}`, token: fan.token })).json();
    expect(seen).toMatchObject({ stats: { likes: 1, comments: 1 }, isLiked: true });
    // The performer is told of the comment, with a link to the post.
    const notices = async () =>
      (await t.request({ method: "GET", url: "/notifications", token: star.token })).json().data as Array<{
        text: string;
        link: string;
      }>;
    await expect.poll(notices, { timeout: 10_000 }).toContainEqual(
      expect.objectContaining({
        text: "New comment on “Say hi”.",
        link: `/feed/${p._id}#comment-${comment.json()._id}`,
      }),
    );
  });
});

describe("news of a post", () => {
  it("tells the performer's followers of a new post in the app, once", async () => {
    const follower = await newAccount(t, "user", "follower");
    expect((await t.request({ method: "PUT", url: `/follows/${star.id}`, token: follower.token })).statusCode).toBe(
      200,
    );
    // The first scan of posts sets where news starts; later posts are news.
    await t.app.services.news.announceNow();
    const p = await posted(star.token, { text: "Fresh from the studio" });
    await t.app.services.news.announceNow();
    await t.app.services.news.announceNow();
    const notices = (await t.request({ method: "GET", url: "/notifications", token: follower.token })).json().data;
    expect(notices.map((n: { text: string; link: string }) => [n.text, n.link])).toEqual([
      [`New post from Name ${star.username}: “Fresh from the studio”.`, `/feed/${p._id}`],
    ]);
  });
});
