import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { exited } from "../../../test/workers.ts";
import { openDatabase } from "../../db/client.ts";

const serverUrl = process.env.TEST_DB === "postgres" ? process.env.DATABASE_URL : undefined;

async function query(sql: string, connectionString = serverUrl) {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

// Workers and API processes started together (a fresh site, an orchestrator starting everything at once): a worker
// may come before the API's migrations.
describe.skipIf(!serverUrl)("a media worker started before any API process migrated the database", () => {
  it("waits for the migrations, saying so, then works and reports itself", { timeout: 60_000 }, async () => {
    const name = `marquee_wstart_${process.pid}_${randomBytes(3).toString("hex")}`;
    await query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    const dataDir = await mkdtemp(path.join(tmpdir(), "marquee-wstart-"));
    const child = spawn(process.execPath, ["--import", "tsx", "src/worker.ts"], {
      cwd: path.resolve(import.meta.dirname, "../../.."),
      env: { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: dataDir, MEDIA_DIR: dataDir, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const lines: string[] = [];
    createInterface({ input: child.stdout }).on("line", (line) => lines.push(line));
    const database = await openDatabase({ url: url.toString(), poolSize: 1 });
    try {
      // It started, found no table of the site and waits.
      await vi.waitFor(
        () => {
          expect(child.exitCode).toBeNull();
          expect(lines.map((l) => JSON.parse(l).msg)).toContain(
            "waiting for an API process to migrate the database (it has no worker_heartbeats yet)",
          );
        },
        { timeout: 30_000, interval: 100 },
      );
      await database.migrate();
      await vi.waitFor(
        async () => {
          const rows = await query("SELECT pid, stopped_at FROM worker_heartbeats", url.toString());
          expect(rows).toEqual([{ pid: child.pid, stopped_at: null }]);
        },
        { timeout: 30_000, interval: 200 },
      );
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill("SIGTERM");
      await exited(child);
      await database.close();
      await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
