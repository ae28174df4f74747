import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgBossJobs, type Jobs } from "./jobs.ts";

const serverUrl = process.env.DATABASE_URL;

async function withClient<T>(connectionString: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

describe.runIf(serverUrl)("pg-boss jobs", () => {
  const name = `marquee_jobs_${process.pid}_${randomBytes(4).toString("hex")}`;
  const errors: unknown[] = [];
  const log = { info() {}, warn() {}, error: (obj: object) => errors.push(obj) };
  const url = new URL(serverUrl ?? "postgres://unused");
  url.pathname = `/${name}`;
  let jobs: Jobs;

  beforeAll(async () => {
    await withClient(serverUrl as string, (c) => c.query(`CREATE DATABASE ${name}`));
    jobs = createPgBossJobs({
      connectionString: url.toString(),
      log,
      pollingIntervalSeconds: 0.5,
      retryDelaySeconds: 1,
    });
  });

  afterAll(async () => {
    await jobs?.stop();
    await withClient(serverUrl as string, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it("runs a sent job through its worker", async () => {
    const seen: unknown[] = [];
    await jobs.work<{ videoId: string }>("transcode", async (data) => {
      seen.push(data);
    });
    await jobs.start();
    await jobs.send("transcode", { videoId: "v1" });
    await jobs.send("transcode", { videoId: "v2" });
    await jobs.idle();
    expect(seen).toEqual([{ videoId: "v1" }, { videoId: "v2" }]);
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

  it("accepts a supported schedule and refuses an unsupported one", async () => {
    await jobs.work("hourly", async () => {});
    await jobs.schedule("hourly", "0 * * * *");
    await expect(jobs.schedule("hourly", "0 0 1 * *")).rejects.toThrow(/unsupported cron/);
    const schedules = await withClient(
      url.toString(),
      async (c) => (await c.query<{ name: string; cron: string }>("SELECT name, cron FROM pgboss.schedule")).rows,
    );
    expect(schedules).toEqual([{ name: "hourly", cron: "0 * * * *" }]);
  });

  it("stops", async () => {
    await jobs.stop();
    await expect(jobs.send("transcode", { videoId: "v3" })).rejects.toThrow(/start/);
  });
});
