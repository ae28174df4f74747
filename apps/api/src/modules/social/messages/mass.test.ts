import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, newAccount, type TestContext } from "../../../../test/harness.ts";
import { performers } from "../../performers/tables.ts";
import { MASS_BATCH } from "./mass.ts";

/**
 * Mass messages (issue 25 section 2): one message to a performer's followers, subscribers or both, leaving out
 * chosen lists, written by a job in batches that goes on from its place; each fan gets one copy in their conversation.
 */

let t: TestContext;
type Account = Awaited<ReturnType<typeof newAccount>>;
let star: Account;

const req = (method: string, url: string, token: string, body?: Record<string, unknown>) =>
  t.request({ method: method as "GET", url, token, ...(body ? { body } : {}) });

async function subscribe(fan: Account) {
  const res = await req("POST", "/payment/subscribe", fan.token, { performerId: star.id, type: "monthly" });
  expect(res.statusCode, res.body).toBe(200);
  const paid = await req("POST", `/payment/sandbox/${res.json().transactionId}`, fan.token, { decision: "approve" });
  expect(paid.json().status).toBe("paid");
}

const inboxOf = async (fan: Account) => (await req("GET", "/conversations", fan.token)).json().data;

/** Sends and runs the job to its end here (the app's own worker may run it too: the batches are locked). */
async function sent(body: Record<string, unknown>) {
  const res = await req("POST", "/messages/mass", star.token, body);
  expect(res.statusCode, res.body).toBe(200);
  await t.app.services.social.mass.run(res.json()._id);
  const list = (await req("GET", "/messages/mass", star.token)).json().data;
  return list.find((m: { _id: string }) => m._id === res.json()._id);
}

beforeAll(async () => {
  t = await createTestContext();
  star = await newAccount(t, "performer", "star");
  await t.database.db.update(performers).set({ monthlyPriceCents: 999 }).where(eq(performers.id, star.id));
});
afterAll(() => t.close());

describe("mass messages", () => {
  it("reaches every follower and subscriber once, leaves out a chosen list and blocked fans", async () => {
    const [followerA, followerB, both, subscriberOnly, blocker, stranger] = (await Promise.all(
      ["fa", "fb", "both", "sub", "blk", "str"].map((p) => newAccount(t, "user", p)),
    )) as [Account, Account, Account, Account, Account, Account];
    for (const f of [followerA, followerB, both, blocker]) {
      expect((await req("PUT", `/follows/${star.id}`, f.token)).statusCode).toBe(200);
    }
    await subscribe(both);
    await subscribe(subscriberOnly);
    const blocked = (await req("PUT", `/conversations/with/${star.id}`, blocker.token)).json()._id;
    await req("PUT", `/conversations/${blocked}/block`, blocker.token);

    const toAll = await sent({ text: "Hello everyone!", audience: "both" });
    expect(toAll).toMatchObject({ status: "sent", delivered: 4, purchases: 0, audience: "both" });
    for (const fan of [followerA, followerB, both, subscriberOnly]) {
      const inbox = await inboxOf(fan);
      expect(inbox.map((c: { lastText: string; unread: number }) => [c.lastText, c.unread])).toEqual([
        ["Hello everyone!", 1],
      ]);
    }
    expect(await inboxOf(blocker)).toEqual([]);
    expect(await inboxOf(stranger)).toEqual([]);

    // Running the job again sends nothing twice.
    await t.app.services.social.mass.run(toAll._id);
    expect((await inboxOf(both))[0].unread).toBe(1);

    const teaser = await sent({ text: "Subscribe for more", audience: "followers", exclude: ["subscribers"] });
    expect(teaser.delivered).toBe(2);
    expect((await inboxOf(followerA))[0]).toMatchObject({ lastText: "Subscribe for more", unread: 2 });
    expect((await inboxOf(both))[0]).toMatchObject({ lastText: "Hello everyone!" });
  });

  it("refuses a list that leaves nobody, members, and a second send while one is going", async () => {
    const nobody = await req("POST", "/messages/mass", star.token, {
      text: "Hi",
      audience: "subscribers",
      exclude: ["subscribers"],
    });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json()).toMatchObject({
      message: "Leaving out that list leaves nobody to send to.",
      details: [{ path: "body.exclude" }],
    });
    const fan = await newAccount(t, "user", "member");
    expect((await req("POST", "/messages/mass", fan.token, { text: "Hi", audience: "followers" })).statusCode).toBe(
      403,
    );
    const first = await req("POST", "/messages/mass", star.token, { text: "One", audience: "followers" });
    expect(first.statusCode).toBe(200);
    const second = await req("POST", "/messages/mass", star.token, { text: "Two", audience: "followers" });
    if (second.statusCode === 409) {
      expect(second.json().message).toBe("A mass message of yours is still being sent. Wait until it is done.");
    } else {
      // The app's worker finished the first already: the second started.
      expect(second.statusCode).toBe(200);
    }
    await t.app.services.social.mass.run(first.json()._id);
  });

  it("writes a big audience in batches", async () => {
    const big = await newAccount(t, "performer", "big");
    const fans = MASS_BATCH + 5;
    // Followers written straight into the table: the test is of the send, not of following.
    const ids = await Promise.all(Array.from({ length: 3 }, (_, i) => newAccount(t, "user", `bf${i}`)));
    await t.database.db.execute(
      sql`insert into users (id, username, name, email, password_hash, role)
        select gen_random_uuid(), 'massfan' || g, 'Fan ' || g, 'massfan' || g || '@example.test', 'x', 'user'
        from generate_series(1, ${fans - ids.length}) g`,
    );
    await t.database.db.execute(
      sql`insert into follows (user_id, performer_id)
        select id, ${big.id} from users where username like 'massfan%' or id in (${sql.join(
          ids.map((a) => sql`${a.id}::uuid`),
          sql`, `,
        )})`,
    );
    const res = await req("POST", "/messages/mass", big.token, { text: "To all of you", audience: "followers" });
    await t.app.services.social.mass.run(res.json()._id);
    const list = (await req("GET", "/messages/mass", big.token)).json().data;
    expect(list[0]).toMatchObject({ status: "sent", delivered: fans });
    expect((await inboxOf(ids[0] as Account))[0]).toMatchObject({ lastText: "To all of you", unread: 1 });
  });
});
