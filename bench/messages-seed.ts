// What bench/messages.ts writes straight into its throwaway database (registering, following, subscribing and
// writing are throttled per address or per account, and none of that is what is measured): accounts with a session
// each, the conversations of the send phases, a performer's 50,000 subscribers and another's 10,000 conversations,
// all in set-based SQL (a few statements each, never one row per round trip). And the API nodes the benchmark runs.
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type pg from "pg";
import { uuidv7 } from "../apps/api/src/platform/ids.ts";
import { hashToken } from "../apps/api/src/platform/tokens.ts";
// @ts-expect-error plain ESM helper shared with `npm start`
import { freePort, startApi, stop, waitFor } from "../scripts/processes.mjs";

export interface Account {
  id: string;
  token: string;
}

/** `count` accounts named `<prefix><n>` with a session each (performers get their performer row too). */
export async function seedAccounts(
  c: pg.Client,
  prefix: string,
  role: "user" | "performer",
  count: number,
): Promise<Account[]> {
  const accounts = Array.from({ length: count }, () => ({
    id: uuidv7(),
    token: randomBytes(32).toString("base64url"),
  }));
  const ids = accounts.map((a) => a.id);
  await c.query(
    `INSERT INTO users (id, username, email, name, password_hash, role, verified_email)
       SELECT id, $2 || n, $2 || n || '@bench.local', 'Bench ' || $2 || n, 'not-a-password', $3, true
       FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)`,
    [ids, prefix, role],
  );
  if (role === "performer") {
    await c.query("INSERT INTO performers (id, monthly_price_cents) SELECT unnest($1::uuid[]), 999", [ids]);
  }
  await c.query(
    `INSERT INTO sessions (id, user_id, token_hash, expires_at)
       SELECT gen_random_uuid(), id, hash, now() + interval '1 day'
       FROM unnest($1::uuid[], $2::text[]) AS t(id, hash)`,
    [ids, accounts.map((a) => hashToken(a.token))],
  );
  return accounts;
}

/** One conversation of each fan with a performer (fan i with performer i mod the number of performers). */
export async function seedConversations(c: pg.Client, fans: Account[], performers: Account[]): Promise<string[]> {
  const pairs = fans.map((f, i) => ({
    id: uuidv7(),
    fan: f.id,
    performer: (performers[i % performers.length] as Account).id,
  }));
  await c.query(
    `INSERT INTO conversations (id, fan_id, performer_id)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[])`,
    [pairs.map((p) => p.id), pairs.map((p) => p.fan), pairs.map((p) => p.performer)],
  );
  return pairs.map((p) => p.id);
}

/**
 * `count` members holding a live monthly subscription to the performer (as a paid checkout leaves them: active,
 * expiring in a month) who also follow them (since some day in the last 100); the first `online` of them get a
 * session, for sockets.
 */
export async function seedSubscribers(c: pg.Client, performerId: string, count: number, online: number) {
  await c.query(
    `WITH u AS (
       INSERT INTO users (id, username, email, name, password_hash, role, verified_email)
         SELECT gen_random_uuid(), 'sub' || g, 'sub' || g || '@bench.local', 'Subscriber ' || g, 'not-a-password',
           'user', true
         FROM generate_series(1, $2::int) g
         RETURNING id)
     INSERT INTO subscriptions (id, user_id, kind, performer_id, period, status, price_cents, started_at, expires_at)
       SELECT gen_random_uuid(), u.id, 'performer', $1, 'monthly', 'active', 999, now(),
         now() + interval '30 days' + random() * interval '1 day'
       FROM u`,
    [performerId, count],
  );
  await c.query(
    `INSERT INTO follows (user_id, performer_id, created_at)
       SELECT user_id, performer_id, now() - random() * interval '100 days' FROM subscriptions WHERE performer_id = $1`,
    [performerId],
  );
  await c.query("UPDATE performers SET subscribers_count = $2, followers_count = $2 WHERE id = $1", [
    performerId,
    count,
  ]);
  const { rows } = await c.query<{ id: string }>("SELECT id FROM users WHERE username = ANY($1::text[])", [
    Array.from({ length: Math.min(online, count) }, (_, i) => `sub${i + 1}`),
  ]);
  const accounts = rows.map((r) => ({ id: r.id, token: randomBytes(32).toString("base64url") }));
  await c.query(
    `INSERT INTO sessions (id, user_id, token_hash, expires_at)
       SELECT gen_random_uuid(), id, hash, now() + interval '1 day' FROM unnest($1::uuid[], $2::text[]) AS t(id, hash)`,
    [accounts.map((a) => a.id), accounts.map((a) => hashToken(a.token))],
  );
  return accounts;
}

/**
 * `count` members each with a conversation with the performer, one a minute back from now (the newest first), each
 * with a last message from the fan, some unread, as the inbox lists them.
 */
export async function seedInbox(c: pg.Client, performerId: string, count: number) {
  await c.query(
    `WITH u AS (
       INSERT INTO users (id, username, email, name, password_hash, role, verified_email)
         SELECT gen_random_uuid(), 'fan' || g, 'fan' || g || '@bench.local', 'Fan ' || g, 'not-a-password', 'user',
           true
         FROM generate_series(1, $2::int) g
         RETURNING id, username)
     INSERT INTO conversations (id, fan_id, performer_id, last_at, last_text, last_sender_id, performer_unread,
         fan_read_at, performer_read_at, performer_wrote)
       SELECT gen_random_uuid(), id, $1, at, 'Hello from ' || username, id, g % 3, at, at - interval '1 hour', true
       FROM (SELECT id, username, g, date_trunc('milliseconds', now()) - g * interval '1 minute' AS at
             FROM (SELECT id, username, substr(username, 4)::int AS g FROM u) n) t`,
    [performerId, count],
  );
}

/** An API process (apps/api/src/main.ts, production mode) on a free loopback port; `close()` stops it. */
export async function apiNode(env: Record<string, string | undefined>) {
  const port: number = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startApi(
    {
      ...env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      API_PORT: String(port),
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
    },
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  await waitFor(`${base}/health`, child, 90_000);
  const pid = child.pid as number;
  return { base, cpuMs: () => cpuMsOf(pid), close: () => stop(child) as Promise<void> };
}
export type ApiNode = Awaited<ReturnType<typeof apiNode>>;

/** CPU time (user and system) a process has used so far, in ms (Linux: /proc, in clock ticks of 10 ms). */
export async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** What both API nodes share besides the database and Redis: the data folder and the secrets. */
export async function sharedEnvironment(databaseUrl: string, redisUrl: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "marquee-bench-messages-"));
  return {
    env: {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      DATA_DIR: dataDir,
      MEDIA_SECRET: randomBytes(24).toString("base64url"),
      TWO_FACTOR_SECRET: randomBytes(24).toString("base64url"),
      PAYMENT_GATEWAY: "sandbox",
      PUBLIC_URL: "http://127.0.0.1:3000",
    },
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}
