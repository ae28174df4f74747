import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
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
  if (opts.dir) mkdirSync(opts.dir, { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dir, loadDataDir: opts.loadDataDir });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    close: () => client.close(),
    // Exposed for the test harness, which snapshots a migrated database once per run.
    ...({ pglite: client } as object),
  };
}
