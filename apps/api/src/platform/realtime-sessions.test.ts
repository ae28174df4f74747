import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createTestContext,
  DEMO_PASSWORD,
  lastLinkTo,
  newAccount,
  type TestContext,
  tokenOf,
} from "../../test/harness.ts";
import { nextEvent, SOCKET_WAIT_MS } from "../../test/sockets.ts";
import { sessions } from "../modules/auth/tables.ts";

/** A session's socket must not outlive the session: every way a session ends closes its sockets. */

const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

async function listen(ctx: TestContext) {
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

/** A websocket-only socket, no reconnection; the token in the handshake's `auth` unless said otherwise. */
function open(url: string, handshake: { auth?: object; query?: Record<string, string> }): Socket {
  const socket = connect(url, {
    path: "/socket.io",
    ...handshake,
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    timeout: SOCKET_WAIT_MS,
  });
  sockets.push(socket);
  return socket;
}

/** An open socket signed in with `token`; rejects with the server's refusal. */
const connected = (url: string, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = open(url, { auth: { token } });
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (err) => reject(err));
  });

/** The reason the socket is disconnected for, or null if it is still connected after `ms`. */
const dropped = (socket: Socket, ms = SOCKET_WAIT_MS) =>
  new Promise<string | null>((resolve) => {
    if (socket.disconnected) return resolve("already");
    const timer = setTimeout(() => resolve(null), ms);
    socket.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

/** Does `notification` still reach the socket (it is still in its user's room)? */
async function stillHears(t: TestContext, socket: Socket, userId: string) {
  const got = nextEvent(socket, "notification");
  t.app.realtime?.toUser(userId, "notification", { ping: true } as never);
  return (await got) !== null;
}

const sessionIdOf = async (t: TestContext, token: string) => {
  const res = await t.request({ method: "GET", url: "/auth/users/me/sessions", token });
  return (res.json().data as { _id: string; current: boolean }[]).find((s) => s.current)?._id as string;
};

const join = (socket: Socket, payload: unknown) =>
  socket.timeout(SOCKET_WAIT_MS).emitWithAck("object:join", payload) as Promise<{ ok: boolean; error?: string }>;

describe("sockets of ended sessions", () => {
  let t: TestContext;
  let url: string;
  let admin: string;
  /** A listed object every account may watch: a performer's profile. */
  let performerId: string;

  beforeAll(async () => {
    t = await createTestContext({ REALTIME: "true" });
    url = await listen(t);
    admin = await t.login("admin");
    performerId = (await newAccount(t, "performer")).id;
  });
  afterAll(() => t.close());

  it("takes the token from the handshake's auth or, as SPEC's clients send it, its query; a bad one is refused", async () => {
    const a = await newAccount(t, "user");
    expect((await connected(url, a.token)).connected).toBe(true);
    const byQuery = open(url, { query: { token: a.token } });
    await new Promise((resolve, reject) => {
      byQuery.once("connect", () => resolve("connected"));
      byQuery.once("connect_error", reject);
    });
    // Bound to the account: a notification to it arrives on the socket.
    expect(await stillHears(t, byQuery, a.id)).toBe(true);
    const bad = open(url, { query: { token: "not-a-session" } });
    await expect(
      new Promise((resolve, reject) => {
        bad.once("connect", () => resolve("connected"));
        bad.once("connect_error", reject);
      }),
    ).rejects.toThrow(/unauthorized/);
  });

  it("disconnects the socket of a session that logs out, and only that session's", async () => {
    const a = await newAccount(t, "user");
    const other = await t.login(a.username);
    const [mine, theirs] = await Promise.all([connected(url, a.token), connected(url, other)]);
    const gone = dropped(mine);
    expect((await t.request({ method: "POST", url: "/auth/logout", token: a.token })).statusCode).toBe(204);
    expect(await gone).toBe("io server disconnect");
    expect(await stillHears(t, theirs, a.id)).toBe(true);
  });

  it("disconnects the socket of a session logged out from another one", async () => {
    const a = await newAccount(t, "user");
    const thief = await t.login(a.username);
    const socket = await connected(url, thief);
    const gone = dropped(socket);
    const id = await sessionIdOf(t, thief);
    const res = await t.request({ method: "DELETE", url: `/auth/users/me/sessions/${id}`, token: a.token });
    expect(res.statusCode).toBe(204);
    expect(await gone).toBe("io server disconnect");
  });

  it("disconnects the other sessions' sockets on 'log out other sessions', and keeps the current one's", async () => {
    const a = await newAccount(t, "user");
    const thief = await t.login(a.username);
    const [mine, theirs] = await Promise.all([connected(url, a.token), connected(url, thief)]);
    const gone = dropped(theirs);
    const res = await t.request({ method: "DELETE", url: "/auth/users/me/sessions", token: a.token });
    expect(res.json()).toEqual({ revoked: 1 });
    expect(await gone).toBe("io server disconnect");
    expect(mine.connected).toBe(true);
    expect(await stillHears(t, mine, a.id)).toBe(true);
  });

  it("disconnects the other sessions' sockets when the password is changed, and keeps the current one's", async () => {
    const a = await newAccount(t, "user");
    const thief = await t.login(a.username);
    const [mine, theirs] = await Promise.all([connected(url, a.token), connected(url, thief)]);
    const gone = dropped(theirs);
    const res = await t.request({
      method: "PUT",
      url: "/auth/users/me/password",
      token: a.token,
      body: { currentPassword: DEMO_PASSWORD, password: "a-new-password-1" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await gone).toBe("io server disconnect");
    expect(await stillHears(t, mine, a.id)).toBe(true);
  });

  it("disconnects every socket of the account when the password is reset", async () => {
    const a = await newAccount(t, "user");
    const thief = await t.login(a.username);
    const [mine, theirs] = await Promise.all([connected(url, a.token), connected(url, thief)]);
    const bothGone = Promise.all([dropped(mine), dropped(theirs)]);
    await t.request({ method: "POST", url: "/auth/users/forgot", body: { email: `${a.username}@example.test` } });
    await t.jobs.idle();
    const res = await t.request({
      method: "POST",
      url: "/auth/users/reset",
      body: { token: tokenOf(lastLinkTo(t.mailer, `${a.username}@example.test`)), password: "a-new-password-2" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await bothGone).toEqual(["io server disconnect", "io server disconnect"]);
  });

  it("disconnects every socket of an account an admin deactivates", async () => {
    const a = await newAccount(t, "user");
    const second = await t.login(a.username);
    const [one, two] = await Promise.all([connected(url, a.token), connected(url, second)]);
    const bothGone = Promise.all([dropped(one), dropped(two)]);
    const res = await t.request({
      method: "PUT",
      url: `/admin/users/${a.id}`,
      token: admin,
      body: { status: "inactive" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await bothGone).toEqual(["io server disconnect", "io server disconnect"]);
    await expect(connected(url, a.token)).rejects.toThrow(/unauthorized/);
  });

  it("disconnects the sockets of expired sessions when housekeeping deletes them", async () => {
    const a = await newAccount(t, "user");
    const socket = await connected(url, a.token);
    const gone = dropped(socket);
    const id = await sessionIdOf(t, a.token);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.id, id));
    expect(await t.app.services.auth.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await gone).toBe("io server disconnect");
  });

  it("refuses object:join and disconnects a socket whose session was deleted behind its back, or has expired", async () => {
    const [a, b] = await Promise.all([newAccount(t, "user"), newAccount(t, "user")]);
    const [deleted, expired] = await Promise.all([connected(url, a.token), connected(url, b.token)]);
    expect(await join(deleted, { objectType: "performer", objectId: performerId })).toEqual({ ok: true });
    // Straight in the database: nothing tells the socket server.
    await t.database.db.delete(sessions).where(eq(sessions.id, await sessionIdOf(t, a.token)));
    const expiredId = await sessionIdOf(t, b.token);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.id, expiredId));
    expect(deleted.connected && expired.connected).toBe(true);

    const [goneA, goneB] = [dropped(deleted), dropped(expired)];
    const objectId = (await newAccount(t, "performer")).id;
    expect(await join(deleted, { objectType: "performer", objectId })).toEqual({ ok: false, error: "unauthorized" });
    expect(await join(expired, { objectType: "performer", objectId })).toEqual({ ok: false, error: "unauthorized" });
    expect(await goneA).toBe("io server disconnect");
    expect(await goneB).toBe("io server disconnect");
  });

  it("follows the session of a token given in auth/login: the earlier session's end leaves the socket alone", async () => {
    const a = await newAccount(t, "user");
    const later = await t.login(a.username);
    const socket = await connected(url, a.token);
    expect(await socket.timeout(SOCKET_WAIT_MS).emitWithAck("auth/login", { token: later })).toEqual({ ok: true });
    const gone = dropped(socket);
    await t.request({ method: "POST", url: "/auth/logout", token: a.token });
    expect(await stillHears(t, socket, a.id)).toBe(true);
    expect(await join(socket, { objectType: "performer", objectId: performerId })).toEqual({ ok: true });
    await t.request({ method: "POST", url: "/auth/logout", token: later });
    expect(await gone).toBe("io server disconnect");
  });
});

describe.runIf(process.env.REDIS_URL)("sockets of ended sessions across two nodes sharing Redis", () => {
  let a: TestContext;
  let b: TestContext;
  let urlB: string;

  beforeAll(async () => {
    const env = { REALTIME: "true", REDIS_URL: process.env.REDIS_URL as string };
    [a, b] = await Promise.all([createTestContext(env), createTestContext(env)]);
    urlB = await listen(b);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it("disconnects a socket on node B when its session is logged out through node A", async () => {
    const [onA, onB] = await Promise.all([newAccount(a, "user"), newAccount(b, "user")]);
    const socket = await connected(urlB, onB.token);
    // Each node has its own database: put node B's socket in node A's session room by hand, as if it were signed in
    // with that session (as it is when both nodes share one database).
    const sessionA = await sessionIdOf(a, onA.token);
    b.app.realtime?.io.in(socket.id as string).socketsJoin(`session:${sessionA}`);
    // The join goes through Redis, to node B as to any other: wait until node A, asking every node, sees it done.
    await vi.waitFor(
      async () => expect(await a.app.realtime?.io.in(`session:${sessionA}`).fetchSockets()).toHaveLength(1),
      { timeout: SOCKET_WAIT_MS, interval: 50 },
    );
    const gone = dropped(socket);
    expect((await a.request({ method: "POST", url: "/auth/logout", token: onA.token })).statusCode).toBe(204);
    expect(await gone).toBe("io server disconnect");
  });
});
