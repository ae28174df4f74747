import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PutBucketCorsCommand, S3Client } from "@aws-sdk/client-s3";
import pg from "pg";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { DEMO_PASSWORD, seedDemo } from "../../apps/api/src/seed/seed.ts";
import { startS3Server, type TestS3Server } from "../../apps/api/test/s3-server.ts";
// @ts-expect-error plain ESM helper shared with `npm start`
import { freePort, startApi, startWeb, startWorker, stop, waitFor } from "../../scripts/processes.mjs";

/** What the production layout needs and a machine without it lacks: the test says so instead of running. */
export const missingServers = (["DATABASE_URL", "REDIS_URL"] as const).filter((name) => !process.env[name]?.trim());

/**
 * The production layout on one machine, every part a real process: two API processes (each on its own port with its
 * own DATA_DIR, so nothing is shared through the disk), one media worker (`npm run worker`), a throwaway PostgreSQL
 * database on DATABASE_URL's server, Redis (REDIS_URL), the tests' S3 server as the bucket, and the built web server
 * (`apps/web/server.mjs`, needs `npm run build`) in front of API 2, the site's public origin.
 */
export interface Cluster {
  api1: string;
  api2: string;
  /** The web server's origin (PUBLIC_URL), which forwards /api to API 2. */
  web: string;
  s3: TestS3Server;
  worker: ChildProcess;
  /** Each process's own DATA_DIR. */
  dataDirs: { api1: string; api2: string; worker: string };
  /** The throwaway database's URL. */
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * How long a playlist's segment links live (MEDIA_SEGMENT_TTL_SEC): its smallest value, so that the test sees the
 * links a player held at a take-down run out.
 */
export const SEGMENT_TTL_SEC = 10;
const STDIO = ["ignore", "inherit", "inherit"];

/**
 * The bucket's CORS rule, as the README gives it to operators (Object storage, Browsers and the bucket): hls.js fetches
 * the presigned segments with XHR from the site's origin (PUBLIC_URL), which a browser allows only with this rule.
 */
const bucketCors = (siteOrigin: string) => [
  {
    AllowedOrigins: [siteOrigin],
    AllowedMethods: ["GET", "HEAD"],
    AllowedHeaders: ["Range"],
    ExposeHeaders: ["Content-Length", "Content-Range"],
    MaxAgeSeconds: 3600,
  },
];

/** A start on a loaded 2-core machine: migrations, pg-boss's schema, the bucket check. */
const START_MS = 60_000;

async function onServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function startCluster(): Promise<Cluster> {
  const serverUrl = process.env.DATABASE_URL as string;
  const redisUrl = process.env.REDIS_URL as string;
  const dbName = `marquee_scale_${process.pid}_${randomBytes(3).toString("hex")}`;
  await onServer(serverUrl, (c) => c.query(`CREATE DATABASE ${dbName}`));
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();

  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  let s3: TestS3Server | undefined;
  const close = async () => {
    await Promise.all(children.map((child) => stop(child)));
    await s3?.close();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    await onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  };

  try {
    s3 = await startS3Server();
    const [port1, port2, webPort] = [await freePort(), await freePort(), await freePort()];
    const api1 = `http://127.0.0.1:${port1}`;
    const api2 = `http://127.0.0.1:${port2}`;
    const web = `http://127.0.0.1:${webPort}`;
    // As an operator sets it (`aws s3api put-bucket-cors`), through the S3 API.
    const admin = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    try {
      await admin.send(
        new PutBucketCorsCommand({ Bucket: s3.bucket, CORSConfiguration: { CORSRules: bucketCors(web) } }),
      );
    } finally {
      admin.destroy();
    }
    const dataDir = async (name: string) => {
      const dir = await mkdtemp(path.join(tmpdir(), `marquee-scale-${name}-`));
      dirs.push(dir);
      return dir;
    };
    const shared = {
      ...s3.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      // Every API process must check the links any other signed.
      MEDIA_SECRET: randomBytes(24).toString("hex"),
      TWO_FACTOR_SECRET: randomBytes(24).toString("hex"),
      MEDIA_JOBS: "worker",
      MEDIA_SEGMENT_TTL_SEC: String(SEGMENT_TTL_SEC),
      SEED_DEMO: "false",
      HOST: "127.0.0.1",
      PUBLIC_URL: web,
      LOG_LEVEL: "warn",
      MEDIA_DIR: undefined,
    };
    const dataDirs = { api1: await dataDir("api1"), api2: await dataDir("api2"), worker: await dataDir("worker") };

    // All at once, as an orchestrator starts them: one API process migrates while the other waits for its lock, both
    // create the job queues, and the worker waits for the tables.
    const first = startApi({ ...shared, API_PORT: String(port1), DATA_DIR: dataDirs.api1 }, { stdio: STDIO });
    children.push(first);
    const second = startApi({ ...shared, API_PORT: String(port2), DATA_DIR: dataDirs.api2 }, { stdio: STDIO });
    children.push(second);
    const worker = startWorker({ ...shared, DATA_DIR: dataDirs.worker }, { stdio: STDIO });
    children.push(worker);
    await waitFor(`${api1}/health`, first, START_MS);
    // The demo accounts (admin, performer, member with a membership, user), as `npm run seed` makes them.
    const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
    try {
      await seedDemo(database.db);
    } finally {
      await database.close();
    }
    await waitFor(`${api2}/health`, second, START_MS);
    // The web server needs none of the bucket's settings, only its origin: its pages let browsers fetch from there.
    const webServer = startWeb(
      {
        API_INTERNAL_URL: api2,
        WEB_PORT: String(webPort),
        HOST: "127.0.0.1",
        PUBLIC_URL: web,
        MEDIA_ORIGINS: s3.endpoint,
        DATA_DIR: await dataDir("web"),
        WEB_WORKERS: "1",
        LOG_LEVEL: "warn",
      },
      { stdio: STDIO },
    );
    children.push(webServer);
    await waitFor(`${web}/auth/login`, webServer, START_MS);
    return { api1, api2, web, s3, worker, dataDirs, databaseUrl, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** `check()` until it returns something other than undefined, or fails naming `what` after `timeoutMs`. */
export async function until<T>(
  what: string | (() => string),
  check: () => Promise<T | undefined>,
  { timeoutMs, intervalMs = 250 }: { timeoutMs: number; intervalMs?: number },
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`${typeof what === "string" ? what : what()}: not within ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** An HTTP call to one API process, with the session token when given; the answer's status and JSON. */
export async function call<T = Record<string, unknown>>(
  base: string,
  route: string,
  opts: { method?: string; token?: string; body?: unknown; form?: FormData } = {},
): Promise<{ status: number; json: T }> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | FormData | undefined = opts.form;
  if (opts.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(`${base}${route}`, {
    method: opts.method ?? (body ? "POST" : "GET"),
    headers,
    body,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

export async function login(base: string, username: string): Promise<string> {
  const { status, json } = await call<{ token: string }>(base, "/auth/login", {
    body: { username, password: DEMO_PASSWORD },
  });
  if (status !== 200) throw new Error(`login ${username} through ${base}: ${status} ${JSON.stringify(json)}`);
  return json.token;
}
