// Messages benchmark (issue 25 section 3). API processes (apps/api/src/main.ts, production mode, the Redis adapter)
// on a throwaway PostgreSQL database, over loopback:
//  1. sends: fans POST /conversations/:id/messages for --seconds, --concurrency at a time, spread over --senders
//     accounts (each sends at most MESSAGES_PER_MINUTE: the per-account limit stays as it is), to performers whose
//     sockets are online on the same node; sends/s, the HTTP answer's p50/p99, and the delivery p50/p99 from the
//     send to the performer's socket receiving `message:created`;
//  2. the same with the fans on node A and the performers' sockets on node B (through Redis);
//  3. a mass message to --subscribers subscribers (POST /messages/mass, the `messages.mass-send` job on either node),
//     timed until GET /messages/mass says `sent`: messages/s, and the live delivery to --online of them;
//  4. the inbox (GET /conversations?limit=20, first page and a page --deep conversations down) of a performer with
//     --conversations conversations: p50/p99 through the API against the same SQL timed straight on PostgreSQL.
// Needs DATABASE_URL (PostgreSQL; a database marquee_bench_messages_* is made on it and dropped afterwards) and
// REDIS_URL. Usage: npm run bench:messages [-- --seconds 10 --senders 600 --recipients 50 --concurrency 16
//   --subscribers 50000 --online 200 --conversations 10000 --deep 9000 --requests 300 --timeout 900]
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { MESSAGES_PER_MINUTE } from "@marquee/contracts/messages";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { MASS_BATCH } from "../apps/api/src/modules/social/messages/mass.ts";
import { encodeCursor } from "../apps/api/src/platform/paging.ts";
import { throwawayDatabase } from "../apps/api/test/ledger-load/shop.ts";
import {
  type Account,
  type ApiNode,
  apiNode,
  cpuMsOf,
  seedAccounts,
  seedConversations,
  seedInbox,
  seedSubscribers,
  sharedEnvironment,
} from "./messages-seed.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    senders: { type: "string", default: "600" },
    recipients: { type: "string", default: "50" },
    concurrency: { type: "string", default: "16" },
    subscribers: { type: "string", default: "50000" },
    online: { type: "string", default: "200" },
    conversations: { type: "string", default: "10000" },
    deep: { type: "string", default: "9000" },
    requests: { type: "string", default: "300" },
    timeout: { type: "string", default: "900" },
  },
});
const num = (k: keyof typeof values) => Math.max(1, Math.floor(Number(values[k])));
const SECONDS = num("seconds");
const SENDERS = num("senders");
const RECIPIENTS = Math.min(num("recipients"), SENDERS);
const CONCURRENCY = num("concurrency");
const SUBSCRIBERS = num("subscribers");
const ONLINE = Math.min(num("online"), SUBSCRIBERS);
const CONVERSATIONS = num("conversations");
const DEEP = Math.min(num("deep"), Math.max(0, CONVERSATIONS - 20));
const REQUESTS = num("requests");
const TIMEOUT_S = num("timeout");
const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!serverUrl || !redisUrl) {
  console.log("bench:messages needs DATABASE_URL (a PostgreSQL server) and REDIS_URL; skipped.");
  process.exit(0);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const q = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
const f1 = (n: number) => n.toFixed(1);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const n0 = (n: number) => Math.round(n).toLocaleString("en");

const sockets: Socket[] = [];
const nodes: ApiNode[] = [];
const database = await throwawayDatabase(serverUrl, "marquee_bench_messages");
const shared = await sharedEnvironment(database.url, redisUrl);
const sql = new pg.Client({ connectionString: database.url });
await sql.connect();
let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  for (const s of sockets) s.disconnect();
  await Promise.all(nodes.map((n) => n.close()));
  await sql.end().catch(() => undefined);
  await database.drop();
  await shared.remove();
}
const hardStop = setTimeout(() => {
  console.error(`messages benchmark: still running after ${TIMEOUT_S} s, stopping`);
  void cleanUp().finally(() => process.exit(1));
}, TIMEOUT_S * 1000);

/** A socket of `account` on `node`, connected and in its user room; `on` hears each `message:created`. */
async function online(node: ApiNode, account: Account, on: (m: { text: string }) => void) {
  const s = io(node.base, {
    path: "/socket.io",
    transports: ["websocket"],
    auth: { token: account.token },
    reconnection: false,
    timeout: 30_000,
  });
  sockets.push(s);
  s.on("message:created", on);
  await new Promise<void>((resolve, reject) => {
    s.once("connect", () => resolve());
    s.once("connect_error", reject);
  });
}

/**
 * CPU time (ms) PostgreSQL's backends of this database have used so far (Linux /proc; the server on this machine):
 * the API's pools and pg-boss's keep their connections, so a difference over a phase is that phase's work.
 */
async function databaseCpuMs(): Promise<number> {
  const { rows } = await sql.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
  );
  const each = await Promise.all(rows.map((r) => cpuMsOf(r.pid).catch(() => 0)));
  return each.reduce((a, b) => a + b, 0);
}

const call = async (node: ApiNode, method: string, url: string, token: string, body?: object) => {
  const res = await fetch(`${node.base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: await res.text() };
};

/** Runs `fn(k)` for k = 0, 1, ... up to `total`, CONCURRENCY at a time, for SECONDS at most. */
async function drive(total: number, fn: (k: number) => Promise<number>) {
  const answers: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  const end = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total && performance.now() < end) {
        const k = next++;
        const t0 = performance.now();
        const status = await fn(k);
        answers.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const elapsed = performance.now() - started;
  return {
    elapsed,
    exhausted: next >= total,
    ok: statuses.get(200) ?? 0,
    answers: answers.sort((a, b) => a - b),
    statuses,
  };
}

const refused = (statuses: Map<number, number>) => {
  const others = [...statuses].filter(([s]) => s !== 200);
  return others.length ? `; refused: ${others.map(([s, n]) => `${n} x HTTP ${s}`).join(", ")}` : "";
};

/**
 * The floor: an authenticated read as cheap as the API has (the fans' unread counts), driven as the sends are, on
 * `node`, with the process's CPU time per request.
 */
async function floorPhase(node: ApiNode, fans: Account[]) {
  const [cpu, dbCpu] = [await node.cpuMs(), await databaseCpuMs()];
  const run = await drive(Number.MAX_SAFE_INTEGER, async (k) => {
    const res = await call(node, "GET", "/conversations/unread", (fans[k % fans.length] as Account).token);
    return res.status;
  });
  const cpuPer = (await node.cpuMs()) - cpu;
  const dbPer = (await databaseCpuMs()) - dbCpu;
  const perSecond = (run.ok / run.elapsed) * 1000;
  console.log(
    `  floor (GET /conversations/unread, authenticated, one small query): ${f1(perSecond)} req/s, ` +
      `p50 ${f1(q(run.answers, 0.5))} ms, p99 ${f1(q(run.answers, 0.99))} ms, API CPU ${f1(cpuPer / run.ok)} ms, ` +
      `PostgreSQL CPU ${f1(dbPer / run.ok)} ms a request` +
      refused(run.statuses),
  );
  return { perSecond, cpuMs: cpuPer / run.ok };
}

/**
 * Fans send to performers whose sockets are on `to`, through `from`, for SECONDS or until every fan has sent its
 * MESSAGES_PER_MINUTE (their messages interleaved, so a fan's are spread through the run).
 */
async function sendPhase(
  name: string,
  from: ApiNode,
  to: ApiNode,
  fans: Account[],
  performers: Account[],
  ids: string[],
) {
  const sentAt = new Map<string, number>();
  const delivery: number[] = [];
  await Promise.all(
    performers.map((p) =>
      online(to, p, (m) => {
        const t = sentAt.get(m.text);
        if (t === undefined) return;
        delivery.push(performance.now() - t);
        sentAt.delete(m.text);
      }),
    ),
  );
  const cpu = await Promise.all([from.cpuMs(), to.cpuMs(), databaseCpuMs()]);
  const run = await drive(MESSAGES_PER_MINUTE * fans.length, async (k) => {
    const i = k % fans.length;
    const text = `${name} message ${k}`;
    sentAt.set(text, performance.now());
    const res = await call(from, "POST", `/conversations/${ids[i]}/messages`, (fans[i] as Account).token, { text });
    if (res.status !== 200) sentAt.delete(text);
    return res.status;
  });
  const [cpuFrom, cpuTo, cpuDb] = [
    (await from.cpuMs()) - cpu[0],
    (await to.cpuMs()) - cpu[1],
    (await databaseCpuMs()) - cpu[2],
  ];
  const deadline = performance.now() + 10_000;
  while (delivery.length < run.ok && performance.now() < deadline) await sleep(20);
  const live = delivery.sort((a, b) => a - b);
  const perSecond = (run.ok / run.elapsed) * 1000;
  console.log(
    `  ${name}: ${n0(run.ok)} sends in ${secs(run.elapsed)} = ${f1(perSecond)} sends/s` +
      `${run.exhausted ? ` (every fan's ${MESSAGES_PER_MINUTE} sent before ${SECONDS} s: raise --senders)` : ""}` +
      refused(run.statuses),
  );
  console.log(
    `    HTTP answer: p50 ${f1(q(run.answers, 0.5))} ms, p99 ${f1(q(run.answers, 0.99))} ms; API CPU a send: ` +
      (from === to ? `${f1(cpuFrom / run.ok)} ms` : `${f1(cpuFrom / run.ok)} ms on A, ${f1(cpuTo / run.ok)} ms on B`) +
      `, PostgreSQL CPU ${f1(cpuDb / run.ok)} ms`,
  );
  console.log(
    `    delivery to the performer's socket: ${n0(live.length)}/${n0(run.ok)} received, p50 ${f1(q(live, 0.5))} ms, ` +
      `p99 ${f1(q(live, 0.99))} ms, max ${f1(q(live, 1))} ms`,
  );
  return { perSecond, p50: q(live, 0.5), p99: q(live, 0.99), cpuMs: cpuFrom / run.ok };
}

/**
 * A mass message of `star` to their `audience` through `node`, followed through GET /messages/mass until it is
 * sent; `live` counts the online members' sockets that heard it.
 */
async function massPhase(
  node: ApiNode,
  all: ApiNode[],
  star: Account,
  audience: "subscribers" | "followers",
  live: { text: string; heard: number; last: number },
  onlineCount: number,
) {
  const cpu = await Promise.all(all.map((n) => n.cpuMs()));
  const dbCpu = await databaseCpuMs();
  const t0 = performance.now();
  const posted = await call(node, "POST", "/messages/mass", star.token, { text: live.text, audience });
  if (posted.status !== 200) throw new Error(`POST /messages/mass: ${posted.status} ${posted.body}`);
  const id = (JSON.parse(posted.body) as { _id: string })._id;
  let first = Number.NaN;
  let mass = { status: "sending", delivered: 0 };
  const deadline = t0 + Math.min(600, TIMEOUT_S) * 1000;
  while (mass.status === "sending" && performance.now() < deadline) {
    await sleep(250);
    const list = await call(node, "GET", "/messages/mass", star.token);
    const row = (
      JSON.parse(list.body) as { data: Array<{ _id: string; status: string; delivered: number }> }
    ).data.find((m) => m._id === id);
    if (row) mass = row;
    if (mass.delivered > 0 && Number.isNaN(first)) first = performance.now() - t0;
  }
  const ms = performance.now() - t0;
  const cpuMs = (await Promise.all(all.map((n) => n.cpuMs()))).reduce((sum, c, i) => sum + c - (cpu[i] ?? 0), 0);
  const dbCpuMs = (await databaseCpuMs()) - dbCpu;
  const liveDeadline = performance.now() + 10_000;
  while (live.heard < onlineCount && performance.now() < liveDeadline) await sleep(20);
  const { rows } = await sql.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM messages WHERE mass_message_id = $1",
    [id],
  );
  console.log(
    `\nMass message to ${n0(mass.delivered)} ${audience} (batches of ${n0(MASS_BATCH)}, the job on either node): ` +
      `${mass.status} in ${secs(ms)} = ${n0((mass.delivered / ms) * 1000)} messages/s; ${n0(rows[0]?.n ?? 0)} rows ` +
      `written; the first batch counted after ${secs(first)} (the job queue's polling included); API CPU ` +
      `${f1(cpuMs / (mass.delivered / 1000))} ms and PostgreSQL CPU ${f1(dbCpuMs / (mass.delivered / 1000))} ms per ` +
      "1,000 messages (both nodes)",
  );
  console.log(
    `  live: ${live.heard}/${onlineCount} online members (half on each node) heard it, the last ` +
      `${secs(live.last - t0)} after the send`,
  );
}

try {
  // ------------------------------------------------------------------------------------------------- seeding
  let t0 = performance.now();
  const groups = await Promise.all(
    ["a", "b"].map(async (g) => {
      const performers = await seedAccounts(sql, `star${g}`, "performer", RECIPIENTS);
      const fans = await seedAccounts(sql, `writer${g}`, "user", SENDERS);
      return { performers, fans, ids: await seedConversations(sql, fans, performers) };
    }),
  );
  const [massStar, inboxStar] = [
    (await seedAccounts(sql, "massstar", "performer", 1))[0] as Account,
    (await seedAccounts(sql, "inboxstar", "performer", 1))[0] as Account,
  ];
  const onlineSubscribers = await seedSubscribers(sql, massStar.id, SUBSCRIBERS, ONLINE);
  await seedInbox(sql, inboxStar.id, CONVERSATIONS);
  await sql.query("ANALYZE");
  console.log(
    `Set-up: 2 x (${SENDERS} fans writing to ${RECIPIENTS} performers), ${n0(SUBSCRIBERS)} subscribers (also followers) of one ` +
      `performer, ${n0(CONVERSATIONS)} conversations of another, in ${secs(performance.now() - t0)}.`,
  );

  // ------------------------------------------------------------------------------------------- 1 and 2: sends
  t0 = performance.now();
  const nodeA = await apiNode(shared.env);
  nodes.push(nodeA);
  console.log(
    `\nMachine: ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} (the API nodes, PostgreSQL, Redis ` +
      "and this client share them; other work skews the figures).",
  );
  console.log(`Node A up in ${secs(performance.now() - t0)}. Sends (${CONCURRENCY} at a time, ${SECONDS} s):`);
  const [ga, gb] = groups as [(typeof groups)[number], (typeof groups)[number]];
  const floor = await floorPhase(nodeA, ga.fans);
  const one = await sendPhase("one node", nodeA, nodeA, ga.fans, ga.performers, ga.ids);
  console.log(
    `  one node against the floor: sends/s ${(one.perSecond / floor.perSecond).toFixed(2)}x, ` +
      `API CPU a send ${(one.cpuMs / floor.cpuMs).toFixed(1)}x a read's`,
  );
  const nodeB = await apiNode(shared.env);
  nodes.push(nodeB);
  const two = await sendPhase("node A -> node B", nodeA, nodeB, gb.fans, gb.performers, gb.ids);
  console.log(
    `  across two nodes / one node: sends/s ${(two.perSecond / one.perSecond).toFixed(2)}x, ` +
      `delivery p99 ${(two.p99 / one.p99).toFixed(2)}x (budget p99 100 ms: one node ${(one.p99 / 100).toFixed(2)}, ` +
      `two ${(two.p99 / 100).toFixed(2)} of it)`,
  );

  // ----------------------------------------------------------------------------------------- 3: mass messages
  const live = { text: "", heard: 0, last: 0 };
  await Promise.all(
    onlineSubscribers.map((s, i) =>
      online(i % 2 ? nodeB : nodeA, s, (m) => {
        if (m.text !== live.text) return;
        live.heard++;
        live.last = performance.now();
      }),
    ),
  );
  for (const audience of ["subscribers", "followers"] as const) {
    Object.assign(live, { text: `A message to every one of my ${audience}`, heard: 0, last: 0 });
    await massPhase(nodeA, [nodeA, nodeB], massStar, audience, live, onlineSubscribers.length);
  }

  // ---------------------------------------------------------------------------------------------- 4: the inbox
  await sql.query("ANALYZE");
  const { rows: at } = await sql.query<{ id: string; last_at: Date }>(
    `SELECT id, last_at FROM conversations WHERE performer_id = $1 AND last_at IS NOT NULL
       ORDER BY last_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [inboxStar.id, DEEP - 1],
  );
  const deepRow = at[0] as { id: string; last_at: Date };
  const cursor = encodeCursor("inbox", deepRow.last_at.toISOString(), deepRow.id);
  // The SQL of conversations.ts `inbox` (drizzle's text of it): each side's page, read at the same time.
  const side = (column: "fan_id" | "performer_id", other: "fan_id" | "performer_id", deep: boolean) =>
    `SELECT c.id, c.fan_id, c.performer_id, c.last_at, c.last_text, c.last_sender_id, c.fan_unread,
        c.performer_unread, c.fan_read_at, c.performer_read_at, c.fan_blocked_at, c.performer_blocked_at,
        c.performer_wrote, c.created_at, u.id, u.username, u.name, u.avatar_key, u.role
      FROM conversations c INNER JOIN users u ON u.id = c.${other}
      WHERE c.${column} = $1 AND c.last_at IS NOT NULL
        ${deep ? "AND (c.last_at, c.id) < ($2::timestamptz, $3::uuid)" : ""}
      ORDER BY c.last_at DESC, c.id DESC LIMIT 20`;
  const second = new pg.Client({ connectionString: database.url });
  await second.connect();
  const timeSql = async (deep: boolean) => {
    const params = deep ? [inboxStar.id, deepRow.last_at.toISOString(), deepRow.id] : [inboxStar.id];
    const out: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const s = performance.now();
      await Promise.all([
        sql.query(side("fan_id", "performer_id", deep), params),
        second.query(side("performer_id", "fan_id", deep), params),
      ]);
      out.push(performance.now() - s);
    }
    return out.sort((a, b) => a - b);
  };
  const timeApi = async (url: string, expectFirst?: string) => {
    const out: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const s = performance.now();
      const res = await call(nodeA, "GET", url, inboxStar.token);
      out.push(performance.now() - s);
      if (i === 0) {
        const page = JSON.parse(res.body) as { data: Array<{ _id: string }>; next: string | null };
        if (res.status !== 200 || page.data.length !== 20 || !page.next)
          throw new Error(`${url}: ${res.status} ${res.body}`);
        if (expectFirst && page.data[0]?._id === expectFirst) throw new Error(`${url}: the cursor's row came again`);
      }
    }
    return out.sort((a, b) => a - b);
  };
  console.log(
    `\nInbox of a performer with ${n0(CONVERSATIONS)} conversations (GET /conversations?limit=20, ${REQUESTS} ` +
      "requests one after another; the SQL: the same two queries on two connections at once):",
  );
  for (const [label, url, deep] of [
    ["first page", "/conversations?limit=20", false],
    [`page ${n0(DEEP)} conversations down`, `/conversations?limit=20&cursor=${cursor}`, true],
  ] as const) {
    await timeApi(url, deep ? deepRow.id : undefined);
    const api = await timeApi(url, deep ? deepRow.id : undefined);
    const raw = await timeSql(deep);
    console.log(
      `  ${label}: API p50 ${f1(q(api, 0.5))} ms, p99 ${f1(q(api, 0.99))} ms; SQL p50 ${f1(q(raw, 0.5))} ms, ` +
        `p99 ${f1(q(raw, 0.99))} ms; API / SQL: p50 ${(q(api, 0.5) / q(raw, 0.5)).toFixed(1)}x, ` +
        `p99 ${(q(api, 0.99) / q(raw, 0.99)).toFixed(1)}x`,
    );
  }
  const unreadFloor: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const s = performance.now();
    await call(nodeA, "GET", "/conversations/unread", (ga.fans[0] as Account).token);
    unreadFloor.push(performance.now() - s);
  }
  unreadFloor.sort((a, b) => a - b);
  console.log(
    `  floor (GET /conversations/unread of a fan with one conversation, the same way): p50 ${f1(q(unreadFloor, 0.5))} ms, ` +
      `p99 ${f1(q(unreadFloor, 0.99))} ms`,
  );
  for (const deep of [false, true]) {
    const { rows: plan } = await sql.query<{ "QUERY PLAN": string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${side("performer_id", "fan_id", deep)}`,
      deep ? [inboxStar.id, deepRow.last_at.toISOString(), deepRow.id] : [inboxStar.id],
    );
    console.log(`  EXPLAIN (ANALYZE, BUFFERS) of the performer's side, ${deep ? "deep page" : "first page"}:`);
    for (const r of plan) console.log(`    ${r["QUERY PLAN"]}`);
  }
  await second.end();
} finally {
  clearTimeout(hardStop);
  await cleanUp();
}
