import type { Server as HttpServer } from "node:http";
import { createAdapter } from "@socket.io/redis-adapter";
import { Redis } from "ioredis";
import { Server, type Socket } from "socket.io";

export interface Realtime {
  io: Server;
  /** Sends an event to every socket of one user, on every API process. */
  toUser(userId: string, event: string, payload: unknown): void;
  /** Sends an event to every socket watching one object's page (room `object:<id>`), on every API process. */
  toObject(objectId: string, event: string, payload: unknown): void;
  close(): Promise<void>;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const objectRoom = (objectId: string) => `object:${objectId}`;

/** How many object pages one socket may watch at once (a tab shows one; a few tabs share a socket at most). */
export const OBJECT_ROOMS_MAX = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * socket.io on the API's own HTTP server (DESIGN section 7), reached through the site's own origin (the web server
 * forwards /socket.io here), so it sends no CORS headers. A socket must carry a valid session token in
 * its `token` query parameter; it joins `user:<id>`. The client repeats `auth/login` after every
 * (re)connect; a token for another account moves the socket to that account's room. An object page joins
 * `object:<id>` with `object/join` (the id, or `{ id }`) and leaves it with `object/leave`, to hear its comments and
 * counters (`comment:created`, `comment:deleted`, `reaction:updated`); both ack `{ ok }`.
 */
export async function attachRealtime(opts: {
  server: HttpServer;
  redisUrl?: string;
  resolveUserId(token: string): Promise<string | null>;
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

  const bind = async (socket: Socket, token: unknown) => {
    const userId = typeof token === "string" && token.length <= 200 ? await opts.resolveUserId(token) : null;
    if (!userId) return null;
    for (const room of socket.rooms)
      if (room.startsWith("user:") && room !== userRoom(userId)) await socket.leave(room);
    socket.data.userId = userId;
    await socket.join(userRoom(userId));
    return userId;
  };

  io.use(async (socket, next) => {
    try {
      const userId = await bind(socket, socket.handshake.query.token ?? socket.handshake.auth?.token);
      next(userId ? undefined : new Error("unauthorized"));
    } catch (err) {
      opts.log.warn({ err }, "socket authentication failed");
      next(new Error("unauthorized"));
    }
  });

  io.on("connection", (socket) => {
    socket.on("auth/login", async (payload: unknown, ack?: unknown) => {
      const token = typeof payload === "string" ? payload : (payload as { token?: unknown } | null)?.token;
      const userId = await bind(socket, token).catch(() => null);
      if (typeof ack === "function") ack({ ok: userId !== null });
      if (!userId) socket.disconnect(true);
    });

    const objectIdOf = (payload: unknown) => {
      const id = typeof payload === "string" ? payload : (payload as { id?: unknown } | null)?.id;
      return typeof id === "string" && UUID.test(id) ? id.toLowerCase() : null;
    };
    socket.on("object/join", async (payload: unknown, ack?: unknown) => {
      const id = objectIdOf(payload);
      const watching = [...socket.rooms].filter((r) => r.startsWith("object:")).length;
      const ok = id !== null && (socket.rooms.has(objectRoom(id)) || watching < OBJECT_ROOMS_MAX);
      if (ok) await socket.join(objectRoom(id));
      if (typeof ack === "function") ack({ ok });
    });
    socket.on("object/leave", async (payload: unknown, ack?: unknown) => {
      const id = objectIdOf(payload);
      if (id) await socket.leave(objectRoom(id));
      if (typeof ack === "function") ack({ ok: id !== null });
    });
  });

  return {
    io,
    toUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
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
