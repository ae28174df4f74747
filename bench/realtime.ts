// Realtime benchmark (DESIGN section 10): N authenticated sockets on one node, that node's RSS, and the latency
// from a server-side `toUser` call to the client's receipt, on the same node and across two nodes through Redis.
// Needs DATABASE_URL (PostgreSQL) and REDIS_URL. Usage: npm run bench:realtime [-- --sockets 5000]
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { openDatabase } from "../apps/api/src/db/client.ts";
import { sessions } from "../apps/api/src/modules/auth/tables.ts";
import { users } from "../apps/api/src/modules/users/tables.ts";
import { uuidv7 } from "../apps/api/src/platform/ids.ts";
import { hashToken } from "../apps/api/src/platform/tokens.ts";

const { values } = parseArgs({
  options: {
    sockets: { type: "string", default: "5000" },
    users: { type: "string", default: "500" },
    rounds: { type: "string", default: "40" },
  },
});
const SOCKETS = Number(values.sockets);
const USERS = Number(values.users);
const ROUNDS = Number(values.rounds);
const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!serverUrl || !redisUrl) {
  console.error("Set DATABASE_URL (PostgreSQL) and REDIS_URL to run this benchmark.");
  process.exit(2);
}

const here = path.dirname(fileURLToPath(import.meta.url));
const dbName = `marquee_bench_rt_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();

const nodes: ChildProcess[] = [];
const clients: Socket[] = [];
try {
  const database = await openDatabase({ url: dbUrl });
  await database.migrate();
  const tokens: { userId: string; token: string }[] = [];
  const userRows = Array.from({ length: USERS }, (_, i) => ({
    id: uuidv7(),
    username: `bench${i}`,
    email: `bench${i}@bench.local`,
    name: `Bench ${i}`,
    passwordHash: "x",
    verifiedEmail: true,
  }));
  await database.db.insert(users).values(userRows);
  for (const u of userRows) tokens.push({ userId: u.id, token: randomBytes(32).toString("base64url") });
  await database.db.insert(sessions).values(
    tokens.map((t) => ({
      userId: t.userId,
      tokenHash: hashToken(t.token),
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
  await database.close();

  const startNode = async (port: number) => {
    const child = fork(path.join(here, "realtime-node.ts"), {
      execArgv: ["--import", "tsx"],
      env: { ...process.env, DATABASE_URL: dbUrl, REDIS_URL: redisUrl, API_PORT: String(port) },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    nodes.push(child);
    await new Promise<void>((resolve, reject) => {
      child.once("exit", (c) => reject(new Error(`node exited ${c}`)));
      child.on("message", (m: { kind: string }) => m.kind === "ready" && resolve());
    });
    return child;
  };
  const ask = <T>(child: ChildProcess, kind: string) =>
    new Promise<T>((resolve) => {
      const on = (m: { kind: string }) => {
        if (m.kind === kind) {
          child.off("message", on);
          resolve(m as T);
        }
      };
      child.on("message", on);
      child.send({ kind });
    });

  const [portA, portB] = [40_000 + (process.pid % 10_000), 50_000 + (process.pid % 10_000)];
  const nodeA = await startNode(portA);
  const nodeB = await startNode(portB);
  const before = await ask<{ rss: number }>(nodeA, "rss");

  const latencies: number[] = [];
  const connectStarted = Date.now();
  for (let i = 0; i < SOCKETS; i += 250) {
    const batch = Array.from({ length: Math.min(250, SOCKETS - i) }, (_, j) => {
      const { token } = tokens[(i + j) % USERS] as { token: string };
      const s = io(`http://127.0.0.1:${portA}`, {
        path: "/socket.io",
        transports: ["websocket"],
        auth: { token },
        reconnection: false,
      });
      s.on("notification", (p: { sentAt: number }) => latencies.push(Date.now() - p.sentAt));
      clients.push(s);
      return new Promise<void>((resolve, reject) => {
        s.once("connect", () => resolve());
        s.once("connect_error", reject);
      });
    });
    await Promise.all(batch);
  }
  const connectMs = Date.now() - connectStarted;
  await new Promise((r) => setTimeout(r, 1000));
  const after = await ask<{ rss: number; sockets: number }>(nodeA, "rss");

  // Each round notifies `perRound` users (all their sockets) and waits `gapMs`; a round to every user is a
  // broadcast to all sockets, whose p99 includes this one client process parsing thousands of frames.
  const fanOut = async (from: ChildProcess, perRound: number, gapMs: number) => {
    latencies.length = 0;
    const socketsPerUser = SOCKETS / USERS;
    const expected = ROUNDS * perRound * socketsPerUser;
    for (let seq = 0; seq < ROUNDS; seq++) {
      const start = (seq * perRound) % USERS;
      const ids = Array.from({ length: perRound }, (_, k) => tokens[(start + k) % USERS]?.userId as string);
      from.send({ kind: "emit", userIds: ids, seq });
      await new Promise((r) => setTimeout(r, gapMs));
    }
    const deadline = Date.now() + 20_000;
    while (latencies.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const sorted = [...latencies].sort((a, b) => a - b);
    const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
    return { received: sorted.length, expected, p50: q(0.5), p99: q(0.99) };
  };
  const targeted = Math.max(1, Math.round(USERS / 10));
  const results = [
    [`to ${targeted} users per round, same node`, await fanOut(nodeA, targeted, 100)],
    [`to ${targeted} users per round, across nodes (Redis)`, await fanOut(nodeB, targeted, 100)],
    ["broadcast to every socket, same node", await fanOut(nodeA, USERS, 1000)],
    ["broadcast to every socket, across nodes (Redis)", await fanOut(nodeB, USERS, 1000)],
  ] as const;

  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(
    `realtime benchmark: ${after.sockets} authenticated sockets on node A (${USERS} users), connected in ${connectMs} ms`,
  );
  console.log(
    `  node A RSS: ${mb(before.rss)} MB idle -> ${mb(after.rss)} MB with sockets (budget 400 MB): ${(after.rss / (400 * 1024 * 1024)).toFixed(2)} of budget`,
  );
  for (const [name, r] of results) {
    console.log(
      `  fan-out ${name}: ${r.received}/${r.expected} events, p50 ${r.p50} ms, p99 ${r.p99} ms (budget 100 ms): ${(r.p99 / 100).toFixed(2)} of budget`,
    );
  }
} finally {
  for (const c of clients) c.disconnect();
  for (const n of nodes) n.connected && n.send({ kind: "stop" });
  await new Promise((r) => setTimeout(r, 1500));
  for (const n of nodes) n.kill("SIGKILL");
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
