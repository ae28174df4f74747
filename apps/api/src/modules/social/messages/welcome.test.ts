import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, newAccount, type TestContext } from "../../../../test/harness.ts";
import { performers } from "../../performers/tables.ts";

/** The welcome message (issue 25 section 2): sent from the performer to each new subscriber once they have paid. */

let t: TestContext;
type Account = Awaited<ReturnType<typeof newAccount>>;
let star: Account;
let fan: Account;

beforeAll(async () => {
  t = await createTestContext();
  [star, fan] = await Promise.all([newAccount(t, "performer", "star"), newAccount(t, "user", "fan")]);
  await t.database.db.update(performers).set({ monthlyPriceCents: 999 }).where(eq(performers.id, star.id));
});
afterAll(() => t.close());

describe("the welcome message", () => {
  it("is set by the performer only, and reaches a member once their subscription is paid", async () => {
    expect((await t.request({ method: "GET", url: "/messages/welcome", token: star.token })).json()).toEqual({
      welcome: null,
    });
    expect(
      (await t.request({ method: "PUT", url: "/messages/welcome", token: fan.token, body: { text: "Hi" } })).statusCode,
    ).toBe(403);
    const empty = await t.request({ method: "PUT", url: "/messages/welcome", token: star.token, body: { text: "" } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ message: "Write something or attach a photo or video." });
    const set = await t.request({
      method: "PUT",
      url: "/messages/welcome",
      token: star.token,
      body: { text: "Welcome aboard! Ask me anything." },
    });
    expect(set.json()).toEqual({ welcome: { text: "Welcome aboard! Ask me anything.", price: null, attachments: [] } });
    // Only subscribers may write first: the welcome message opens the conversation for the new one.
    await t.request({
      method: "PUT",
      url: "/messages/settings",
      token: star.token,
      body: { whoMayWriteFirst: "subscribers" },
    });

    const res = await t.request({
      method: "POST",
      url: "/payment/subscribe",
      token: fan.token,
      body: { performerId: star.id, type: "monthly" },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Nothing before the payment.
    expect((await t.request({ method: "GET", url: "/conversations", token: fan.token })).json().data).toEqual([]);
    const approved = await t.request({
      method: "POST",
      url: `/payment/sandbox/${res.json().transactionId}`,
      token: fan.token,
      body: { decision: "approve" },
    });
    expect(approved.json().status).toBe("paid");

    const inbox = async () => (await t.request({ method: "GET", url: "/conversations", token: fan.token })).json();
    await expect.poll(async () => (await inbox()).data.length, { timeout: 10_000 }).toBe(1);
    const [conversation] = (await inbox()).data;
    expect(conversation).toMatchObject({
      with: { _id: star.id },
      lastText: "Welcome aboard! Ask me anything.",
      lastFromMe: false,
      unread: 1,
    });
    const reply = await t.request({
      method: "POST",
      url: `/conversations/${conversation._id}/messages`,
      token: fan.token,
      body: { text: "Thanks!" },
    });
    expect(reply.statusCode, reply.body).toBe(200);
  });
});
