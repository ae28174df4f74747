import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { NOTIFICATIONS_KEPT } from "@marquee/contracts/notifications";
import { count, eq } from "drizzle-orm";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createTestContext,
  deliverSandbox,
  expectBadRequest,
  newAccount,
  type TestContext,
  WAIT,
} from "../../../test/harness.ts";
import { checkoutVideo, saleMovie } from "../../../test/sales.ts";
import { uuidv7 } from "../../platform/ids.ts";
import { formatNotification } from "./format.ts";
import { createNotificationsService } from "./service.ts";
import { notifications } from "./tables.ts";

/**
 * Notifications through HTTP (issue 12): every `notification` a module sends is stored for its member with a short
 * text and link and sent live as stored; the member lists them (newest first, unread only), marks one or all read;
 * nobody reaches another's; a member keeps the newest NOTIFICATIONS_KEPT.
 */

let t: TestContext;
type Account = { id: string; username: string; token: string };
let member: Account;
let other: Account;

const get = (url: string, token?: string) => t.request({ method: "GET", url, token });
const post = (url: string, token?: string) => t.request({ method: "POST", url, token });
/** Sends a notification as a module does, and waits until it is stored. */
async function tell(userId: string, payload: Record<string, unknown>) {
  t.app.services.notify(userId, "notification", payload as never);
  await t.app.services.notifications.settled();
}
type Listed = { _id: string; type: string; text: string; link: string | null; read: boolean; readAt: string | null };
const listOf = async (token: string, query = "") => {
  const res = await get(`/notifications${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Listed[]; total: number; unread: number };
};

async function listen(token: string, event = "notification") {
  const port = (t.app.server.address() as AddressInfo).port;
  const socket = connect(`http://127.0.0.1:${port}`, {
    path: "/socket.io",
    auth: { token },
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  const got: Record<string, unknown>[] = [];
  socket.on(event, (payload: Record<string, unknown>) => got.push(payload));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return { got, close: () => socket.disconnect() };
}

beforeAll(async () => {
  t = await createTestContext({ REALTIME: "true" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  member = await newAccount(t, "user", "bell");
  other = await newAccount(t, "user", "other");
});
afterAll(() => t.close());

describe("who may call the notifications routes", () => {
  it("refuses visitors (401)", async () => {
    expect((await get("/notifications")).statusCode).toBe(401);
    expect((await post("/notifications/read-all")).statusCode).toBe(401);
    expect((await post(`/notifications/${randomUUID()}/read`)).statusCode).toBe(401);
  });

  it("names the bad field of a query or path", async () => {
    expectBadRequest(await get("/notifications?limit=0", member.token), "querystring.limit");
    expectBadRequest(await get("/notifications?limit=101", member.token), "querystring.limit");
    expectBadRequest(await get("/notifications?offset=-1", member.token), "querystring.offset");
    expectBadRequest(await get("/notifications?unread=yes", member.token), "querystring.unread");
    expectBadRequest(await get("/notifications?sortBy=type", member.token), "querystring.sortBy");
    expectBadRequest(await post("/notifications/42/read", member.token), "params.id");
  });
});

describe("a member's notifications", () => {
  it("stores what a module sends, lists it newest first with its text and link, and counts the unread", async () => {
    const me = await newAccount(t, "user", "list");
    expect(await listOf(me.token)).toEqual({ data: [], total: 0, unread: 0 });
    await tell(me.id, {
      type: "delivery",
      orderId: randomUUID(),
      title: "Mug",
      deliveryStatus: "shipped",
      shippingCode: "ZX9",
    });
    await tell(me.id, { type: "payout", amount: 12.5, currency: "USD" });
    await tell(me.id, { type: "something-new", foo: 1 });
    const list = await listOf(me.token);
    expect(list.total).toBe(3);
    expect(list.unread).toBe(3);
    expect(list.data.map((n) => n.type)).toEqual(["something-new", "payout", "delivery"]);
    expect(list.data[2]).toMatchObject({
      text: "“Mug” has shipped (ZX9).",
      link: "/account/orders",
      read: false,
      readAt: null,
      data: { title: "Mug", deliveryStatus: "shipped", shippingCode: "ZX9" },
    });
    expect(list.data[1]).toMatchObject({ text: "You were paid 12.50 USD.", link: "/studio/earnings" });
    expect(list.data[0]).toMatchObject({ text: "You have a new notification.", link: null, data: { foo: 1 } });
    // Paged like other lists.
    const page = await listOf(me.token, "?limit=2&offset=1");
    expect(page.total).toBe(3);
    expect(page.data.map((n) => n.type)).toEqual(["payout", "delivery"]);
    // Nobody else sees them.
    expect((await listOf(other.token)).total).toBe(0);
  });

  it("marks one read (its own only: 404 for another's), lists the unread only, and marks all read", async () => {
    const me = await newAccount(t, "user", "read");
    for (const status of ["paid", "failed", "refunded"])
      await tell(me.id, { type: "payment", status, orderId: randomUUID() });
    const [newest, middle] = (await listOf(me.token)).data as [Listed, Listed, Listed];

    // Another member's notification is not found, nor is a made-up one; nothing changes.
    expect((await post(`/notifications/${newest._id}/read`, other.token)).statusCode).toBe(404);
    expect((await post(`/notifications/${randomUUID()}/read`, me.token)).statusCode).toBe(404);
    expect((await listOf(me.token)).unread).toBe(3);

    const read = await post(`/notifications/${middle._id}/read`, me.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ _id: middle._id, read: true, text: "Payment failed." });
    const readAt = read.json().readAt as string;
    expect(Date.parse(readAt)).not.toBeNaN();
    // Reading it again changes nothing.
    expect((await post(`/notifications/${middle._id}/read`, me.token)).json().readAt).toBe(readAt);

    const unread = await listOf(me.token, "?unread=true");
    expect(unread.total).toBe(2);
    expect(unread.unread).toBe(2);
    expect(unread.data.map((n) => n._id)).not.toContain(middle._id);
    expect((await listOf(me.token, "?unread=false")).total).toBe(3);

    // Another member's "read all" leaves these alone.
    await tell(other.id, { type: "payout", amount: 1, currency: "USD" });
    expect((await post("/notifications/read-all", other.token)).json()).toEqual({ updated: 1, unread: 0 });
    expect((await listOf(me.token)).unread).toBe(2);

    const all = await post("/notifications/read-all", me.token);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ updated: 2, unread: 0 });
    const after = await listOf(me.token);
    expect(after.unread).toBe(0);
    expect(after.data.every((n) => n.read && n.readAt)).toBe(true);
    expect((await listOf(me.token, "?unread=true")).data).toEqual([]);
    expect((await post("/notifications/read-all", me.token)).json()).toEqual({ updated: 0, unread: 0 });
  });

  it(`keeps a member's newest ${NOTIFICATIONS_KEPT}: the oldest go as new ones arrive`, async () => {
    const me = await newAccount(t, "user", "many");
    const start = Date.now() - 86_400_000;
    const rows = Array.from({ length: NOTIFICATIONS_KEPT }, (_, i) => ({
      id: uuidv7(start + i * 1000),
      userId: me.id,
      type: "payout",
      payload: { n: i },
      text: `Old ${i}`,
      createdAt: new Date(start + i * 1000),
    }));
    await t.database.db.insert(notifications).values(rows);
    await tell(other.id, { type: "payout", amount: 2, currency: "USD" });
    await tell(me.id, { type: "payout", amount: 3, currency: "USD" });
    await tell(me.id, { type: "payout", amount: 4, currency: "USD" });
    const [kept] = await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, me.id));
    expect(kept?.n).toBe(NOTIFICATIONS_KEPT);
    const list = await listOf(me.token, "?limit=100&offset=400");
    expect(list.total).toBe(NOTIFICATIONS_KEPT);
    // The two oldest (0 and 1) are gone; the oldest kept is the third.
    expect(list.data.at(-1)?.text).toBe("Old 2");
    expect((await listOf(me.token, "?limit=2")).data.map((n) => n.text)).toEqual([
      "You were paid 4.00 USD.",
      "You were paid 3.00 USD.",
    ]);
    // Another member's are not touched.
    expect((await listOf(other.token)).total).toBeGreaterThan(0);
  });

  it("tells many members at once: one stored each, the oldest beyond the cap dropped, each sent live", async () => {
    const full = await newAccount(t, "user", "full");
    const fresh = await newAccount(t, "user", "fresh");
    const start = Date.now() - 86_400_000;
    await t.database.db.insert(notifications).values(
      Array.from({ length: NOTIFICATIONS_KEPT }, (_, i) => ({
        id: uuidv7(start + i * 1000),
        userId: full.id,
        type: "payout",
        text: `Old ${i}`,
        createdAt: new Date(start + i * 1000),
      })),
    );
    const live = await listen(fresh.token);
    const news = { kind: "video", itemId: randomUUID(), performer: "Anna", title: "Beach", link: "/movies/beach" };
    const stored = await t.app.services.notifications.notifyMany([full.id, fresh.id, fresh.id], "news", news);
    expect(stored).toBe(2);
    const text = "New movie from Anna: “Beach”.";
    const [kept] = await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, full.id));
    expect(kept?.n).toBe(NOTIFICATIONS_KEPT);
    expect((await listOf(full.token, "?limit=1")).data.map((n) => n.text)).toEqual([text]);
    expect((await listOf(full.token, "?limit=1&offset=499")).data.map((n) => n.text)).toEqual(["Old 1"]);
    const mine = await listOf(fresh.token);
    expect(mine.data.map((n) => [n.type, n.text, n.link])).toEqual([["news", text, "/movies/beach"]]);
    await vi.waitFor(() => expect(live.got).toHaveLength(1), WAIT);
    expect(live.got[0]).toMatchObject({
      _id: mine.data[0]?._id,
      type: "news",
      text,
      link: "/movies/beach",
      read: false,
    });
    live.close();
  });
});

describe("what modules send", () => {
  it("stores a payment's result for the buyer and the sale for the performer, and sends them live as stored", async () => {
    const performer = await newAccount(t, "performer", "seller");
    const buyer = await newAccount(t, "user", "buyer");
    const movie = await saleMovie(t, performer.token, 7);
    const c = await checkoutVideo(t, buyer.token, movie);
    const live = await listen(buyer.token);
    try {
      const res = await deliverSandbox(t, {
        id: `paid:${c.transactionId}`,
        type: "paid",
        transactionId: c.transactionId,
        amountCents: 700,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().received[0].outcome).toBe("applied");
      await t.app.services.notifications.settled();

      const mine = await listOf(buyer.token);
      expect(mine.unread).toBe(1);
      const stored = mine.data[0] as Listed & { data: Record<string, unknown> };
      expect(stored).toMatchObject({
        type: "payment",
        link: "/account/orders",
        read: false,
        data: { status: "paid", orderId: c.orderId, transactionId: c.transactionId },
      });
      expect(stored.text).toMatch(/^Payment received: “Paid movie .+”\.$/);

      const sold = await listOf(performer.token);
      expect(sold.data).toHaveLength(1);
      expect(sold.data[0]).toMatchObject({ type: "sale", link: "/studio/earnings", data: { orderId: c.orderId } });
      expect(sold.data[0]?.text).toMatch(/^New sale: “Paid movie .+”\.$/);

      // Live: the sender's fields as before (what payment.success.tsx reads), with the stored notification's.
      await vi.waitFor(() => expect(live.got).toHaveLength(1), WAIT);
      expect(live.got[0]).toEqual({
        type: "payment",
        status: "paid",
        orderId: c.orderId,
        transactionId: c.transactionId,
        title: expect.any(String),
        _id: stored._id,
        text: stored.text,
        link: "/account/orders",
        read: false,
        createdAt: expect.any(String),
      });
    } finally {
      live.close();
    }
  });

  it("sends other events live only, unstored", async () => {
    const me = await newAccount(t, "user", "other-event");
    const [notified, presence] = await Promise.all([listen(me.token), listen(me.token, "presence")]);
    try {
      t.app.services.notify(me.id, "presence", { online: true } as never);
      await t.app.services.notifications.settled();
      await vi.waitFor(() => expect(presence.got).toEqual([{ online: true }]), WAIT);
      expect(notified.got).toEqual([]);
      expect((await listOf(me.token)).total).toBe(0);
    } finally {
      notified.close();
      presence.close();
    }
  });
});

describe("when a notification cannot be stored", () => {
  it("logs it and still sends it live, never throwing to its caller (the money paths call it after commit)", async () => {
    const sent: unknown[] = [];
    const errors: unknown[] = [];
    const broken = {
      insert: () => {
        throw new Error("database down");
      },
    } as unknown as Parameters<typeof createNotificationsService>[0]["db"];
    const service = createNotificationsService({
      db: broken,
      send: (_user, event, payload) => sent.push({ event, payload }),
      log: { error: (obj) => errors.push(obj) },
    });
    expect(() => service.notify("u1", "notification", { type: "sale", orderId: "o1", title: "Film" })).not.toThrow();
    await service.settled();
    expect(errors).toHaveLength(1);
    expect(sent).toEqual([
      {
        event: "notification",
        payload: {
          type: "sale",
          orderId: "o1",
          title: "Film",
          _id: null,
          text: "New sale: “Film”.",
          link: "/studio/earnings",
          read: false,
          createdAt: expect.any(String),
        },
      },
    ]);
  });

  it("stores in the real database with a type when the payload has none", async () => {
    const me = await newAccount(t, "user", "typeless");
    await tell(me.id, { hello: "world" } as Record<string, unknown>);
    expect((await listOf(me.token)).data[0]).toMatchObject({ type: "general", data: { hello: "world" } });
    expect((await listOf(me.token)).total).toBe(1);
  });
});

describe("the texts", () => {
  it("makes one short sentence and a link for each type", () => {
    expect(formatNotification("payment", { status: "paid", title: "A film" })).toEqual({
      text: "Payment received: “A film”.",
      link: "/account/orders",
    });
    expect(formatNotification("payment", { status: "expired" }).text).toBe("Payment expired.");
    expect(formatNotification("refund", {}).text).toBe("A sale of yours was refunded.");
    expect(formatNotification("refund", { title: "Dawn" }).text).toBe("A sale of yours was refunded: “Dawn”.");
    expect(formatNotification("subscriber", { title: "Gold" })).toEqual({
      text: "New subscriber: “Gold”.",
      link: "/studio/subscribers",
    });
    expect(formatNotification("subscription", { status: "renewed", expiresAt: "2030-01-02T10:00:00.000Z" }).text).toBe(
      "Your membership was renewed (access until 2 Jan 2030).",
    );
    const piper = { performer: "Piper Performer", expiresAt: "2026-12-26T10:00:00.000Z" };
    expect(formatNotification("subscription", { status: "cancelled", ...piper }).text).toBe(
      "Your subscription to “Piper Performer” will not renew (access until 26 Dec 2026).",
    );
    expect(formatNotification("subscription", { status: "renewal_failed", ...piper }).text).toBe(
      "The renewal of your subscription to “Piper Performer” failed (access until 26 Dec 2026).",
    );
    expect(formatNotification("subscription", { status: "revoked", ...piper }).text).toBe(
      "Your subscription to “Piper Performer” was revoked.",
    );
    expect(formatNotification("subscription", { status: "expired", expiresAt: "2030-01-02T10:00:00.000Z" }).text).toBe(
      "Your membership has expired.",
    );
    expect(formatNotification("delivery", { deliveryStatus: "processing" }).text).toBe(
      "Your parcel is being prepared.",
    );
    expect(formatNotification("media.processed", { status: "failed", title: "Clip", objectType: "gallery" })).toEqual({
      text: "“Clip” could not be processed.",
      link: "/studio/galleries",
    });
    expect(formatNotification("sale", { title: "x".repeat(200) }).text.length).toBeLessThan(100);
    const id = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
    expect(formatNotification("comment", { objectType: "video", objectId: id, title: "Dawn", reply: true })).toEqual({
      text: "New reply to your comment on “Dawn”.",
      link: `/movies/${id}`,
    });
    const commentId = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c";
    expect(
      formatNotification("comment", { objectType: "video", objectId: id, commentId, title: "Dawn", reply: true }),
    ).toEqual({ text: "New reply to your comment on “Dawn”.", link: `/movies/${id}#comment-${commentId}` });
    expect(
      formatNotification("comment", { objectType: "performer", objectId: id, title: "Ava", reply: false }),
    ).toEqual({ text: "New comment on “Ava”.", link: null });
  });
});
