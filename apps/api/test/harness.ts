import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Logger } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { Secret, TOTP } from "otpauth";
import pg from "pg";
import { expect, inject } from "vitest";
import { type App, buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { systemActor } from "../src/modules/audit/service.ts";
import { hashPassword } from "../src/modules/auth/service.ts";
import { SANDBOX_SIGNATURE, type SandboxCallback } from "../src/modules/commerce/gateways/sandbox.ts";
import { performers } from "../src/modules/performers/tables.ts";
import { users } from "../src/modules/users/tables.ts";
import { markVerifiedWithoutDocuments } from "../src/modules/verification/applications.ts";
import { openGeoIp } from "../src/platform/geoip.ts";
import { createJobs, type Jobs } from "../src/platform/jobs.ts";
import { createMemoryMailer } from "../src/platform/mailer.ts";
import { DEMO_PASSWORD, seedDemo } from "../src/seed/seed.ts";

export { WAIT } from "./wait.ts";
export { DEMO_PASSWORD };

/** A public address the bundled GeoLite2 database places in each country (used by geo tests). */
export const IP_IN = { GB: "81.2.69.142", US: "8.8.8.8", RU: "5.255.255.77" } as const;

/** The statements the app runs, recorded while a test asks for them (`TestContext.queriesOf`). */
function createQueryLog() {
  let seen: string[] | null = null;
  return {
    logger: {
      logQuery(query: string) {
        seen?.push(query);
      },
    },
    async during<T>(run: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
      const queries: string[] = [];
      seen = queries;
      try {
        return { result: await run(), queries };
      } finally {
        seen = null;
      }
    },
  };
}

async function openTestDatabase(logger: Logger): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const template = inject("testDbTemplate");
  if (template) {
    const serverUrl = process.env.DATABASE_URL as string;
    const name = `marquee_t_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 5, logger });
    return {
      database,
      url: url.toString(),
      async drop() {
        const c = new pg.Client({ connectionString: serverUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dump = await readFile(path.join(inject("testDbDir"), "template.tar"));
  const database = await openDatabase({ loadDataDir: new Blob([dump]), logger });
  return { database, drop: async () => {} };
}

export interface TestContext {
  app: App;
  database: Database;
  /** The test database's URL on PostgreSQL (TEST_DB=postgres); undefined on the embedded one. */
  databaseUrl?: string;
  mailer: ReturnType<typeof createMemoryMailer>;
  /** The app's background jobs (pg-boss in the test database); `await t.jobs.idle()` waits until every queued job has run. */
  jobs: Jobs;
  /** The app's MEDIA_DIR (on object storage, only its scratch folder is used). */
  mediaDir: string;
  /**
   * Logs a demo (or registered) account in and returns its bearer token. An admin is enrolled in two-factor sign-in
   * for real on its first login (the admin routes need it), and its browser trusted, so later logins skip the code.
   */
  login(username: string, password?: string): Promise<string>;
  /** The trusted-browser tokens `login` sends, by username (set by enrolTwoFactor with trustDevice). */
  trustedDevices: Map<string, string>;
  /** Usernames `login` must not enrol (admins left without two-factor sign-in on purpose). */
  withoutTwoFactor: Set<string>;
  /** Shorthand for JSON requests through `app.inject`. */
  request(opts: {
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
    url: string;
    token?: string;
    body?: unknown;
    query?: Record<string, string | string[]>;
    headers?: Record<string, string>;
  }): Promise<LightMyRequestResponse>;
  /**
   * The statements the app ran through the database while `run` ran (what a request costs in queries). Anything else
   * running meanwhile counts too, so a test asks for it with no background work of its own going on.
   */
  queriesOf<T>(run: () => Promise<T>): Promise<{ result: T; queries: string[] }>;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh copy of the migrated database, with the demo accounts, for one test file. `env` adds settings,
 * e.g. a test S3 server's (test/s3-server.ts) to put the app's files in its bucket. `jobsOpts` tunes its job runner:
 * how often expired leases are looked for (JOBS_LEASE_SEC in `env` sets the lease).
 *
 * `site.reviewMode`: a new site reviews everything performers publish (issue 22 section 2); the tests of other
 * features publish as performers and look at the result, so their site reviews nothing (`none`, set through the
 * settings service as an admin's change would be) unless they ask for another mode, or for the site's default
 * (`default`: nothing is set).
 */
export async function createTestContext(
  env: Record<string, string> = {},
  jobsOpts: { maintenanceIntervalSeconds?: number } = {},
  site: { reviewMode?: "none" | "first" | "all" | "default" } = {},
): Promise<TestContext> {
  const queryLog = createQueryLog();
  const { database, url, drop } = await openTestDatabase(queryLog.logger);
  await seedDemo(database.db);
  const mediaDir = await mkdtemp(path.join(tmpdir(), "marquee-media-"));
  // The heavy media jobs run in the app's own process unless a test starts a worker (MEDIA_JOBS=worker).
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    MEDIA_DIR: mediaDir,
    DATA_DIR: mediaDir,
    MEDIA_JOBS: "inline",
    // Tests change the catalogue in the database directly and look at the list at once: visitors' answers are
    // not reused unless a test asks for it (videos.list-cache.test.ts).
    API_LIST_CACHE_MS: "0",
    ...env,
  });
  const mailer = createMemoryMailer();
  // The app's own jobs, retried at once: tests wait for them with `jobs.idle()`.
  const quiet = () => {};
  const jobs = createJobs({
    database: database.pglite ? { pglite: database.pglite } : { connectionString: url as string },
    log: { info: quiet, warn: quiet, error: (obj, msg) => console.error(msg ?? "job failed", obj) },
    pollingIntervalSeconds: 0.5,
    retryDelaySeconds: 0,
    leaseSeconds: config.jobsLeaseSec,
    ...jobsOpts,
  });
  const app = await buildApp({
    config,
    database,
    mailer,
    geoip: await openGeoIp(),
    realtime: env.REALTIME === "true",
    jobs,
  });
  await app.ready();
  const reviewMode = site.reviewMode ?? "none";
  if (reviewMode !== "default") await app.services.settings.update("reviewMode", reviewMode, systemActor);

  const request: TestContext["request"] = ({ method, url, token, body, query, headers }) =>
    app.inject({
      method,
      url,
      query,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });

  const trustedDevices = new Map<string, string>();
  const withoutTwoFactor = new Set<string>();
  const context: TestContext = {
    app,
    database,
    databaseUrl: url,
    mediaDir,
    mailer,
    jobs,
    request,
    queriesOf: queryLog.during,
    trustedDevices,
    withoutTwoFactor,
    async login(username, password = DEMO_PASSWORD) {
      const deviceToken = trustedDevices.get(username);
      const res = await request({
        method: "POST",
        url: "/auth/login",
        body: { username, password, ...(deviceToken ? { deviceToken } : {}) },
      });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      const token = res.json().token as string | undefined;
      if (!token) throw new Error(`login ${username} asks for a two-factor code: ${res.body}`);
      if (!withoutTwoFactor.has(username) && !trustedDevices.has(username)) {
        const status = (await request({ method: "GET", url: "/auth/two-factor", token })).json();
        if (status.required && !status.enabled) await enrolTwoFactor(context, token, { username, password });
      }
      return token;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
  return context;
}

/** The current code of a TOTP secret (base32), as an authenticator app shows it. */
export const totpCode = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });

/**
 * Turns two-factor sign-in on for the account of `token` through its routes (set-up, then a current code), as the
 * account screen does. With `username`, the browser is trusted and `t.login(username)` skips the code from then on.
 */
export async function enrolTwoFactor(
  t: TestContext,
  token: string,
  opts: { username?: string; password?: string } = {},
) {
  // Changes to two-factor sign-in ask for the password again first.
  const again = await t.request({
    method: "POST",
    url: "/auth/reauthenticate",
    token,
    body: { password: opts.password ?? DEMO_PASSWORD },
  });
  if (again.statusCode !== 200) throw new Error(`re-authentication failed: ${again.statusCode} ${again.body}`);
  const setup = await t.request({ method: "POST", url: "/auth/two-factor/setup", token });
  if (setup.statusCode !== 200) throw new Error(`two-factor set-up failed: ${setup.statusCode} ${setup.body}`);
  const secret = setup.json().secret as string;
  const confirm = await t.request({
    method: "POST",
    url: "/auth/two-factor/confirm",
    token,
    body: { code: totpCode(secret), trustDevice: opts.username !== undefined },
  });
  if (confirm.statusCode !== 200) throw new Error(`two-factor confirm failed: ${confirm.statusCode} ${confirm.body}`);
  const { recoveryCodes, deviceToken } = confirm.json() as { recoveryCodes: string[]; deviceToken: string | null };
  if (opts.username && deviceToken) t.trustedDevices.set(opts.username, deviceToken);
  return { secret, recoveryCodes, deviceToken };
}

/** The first link in the newest mail to `to`. */
export function lastLinkTo(mailer: TestContext["mailer"], to: string): string {
  const mail = [...mailer.outbox].reverse().find((m) => m.to === to);
  const link = mail?.links?.[0];
  if (!link) throw new Error(`no mail with a link to ${to}`);
  return link;
}

export const tokenOf = (link: string) => new URL(link).searchParams.get("token") as string;

/** The field paths an error answer names in `details`. */
export const detailPaths = (res: { json(): unknown }) =>
  ((res.json() as { details?: { path: string }[] }).details ?? []).map((d) => d.path);

/** Asserts a 400 whose `details` name `path`. */
export function expectBadRequest(res: LightMyRequestResponse, path: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ statusCode: 400, error: "Bad Request" });
  expect(detailPaths(res)).toContain(path);
}

/** Delivers a sandbox gateway callback to its webhook route, signed as the sandbox signs it (or with `signature`). */
export function deliverSandbox(t: TestContext, event: SandboxCallback, signature?: string) {
  // The sandbox names the currency of every callback that moves money (the site's, USD in tests), as its page does.
  const moves = ["paid", "renewed", "refunded", "chargeback"].includes(event.type) && event.currency === undefined;
  const { body, signature: signed } = t.app.services.sandbox.signed(moves ? { ...event, currency: "USD" } : event);
  return t.app.inject({
    method: "POST",
    url: "/payment/webhook/sandbox",
    headers: { "content-type": "application/json", [SANDBOX_SIGNATURE]: signature ?? signed },
    payload: body,
  });
}

let accounts = 0;

/** A new, confirmed account of `role` (a performer with their profile), logged in: its data are its test's alone. */
export async function newAccount(
  t: TestContext,
  role: "user" | "performer" | "admin",
  prefix: string = role,
  opts: { twoFactor?: boolean } = {},
) {
  const username = `${prefix}${Date.now().toString(36)}${(accounts++).toString(36)}`;
  const [row] = await t.database.db
    .insert(users)
    .values({
      username,
      email: `${username}@example.test`,
      name: `Name ${username}`,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      role,
      verifiedEmail: true,
    })
    .returning({ id: users.id });
  const id = (row as { id: string }).id;
  if (role === "performer") await verifyPerformer(t, id);
  if (opts.twoFactor === false) t.withoutTwoFactor.add(username);
  return { id, username, token: await t.login(username) };
}

/**
 * Makes an account a verified performer for a test (a profile unless it has one, and an approved verification record
 * marked as a fixture, with no identity on file), so it may publish and be paid. Verification's own tests go through
 * the application and the admins' review instead.
 */
export async function verifyPerformer(t: Pick<TestContext, "database">, id: string) {
  await t.database.db.insert(performers).values({ id }).onConflictDoNothing();
  await markVerifiedWithoutDocuments(t.database.db, [id], "Test fixture");
}
