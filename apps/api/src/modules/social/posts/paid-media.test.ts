import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, newAccount, type TestContext } from "../../../../test/harness.ts";
import { fileUpload, pngOf } from "../../../../test/multipart.ts";
import { performers } from "../../performers/tables.ts";

/**
 * Locked media (issue 25 sections 1 and 2), with real vault photos: a paid post or message shows blurred previews
 * until its buyer pays in the sandbox; then its files open for that buyer only, and the performer earns the sale as
 * its own line type. Subscribers' posts open for subscribers.
 */

let t: TestContext;
type Account = Awaited<ReturnType<typeof newAccount>>;
let star: Account;
let buyer: Account;
let other: Account;
let photo: string;

const req = (method: string, url: string, token: string | undefined, body?: Record<string, unknown>) =>
  t.request({ method: method as "GET", url, token, ...(body ? { body } : {}) });

async function vaultPhoto(token: string): Promise<string> {
  const { body, headers } = fileUpload(await pngOf(400, 300), "shot.png", "image/png");
  const res = await t.app.inject({
    method: "POST",
    url: "/vault",
    payload: body,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.jobs.idle();
  return res.json()._id;
}

/** Pays a checkout on the sandbox's page, as the member does in the browser. */
async function pay(token: string, checkout: { statusCode: number; body: string; json(): { transactionId: string } }) {
  expect(checkout.statusCode, checkout.body).toBe(200);
  const paid = await req("POST", `/payment/sandbox/${checkout.json().transactionId}`, token, { decision: "approve" });
  expect(paid.json().status).toBe("paid");
}

const fetchStatus = async (url: string) => (await t.app.inject({ method: "GET", url })).statusCode;

beforeAll(async () => {
  t = await createTestContext();
  [star, buyer, other] = await Promise.all([
    newAccount(t, "performer", "star"),
    newAccount(t, "user", "buyer"),
    newAccount(t, "user", "other"),
  ]);
  await t.database.db.update(performers).set({ monthlyPriceCents: 999 }).where(eq(performers.id, star.id));
  photo = await vaultPhoto(star.token);
}, 120_000);
afterAll(() => t.close());

describe("a paid post", () => {
  it("shows its buyer the photo once paid, keeps it blurred for others, and earns a post line", async () => {
    const made = await req("POST", "/feed-posts", star.token, {
      text: "Behind the scenes",
      access: "paid",
      price: 4.5,
      attachmentIds: [photo],
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json()._id;
    // Someone else's vault item cannot be attached.
    const rival = await newAccount(t, "performer", "rival");
    const stolen = await req("POST", "/feed-posts", rival.token, { text: "Mine", attachmentIds: [photo] });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().details[0].path).toBe("body.attachmentIds");

    const locked = (await req("GET", `/feed-posts/${id}`, buyer.token)).json();
    expect(locked).toMatchObject({ lock: "sale", price: 4.5, isBought: false, text: "Behind the scenes" });
    expect(locked.attachments[0]).toMatchObject({ kind: "photo", thumbnail: null, url: null });
    expect(await fetchStatus(locked.attachments[0].preview)).toBe(200);
    // The performer opens their own post's files.
    const own = (await req("GET", `/feed-posts/${id}`, star.token)).json();
    const full = own.attachments[0].url as string;
    expect(await fetchStatus(full)).toBe(200);

    await pay(buyer.token, await req("POST", `/feed-posts/${id}/unlock`, buyer.token, {}));
    const open = (await req("GET", `/feed-posts/${id}`, buyer.token)).json();
    expect(open).toMatchObject({ lock: null, isBought: true });
    expect(open.attachments[0].url).toMatch(/full\.webp$/);
    expect(await fetchStatus(open.attachments[0].url)).toBe(200);
    const again = await req("POST", `/feed-posts/${id}/unlock`, buyer.token, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You can already open this post.");

    expect((await req("GET", `/feed-posts/${id}`, other.token)).json()).toMatchObject({ lock: "sale" });
    // Bought: it stays paid at its price, and stays.
    const change = await req("PATCH", `/feed-posts/${id}`, star.token, { price: 9 });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe("Members bought this post: it stays paid, at its price.");
    expect((await req("DELETE", `/feed-posts/${id}`, star.token)).statusCode).toBe(409);

    const earnings = (await req("GET", "/earning/performer/search", star.token)).json();
    expect(earnings.data.find((e: { type: string }) => e.type === "post")).toMatchObject({
      type: "post",
      title: `Post by Name ${star.username}`,
      gross: 4.5,
    });
  });

  it("opens a subscribers' post for subscribers only", async () => {
    const made = await req("POST", "/feed-posts", star.token, {
      text: "For my subscribers",
      access: "subscribers",
      attachmentIds: [photo],
    });
    const id = made.json()._id;
    expect((await req("GET", `/feed-posts/${id}`, other.token)).json()).toMatchObject({ lock: "subscribers" });
    await pay(
      other.token,
      await req("POST", "/payment/subscribe", other.token, { performerId: star.id, type: "monthly" }),
    );
    const open = (await req("GET", `/feed-posts/${id}`, other.token)).json();
    expect(open.lock).toBeNull();
    expect(await fetchStatus(open.attachments[0].thumbnail)).toBe(200);
  });
});

describe("a paid message", () => {
  it("opens for the fan who paid, and earns a message line", async () => {
    const conversation = (await req("PUT", `/conversations/with/${star.id}`, buyer.token)).json()._id;
    const sent = await req("POST", `/conversations/${conversation}/messages`, star.token, {
      text: "Just for you",
      attachmentIds: [photo],
      price: 3,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json()._id;
    const seen = (await req("GET", `/conversations/${conversation}/messages`, buyer.token)).json().data[0];
    expect(seen).toMatchObject({ _id: id, lock: "sale", price: 3 });
    expect(seen.attachments[0]).toMatchObject({ url: null });
    // The inbox says what it carries.
    expect((await req("GET", "/conversations", buyer.token)).json().data[0].lastText).toBe("Just for you");

    // Nobody outside the conversation can buy it.
    expect((await req("POST", `/messages/${id}/unlock`, other.token, {})).statusCode).toBe(404);
    await pay(buyer.token, await req("POST", `/messages/${id}/unlock`, buyer.token, {}));
    const open = (await req("GET", `/conversations/${conversation}/messages`, buyer.token)).json().data[0];
    expect(open).toMatchObject({ lock: null, isBought: true });
    expect(await fetchStatus(open.attachments[0].url)).toBe(200);

    const earnings = (await req("GET", "/earning/performer/search", star.token)).json();
    expect(earnings.data.find((e: { type: string }) => e.type === "message")).toMatchObject({
      title: `Message from Name ${star.username}`,
      gross: 3,
    });
  });

  it("loads the inbox and a conversation with photos and paid messages in two queries each, beyond the session's", async () => {
    const fan = await newAccount(t, "user", "counted");
    const conversation = (await req("PUT", `/conversations/with/${star.id}`, fan.token)).json()._id;
    for (const price of [null, 4, 5]) {
      const sent = await req("POST", `/conversations/${conversation}/messages`, star.token, {
        text: "A photo",
        attachmentIds: [photo],
        price,
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    // What any signed-in request costs (its session), measured on the cheapest one.
    const session = (await t.queriesOf(() => req("GET", "/conversations/unread", fan.token))).queries.length - 1;
    const page = await t.queriesOf(() => req("GET", `/conversations/${conversation}/messages`, fan.token));
    const data = page.result.json().data as Array<{ lock: string | null; attachments: Array<{ preview: string }> }>;
    expect(data.map((m) => m.lock)).toEqual(["sale", "sale", null]);
    expect(data.every((m) => m.attachments.length === 1 && m.attachments[0]?.preview)).toBe(true);
    expect(page.queries.length - session, page.queries.join("\n")).toBeLessThanOrEqual(2);
    const inbox = await t.queriesOf(() => req("GET", "/conversations", fan.token));
    expect(inbox.result.json().data[0]._id).toBe(conversation);
    expect(inbox.queries.length - session, inbox.queries.join("\n")).toBeLessThanOrEqual(2);
  });
});

describe("a vault item in use", () => {
  it("cannot be deleted while the welcome message carries it", async () => {
    const item = await vaultPhoto(star.token);
    const set = await req("PUT", "/messages/welcome", star.token, { text: "Welcome!", attachmentIds: [item] });
    expect(set.statusCode, set.body).toBe(200);
    const refused = await req("DELETE", `/vault/${item}`, star.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This item is attached to a post or message.");
    expect((await req("DELETE", "/messages/welcome", star.token)).statusCode).toBe(204);
    expect((await req("DELETE", `/vault/${item}`, star.token)).statusCode).toBeLessThan(300);
  });

  it("is either attached or deleted when a post and its deletion race, never attached and gone", async () => {
    for (let round = 0; round < 3; round++) {
      const item = await vaultPhoto(star.token);
      const [post, removal] = await Promise.all([
        req("POST", "/feed-posts", star.token, { text: `Race ${round}`, attachmentIds: [item] }),
        req("DELETE", `/vault/${item}`, star.token),
      ]);
      if (post.statusCode === 200) {
        expect(removal.statusCode, "the item a saved post carries stays").toBe(409);
        const shown = await req("GET", `/feed-posts/${post.json()._id}`, star.token);
        expect(shown.json().attachments.map((a: { _id: string }) => a._id)).toEqual([item]);
      } else {
        expect(post.statusCode, post.body).toBe(422);
        expect(post.json().details[0].path).toBe("body.attachmentIds");
        expect(removal.statusCode).toBeLessThan(300);
      }
    }
  });
});
