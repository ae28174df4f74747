import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createJobs, type Jobs, type JobsDatabase } from "./jobs.ts";

const serverUrl = process.env.TEST_DB === "postgres" ? process.env.DATABASE_URL : undefined;

async function withClient<T>(connectionString: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fresh database for pg-boss: an embedded one in a temporary directory, or one on the server. */
async function freshDatabase(kind: "pglite" | "postgres") {
  if (kind === "postgres") {
    const name = `marquee_jobs_${process.pid}_${randomBytes(4).toString("hex")}`;
    await withClient(serverUrl as string, (c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    return {
      target: url.toString(),
      open: async (): Promise<JobsDatabase & { close(): Promise<void> }> => ({
        connectionString: url.toString(),
        close: async () => {},
      }),
      query: async (text: string) => withClient(url.toString(), async (c) => (await c.query(text)).rows),
      drop: () => withClient(serverUrl as string, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
    };
  }
  // A file-backed copy of the run's migrated template (making a new one costs seconds).
  const template = await readFile(path.join(inject("testDbDir"), "template.tar"));
  const dir = await mkdtemp(path.join(tmpdir(), "marquee-jobs-"));
  await (await PGlite.create({ dataDir: dir, loadDataDir: new Blob([template]) })).close();
  let client: PGlite | undefined;
  return {
    target: dir,
    open: async () => {
      client = await PGlite.create({ dataDir: dir });
      const pglite = client;
      return { pglite, close: () => pglite.close() };
    },
    query: async (text: string) => ((await client?.query(text))?.rows ?? []) as Record<string, unknown>[],
    drop: async () => {
      if (client && !client.closed) await client.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The polling interval of the instance that must not wait for it. */
const POLL_SECONDS = 30;

// `npm test` runs this file once on each database.
describe.each(serverUrl ? (["postgres"] as const) : (["pglite"] as const))("jobs on %s", (kind) => {
  const errors: unknown[] = [];
  const log = { info() {}, warn() {}, error: (obj: object) => errors.push(obj) };
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let database: Awaited<ReturnType<Awaited<ReturnType<typeof freshDatabase>>["open"]>>;
  let jobs: Jobs;

  beforeAll(async () => {
    db = await freshDatabase(kind);
    database = await db.open();
    jobs = createJobs({ database, log, pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 });
    await jobs.start();
  });

  afterAll(async () => {
    await jobs?.stop();
    await database?.close();
    await db?.drop();
  });

  it("runs sent jobs through their worker, one after the other without waiting for the polling interval", async () => {
    // An instance of its own (its own schema on the same database) that polls only every 30 s: a job picked up by a
    // poll instead of the nudge that sending and finishing give would make this take 30 s, six of them 3 minutes.
    const paced = createJobs({ database, log, schema: "pgboss_paced", pollingIntervalSeconds: POLL_SECONDS });
    try {
      const seen: unknown[] = [];
      await paced.work<{ videoId: string }>("transcode", async (data) => {
        seen.push(data);
      });
      await paced.start();
      const started = Date.now();
      for (let n = 1; n <= 6; n++) await paced.send("transcode", { videoId: `v${n}` });
      await paced.idle();
      expect(seen).toEqual([1, 2, 3, 4, 5, 6].map((n) => ({ videoId: `v${n}` })));
      expect(Date.now() - started).toBeLessThan(POLL_SECONDS * 1000);
    } finally {
      await paced.stop();
    }
  });

  it("retries a failing job, logging each failure", async () => {
    let calls = 0;
    await jobs.work("flaky", async () => {
      calls++;
      if (calls === 1) throw new Error("first try fails");
    });
    // The retry waits 1 to 2 s (pg-boss's backoff from a 1 s base); a job-level limit of 1 allows one retry.
    await jobs.send("flaky", {}, { retryLimit: 1 });
    await jobs.idle();
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
  });

  it("keeps one waiting job per singletonKey", async () => {
    const seen: string[] = [];
    // No worker yet, so both jobs wait: the second send with the same key is dropped.
    await jobs.send("dedupe", { v: "a" }, { singletonKey: "same" });
    await jobs.send("dedupe", { v: "b" }, { singletonKey: "same" });
    await jobs.send("dedupe", { v: "c" }, { singletonKey: "other" });
    await jobs.work<{ v: string }>("dedupe", async ({ v }) => {
      seen.push(v);
    });
    await jobs.idle();
    expect(seen.sort()).toEqual(["a", "c"]);
  });

  it("tells its listeners the queue of each job queued (sent, or a failed one run again) and counts those not done", async () => {
    const heard: string[] = [];
    const off = jobs.onQueued((name) => heard.push(name));
    try {
      expect(await jobs.pending(["heavy", "other"])).toBe(0);
      await jobs.send("heavy", { n: 1 });
      await jobs.send("heavy", { n: 2 });
      await jobs.send("other", {});
      expect(heard).toEqual(["heavy", "heavy", "other"]);
      expect(await jobs.pending(["heavy"])).toBe(2);
      expect(await jobs.pending(["heavy", "other"])).toBe(3);
      await jobs.work<{ n: number }>("heavy", async ({ n }) => {
        if (n === 2) throw new Error("fails for good");
      });
      const failed = (await db.query("SELECT id FROM pgboss.job WHERE name = 'heavy'")) as { id: string }[];
      // No retry left (the default is 2, with a 1 s base delay): wait for the last attempt.
      await jobs.idle(["heavy"]);
      expect(await jobs.pending(["heavy"])).toBe(0);
      expect(await jobs.pending(["heavy", "other"])).toBe(1);
      heard.length = 0;
      let retried = 0;
      for (const { id } of failed) if (await jobs.retry("heavy", id)) retried++;
      expect(retried).toBe(1);
      expect(heard).toEqual(["heavy"]);
    } finally {
      off();
    }
    await jobs.send("other", {});
    expect(heard).toEqual(["heavy"]);
  });

  it("keeps a schedule and refuses a bad cron pattern", async () => {
    await jobs.work("hourly", async () => {});
    await jobs.schedule("hourly", "0 * * * *");
    await expect(jobs.schedule("hourly", "0 0 99 * *")).rejects.toThrow();
    expect(await db.query("SELECT name, cron FROM pgboss.schedule")).toEqual([{ name: "hourly", cron: "0 * * * *" }]);
  });

  it("stops", async () => {
    await jobs.stop();
    await expect(jobs.send("transcode", { videoId: "v3" })).rejects.toThrow(/start/);
  });
});

// Killed mid-job, a process leaves its job `active`. The embedded database belongs to one process, so the next one
// retries it at start; on a server another process may still be running it, so it is retried once its lease ends.
const crashCases: { kind: "pglite" | "postgres"; reclaim: boolean; name: string }[] = serverUrl
  ? [{ kind: "postgres", reclaim: false, name: "server: retried once its lease ends" }]
  : [
      { kind: "pglite", reclaim: true, name: "embedded: retried at start" },
      { kind: "pglite", reclaim: false, name: "no reclaim at start: retried once its lease ends" },
    ];

describe.each(crashCases)("a job whose process was killed ($name)", ({ kind, reclaim }) => {
  // A child compiling and starting on a fresh database, killed, then a restart: the cap is for a hang, not for load.
  it("runs again after a restart", { timeout: 150_000 }, async () => {
    const db = await freshDatabase(kind);
    try {
      const child = spawn(process.execPath, ["--import", "tsx", "test/jobs-child.ts", db.target, reclaim ? "" : "2"], {
        cwd: path.resolve(import.meta.dirname, "../.."),
        stdio: ["ignore", "pipe", "inherit"],
      });
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("running") && resolve());
        child.once("exit", (code) => reject(new Error(`the child exited (${code}) before running its job`)));
      });
      child.kill("SIGKILL");
      await new Promise((r) => child.once("exit", r));

      const database = await db.open();
      const seen: unknown[] = [];
      const jobs = createJobs({
        database,
        log: { info() {}, warn() {}, error() {} },
        reclaimOnStart: reclaim,
        pollingIntervalSeconds: 0.5,
        maintenanceIntervalSeconds: 1,
      });
      await jobs.work("crash", async (data) => {
        seen.push(data);
      });
      await jobs.start();
      const started = Date.now();
      while (seen.length === 0 && Date.now() - started < 20_000) await sleep(100);
      await jobs.idle();
      await jobs.stop();
      await database.close();
      expect(seen).toEqual([{ n: 1 }]);
    } finally {
      await db.drop();
    }
  });
});

// API processes and workers started together on a fresh database (or rolling out a version that adds a queue) all
// create the same queues at once; pg-boss's create_queue deadlocks two of them, and each must still start.
describe.skipIf(!serverUrl)("processes starting together on a server", () => {
  it("all start, each with its workers on the same new queues", { timeout: 60_000 }, async () => {
    const db = await freshDatabase("postgres");
    const errors: unknown[] = [];
    const log = { info() {}, warn() {}, error: (obj: object) => errors.push(obj) };
    const processes = Array.from({ length: 4 }, () =>
      createJobs({ database: { connectionString: db.target }, log, pollingIntervalSeconds: 0.5 }),
    );
    const queues = ["media.transcode", "media.teaser", "video.transcoded", "video.release"];
    try {
      const seen: string[] = [];
      for (const jobs of processes) {
        for (const queue of queues) {
          await jobs.work<{ from: number }>(queue, async ({ from }) => void seen.push(`${queue} ${from}`));
        }
      }
      const outcomes = await Promise.allSettled(processes.map((jobs) => jobs.start()));
      expect(outcomes.map((o) => (o.status === "rejected" ? String(o.reason) : "started"))).toEqual(
        processes.map(() => "started"),
      );
      expect(await db.query("SELECT name FROM pgboss.queue WHERE name NOT LIKE '\\_\\_pgboss%' ORDER BY name")).toEqual(
        [...queues].sort().map((name) => ({ name })),
      );
      // And the queues work: a job sent by one is run by one of them.
      await (processes[0] as Jobs).send("video.release", { from: 0 });
      const started = Date.now();
      while (seen.length === 0 && Date.now() - started < 10_000) await sleep(100);
      expect(seen).toEqual(["video.release 0"]);
      expect(errors).toEqual([]);
    } finally {
      await Promise.all(processes.map((jobs) => jobs.stop()));
      await db.drop();
    }
  });
});
