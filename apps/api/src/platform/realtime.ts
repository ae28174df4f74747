import type { Server as HttpServer } from "node:http";
import { type CommentObjectType, commentObjectTypes } from "@marquee/contracts/comments";
import type {
  ClientToServerEvents,
  RealtimeEventName,
  RealtimeEvents,
  ServerToClientEvents,
} from "@marquee/contracts/realtime-events";
import { createAdapter } from "@socket.io/redis-adapter";
import { Redis } from "ioredis";
import { type Socket as IoSocket, Server } from "socket.io";
import { isUuid } from "./ids.ts";
import type { Throttle } from "./throttle.ts";

/**
 * The socket server's events, typed by the map (@marquee/contracts/realtime-events): what clients send, what it
 * sends, what its processes tell each other (through Redis), and each socket's `data`.
 */
interface InterServerEvents {
  /**
   * An object's event for the other processes to deliver to their own sockets, checked: one of the map from
   * `toObject`, anything from `toRoom` (tests, benchmarks).
   */
  "object-event": (objectId: string, event: string, payload: unknown) => void;
}
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketState>;
type Socket = IoSocket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketState>;

export interface Realtime {
  io: RealtimeServer;
  /** Sends an event of the map to every socket of one user, on every API process. */
  toUser<E extends RealtimeEventName>(userId: string, event: E, payload: RealtimeEvents[E]): void;
  /**
   * Sends any event to every socket in one room (`object:<id>`, `user:<id>`), on every API process, unchecked by the
   * map: for tests and benchmarks only (the application sends through `toUser` and `toObject`; the realtime events
   * test fails on any other caller).
   */
  toRoom(room: string, event: string, payload: unknown): void;
  /**
   * Sends an event to the sockets on one object's page (room `object:<id>`), on every API process, that may still
   * open the object: each socket's user is asked again (`canRead`), and those who may not (the object went to draft
   * or was taken down, their membership ended, their account changed ...) are taken out of the room and sent
   * `object:left { objectId }` instead. Resolves once sent.
   */
  toObject<E extends RealtimeEventName>(objectId: string, event: E, payload: RealtimeEvents[E]): Promise<void>;
  /** Disconnects every socket signed in with one of these sessions (room `session:<id>`), on every API process. */
  disconnectSessions(sessionIds: readonly string[]): void;
  close(): Promise<void>;
}

/** Who a socket is: its account and role, from its session token. */
export interface SocketUser {
  id: string;
  role: string;
}

/** What a session token resolves to: the account and the session it signed in. */
export interface SocketSession extends SocketUser {
  sessionId: string;
}

/** The objects whose pages have a room (those members comment on); the web sends these names in `object:join`. */
export const OBJECT_TYPES = commentObjectTypes;
export type ObjectType = CommentObjectType;

/** May this user read this object (listed, or their own, or they are an admin)? Answers false for unknown ones. */
export type CanRead = (userId: string, objectType: ObjectType, objectId: string) => Promise<boolean>;

export const userRoom = (userId: string) => `user:${userId}`;
export const objectRoom = (objectId: string) => `object:${objectId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** How many session rooms one `disconnectSessions` message names (housekeeping may end thousands at once). */
const SESSION_ROOMS_PER_MESSAGE = 500;

/** How many object pages one socket may be in at once (a tab shows one; a few tabs share nothing, but be lenient). */
export const OBJECT_ROOMS_MAX = 20;
/** How many `object:join` a socket may send per window: each one is a database read. */
const JOINS_PER_WINDOW = 30;
const JOIN_WINDOW_MS = 10_000;
/**
 * What one socket may send per window (10 s): messages of any kind, and `auth/login`, which resolves a token in the
 * database (3,200 of them in 8 s on one socket slowed every other client down 40 times). What goes past is not
 * handled: its ack (if any) says `too many requests` and the socket is sent `rate-limited { event }`; a socket that
 * keeps sending past the limit is disconnected. `auth/login` is also counted per client address across processes
 * (the database throttle), so many sockets from one address cannot share the work out.
 */
export const SOCKET_LIMITS = {
  windowMs: 10_000,
  messages: 60,
  logins: 5,
  /** Messages refused in one window before the socket is disconnected. */
  refusedMax: 20,
  loginsPerAddressPerMinute: 60,
} as const;

type Ack = (answer: { ok: true } | { ok: false; error: string }) => void;
const ackOf = (ack: unknown): Ack => (typeof ack === "function" ? (ack as Ack) : () => undefined);

/** Who a socket is and what it did, in `socket.data`: nothing else of the socket's user or handshake is kept. */
interface SocketState {
  /** The account the socket's object rooms were granted to (replaced whole when `auth/login` changes it). */
  user?: SocketUser;
  /** The session its token signed in: its room is `session:<id>`, and `object:join` checks it is still live. */
  sessionId?: string;
  /** The performer whose presence this socket counts for (set once it has). */
  presenceOf?: string;
  /** The object rooms it is in, by object id, with the type it joined them as (what `canRead` is asked about). */
  objects?: Record<string, ObjectType>;
  /** `object:join` rate limit: the start of the current window and the joins in it. */
  joinWindowStart: number;
  joins: number;
  /** Every message's rate limit (SOCKET_LIMITS): the window's start, messages, logins and refusals in it. */
  windowStart: number;
  messages: number;
  logins: number;
  refused: number;
}
const stateOf = (socket: Socket) => socket.data as SocketState;

/**
 * Drops what socket.io keeps of a socket's handshake once the socket is authenticated: its reference to the first HTTP
 * request (a polling socket's request then goes; a websocket's stays held by engine.io's upgrade response until the
 * connection closes), the headers (cookies, user agent ...), the query and auth (the session token) and the query
 * string. Nothing here reads them later, and with the Redis adapter the handshake of every socket a `fetchSockets`
 * finds is sent to the asking process, so the token would travel with it. The address and times stay.
 */
function forgetHandshake(socket: Socket) {
  (socket.conn as { request: unknown }).request = null;
  const handshake = socket.handshake;
  handshake.headers = {};
  handshake.query = {};
  handshake.auth = {};
  handshake.url = handshake.url.split("?")[0] ?? "";
}

/** `{ objectType, objectId }` from a client, or null when it is not one (ids are UUIDs: rooms are by id, not slug). */
function objectOf(payload: unknown): { objectType: ObjectType; objectId: string } | null {
  if (typeof payload !== "object" || payload === null) return null;
  const { objectType, objectId } = payload as { objectType?: unknown; objectId?: unknown };
  if (typeof objectType !== "string" || !(OBJECT_TYPES as readonly string[]).includes(objectType)) return null;
  if (typeof objectId !== "string" || !isUuid(objectId)) return null;
  return { objectType: objectType as ObjectType, objectId: objectId.toLowerCase() };
}

/**
 * socket.io on the API's own HTTP server (DESIGN section 7), reached through the site's own origin (the web server
 * forwards /socket.io here), so it sends no CORS headers. A socket must carry a valid session token in the `token`
 * of its handshake's `auth` (the CONNECT packet: the web client's way, as URLs end up in proxies' logs) or of its
 * query (SPEC section 7's way, for clients written to it); it joins `user:<id>` and
 * `session:<sessionId>`. The client repeats `auth/login` after every (re)connect; a token for another account moves
 * the socket to that account's room (and out of its object rooms, which were granted to the other account).
 *
 * Revocation: `disconnectSessions` closes the sockets of sessions that ended (app.ts calls it for every deleted
 * session row, through Redis on every process), and `object:join` checks the socket's session is still live, so an
 * expired one (or one whose end was missed) is dropped there too.
 *
 * Object rooms: `object:join` / `object:leave` with `{ objectType, objectId }` (ack `{ ok }` or `{ ok: false, error }`)
 * put a socket in `object:<id>` if `canRead` says its user may read that object; bad payloads are refused.
 *
 * Presence: a performer's first socket (on this process) announces `presence { performerId, online: true }`, and
 * their last socket across all processes (asked through the adapter, so through Redis when it is set)
 * `{ online: false }`. It goes to the room `object:<performerId>`, where the sockets on that performer's pages are,
 * not to everyone: a broadcast per performer login would cost every socket of the site. A socket that joins a
 * performer's room is told that performer's state at once. Across processes it is best effort: two first sockets
 * arriving at once on two processes both announce (harmless: the event is a state, not a toggle).
 */
export async function attachRealtime(opts: {
  server: HttpServer;
  redisUrl?: string;
  resolveUser(token: string): Promise<SocketSession | null>;
  /** Is this session still signed in? Asked at every `object:join` that needs the database anyway. */
  isSessionLive(sessionId: string): Promise<boolean>;
  canRead: CanRead;
  /** The shared throttle: `auth/login` per client address, across processes. */
  throttle?: Pick<Throttle, "hit">;
  log: { debug(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}): Promise<Realtime> {
  const io = new Server(opts.server, {
    path: "/socket.io",
    transports: ["websocket", "polling"],
    serveClient: false,
    // No per-message deflate (engine.io's default too, said here as it matters): each socket would keep its own zlib
    // contexts (hundreds of KB), and a room event would be compressed once per socket.
    perMessageDeflate: false,
  });
  let redis: Redis[] = [];
  if (opts.redisUrl) {
    const pub = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    redis = [pub, sub];
    io.adapter(createAdapter(pub, sub));
  }

  // Presence: performers' sockets on this process; the last one asks the other processes before saying offline.
  const performerSockets = new Map<string, number>();
  const presence = (performerId: string, online: boolean) =>
    io.to(objectRoom(performerId)).emit("presence", { performerId, online });
  const isOnline = async (userId: string) => (await io.in(userRoom(userId)).fetchSockets()).length > 0;
  const arrive = (socket: Socket) => {
    const state = stateOf(socket);
    const user = state.user;
    if (user?.role !== "performer" || state.presenceOf) return;
    state.presenceOf = user.id;
    const count = (performerSockets.get(user.id) ?? 0) + 1;
    performerSockets.set(user.id, count);
    if (count === 1) presence(user.id, true);
  };
  const depart = async (socket: Socket) => {
    const state = stateOf(socket);
    const performerId = state.presenceOf;
    if (!performerId) return;
    state.presenceOf = undefined;
    const count = (performerSockets.get(performerId) ?? 1) - 1;
    if (count > 0) {
      performerSockets.set(performerId, count);
      return;
    }
    performerSockets.delete(performerId);
    if (!(await isOnline(performerId))) presence(performerId, false);
  };

  /**
   * Binds the socket to the token's user and session; answers the user, or null for a bad token (the socket keeps its
   * own).
   */
  const bind = async (socket: Socket, token: unknown) => {
    const user = typeof token === "string" && token.length <= 200 ? await opts.resolveUser(token) : null;
    if (!user) return null;
    const state = stateOf(socket);
    if (state.sessionId !== user.sessionId) {
      if (state.sessionId) await socket.leave(sessionRoom(state.sessionId));
      state.sessionId = user.sessionId;
      await socket.join(sessionRoom(user.sessionId));
    }
    const before = state.user;
    if (before && before.id === user.id) return user;
    for (const room of socket.rooms)
      if (room.startsWith("user:") || room.startsWith("object:")) await socket.leave(room);
    state.objects = {};
    if (before) await depart(socket);
    // Only the id and the role, whatever else `resolveUser` answered.
    state.user = { id: user.id, role: user.role };
    await socket.join(userRoom(user.id));
    return user;
  };

  io.use(async (socket, next) => {
    try {
      Object.assign(socket.data, {
        joinWindowStart: 0,
        joins: 0,
        windowStart: 0,
        messages: 0,
        logins: 0,
        refused: 0,
      } satisfies SocketState);
      // `auth` first (the web client's: the CONNECT packet, out of every URL); the query's `token` is SPEC section 7's
      // way, kept for clients written to it (this process never logs socket.io's URLs).
      const user = await bind(socket, socket.handshake.auth?.token ?? socket.handshake.query?.token);
      next(user ? undefined : new Error("unauthorized"));
    } catch (err) {
      opts.log.warn({ err }, "socket authentication failed");
      next(new Error("unauthorized"));
    }
  });

  // The handlers are shared by all sockets (socket.io calls them with the socket as `this`): a socket costs no
  // closures of its own, its state is in `socket.data`.
  function onDisconnect(this: Socket) {
    depart(this).catch((err: unknown) => opts.log.warn({ err }, "presence update failed"));
  }

  /**
   * Counts one message from the socket (SOCKET_LIMITS) and answers whether to handle it; one past the limit is
   * refused (its ack and a `rate-limited` event say so), and a socket that keeps on is disconnected.
   */
  function admit(socket: Socket, event: string, ack: unknown): boolean {
    const state = stateOf(socket);
    const now = Date.now();
    if (now - state.windowStart > SOCKET_LIMITS.windowMs) {
      [state.windowStart, state.messages, state.logins, state.refused] = [now, 0, 0, 0];
    }
    const over =
      ++state.messages > SOCKET_LIMITS.messages || (event === "auth/login" && ++state.logins > SOCKET_LIMITS.logins);
    if (!over) return true;
    ackOf(ack)({ ok: false, error: "too many requests" });
    if (++state.refused > SOCKET_LIMITS.refusedMax) {
      opts.log.warn({ userId: state.user?.id, event }, "a socket sending too many messages was disconnected");
      socket.disconnect(true);
    } else if (state.refused === 1) {
      socket.emit("rate-limited", {
        event,
        error: "too many requests",
        retryAfterMs: state.windowStart + SOCKET_LIMITS.windowMs - now,
      });
    }
    return false;
  }

  async function onLogin(this: Socket, payload: unknown, ack?: unknown) {
    if (!admit(this, "auth/login", ack)) return;
    if (opts.throttle) {
      const perAddress = await opts.throttle.hit(`socket-login:${this.handshake.address}`, 60_000).catch(() => 0);
      if (perAddress > SOCKET_LIMITS.loginsPerAddressPerMinute) {
        ackOf(ack)({ ok: false, error: "too many requests" });
        this.emit("rate-limited", { event: "auth/login", error: "too many requests", retryAfterMs: 60_000 });
        return;
      }
    }
    const token = typeof payload === "string" ? payload : (payload as { token?: unknown } | null)?.token;
    const user = await bind(this, token).catch(() => null);
    if (user) arrive(this);
    if (typeof ack === "function") ack({ ok: user !== null });
    if (!user) this.disconnect(true);
  }

  async function onJoin(this: Socket, payload: unknown, ack?: unknown) {
    if (!admit(this, "object:join", ack)) return;
    const reply = ackOf(ack);
    try {
      const object = objectOf(payload);
      if (!object) return reply({ ok: false, error: "invalid" });
      const room = objectRoom(object.objectId);
      if (this.rooms.has(room)) return reply({ ok: true });
      const state = stateOf(this);
      const now = Date.now();
      if (now - state.joinWindowStart > JOIN_WINDOW_MS) [state.joinWindowStart, state.joins] = [now, 0];
      if (++state.joins > JOINS_PER_WINDOW) return reply({ ok: false, error: "too many requests" });
      const inRooms = [...this.rooms].filter((r) => r.startsWith("object:")).length;
      if (inRooms >= OBJECT_ROOMS_MAX) return reply({ ok: false, error: "too many rooms" });
      const userId = state.user?.id as string;
      const sessionId = state.sessionId as string;
      const [live, readable] = await Promise.all([
        opts.isSessionLive(sessionId),
        opts.canRead(userId, object.objectType, object.objectId),
      ]);
      // Logged out, revoked or expired since the socket signed in (and its disconnection missed): it goes now.
      if (!live && state.sessionId === sessionId) {
        reply({ ok: false, error: "unauthorized" });
        this.disconnect(true);
        return;
      }
      if (!readable) return reply({ ok: false, error: "not found" });
      // The user may have changed (auth/login) or the socket gone while the checks ran.
      if (state.user?.id !== userId || state.sessionId !== sessionId || this.disconnected)
        return reply({ ok: false, error: "not found" });
      await this.join(room);
      state.objects = { ...state.objects, [object.objectId]: object.objectType };
      reply({ ok: true });
      if (object.objectType === "performer")
        this.emit("presence", { performerId: object.objectId, online: await isOnline(object.objectId) });
    } catch (err) {
      opts.log.warn({ err }, "object:join failed");
      reply({ ok: false, error: "unavailable" });
    }
  }

  async function onLeave(this: Socket, payload: unknown, ack?: unknown) {
    if (!admit(this, "object:leave", ack)) return;
    const reply = ackOf(ack);
    const objectId = (payload as { objectId?: unknown } | null)?.objectId;
    if (typeof objectId !== "string" || !isUuid(objectId)) return reply({ ok: false, error: "invalid" });
    await this.leave(objectRoom(objectId.toLowerCase()));
    const state = stateOf(this);
    if (state.objects) delete state.objects[objectId.toLowerCase()];
    reply({ ok: true });
  }

  /**
   * An object room's event, to this process's sockets whose user may still open the object (one `canRead` per user
   * and type); the others leave the room and are told `object:left`. Each process checks its own sockets against
   * the shared database (`toObject` hands the event to the others), so no socket's state crosses Redis. One object's
   * events go out in the order they were sent.
   */
  const sending = new Map<string, Promise<void>>();
  async function deliverChecked(objectId: string, event: string, payload: unknown) {
    const room = objectRoom(objectId);
    const sockets = await io.local.in(room).fetchSockets();
    if (!sockets.length) return;
    const verdicts = new Map<string, Promise<boolean>>();
    const readable = (userId: string, type: ObjectType) => {
      const key = `${userId}:${type}`;
      let verdict = verdicts.get(key);
      if (!verdict) {
        verdict = opts.canRead(userId, type, objectId).catch((err: unknown) => {
          opts.log.warn({ err }, "an object room's access check failed");
          return false;
        });
        verdicts.set(key, verdict);
      }
      return verdict;
    };
    const out: typeof sockets = [];
    await Promise.all(
      sockets.map(async (s) => {
        const state = s.data as Partial<SocketState> | undefined;
        const userId = state?.user?.id;
        const type = state?.objects?.[objectId];
        if (!userId || !type || !(await readable(userId, type))) out.push(s);
      }),
    );
    for (const s of out) {
      s.leave(room);
      s.emit("object:left", { objectId });
    }
    if (out.length < sockets.length) {
      io.local
        .to(room)
        .except(out.map((s) => s.id))
        .emit(event, payload);
    }
  }
  function toObjectHere(objectId: string, event: string, payload: unknown): Promise<void> {
    const before = sending.get(objectId) ?? Promise.resolve();
    const sent = before
      .then(() => deliverChecked(objectId, event, payload))
      .catch((err: unknown) => opts.log.warn({ err, objectId, event }, "an object room's event was not sent"));
    sending.set(objectId, sent);
    void sent.then(() => {
      if (sending.get(objectId) === sent) sending.delete(objectId);
    });
    return sent;
  }
  /** The other processes (through Redis) deliver an object's event to their own sockets, checked as here. */
  const OBJECT_EVENT = "object-event";
  if (redis.length) {
    io.on(OBJECT_EVENT, (objectId: unknown, event: unknown, payload: unknown) => {
      if (typeof objectId === "string" && typeof event === "string") void toObjectHere(objectId, event, payload);
    });
  }
  /** An object's event on every process (typed by the map in `toObject`; `toRoom`'s are whatever a test sends). */
  function toObjectRaw(objectId: string, event: string, payload: unknown): Promise<void> {
    if (redis.length) io.serverSideEmit(OBJECT_EVENT, objectId, event, payload);
    return toObjectHere(objectId, event, payload);
  }
  const toObject: Realtime["toObject"] = (objectId, event, payload) => toObjectRaw(objectId, event, payload);

  io.on("connection", (socket) => {
    forgetHandshake(socket);
    arrive(socket);
    socket.on("disconnect", onDisconnect);
    socket.on("auth/login", onLogin);
    socket.on("object:join", onJoin);
    socket.on("object:leave", onLeave);
  });

  return {
    io,
    toUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    toRoom(room, event, payload) {
      // An object's room is reached as its own events are: only by those who may still open it.
      if (room.startsWith("object:")) void toObjectRaw(room.slice("object:".length), event, payload);
      else io.to(room).emit(event, payload);
    },
    toObject,
    disconnectSessions(sessionIds) {
      for (let i = 0; i < sessionIds.length; i += SESSION_ROOMS_PER_MESSAGE) {
        const rooms = sessionIds.slice(i, i + SESSION_ROOMS_PER_MESSAGE).map(sessionRoom);
        // This process's sockets go at once, even when Redis cannot be reached; the others' through the adapter
        // (which, with Redis, also goes back to this process: its sockets are gone by then).
        io.local.in(rooms).disconnectSockets(true);
        if (redis.length) io.in(rooms).disconnectSockets(true);
      }
    },
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all(redis.map((r) => r.quit().catch(() => undefined)));
    },
  };
}
