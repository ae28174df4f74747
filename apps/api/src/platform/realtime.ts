import type { Server as HttpServer } from "node:http";
import { type CommentObjectType, commentObjectTypes } from "@marquee/contracts/comments";
import { createAdapter } from "@socket.io/redis-adapter";
import { Redis } from "ioredis";
import { Server, type Socket } from "socket.io";
import { isUuid } from "./ids.ts";

export interface Realtime {
  io: Server;
  /** Sends an event to every socket of one user, on every API process. */
  toUser(userId: string, event: string, payload: unknown): void;
  /** Sends an event to every socket in one room (`object:<id>`, `user:<id>`), on every API process. */
  toRoom(room: string, event: string, payload: unknown): void;
  /** Sends an event to every socket on one object's page (room `object:<id>`), on every API process. */
  toObject(objectId: string, event: string, payload: unknown): void;
  close(): Promise<void>;
}

/** Who a socket is: its account and role, from its session token. */
export interface SocketUser {
  id: string;
  role: string;
}

/** The objects whose pages have a room (those members comment on); the web sends these names in `object:join`. */
export const OBJECT_TYPES = commentObjectTypes;
export type ObjectType = CommentObjectType;

/** May this user read this object (listed, or their own, or they are an admin)? Answers false for unknown ones. */
export type CanRead = (userId: string, objectType: ObjectType, objectId: string) => Promise<boolean>;

export const userRoom = (userId: string) => `user:${userId}`;
export const objectRoom = (objectId: string) => `object:${objectId}`;

/** How many object pages one socket may be in at once (a tab shows one; a few tabs share nothing, but be lenient). */
export const OBJECT_ROOMS_MAX = 20;
/** How many `object:join` a socket may send per window: each one is a database read. */
const JOINS_PER_WINDOW = 30;
const JOIN_WINDOW_MS = 10_000;

type Ack = (answer: { ok: true } | { ok: false; error: string }) => void;
const ackOf = (ack: unknown): Ack => (typeof ack === "function" ? (ack as Ack) : () => undefined);

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
 * forwards /socket.io here), so it sends no CORS headers. A socket must carry a valid session token in
 * its `token` query parameter; it joins `user:<id>`. The client repeats `auth/login` after every
 * (re)connect; a token for another account moves the socket to that account's room (and out of its object rooms,
 * which were granted to the other account).
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
  resolveUser(token: string): Promise<SocketUser | null>;
  canRead: CanRead;
  log: { debug(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}): Promise<Realtime> {
  const io = new Server(opts.server, {
    path: "/socket.io",
    transports: ["websocket", "polling"],
    serveClient: false,
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
    const user = socket.data.user as SocketUser | undefined;
    if (user?.role !== "performer" || socket.data.presenceOf) return;
    socket.data.presenceOf = user.id;
    const count = (performerSockets.get(user.id) ?? 0) + 1;
    performerSockets.set(user.id, count);
    if (count === 1) presence(user.id, true);
  };
  const depart = async (socket: Socket) => {
    const performerId = socket.data.presenceOf as string | undefined;
    if (!performerId) return;
    socket.data.presenceOf = undefined;
    const count = (performerSockets.get(performerId) ?? 1) - 1;
    if (count > 0) {
      performerSockets.set(performerId, count);
      return;
    }
    performerSockets.delete(performerId);
    if (!(await isOnline(performerId))) presence(performerId, false);
  };

  /** Binds the socket to the token's user; answers the user, or null for a bad token (the socket keeps its own). */
  const bind = async (socket: Socket, token: unknown) => {
    const user = typeof token === "string" && token.length <= 200 ? await opts.resolveUser(token) : null;
    if (!user) return null;
    const before = socket.data.user as SocketUser | undefined;
    if (before && before.id === user.id) return user;
    for (const room of socket.rooms)
      if (room.startsWith("user:") || room.startsWith("object:")) await socket.leave(room);
    if (before) await depart(socket);
    socket.data.user = user;
    socket.data.userId = user.id;
    await socket.join(userRoom(user.id));
    return user;
  };

  io.use(async (socket, next) => {
    try {
      const user = await bind(socket, socket.handshake.query.token ?? socket.handshake.auth?.token);
      next(user ? undefined : new Error("unauthorized"));
    } catch (err) {
      opts.log.warn({ err }, "socket authentication failed");
      next(new Error("unauthorized"));
    }
  });

  io.on("connection", (socket) => {
    arrive(socket);
    socket.on("disconnect", () => {
      depart(socket).catch((err: unknown) => opts.log.warn({ err }, "presence update failed"));
    });

    socket.on("auth/login", async (payload: unknown, ack?: unknown) => {
      const token = typeof payload === "string" ? payload : (payload as { token?: unknown } | null)?.token;
      const user = await bind(socket, token).catch(() => null);
      if (user) arrive(socket);
      if (typeof ack === "function") ack({ ok: user !== null });
      if (!user) socket.disconnect(true);
    });

    let windowStart = 0;
    let joins = 0;
    socket.on("object:join", async (payload: unknown, ack?: unknown) => {
      const reply = ackOf(ack);
      try {
        const object = objectOf(payload);
        if (!object) return reply({ ok: false, error: "invalid" });
        const room = objectRoom(object.objectId);
        if (socket.rooms.has(room)) return reply({ ok: true });
        const now = Date.now();
        if (now - windowStart > JOIN_WINDOW_MS) [windowStart, joins] = [now, 0];
        if (++joins > JOINS_PER_WINDOW) return reply({ ok: false, error: "too many requests" });
        const inRooms = [...socket.rooms].filter((r) => r.startsWith("object:")).length;
        if (inRooms >= OBJECT_ROOMS_MAX) return reply({ ok: false, error: "too many rooms" });
        const userId = socket.data.userId as string;
        if (!(await opts.canRead(userId, object.objectType, object.objectId)))
          return reply({ ok: false, error: "not found" });
        // The user may have changed (auth/login) or the socket gone while the check ran.
        if (socket.data.userId !== userId || socket.disconnected) return reply({ ok: false, error: "not found" });
        await socket.join(room);
        reply({ ok: true });
        if (object.objectType === "performer")
          socket.emit("presence", { performerId: object.objectId, online: await isOnline(object.objectId) });
      } catch (err) {
        opts.log.warn({ err }, "object:join failed");
        reply({ ok: false, error: "unavailable" });
      }
    });

    socket.on("object:leave", async (payload: unknown, ack?: unknown) => {
      const reply = ackOf(ack);
      const objectId = (payload as { objectId?: unknown } | null)?.objectId;
      if (typeof objectId !== "string" || !isUuid(objectId)) return reply({ ok: false, error: "invalid" });
      await socket.leave(objectRoom(objectId.toLowerCase()));
      reply({ ok: true });
    });
  });

  return {
    io,
    toUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    toRoom(room, event, payload) {
      io.to(room).emit(event, payload);
    },
    toObject(objectId, event, payload) {
      io.to(objectRoom(objectId)).emit(event, payload);
    },
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all(redis.map((r) => r.quit().catch(() => undefined)));
    },
  };
}
