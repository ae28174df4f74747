// Object-room benchmark (DESIGN section 10, realtime: 5,000 authenticated sockets on one node in <= 400 MB RSS; event
// fan-out p99 <= 100 ms, also across two nodes). One API process (node A) on loopback; N sockets, each with its own
// account's session, connect to it and `object:join` one published post's room (so each join runs the real read
// check); then node A emits room events and every socket's delay from `toRoom` to arrival is recorded. With
// REDIS_URL set, both nodes use the Redis adapter and a second process (node B, no sockets) emits to the same room:
// the delay across two processes through Redis. Database: a throwaway one on DATABASE_URL's server when it is set,
// else an embedded PGlite in a temporary directory. The whole run is bounded by --timeout seconds.
// The N clients run in --client-processes processes of their own (bench/sockets-clients.ts), not in this one nor in
// node A: one process decoding all N frames of an event would put its own queue into the tail. They still share the
// machine's cores with node A, so run it on an otherwise quiet machine.
// Usage: npm run bench:sockets [-- --sockets 5000 --rounds 20 --gap-ms 500 --client-processes 2 --timeout 300]
// (or SOCKETS=2000)
import { type ChildProcess, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";

const { values } = parseArgs({
  options: {
    sockets: { type: "string", default: process.env.SOCKETS ?? "5000" },
    rounds: { type: "string", default: "20" },
    "gap-ms": { type: "string", default: "500" },
    "client-processes": { type: "string", default: "2" },
    timeout: { type: "string", default: "300" },
  },
});
const ROUNDS = Number(values.rounds);
const GAP_MS = Number(values["gap-ms"]);
const TIMEOUT_S = Number(values.timeout);
const CLIENT_PROCESSES = Math.max(1, Number(values["client-processes"]));
const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

/** The open-file limit (the client processes inherit it): each client socket is a file descriptor (and one in node A). */
function openFileLimit(): number {
  try {
    const line = readFileSync("/proc/self/limits", "utf8")
      .split("\n")
      .find((l) => l.startsWith("Max open files"));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isFinite(soft) ? soft : Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
const fdLimit = openFileLimit();
let SOCKETS = Number(values.sockets);
if (SOCKETS + 500 > fdLimit) {
  const fit = Math.max(100, fdLimit - 500);
  console.warn(`open-file limit ${fdLimit} is too low for ${SOCKETS} sockets (raise ulimit -n); using ${fit}`);
  SOCKETS = fit;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const nodes: ChildProcess[] = [];
const clients: ChildProcess[] = [];
const dataDirs: string[] = [];
let admin: pg.Client | null = null;
let dbName: string | null = null;

async function cleanUp() {
  for (const c of clients) if (c.connected) c.send({ kind: "stop" });
  for (const n of nodes) if (n.connected) n.send({ kind: "stop" });
  await new Promise((r) => setTimeout(r, 1500));
  for (const c of [...clients, ...nodes]) c.kill("SIGKILL");
  if (admin && dbName) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin?.end().catch(() => undefined);
  await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })));
}

const hardStop = setTimeout(() => {
  console.error(`sockets benchmark: still running after ${TIMEOUT_S} s, stopping`);
  void cleanUp().finally(() => process.exit(1));
}, TIMEOUT_S * 1000);

interface Ready {
  kind: "ready";
  tokens?: string[];
  postId?: string;
}

async function startNode(name: string, port: number, env: Record<string, string>): Promise<[ChildProcess, Ready]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `marquee-sockets-${name}-`));
  dataDirs.push(dataDir);
  const child = fork(path.join(here, "sockets-node.ts"), {
    execArgv: ["--import", "tsx", "--expose-gc"],
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      API_PORT: String(port),
      // As `npm start` runs the API (README, Production): glibc keeps fewer arenas of freed memory.
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  nodes.push(child);
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once("exit", (c) => reject(new Error(`node ${name} exited ${c}`)));
    child.on("message", (m: Ready) => m.kind === "ready" && resolve(m));
  });
  return [child, ready];
}

/** Sends `{ kind, ...more }` to `child` and answers its first message of kind `answer` (by default `kind`). */
const ask = <T>(child: ChildProcess, kind: string, more: object = {}, answer = kind) =>
  new Promise<T>((resolve, reject) => {
    const on = (m: { kind: string; error?: string }) => {
      if (m.kind === answer || m.kind === "failed") {
        child.off("message", on);
        if (m.kind === "failed") reject(new Error(m.error));
        else resolve(m as T);
      }
    };
    child.on("message", on);
    child.send({ kind, ...more });
  });

/** A process for a share of the socket clients (bench/sockets-clients.ts), once it is listening. */
async function startClients(): Promise<ChildProcess> {
  const child = fork(path.join(here, "sockets-clients.ts"), {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  clients.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (c) => reject(new Error(`a client process exited ${c}`)));
    child.on("message", (m: { kind: string }) => m.kind === "ready" && resolve());
  });
  return child;
}

const quantile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;

try {
  let databaseEnv: Record<string, string> = {};
  if (serverUrl) {
    dbName = `marquee_bench_sockets_${process.pid}`;
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    databaseEnv = { DATABASE_URL: Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString() };
  }
  const portA = 40_000 + (process.pid % 10_000);
  const portB = 50_000 + (process.pid % 10_000);
  const seedStarted = Date.now();
  const [nodeA, ready] = await startNode("a", portA, { ...databaseEnv, SEED_USERS: String(SOCKETS) });
  const { tokens, postId } = ready as Required<Ready>;
  console.log(`node A up with ${tokens.length} accounts and sessions in ${Date.now() - seedStarted} ms`);
  // Node B has no sockets: it only emits. Without a shared database it runs on its own (it reads nothing).
  const nodeB = redisUrl ? (await startNode("b", portB, databaseEnv))[0] : null;
  type Memory = { rss: number; heapUsed: number; external: number; arrayBuffers: number; sockets: number };
  const idle = await ask<Memory>(nodeA, "rss");

  // Each client process takes every CLIENT_PROCESSES-th token; together they connect 250 sockets at a time.
  const shares = await Promise.all(Array.from({ length: CLIENT_PROCESSES }, startClients));
  const shareOf = (k: number) => tokens.slice(0, SOCKETS).filter((_, i) => i % CLIENT_PROCESSES === k);
  const connectStarted = Date.now();
  const connected = await Promise.all(
    shares.map((c, k) =>
      ask<{ refused: number }>(
        c,
        "connect",
        {
          url: `http://127.0.0.1:${portA}`,
          tokens: shareOf(k),
          postId,
          batch: Math.ceil(250 / CLIENT_PROCESSES),
        },
        "connected",
      ),
    ),
  );
  const refused = connected.reduce((n, c) => n + c.refused, 0);
  const connectMs = Date.now() - connectStarted;
  await new Promise((r) => setTimeout(r, 1000));
  const loaded = await ask<Memory>(nodeA, "rss");
  const loadedAt = Date.now();
  const joined = SOCKETS - refused;

  const fanOut = async (from: ChildProcess) => {
    const emitMs: number[] = [];
    const emitCpuMs: number[] = [];
    const onEmitted = (m: { kind: string; ms?: number; cpuMs?: number }) => {
      if (m.kind !== "emitted") return;
      emitMs.push(m.ms ?? 0);
      emitCpuMs.push(m.cpuMs ?? 0);
    };
    from.on("message", onEmitted);
    for (let seq = 0; seq < ROUNDS; seq++) {
      from.send({ kind: "emit", objectId: postId, seq });
      await new Promise((r) => setTimeout(r, GAP_MS));
    }
    const expected = ROUNDS * joined;
    // Each client process waits (20 s at most) for its share, hands its delays over and starts afresh.
    const got = await Promise.all(
      shares.map((c, k) =>
        ask<{ delays: number[]; cpuMs: number }>(
          c,
          "collect",
          { expected: ROUNDS * shareOf(k).length, deadlineMs: 20_000 },
          "delays",
        ),
      ),
    );
    from.off("message", onEmitted);
    const sorted = got.flatMap((g) => g.delays).sort((a, b) => a - b);
    const emitMax = Math.max(...emitMs);
    const emitCpuMax = Math.max(...emitCpuMs);
    // The client processes' CPU over the rounds (and the wait for the last deliveries), per event.
    const clientsCpuMs = got.reduce((n, g) => n + g.cpuMs, 0) / ROUNDS;
    return {
      received: sorted.length,
      expected,
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      emitMax,
      emitCpuMax,
      clientsCpuMs,
    };
  };
  const results: [string, Awaited<ReturnType<typeof fanOut>>][] = [["same node", await fanOut(nodeA)]];
  if (nodeB) results.push(["emitted on node B, through Redis", await fanOut(nodeB)]);
  // The same sockets after the events, for how much of the figure above the heap gives back once they have run.
  const later = await ask<Memory>(nodeA, "rss");
  const laterS = Math.round((Date.now() - loadedAt) / 1000);

  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(
    `sockets benchmark: ${loaded.sockets} authenticated sockets on node A, ${joined} in one object room` +
      `${refused ? ` (${refused} joins refused)` : ""}, connected and joined in ${connectMs} ms` +
      ` from ${CLIENT_PROCESSES} client process${CLIENT_PROCESSES === 1 ? "" : "es"}` +
      ` (${serverUrl ? "PostgreSQL" : "PGlite"}${redisUrl ? ", Redis adapter" : ""}; open-file limit ${fdLimit})`,
  );
  console.log(
    `  node A RSS after a full GC: ${mb(idle.rss)} MB idle -> ${mb(loaded.rss)} MB with sockets (budget 400 MB for 5,000): ` +
      `${(loaded.rss / (400 * 1024 * 1024)).toFixed(2)} of budget; ` +
      `${((loaded.rss - idle.rss) / 1024 / Math.max(1, loaded.sockets)).toFixed(1)} KB a socket ` +
      `(${mb(later.rss)} MB with the same ${later.sockets} sockets ${laterS} s later, after the events)` +
      `${serverUrl ? "" : " (PGlite's own memory is in the idle figure: set DATABASE_URL for a production-like one)"}`,
  );
  const perSocket = (k: keyof Memory) =>
    `${((loaded[k] - idle[k]) / 1024 / Math.max(1, loaded.sockets)).toFixed(1)} KB`;
  console.log(
    `  of which a socket: JS heap ${perSocket("heapUsed")}, buffers outside it ${perSocket("external")}` +
      ` (array buffers ${perSocket("arrayBuffers")}), the rest V8 heap kept committed, native socket state and malloc`,
  );
  for (const [name, r] of results)
    console.log(
      `  room event to ${joined} sockets, ${name}: ${r.received}/${r.expected} deliveries over ${ROUNDS} events, ` +
        `p50 ${r.p50} ms, p99 ${r.p99} ms (budget 100 ms): ${(r.p99 / 100).toFixed(2)} of budget; ` +
        `the emitting process busy up to ${r.emitMax.toFixed(1)} ms an event (${r.emitCpuMax.toFixed(1)} ms of its CPU), ` +
        `the client processes' CPU ${r.clientsCpuMs.toFixed(0)} ms an event`,
    );
  if (!redisUrl) console.log("  (set REDIS_URL for the two-node figure)");
} finally {
  clearTimeout(hardStop);
  await cleanUp();
}
