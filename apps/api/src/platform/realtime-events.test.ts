import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join as joinPath, relative } from "node:path";
import {
  type RealtimeEventName,
  type RealtimeEvents,
  realtimeClientEvents,
  realtimeEventNames,
  realtimeEvents,
} from "@marquee/contracts/realtime-events";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, newAccount, type TestContext } from "../../test/harness.ts";
import { listedMovie } from "../../test/sales.ts";
import { nextEvent, SOCKET_WAIT_MS, testSockets } from "../../test/sockets.ts";
import { SOCKET_LIMITS } from "./realtime.ts";

/**
 * Issue 24 section 1: the socket's events are one map (@marquee/contracts/realtime-events). Every event of it goes
 * through the real socket server to a connected client and parses with its schema; what the API really sends (a
 * notification, a comment's events, a reaction, presence, a refusal, a room left) parses too; and the sources send
 * and follow no event the map does not name.
 */

let t: TestContext;
let url: string;
let member: { id: string; token: string };
let performer: { id: string; token: string };
let admin: string;
const open = testSockets(() => url);

beforeAll(async () => {
  t = await createTestContext({ REALTIME: "true" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [member, performer, admin] = await Promise.all([
    newAccount(t, "user", "events"),
    newAccount(t, "performer", "events"),
    t.login("admin"),
  ]);
});
afterAll(() => t.close());

const join = (socket: Socket, objectType: string, objectId: string) =>
  socket.timeout(SOCKET_WAIT_MS).emitWithAck("object:join", { objectType, objectId });

/** The event's payload parses with the map's schema: its issues if not (named in the failure). */
const issuesOf = (event: RealtimeEventName, payload: unknown) =>
  realtimeEvents[event].safeParse(payload).error?.issues ?? [];

/** The events that go to an object's room (`toObject`); the others are sent to one user's sockets here. */
const OBJECT_EVENTS = new Set<RealtimeEventName>([
  "comment:created",
  "comment:updated",
  "comment:deleted",
  "comment:restored",
  "reaction:updated",
  "tip-goal:progress",
]);

/** A payload of every event, as its schema accepts it: a new event of the map does not compile until it has one. */
function samples(objectId: string): { [E in RealtimeEventName]: RealtimeEvents[E] } {
  const author = {
    _id: member.id,
    username: "events",
    name: "Events",
    avatar: null,
    avatarSrcSet: null,
    role: "user" as const,
    bio: null,
    country: null,
    createdAt: "2026-01-02T03:04:05.000Z",
  };
  const comment = {
    _id: randomUUID(),
    objectType: "video" as const,
    objectId,
    parentId: null,
    content: "A sample comment.",
    author,
    stats: { likes: 0, replies: 0 },
    isLiked: false,
    createdAt: "2026-01-02T03:04:05.000Z",
    editedAt: null,
  };
  return {
    notification: {
      _id: randomUUID(),
      type: "payment",
      text: "Payment received.",
      link: "/account/orders",
      read: false,
      createdAt: "2026-01-02T03:04:05.000Z",
      status: "paid",
      orderId: randomUUID(),
    },
    "comment:created": comment,
    "comment:updated": { ...comment, content: "Edited.", editedAt: "2026-01-02T03:05:00.000Z" },
    "comment:deleted": { _id: comment._id, objectType: "video", objectId, parentId: null, removed: 1 },
    "comment:restored": comment,
    "reaction:updated": { objectId, objectType: "video", counts: { likes: 1, favourites: 0, comments: 0 } },
    "tip-goal:progress": {
      performerId: performer.id,
      goal: {
        _id: randomUUID(),
        performerId: performer.id,
        title: "A new camera",
        target: 50,
        progress: 10,
        currency: "USD",
        startedAt: "2026-01-02T03:04:05.000Z",
      },
    },
    "message:created": {
      _id: randomUUID(),
      conversationId: randomUUID(),
      senderId: performer.id,
      fromMe: false,
      text: "Hello there",
      price: 5,
      currency: "USD",
      lock: "sale",
      isBought: false,
      attachments: [
        {
          _id: randomUUID(),
          kind: "photo",
          width: 800,
          height: 600,
          durationSec: null,
          preview: "/api/media/public/vault/preview.webp",
          thumbnail: null,
          url: null,
        },
      ],
      removed: null,
      createdAt: "2026-01-02T03:04:05.000Z",
    },
    "message:read": { conversationId: randomUUID(), readAt: "2026-01-02T03:04:05.000Z" },
    presence: { performerId: performer.id, online: true },
    "object:left": { objectId },
    "rate-limited": { event: "auth/login", error: "too many requests", retryAfterMs: 5000 },
  };
}

describe("the realtime events map", () => {
  it("sends every event of the map through the socket server to a connected client, which gets it as sent and parses it", async () => {
    const movie = (await listedMovie(t, performer.token, { access: "free" }))._id;
    const socket = await open(member.token);
    expect(await join(socket, "video", movie)).toEqual({ ok: true });
    const all = samples(movie);
    expect(Object.keys(all).sort()).toEqual([...realtimeEventNames].sort());
    const send = <E extends RealtimeEventName>(event: E, payload: RealtimeEvents[E]) =>
      OBJECT_EVENTS.has(event)
        ? t.app.realtime?.toObject(movie, event, payload)
        : t.app.realtime?.toUser(member.id, event, payload);

    for (const event of realtimeEventNames) {
      const payload = all[event];
      expect(issuesOf(event, payload), event).toEqual([]);
      const got = nextEvent(socket, event);
      await send(event, payload);
      expect(await got, event).toEqual(payload);
      expect(issuesOf(event, await got), event).toEqual([]);
    }
  });

  it("parses what the API really sends: a notification, a comment's events, a reaction, presence, a refusal, a room left, a tip goal, messages", async () => {
    const movie = (await listedMovie(t, performer.token, { access: "free" }))._id;
    const watcher = await open(member.token);
    const seen = new Set<RealtimeEventName>();
    /** Waits for `event` on `socket` while `act` runs, and checks it parses. */
    const expectEvent = async <T = Record<string, unknown>>(
      socket: Socket,
      event: RealtimeEventName,
      act: () => Promise<unknown>,
    ) => {
      const got = nextEvent<T>(socket, event);
      await act();
      const payload = await got;
      expect(payload, `${event} was not received`).not.toBeNull();
      expect(issuesOf(event, payload), event).toEqual([]);
      seen.add(event);
      return payload as T;
    };
    const ok = (status: number) => (res: { statusCode: number; body: string }) => {
      expect(res.statusCode, res.body).toBe(status);
      return res;
    };

    // A performer's page tells its state at once.
    const presence = await expectEvent(watcher, "presence", () => join(watcher, "performer", performer.id));
    expect(presence).toMatchObject({ performerId: performer.id });
    expect(await join(watcher, "video", movie)).toEqual({ ok: true });

    // A stored notification, as the notifications service sends it.
    await expectEvent(watcher, "notification", async () => {
      t.app.services.notify(member.id, "notification", { type: "payment", status: "paid", orderId: randomUUID() });
      await t.app.services.notifications.settled();
    });

    // A comment written, edited, hidden and shown again by an admin, deleted.
    const created = await expectEvent<{ _id: string }>(watcher, "comment:created", () =>
      t
        .request({
          method: "POST",
          url: "/comments",
          token: member.token,
          body: { objectType: "video", objectId: movie, content: "First!" },
        })
        .then(ok(201)),
    );
    const id = created._id;
    await expectEvent(watcher, "comment:updated", () =>
      t
        .request({ method: "PUT", url: `/comments/${id}`, token: member.token, body: { content: "First, edited." } })
        .then(ok(200)),
    );
    await expectEvent(watcher, "comment:deleted", () =>
      t.request({ method: "POST", url: `/admin/comments/${id}/hide`, token: admin }).then(ok(200)),
    );
    await expectEvent(watcher, "comment:restored", () =>
      t.request({ method: "POST", url: `/admin/comments/${id}/unhide`, token: admin }).then(ok(200)),
    );
    const deleted = await expectEvent(watcher, "comment:deleted", () =>
      t.request({ method: "DELETE", url: `/comments/${id}`, token: member.token }).then((res) => {
        expect(res.statusCode, res.body).toBeLessThan(300);
      }),
    );
    expect(deleted).toMatchObject({ _id: id, objectId: movie, removed: 1 });

    // A like moves the movie's counters.
    await expectEvent(watcher, "reaction:updated", () =>
      t
        .request({
          method: "POST",
          url: "/reactions",
          token: member.token,
          body: { objectType: "video", objectId: movie, action: "like" },
        })
        .then(ok(200)),
    );

    // A socket sending too many messages is told so.
    const flooder = await open(member.token);
    const limited = await expectEvent(flooder, "rate-limited", async () => {
      for (let i = 0; i <= SOCKET_LIMITS.messages; i++) flooder.emit("object:leave", { objectId: movie });
    });
    expect(limited).toMatchObject({ event: "object:leave", error: "too many requests" });

    // The movie goes to draft: the member's socket leaves its room at its next event.
    const drafted = await t.request({
      method: "PUT",
      url: `/performer/assets/videos/${movie}`,
      token: performer.token,
      body: { status: "draft" },
    });
    expect(drafted.statusCode, drafted.body).toBe(200);
    const left = await expectEvent(watcher, "object:left", () =>
      t
        .request({
          method: "POST",
          url: "/comments",
          token: performer.token,
          body: { objectType: "video", objectId: movie, content: "On the draft." },
        })
        .then(ok(201)),
    );
    expect(left).toEqual({ objectId: movie });

    // The performer sets a tip goal: their page's room hears its progress.
    const goal = await expectEvent(watcher, "tip-goal:progress", () =>
      t
        .request({
          method: "PUT",
          url: "/tips/goal",
          token: performer.token,
          body: { title: "A new camera", target: 50 },
        })
        .then(ok(200)),
    );
    expect(goal).toMatchObject({ performerId: performer.id, goal: { title: "A new camera", target: 50, progress: 0 } });

    // A member writes to the performer, who hears it; the performer reads it, and the member hears that.
    const chat = await t.request({ method: "PUT", url: `/conversations/with/${performer.id}`, token: member.token });
    expect(chat.statusCode, chat.body).toBe(200);
    const chatId = chat.json()._id as string;
    const performerSocket = await open(performer.token);
    const written = await expectEvent(performerSocket, "message:created", () =>
      t
        .request({
          method: "POST",
          url: `/conversations/${chatId}/messages`,
          token: member.token,
          body: { text: "Hi" },
        })
        .then(ok(200)),
    );
    expect(written).toMatchObject({ conversationId: chatId, text: "Hi", fromMe: false });
    await expectEvent(watcher, "message:read", () =>
      t.request({ method: "POST", url: `/conversations/${chatId}/read`, token: performer.token }).then(ok(200)),
    );

    expect([...seen].sort()).toEqual([...realtimeEventNames].sort());
  });
});

// ---- The sources send and follow only the map's events ----

const API = joinPath(import.meta.dirname, "..");
const WEB = joinPath(import.meta.dirname, "../../../web/app");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = joinPath(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" || entry.name === "seed" ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")
      ? [path]
      : [];
  });
}

/**
 * The arguments (as written) of the call whose `(` is at `open`, split at its top-level commas; null when the
 * parenthesis is a declaration's (`toUser(userId, event, payload) {`, `toRoom(room: string, ...): void`).
 */
function argumentsAt(text: string, open: number): string[] | null {
  const args: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") quote = c;
    else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) {
      depth--;
      if (depth === 0) {
        args.push(text.slice(start, i).trim());
        return /^\s*[{:]/.test(text.slice(i + 1)) ? null : args.filter(Boolean);
      }
    } else if (c === "," && depth === 1) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return null;
}

interface Call {
  where: string;
  callee: string;
  event: string;
}
const literal = (arg: string) => /^(["'`])([^"'`$]*)\1$/.exec(arg)?.[2] ?? null;

/** Every call matched by `callee` (a regex of what stands before its `(`) with its event argument (at `index`). */
function calls(root: string, files: string[], callee: RegExp, index: number): Call[] {
  return files.flatMap((file) => {
    const text = readFileSync(file, "utf8");
    const found: Call[] = [];
    for (const m of text.matchAll(new RegExp(`(?:${callee.source})\\(`, "g"))) {
      const open = (m.index ?? 0) + m[0].length - 1;
      const args = argumentsAt(text, open);
      const arg = args?.[index];
      if (!arg) continue;
      const line = text.slice(0, m.index).split("\n").length;
      found.push({ where: `${relative(root, file)}:${line}`, callee: m[0].slice(0, -1), event: arg });
    }
    return found;
  });
}

const SERVER_EVENTS = new Set<string>(realtimeEventNames);
const CLIENT_EVENTS = new Set<string>(Object.keys(realtimeClientEvents));
/** socket.io's own events: a client's connection, a server's sockets. */
const CLIENT_RESERVED = new Set(["connect", "disconnect", "connect_error"]);
const SERVER_RESERVED = new Set(["connection", "disconnect", "disconnecting", "error"]);
/**
 * Where an event is passed on rather than named: the socket server itself, the notifications service (which sends
 * every event `notify` is given) and app.ts (which hands the socket server's senders to the services).
 */
const FORWARDERS = ["app.ts", "platform/realtime.ts", "modules/notifications/service.ts"];
const forwards = (call: Call) => FORWARDERS.some((f) => call.where.startsWith(`${f}:`));

describe("the sources' realtime events", () => {
  const api = sources(API);
  const web = sources(WEB);
  /** The API's senders: the event is the second argument (`notify(userId, "notification", payload)`). */
  const sent = calls(API, api, /(?<![\w$])(?:notify|toUser|toObject|toRoom)/, 1);
  /** The socket server's own emits: the event is the first argument. */
  const emitted = calls(API, api, /\.emit/, 0);

  it("finds the API's senders (the scan works)", () => {
    expect(sent.filter((c) => literal(c.event) === "notification").length).toBeGreaterThan(10);
    expect(emitted.some((c) => literal(c.event) === "presence")).toBe(true);
  });

  it("sends from the API only events of the map, named where they are sent", () => {
    const unknown = [...sent, ...emitted].filter((c) => {
      const name = literal(c.event);
      return name === null ? !forwards(c) : !SERVER_EVENTS.has(name);
    });
    expect(unknown.map((c) => `${c.where} ${c.callee}(…, ${c.event})`)).toEqual([]);
  });

  it("calls the raw `toRoom` nowhere in the application (it is for tests and benchmarks)", () => {
    expect(sent.filter((c) => c.callee.endsWith("toRoom")).map((c) => c.where)).toEqual([]);
  });

  it("has no event in the map that the API never sends", () => {
    const named = new Set([...sent, ...emitted].map((c) => literal(c.event)));
    expect(realtimeEventNames.filter((name) => !named.has(name))).toEqual([]);
  });

  it("handles on the socket server only the client events of the map", () => {
    const handled = calls(
      API,
      [joinPath(API, "platform/realtime.ts")],
      /(?<![\w$.])(?:socket|io)\.(?:on|once)/,
      0,
    ).filter((c) => literal(c.event) !== null);
    expect(handled.length).toBeGreaterThan(0);
    const unknown = handled.filter((c) => {
      const name = literal(c.event) as string;
      return !CLIENT_EVENTS.has(name) && !SERVER_RESERVED.has(name);
    });
    expect(unknown.map((c) => `${c.where} ${c.event}`)).toEqual([]);
  });

  it("follows and sends on the web only events of the map, named as typed literals", () => {
    const listened = calls(WEB, web, /(?<![\w$.])socket\.(?:on|off|once)/, 0);
    const emits = calls(WEB, web, /(?<![\w$.])socket\.(?:emit|emitWithAck)/, 0);
    expect(listened.some((c) => literal(c.event) === "comment:created")).toBe(true);
    expect(emits.some((c) => literal(c.event) === "object:join")).toBe(true);
    const bad = [
      ...listened.filter((c) => {
        const name = literal(c.event);
        return name === null || !(SERVER_EVENTS.has(name) || CLIENT_RESERVED.has(name));
      }),
      ...emits.filter((c) => {
        const name = literal(c.event);
        return name === null || !CLIENT_EVENTS.has(name);
      }),
    ];
    expect(bad.map((c) => `${c.where} ${c.callee}(${c.event})`)).toEqual([]);
  });
});
