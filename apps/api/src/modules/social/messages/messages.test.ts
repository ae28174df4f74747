import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, newAccount, type TestContext } from "../../../../test/harness.ts";
import { nextEvent, testSockets } from "../../../../test/sockets.ts";

/**
 * Messages (issue 25 section 2): one conversation a member and a performer, live on both sides' sockets, unread
 * counts and read state, history paged by cursor; blocks, who may write first, and the sides' own rules.
 */

let t: TestContext;
let url: string;
type Account = Awaited<ReturnType<typeof newAccount>>;
let star: Account;
let fan: Account;
let stranger: Account;
let admin: string;
const open = testSockets(() => url);

const req = (method: string, path: string, token: string | undefined, body?: Record<string, unknown>) =>
  t.request({ method: method as "GET", url: path, token, ...(body ? { body } : {}) });

async function conversationWith(token: string, userId: string): Promise<string> {
  const res = await req("PUT", `/conversations/with/${userId}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json()._id;
}

async function send(token: string, id: string, body: Record<string, unknown>) {
  const res = await req("POST", `/conversations/${id}/messages`, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestContext({ REALTIME: "true" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  admin = await t.login("admin");
  [star, fan, stranger] = await Promise.all([
    newAccount(t, "performer", "star"),
    newAccount(t, "user", "fan"),
    newAccount(t, "user", "stranger"),
  ]);
});
afterAll(() => t.close());

describe("a conversation", () => {
  it("carries a member's message to the performer live, who answers live; unread counts and read state follow", async () => {
    const id = await conversationWith(fan.token, star.id);
    // One conversation a pair, from either side.
    expect(await conversationWith(fan.token, star.id)).toBe(id);
    const [fanSocket, starSocket] = await Promise.all([open(fan.token), open(star.token)]);

    const heard = nextEvent<{ text: string; fromMe: boolean }>(starSocket, "message:created");
    const sent = await send(fan.token, id, { text: "Hi! Loved your last set." });
    expect(sent).toMatchObject({ text: "Hi! Loved your last set.", fromMe: true, lock: null, price: null });
    expect(await heard).toMatchObject({ text: "Hi! Loved your last set.", fromMe: false });

    expect((await req("GET", "/conversations/unread", star.token)).json()).toEqual({ unread: 1 });
    const inbox = (await req("GET", "/conversations", star.token)).json();
    expect(inbox.data[0]).toMatchObject({
      _id: id,
      with: { _id: fan.id, username: fan.username, role: "user" },
      lastText: "Hi! Loved your last set.",
      lastFromMe: false,
      unread: 1,
      blockedByMe: false,
    });

    const toldRead = nextEvent<{ conversationId: string; readAt: string }>(fanSocket, "message:read");
    const read = await req("POST", `/conversations/${id}/read`, star.token);
    expect(read.statusCode, read.body).toBe(200);
    expect((await toldRead)?.conversationId).toBe(id);
    expect((await req("GET", "/conversations/unread", star.token)).json()).toEqual({ unread: 0 });
    const fanSide = (await req("GET", "/conversations", fan.token)).json().data[0];
    expect(fanSide.readByThemAt).not.toBeNull();

    const answer = nextEvent<{ text: string }>(fanSocket, "message:created");
    await send(star.token, id, { text: "Thank you!" });
    expect((await answer)?.text).toBe("Thank you!");

    // History, newest first, paged by cursor.
    const page1 = (await req("GET", `/conversations/${id}/messages?limit=1`, fan.token)).json();
    expect(page1.data.map((m: { text: string }) => m.text)).toEqual(["Thank you!"]);
    const page2 = (await req("GET", `/conversations/${id}/messages?limit=1&cursor=${page1.next}`, fan.token)).json();
    expect(page2.data.map((m: { text: string }) => m.text)).toEqual(["Hi! Loved your last set."]);
  });

  it("is for its two sides only: others and admins get 404", async () => {
    const id = await conversationWith(fan.token, star.id);
    expect((await req("GET", `/conversations/${id}/messages`, stranger.token)).statusCode).toBe(404);
    expect((await req("GET", `/conversations/${id}/messages`, admin)).statusCode).toBe(404);
    expect((await req("POST", `/conversations/${id}/messages`, stranger.token, { text: "Hi" })).statusCode).toBe(404);
  });

  it("opens only with performers, and a performer's only with their followers and subscribers", async () => {
    const self = await req("PUT", `/conversations/with/${fan.id}`, fan.token);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({
      message: "You cannot write to yourself.",
      details: [{ path: "params.userId" }],
    });
    const member = await req("PUT", `/conversations/with/${stranger.id}`, fan.token);
    expect(member.statusCode).toBe(422);
    expect(member.json().message).toBe(
      "You can write to performers, and performers to their followers and subscribers.",
    );
    expect((await req("PUT", `/conversations/with/${stranger.id}`, star.token)).statusCode).toBe(422);
    expect((await req("PUT", `/follows/${star.id}`, stranger.token)).statusCode).toBe(200);
    expect((await req("PUT", `/conversations/with/${stranger.id}`, star.token)).statusCode).toBe(200);
  });

  it("refuses empty messages, media or prices from the fan, and a price without media", async () => {
    const id = await conversationWith(fan.token, star.id);
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      [fan.token, { text: " " }, "Write something or attach a photo or video.", "body.text"],
      [
        fan.token,
        { text: "Pay me", price: 5 },
        "Only the performer sends media in a conversation.",
        "body.attachmentIds",
      ],
      [
        star.token,
        { text: "Pay me", price: 5 },
        "A paid message needs a photo or a video to lock.",
        "body.attachmentIds",
      ],
    ];
    for (const [token, body, message, path] of cases) {
      const res = await req("POST", `/conversations/${id}/messages`, token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toMatchObject({ message, details: [{ path }] });
    }
  });
});

describe("blocks and who may write first", () => {
  it("stops both sides writing while either blocks, until lifted", async () => {
    const blocker = await newAccount(t, "user", "blocked");
    const id = await conversationWith(blocker.token, star.id);
    await send(blocker.token, id, { text: "Hello" });
    const blocked = await req("PUT", `/conversations/${id}/block`, star.token);
    expect(blocked.json()).toMatchObject({ blockedByMe: true, blockedByThem: false });
    for (const token of [blocker.token, star.token]) {
      const res = await req("POST", `/conversations/${id}/messages`, token, { text: "Still there?" });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("You cannot write in this conversation.");
    }
    expect((await req("GET", "/conversations", blocker.token)).json().data[0].blockedByThem).toBe(true);
    expect((await req("DELETE", `/conversations/${id}/block`, star.token)).json().blockedByMe).toBe(false);
    await send(blocker.token, id, { text: "Back again" });
  });

  it("takes first messages from subscribers only when the performer says so, until the performer writes", async () => {
    const picky = await newAccount(t, "performer", "picky");
    const writer = await newAccount(t, "user", "writer");
    expect((await req("PUT", "/messages/settings", fan.token, { whoMayWriteFirst: "subscribers" })).statusCode).toBe(
      403,
    );
    const set = await req("PUT", "/messages/settings", picky.token, { whoMayWriteFirst: "subscribers" });
    expect(set.json()).toEqual({ whoMayWriteFirst: "subscribers" });
    const id = await conversationWith(writer.token, picky.id);
    const refused = await req("POST", `/conversations/${id}/messages`, writer.token, { text: "Hi" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("This performer takes first messages from subscribers only.");

    await req("PUT", "/messages/settings", picky.token, { whoMayWriteFirst: "followers" });
    const notFollowing = await req("POST", `/conversations/${id}/messages`, writer.token, { text: "Hi" });
    expect(notFollowing.json().message).toBe(
      "This performer takes first messages from followers only. Follow them to write.",
    );
    await req("PUT", `/follows/${picky.id}`, writer.token);
    await send(writer.token, id, { text: "Hi, now I follow you" });
  });
});

describe("reporting a message", () => {
  it("lets a side report a message; an admin reads the conversation only around it, and removes it", async () => {
    const reporter = await newAccount(t, "user", "reporter");
    const id = await conversationWith(reporter.token, star.id);
    const first = await send(reporter.token, id, { text: "Before" });
    await send(star.token, id, { text: "Something abusive" });
    const page = (await req("GET", `/conversations/${id}/messages`, reporter.token)).json();
    const bad = page.data.find((m: { text: string }) => m.text === "Something abusive");

    // Nobody reported it yet: the admin cannot read the conversation.
    const early = await req("GET", `/admin/messages/${bad._id}/context`, admin);
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe("Admins read a conversation only around a reported message.");
    // Someone outside the conversation cannot report it (it is not there for them).
    const outside = await req("POST", "/reports", stranger.token, {
      itemKind: "message",
      itemId: bad._id,
      reason: "other",
      details: "Abusive message",
    });
    expect(outside.statusCode, outside.body).toBe(404);

    const filed = await req("POST", "/reports", reporter.token, {
      itemKind: "message",
      itemId: bad._id,
      reason: "other",
      details: "Abusive message",
    });
    expect(filed.statusCode, filed.body).toBeLessThan(300);
    const context = await req("GET", `/admin/messages/${bad._id}/context`, admin);
    expect(context.statusCode, context.body).toBe(200);
    expect(context.json()).toMatchObject({
      reportedId: bad._id,
      fan: { _id: reporter.id },
      performer: { _id: star.id },
    });
    expect(context.json().data.map((m: { _id: string }) => m._id)).toEqual([first._id, bad._id]);
    // Only an admin reads it so.
    expect((await req("GET", `/admin/messages/${bad._id}/context`, reporter.token)).statusCode).toBe(403);

    const queue = (await req("GET", "/admin/reports?limit=100", admin)).json();
    const report = queue.data.find((r: { item: { _id: string } }) => r.item._id === bad._id);
    const down = await req("POST", `/admin/reports/${report._id}/take-down`, admin, { reason: "Abuse" });
    expect(down.statusCode, down.body).toBeLessThan(300);
    const after = (await req("GET", `/conversations/${id}/messages`, reporter.token)).json();
    expect(after.data.find((m: { _id: string }) => m._id === bad._id)).toMatchObject({
      text: "",
      removed: "Abuse",
      attachments: [],
    });
  });
});
