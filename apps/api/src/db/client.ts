import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * PGlite is a single-process database: a second process opening the same directory would corrupt it.
 * A lock file holding the owner's pid refuses that with a clear message (a stale lock of a dead process is taken over).
 */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = `${path.resolve(dir)}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      const release = () => rmSync(file, { force: true });
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = Number(readFileSync(file, "utf8"));
      if (owner && isAlive(owner)) {
        throw new Error(
          `The embedded database in ${dir} is in use by process ${owner}. Stop it (Ctrl-C in npm start) first.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** PostgreSQL when a URL is given, else PGlite: file-backed under `dir`, or in memory when `dir` is omitted. */
export async function openDatabase(opts: {
  url?: string;
  dir?: string;
  loadDataDir?: Blob;
  poolSize?: number;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 20 });
    // A dropped connection must not crash the process; the next query gets a fresh one.
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      // Several API processes may start at once: an advisory lock lets one migrate while the others wait.
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query("SELECT pg_advisory_lock(7244530001)");
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query("SELECT pg_advisory_unlock(7244530001)").catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const unlock = opts.dir ? lockDataDir(opts.dir) : () => {};
  const client = await PGlite.create({
    dataDir: opts.dir,
    loadDataDir: opts.loadDataDir,
    extensions: { pg_trgm },
  }).catch((err) => {
    unlock();
    throw err;
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    close: async () => {
      await client.close();
      unlock();
    },
    // Exposed for the test harness, which snapshots a migrated database once per run.
    ...({ pglite: client } as object),
  };
}
