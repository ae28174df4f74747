import type { AddressInfo } from "node:net";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, type TestContext, WAIT } from "../../test/harness.ts";
import { fileUpload, pngOf } from "../../test/multipart.ts";

/**
 * Slow and silent clients against a real listening server (DESIGN section 9), with short timeouts from the
 * configuration. Loopback is not exempt from the per-address cap here, so the test can reach it.
 *
 * The client and the server share this process: when it stalls (a loaded machine, a collection), the server's idle
 * timer is due before it reads the bytes the client sent meanwhile. A trickling client therefore sends well within
 * IDLE_MS (200-250 ms apart against 2 s), and a wait for the server to close allows seconds more than the timeout it
 * waits for, while staying short of the next timeout that could also close the connection (REQUEST_MS).
 */
const HEADERS_MS = 500;
const IDLE_MS = 2_000;
const REQUEST_MS = 10_000;
/** How much later than its timeout a close may come and still be that timeout's (every such wait ends below REQUEST_MS). */
const LATE_MS = 5_000;
const CAP = 4;

/** A server with the short timeouts, and one with the cap and the default timeouts (an idle connection stays open). */
let t: TestContext;
let capped: TestContext;
let port: number;
let cappedPort: number;
let token: string;
const sockets: net.Socket[] = [];

async function listening(context: TestContext): Promise<number> {
  await context.app.listen({ host: "127.0.0.1", port: 0 });
  return (context.app.server.address() as AddressInfo).port;
}

beforeAll(async () => {
  [t, capped] = await Promise.all([
    createTestContext({
      API_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
      API_IDLE_TIMEOUT_MS: String(IDLE_MS),
      API_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
      API_KEEP_ALIVE_TIMEOUT_MS: "500",
    }),
    createTestContext({ API_MAX_CONNECTIONS_PER_ADDRESS: String(CAP), API_CONNECTION_CAP_EXEMPT: "" }),
  ]);
  token = await t.login("user");
  [port, cappedPort] = await Promise.all([listening(t), listening(capped)]);
});
afterAll(() => Promise.all([t.close(), capped.close()]));

/** Each test starts with no connection open, so none counts against the next test's cap. */
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await vi.waitFor(async () => expect([await openOn(t), await openOn(capped)]).toEqual([0, 0]), {
    ...WAIT,
    interval: 20,
  });
});

interface Conn {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves with the milliseconds since the connection opened once the server closes it. */
  closed: Promise<number>;
  isClosed(): boolean;
}

function open(to = port): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(to, "127.0.0.1");
    sockets.push(socket);
    let data = "";
    let done = false;
    socket.on("data", (d) => {
      data += d.toString("latin1");
    });
    socket.on("error", () => {}); // a refused or reset connection closes; that is what the tests look at
    const closed = new Promise<number>((res) =>
      socket.on("close", () => {
        done = true;
        res(Date.now() - started);
      }),
    );
    socket.once("connect", () => resolve({ socket, received: () => data, closed, isClosed: () => done }));
    socket.once("error", reject);
  });
}

/** Writes `chunks` one after another, `gapMs` apart, stopping early if the server closes the connection. */
async function trickle(conn: Conn, chunks: (string | Buffer)[], gapMs: number) {
  for (const chunk of chunks) {
    if (conn.isClosed()) return;
    conn.socket.write(chunk);
    await sleep(gapMs);
  }
}

/** How many connections `context`'s server has open. */
function openOn(context: TestContext): Promise<number> {
  return new Promise((resolve) => context.app.server.getConnections((_e, n) => resolve(n)));
}

/** Asks for /health on `conn` and resolves with the answer's head, once it has come. */
async function health(conn: Conn): Promise<string> {
  conn.socket.write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
  await vi.waitFor(() => expect(conn.received()).toContain("\r\n\r\n"), { ...WAIT, interval: 20 });
  return conn.received();
}

/** Waits for the close, at most `ms`; fails the test if the server kept the connection. */
async function closedWithin(conn: Conn, ms: number): Promise<number> {
  const after = await Promise.race([conn.closed, sleep(ms).then(() => -1)]);
  expect(after, `still open after ${ms} ms`).toBeGreaterThan(0);
  return after;
}

describe("slow and silent clients", () => {
  it("closes a connection whose headers arrive too slowly, although bytes keep coming", async () => {
    const conn = await open();
    // One header byte every 100 ms: never idle, but the headers take far longer than HEADERS_MS.
    const headers = `GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ${"a".repeat(60)}`;
    void trickle(conn, headers.split(""), 100);
    const after = await closedWithin(conn, HEADERS_MS + LATE_MS);
    expect(after).toBeGreaterThanOrEqual(HEADERS_MS - 50);
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it("closes a connection whose promised body never arrives", async () => {
    const conn = await open();
    conn.socket.write(
      'POST /contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":',
    );
    const after = await closedWithin(conn, IDLE_MS + LATE_MS);
    expect(after).toBeGreaterThanOrEqual(IDLE_MS - 50);
  });

  it("answers 408 to a body sent a byte at a time, once the request timeout passes", async () => {
    const conn = await open();
    conn.socket.write(
      "POST /contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n",
    );
    // A byte every 200 ms is never idle for IDLE_MS, and would take 1000 s to finish.
    void trickle(
      conn,
      Array.from({ length: 200 }, () => " "),
      200,
    );
    const after = await closedWithin(conn, REQUEST_MS + LATE_MS);
    expect(after).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);

  it("lets a slow upload that keeps making progress finish, although it lasts several idle timeouts", async () => {
    const upload = fileUpload(await pngOf(64, 64));
    const conn = await open();
    const started = Date.now();
    conn.socket.write(
      [
        "POST /users/avatar/upload HTTP/1.1",
        "Host: x",
        `Authorization: Bearer ${token}`,
        `Content-Type: ${upload.headers["content-type"]}`,
        `Content-Length: ${upload.body.length}`,
        "Connection: close",
        "",
        "",
      ].join("\r\n"),
    );
    const pieces = 20;
    const size = Math.ceil(upload.body.length / pieces);
    const chunks = Array.from({ length: pieces }, (_, i) => upload.body.subarray(i * size, (i + 1) * size));
    // 20 pieces 250 ms apart: 5 s in all, over two idle timeouts and within the request timeout.
    await trickle(conn, chunks, 250);
    await closedWithin(conn, LATE_MS);
    expect(Date.now() - started).toBeGreaterThan(2 * IDLE_MS);
    expect(conn.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(conn.received()).toContain('"avatar":');
  }, 30_000);
});

describe("the per-address cap", () => {
  it("refuses connections beyond the per-address cap and accepts again once one closes", async () => {
    const conns: Conn[] = [];
    for (let i = 0; i < CAP + 2; i++) conns.push(await open(cappedPort));
    // The server closes the two beyond the cap without a word.
    for (const extra of conns.slice(CAP)) await closedWithin(extra, LATE_MS);
    expect(conns.slice(CAP).map((c) => c.received())).toEqual(["", ""]);
    // The connections within the cap work.
    for (const conn of conns.slice(0, CAP)) expect(await health(conn)).toMatch(/^HTTP\/1\.1 200/);
    // Closing one frees its place, once the server has seen it close.
    const first = conns[0] as Conn;
    first.socket.destroy();
    await first.closed;
    await vi.waitFor(async () => expect(await openOn(capped)).toBe(CAP - 1), { ...WAIT, interval: 20 });
    expect(await health(await open(cappedPort))).toMatch(/^HTTP\/1\.1 200/);
  });
});
