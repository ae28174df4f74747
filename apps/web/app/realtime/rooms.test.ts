import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchObjectRoom } from "./rooms.ts";
import { connectRealtime, type RealtimeConnection } from "./socket.ts";
import type { SocketStatus } from "./status.ts";

const OBJECT_ID = "0190a000-0000-7000-8000-000000000001";

/**
 * A stand-in for the API's socket server: a token check, `object:join` / `object:leave` into `object:<id>` rooms.
 * `joins` counts the joins it has seen, so a test knows when the client (re)joined.
 */
function startServer(port = 0) {
  const http: HttpServer = createServer();
  const io = new Server(http, { path: "/socket.io", transports: ["websocket", "polling"], serveClient: false });
  const state = { joins: 0, leaves: 0 };
  // The token comes in the CONNECT packet's `auth`; one in the URL (which proxies log) is refused.
  io.use((socket, next) => {
    const { auth, query } = socket.handshake;
    next(auth.token === "good" && query.token === undefined ? undefined : new Error("unauthorized"));
  });
  io.on("connection", (socket) => {
    socket.on("object:join", async (p: { objectId: string }, ack: (a: { ok: boolean }) => void) => {
      await socket.join(`object:${p.objectId}`);
      state.joins++;
      ack({ ok: true });
    });
    socket.on("object:leave", async (p: { objectId: string }) => {
      await socket.leave(`object:${p.objectId}`);
      state.leaves++;
    });
  });
  return new Promise<{ io: Server; port: number; state: typeof state }>((resolve) =>
    http.listen(port, "127.0.0.1", () => resolve({ io, port: (http.address() as AddressInfo).port, state })),
  );
}

const until = async (what: () => boolean, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!what()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

const opened: { close(): void }[] = [];
// The client logs its connection errors quietly (SPEC section 8); keep the test output clean.
beforeEach(() => {
  vi.spyOn(console, "debug").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const o of opened.splice(0)) o.close();
});

describe("object rooms on the client", () => {
  it("rejoins its room after the server restarts: reconnecting and failed while it is down, then connected, events arrive again", async () => {
    let server = await startServer();
    const { port } = server;
    const statuses: SocketStatus[] = [];
    const connection: RealtimeConnection = connectRealtime(
      () => "good",
      (s) => statuses.push(s),
      `http://127.0.0.1:${port}`,
    );
    opened.push(connection);
    const { socket } = connection;
    const stop = watchObjectRoom(socket, "video", OBJECT_ID);
    const received: unknown[] = [];
    socket.on("comment:created", (p) => received.push(p));

    await until(() => server.state.joins === 1);
    expect(statuses.at(-1)).toBe("connected");
    server.io.to(`object:${OBJECT_ID}`).emit("comment:created", { n: 1 });
    await until(() => received.length === 1);

    // The server goes away (its rooms with it) and comes back on the same port.
    await new Promise<void>((resolve) => server.io.close(() => resolve()));
    await until(() => statuses.at(-1) === "failed");
    await new Promise((r) => setTimeout(r, 300));
    server = await startServer(port);
    opened.push({ close: () => server.io.close() });

    await until(() => server.state.joins === 1);
    expect(statuses.at(-1)).toBe("connected");
    const sinceDrop = statuses.slice(statuses.indexOf("disconnected"));
    expect(sinceDrop[0]).toBe("disconnected");
    // While the server is down each attempt that fails is `failed` (SPEC), the next one `reconnecting` again.
    expect(new Set(sinceDrop)).toEqual(new Set(["disconnected", "reconnecting", "failed", "connected"]));

    server.io.to(`object:${OBJECT_ID}`).emit("comment:created", { n: 2 });
    await until(() => received.length === 2);
    expect(received).toEqual([{ n: 1 }, { n: 2 }]);

    // Leaving stops the rejoining and tells the server.
    stop();
    await until(() => server.state.leaves === 1);
    server.io.to(`object:${OBJECT_ID}`).emit("comment:created", { n: 3 });
    await new Promise((r) => setTimeout(r, 200));
    expect(received).toHaveLength(2);
  }, 30_000);

  it("says failed, and stops, when the server refuses the socket", async () => {
    const server = await startServer();
    opened.push({ close: () => server.io.close() });
    const statuses: SocketStatus[] = [];
    const connection = connectRealtime(
      () => "revoked",
      (s) => statuses.push(s),
      `http://127.0.0.1:${server.port}`,
    );
    opened.push(connection);
    await until(() => statuses.includes("failed"));
    expect(connection.socket.active).toBe(false);
    expect(statuses).toEqual(["initialized", "failed"]);
  });
});
