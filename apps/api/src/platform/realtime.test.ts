import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, newAccount, type TestContext } from "../../test/harness.ts";
import { nextEvent, SOCKET_WAIT_MS } from "../../test/sockets.ts";
import { objectRoom } from "./realtime.ts";

const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

async function listen(ctx: TestContext) {
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

function open(url: string, token?: string): Socket {
  const socket = connect(url, {
    path: "/socket.io",
    auth: token ? { token } : {},
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    timeout: SOCKET_WAIT_MS,
  });
  sockets.push(socket);
  return socket;
}

/** Resolves when the socket connects, rejects with the server's refusal. */
const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (err) => reject(err));
  });

/** The next `event` on the socket, or `null` if none arrives within `ms`. */
const next = <T = unknown>(socket: Socket, event: string, ms = SOCKET_WAIT_MS) => nextEvent<T>(socket, event, ms);

const userId = async (ctx: TestContext, token: string) =>
  (await ctx.request({ method: "GET", url: "/users/me", token })).json()._id as string;

describe("realtime on one node", () => {
  let t: TestContext;
  let url: string;
  let member: string;
  let user: string;
  let memberId: string;
  let userIdOf: string;

  beforeAll(async () => {
    t = await createTestContext({ REALTIME: "true" });
    url = await listen(t);
    [member, user] = await Promise.all([t.login("member"), t.login("user")]);
    [memberId, userIdOf] = await Promise.all([userId(t, member), userId(t, user)]);
  });
  afterAll(() => t.close());

  it("accepts a socket carrying a valid token, and acks auth/login", async () => {
    const socket = open(url, member);
    await connected(socket);
    expect(socket.connected).toBe(true);
    const ack = await socket.timeout(SOCKET_WAIT_MS).emitWithAck("auth/login", { token: member });
    expect(ack).toEqual({ ok: true });
  });

  it("accepts auth/login with the bare token string as well", async () => {
    const socket = open(url, member);
    await connected(socket);
    expect(await socket.timeout(SOCKET_WAIT_MS).emitWithAck("auth/login", member)).toEqual({ ok: true });
  });

  it("delivers a user's notification to that user's sockets only", async () => {
    const mine = open(url, member);
    const mineToo = open(url, member);
    const theirs = open(url, user);
    await Promise.all([connected(mine), connected(mineToo), connected(theirs)]);

    const got = next(mine, "notification");
    const gotToo = next(mineToo, "notification");
    const leaked = next(theirs, "notification", 500);
    t.app.realtime?.toUser(memberId, "notification", { kind: "payment", status: "paid" } as never);

    expect(await got).toEqual({ kind: "payment", status: "paid" });
    expect(await gotToo).toEqual({ kind: "payment", status: "paid" });
    expect(await leaked).toBeNull();
  });

  it("moves the socket to the account of a token given in auth/login", async () => {
    const socket = open(url, member);
    await connected(socket);
    expect(await socket.timeout(SOCKET_WAIT_MS).emitWithAck("auth/login", { token: user })).toEqual({ ok: true });

    const forOld = next(socket, "notification", 500);
    t.app.realtime?.toUser(memberId, "notification", { to: "member" } as never);
    expect(await forOld).toBeNull();

    const forNew = next(socket, "notification");
    t.app.realtime?.toUser(userIdOf, "notification", { to: "user" } as never);
    expect(await forNew).toEqual({ to: "user" });
  });

  it("refuses a socket with a bad token or none", async () => {
    await expect(connected(open(url, "x".repeat(40)))).rejects.toThrow(/unauthorized/);
    await expect(connected(open(url))).rejects.toThrow(/unauthorized/);
  });

  it("drops a socket whose auth/login carries a bad token", async () => {
    const socket = open(url, member);
    await connected(socket);
    const dropped = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
    expect(
      await socket.timeout(SOCKET_WAIT_MS).emitWithAck("auth/login", { token: "not-a-valid-token-at-all" }),
    ).toEqual({
      ok: false,
    });
    expect(await dropped).toBe("io server disconnect");
  });

  it("refuses a socket whose session was revoked by logout", async () => {
    const token = await t.login("member");
    const out = await t.request({ method: "POST", url: "/auth/logout", token });
    expect(out.statusCode).toBeLessThan(300);
    await expect(connected(open(url, token))).rejects.toThrow(/unauthorized/);
  });
});

/** Answers `object:join` (or `object:leave`) with `payload`, as the server acks it. */
const join = (socket: Socket, payload: unknown, event = "object:join") =>
  socket.timeout(SOCKET_WAIT_MS).emitWithAck(event, payload) as Promise<{ ok: boolean; error?: string }>;

/** A post made by the admin: published, or a draft only admins may read. */
async function post(t: TestContext, admin: string, status: "published" | "draft") {
  const res = await t.request({
    method: "POST",
    url: "/admin/posts",
    token: admin,
    body: { title: `Room ${status} ${Math.random()}`, content: "Text.", status },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

/** A physical product of the performer: listed when active, unlisted (its performer's only) when a draft. */
async function product(t: TestContext, token: string, status: "active" | "draft") {
  const res = await t.request({
    method: "POST",
    url: "/performer/assets/products",
    token,
    body: { title: `Room poster ${Math.random()}`, type: "physical", price: 5, stock: 2, status },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

describe("object rooms and presence on one node", () => {
  let t: TestContext;
  let url: string;
  let admin: string;
  let user: string;
  let performer: { id: string; token: string };
  let published: string;
  let draft: string;
  let listedProduct: string;
  let draftProduct: string;

  beforeAll(async () => {
    t = await createTestContext({ REALTIME: "true" });
    url = await listen(t);
    [admin, user, performer] = await Promise.all([t.login("admin"), t.login("user"), newAccount(t, "performer")]);
    [published, draft, listedProduct, draftProduct] = await Promise.all([
      post(t, admin, "published"),
      post(t, admin, "draft"),
      product(t, performer.token, "active"),
      product(t, performer.token, "draft"),
    ]);
  });
  afterAll(() => t.close());

  it("refuses bad payloads without dropping the socket, and answers those that bring no ack", async () => {
    const socket = open(url, user);
    await connected(socket);
    const bad: unknown[] = [
      null,
      "x",
      42,
      [],
      {},
      { objectType: "post" },
      { objectType: "post", objectId: "not-a-uuid" },
      { objectType: "post", objectId: `${published}/../x` },
      { objectType: "comment", objectId: published },
      { objectType: { toString: "post" }, objectId: published },
      { objectType: "post", objectId: 7 },
      { objectType: "post", objectId: "x".repeat(100_000) },
    ];
    for (const payload of bad) expect(await join(socket, payload)).toEqual({ ok: false, error: "invalid" });
    expect(await join(socket, null, "object:leave")).toEqual({ ok: false, error: "invalid" });
    socket.emit("object:join", { objectType: "post", objectId: published }); // no ack function
    socket.emit("object:join"); // nothing at all
    expect(await join(socket, { objectType: "post", objectId: published })).toEqual({ ok: true });
    expect(socket.connected).toBe(true);
  });

  it("refuses unknown and unlisted objects, allows listed ones, and their owners and admins the unlisted", async () => {
    const [u, p, a] = [open(url, user), open(url, performer.token), open(url, admin)];
    await Promise.all([connected(u), connected(p), connected(a)]);
    const unknown = "0190a000-0000-7000-8000-000000000000";
    for (const objectType of ["video", "gallery", "product", "post", "performer"])
      expect(await join(u, { objectType, objectId: unknown })).toEqual({ ok: false, error: "not found" });
    // An existing id under another type is not that object.
    expect(await join(u, { objectType: "video", objectId: published })).toMatchObject({ ok: false });

    expect(await join(u, { objectType: "post", objectId: published })).toEqual({ ok: true });
    expect(await join(u, { objectType: "post", objectId: draft })).toEqual({ ok: false, error: "not found" });
    expect(await join(a, { objectType: "post", objectId: draft })).toEqual({ ok: true });

    expect(await join(u, { objectType: "product", objectId: listedProduct })).toEqual({ ok: true });
    expect(await join(u, { objectType: "product", objectId: draftProduct })).toEqual({ ok: false, error: "not found" });
    expect(await join(p, { objectType: "product", objectId: draftProduct })).toEqual({ ok: true });
    expect(await join(a, { objectType: "product", objectId: draftProduct })).toEqual({ ok: true });

    // A new performer's profile is listed; an admin hides it: only they and admins may be in its room.
    expect(await join(u, { objectType: "performer", objectId: performer.id })).toEqual({ ok: true });
    const hidden = await newAccount(t, "performer");
    const off = await t.request({
      method: "PUT",
      url: `/admin/performers/${hidden.id}`,
      token: admin,
      body: { status: "inactive" },
    });
    expect(off.statusCode, off.body).toBe(200);
    const h = open(url, hidden.token);
    await connected(h);
    expect(await join(u, { objectType: "performer", objectId: hidden.id })).toEqual({ ok: false, error: "not found" });
    expect(await join(h, { objectType: "performer", objectId: hidden.id })).toEqual({ ok: true });
    expect(await join(a, { objectType: "performer", objectId: hidden.id })).toEqual({ ok: true });
  });

  it("delivers a room event to the sockets that joined it only, and stops after object:leave", async () => {
    const [inside, alsoInside, outside] = [open(url, user), open(url, admin), open(url, user)];
    await Promise.all([connected(inside), connected(alsoInside), connected(outside)]);
    expect(await join(inside, { objectType: "post", objectId: published })).toEqual({ ok: true });
    expect(await join(alsoInside, { objectType: "post", objectId: published })).toEqual({ ok: true });
    // A refused join puts nobody in the room.
    expect(await join(outside, { objectType: "post", objectId: draft })).toMatchObject({ ok: false });

    const got = next(inside, "comment:created");
    const gotToo = next(alsoInside, "comment:created");
    const leaked = next(outside, "comment:created", 500);
    t.app.realtime?.toRoom(objectRoom(published), "comment:created", { objectId: published, n: 1 });
    expect(await got).toEqual({ objectId: published, n: 1 });
    expect(await gotToo).toEqual({ objectId: published, n: 1 });
    expect(await leaked).toBeNull();

    expect(await join(inside, { objectType: "post", objectId: published }, "object:leave")).toEqual({ ok: true });
    const afterLeave = next(inside, "comment:created", 500);
    const stillIn = next(alsoInside, "comment:created");
    t.app.realtime?.toRoom(objectRoom(published), "comment:created", { n: 2 });
    expect(await afterLeave).toBeNull();
    expect(await stillIn).toEqual({ n: 2 });
  });

  it("takes a socket out of its object rooms when auth/login moves it to another account", async () => {
    const socket = open(url, admin);
    await connected(socket);
    expect(await join(socket, { objectType: "post", objectId: draft })).toEqual({ ok: true });
    expect(await socket.timeout(SOCKET_WAIT_MS).emitWithAck("auth/login", { token: user })).toEqual({ ok: true });
    const leaked = next(socket, "comment:created", 500);
    t.app.realtime?.toRoom(objectRoom(draft), "comment:created", { secret: true });
    expect(await leaked).toBeNull();
  });

  it("caps the rooms one socket may be in", async () => {
    const socket = open(url, admin);
    await connected(socket);
    const ids = await Promise.all(Array.from({ length: 21 }, () => post(t, admin, "published")));
    const answers = [];
    for (const objectId of ids) answers.push(await join(socket, { objectType: "post", objectId }));
    expect(answers.slice(0, 20).every((a) => a.ok)).toBe(true);
    expect(answers[20]).toEqual({ ok: false, error: "too many rooms" });
  });

  it("announces a performer online at their first socket and offline after their last, to their room", async () => {
    const fresh = await newAccount(t, "performer");
    const watcher = open(url, user);
    const elsewhere = open(url, user);
    await Promise.all([connected(watcher), connected(elsewhere)]);
    // Joining a performer's room tells the joiner their state at once.
    const initial = next(watcher, "presence");
    expect(await join(watcher, { objectType: "performer", objectId: fresh.id })).toEqual({ ok: true });
    expect(await initial).toEqual({ performerId: fresh.id, online: false });

    const online = next(watcher, "presence");
    const notHere = next(elsewhere, "presence", 500);
    const first = open(url, fresh.token);
    await connected(first);
    expect(await online).toEqual({ performerId: fresh.id, online: true });
    expect(await notHere).toBeNull();

    // A second socket is no news; closing one of two is none either.
    const quiet = next(watcher, "presence", 500);
    const second = open(url, fresh.token);
    await connected(second);
    first.disconnect();
    expect(await quiet).toBeNull();

    const offline = next(watcher, "presence");
    second.disconnect();
    expect(await offline).toEqual({ performerId: fresh.id, online: false });

    // A newcomer to the room hears the current state (online again).
    const back = open(url, fresh.token);
    await connected(back);
    const late = open(url, user);
    await connected(late);
    const state = next(late, "presence");
    expect(await join(late, { objectType: "performer", objectId: fresh.id })).toEqual({ ok: true });
    expect(await state).toEqual({ performerId: fresh.id, online: true });
  });

  it("never announces plain users", async () => {
    const watcher = open(url, admin);
    await connected(watcher);
    const plain = await newAccount(t, "user");
    // A plain account has no profile, so no room to join; listen where its presence would go anyway.
    expect(await join(watcher, { objectType: "performer", objectId: plain.id })).toEqual({
      ok: false,
      error: "not found",
    });
    t.app.realtime?.io.in(watcher.id as string).socketsJoin(objectRoom(plain.id));
    const none = next(watcher, "presence", 500);
    await connected(open(url, plain.token));
    expect(await none).toBeNull();
  });
});

describe.runIf(process.env.REDIS_URL)("realtime across two nodes sharing Redis", () => {
  let a: TestContext;
  let b: TestContext;
  let urlA: string;
  let urlB: string;

  beforeAll(async () => {
    const env = { REALTIME: "true", REDIS_URL: process.env.REDIS_URL as string };
    [a, b] = await Promise.all([createTestContext(env), createTestContext(env)]);
    [urlA, urlB] = await Promise.all([listen(a), listen(b)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it("delivers an event emitted on node B to the user's socket on node A, not to others", async () => {
    const [memberA, userA, memberB] = await Promise.all([a.login("member"), a.login("user"), b.login("member")]);
    // Each node has its own database, so ids differ: address the user as node A knows them.
    const memberIdA = await userId(a, memberA);
    const onA = open(urlA, memberA);
    const otherOnA = open(urlA, userA);
    const onB = open(urlB, memberB);
    await Promise.all([connected(onA), connected(otherOnA), connected(onB)]);

    const got = next(onA, "notification");
    const leaked = next(otherOnA, "notification", 500);
    b.app.realtime?.toUser(memberIdA, "notification", { from: "node B" } as never);
    expect(await got).toEqual({ from: "node B" });
    expect(await leaked).toBeNull();

    // And the other way round.
    const memberIdB = await userId(b, memberB);
    const gotOnB = next(onB, "notification");
    a.app.realtime?.toUser(memberIdB, "notification", { from: "node A" } as never);
    expect(await gotOnB).toEqual({ from: "node A" });
  });

  it("delivers a room event emitted on node B to the sockets that joined that room on node A", async () => {
    const [adminA, userA] = await Promise.all([a.login("admin"), a.login("user")]);
    const objectId = await post(a, adminA, "published");
    const inRoom = open(urlA, userA);
    const notInRoom = open(urlA, userA);
    await Promise.all([connected(inRoom), connected(notInRoom)]);
    expect(await join(inRoom, { objectType: "post", objectId })).toEqual({ ok: true });

    const got = next(inRoom, "reaction:updated");
    const leaked = next(notInRoom, "reaction:updated", 500);
    b.app.realtime?.toRoom(objectRoom(objectId), "reaction:updated", { objectId, likes: 3 });
    expect(await got).toEqual({ objectId, likes: 3 });
    expect(await leaked).toBeNull();
  });

  it("says a performer is offline only when their last socket on any node is gone", async () => {
    // Each node has its own database: give node B's socket the performer's room on node A's terms by hand.
    const [performerA, userA, userB] = await Promise.all([
      newAccount(a, "performer"),
      a.login("user"),
      b.login("user"),
    ]);
    const watcher = open(urlA, userA);
    await connected(watcher);
    expect(await join(watcher, { objectType: "performer", objectId: performerA.id })).toEqual({ ok: true });
    const onA = open(urlA, performerA.token);
    await connected(onA);
    const onB = open(urlB, userB);
    await connected(onB);
    // The join goes through Redis, to node B as to any other: wait until node A, asking every node, sees both sockets.
    const inRoom = async () => (await a.app.realtime?.io.in(`user:${performerA.id}`).fetchSockets())?.length;
    b.app.realtime?.io.in(onB.id as string).socketsJoin(`user:${performerA.id}`);
    await vi.waitFor(async () => expect(await inRoom()).toBe(2), { timeout: SOCKET_WAIT_MS, interval: 50 });

    const quiet = next(watcher, "presence", 800);
    onA.disconnect();
    expect(await quiet).toBeNull();

    // Node A had the last socket of the performer it knows of; node B's is gone now, and A asks again next time.
    const online = next(watcher, "presence");
    const back = open(urlA, performerA.token);
    await connected(back);
    expect(await online).toEqual({ performerId: performerA.id, online: true });
    onB.disconnect();
    // Node B notices its socket closed in its own time: wait until node A, asking, sees only the performer's own.
    await vi.waitFor(async () => expect(await inRoom()).toBe(1), { timeout: SOCKET_WAIT_MS, interval: 50 });
    const offline = next(watcher, "presence");
    back.disconnect();
    expect(await offline).toEqual({ performerId: performerA.id, online: false });
  });
});
