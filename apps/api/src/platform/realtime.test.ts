import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/harness.ts";

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
    query: token ? { token } : {},
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    timeout: 5000,
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
const next = <T = unknown>(socket: Socket, event: string, ms = 1000) =>
  new Promise<T | null>((resolve) => {
    const timer = setTimeout(() => {
      socket.off(event, on);
      resolve(null);
    }, ms);
    const on = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, on);
  });

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
    const ack = await socket.timeout(3000).emitWithAck("auth/login", { token: member });
    expect(ack).toEqual({ ok: true });
  });

  it("accepts auth/login with the bare token string as well", async () => {
    const socket = open(url, member);
    await connected(socket);
    expect(await socket.timeout(3000).emitWithAck("auth/login", member)).toEqual({ ok: true });
  });

  it("delivers a user's notification to that user's sockets only", async () => {
    const mine = open(url, member);
    const mineToo = open(url, member);
    const theirs = open(url, user);
    await Promise.all([connected(mine), connected(mineToo), connected(theirs)]);

    const got = next(mine, "notification");
    const gotToo = next(mineToo, "notification");
    const leaked = next(theirs, "notification", 500);
    t.app.realtime?.toUser(memberId, "notification", { kind: "payment", status: "paid" });

    expect(await got).toEqual({ kind: "payment", status: "paid" });
    expect(await gotToo).toEqual({ kind: "payment", status: "paid" });
    expect(await leaked).toBeNull();
  });

  it("moves the socket to the account of a token given in auth/login", async () => {
    const socket = open(url, member);
    await connected(socket);
    expect(await socket.timeout(3000).emitWithAck("auth/login", { token: user })).toEqual({ ok: true });

    const forOld = next(socket, "notification", 500);
    t.app.realtime?.toUser(memberId, "notification", { to: "member" });
    expect(await forOld).toBeNull();

    const forNew = next(socket, "notification");
    t.app.realtime?.toUser(userIdOf, "notification", { to: "user" });
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
    expect(await socket.timeout(3000).emitWithAck("auth/login", { token: "not-a-valid-token-at-all" })).toEqual({
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

    const got = next(onA, "notification", 3000);
    const leaked = next(otherOnA, "notification", 500);
    b.app.realtime?.toUser(memberIdA, "notification", { from: "node B" });
    expect(await got).toEqual({ from: "node B" });
    expect(await leaked).toBeNull();

    // And the other way round.
    const memberIdB = await userId(b, memberB);
    const gotOnB = next(onB, "notification", 3000);
    a.app.realtime?.toUser(memberIdB, "notification", { from: "node A" });
    expect(await gotOnB).toEqual({ from: "node A" });
  });
});
