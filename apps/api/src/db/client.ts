import { AsyncLocalStorage } from "node:async_hooks";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { lockHolder } from "@marquee/contracts/startup";
import type { Logger } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { StartupError } from "../platform/startup-errors.ts";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** An open database transaction (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The embedded database's client (pg-boss keeps its jobs in it too); absent on a server. */
  pglite?: PGlite;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * PGlite is a single-process database: a second process opening the same directory would corrupt it.
 * A lock file holding the owner's pid refuses that with a clear message (a dead or dying owner's lock is taken over).
 */
async function lockDataDir(dir: string): Promise<() => void> {
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
      const owner = await lockHolder(file);
      if (owner) {
        throw new StartupError(
          `the embedded database in ${dir} is in use by process ${owner} (another Marquee, or \`npm run seed\`). Stop that process first (Ctrl-C in its npm start), or set DATA_DIR to another folder.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dir}`);
}

/**
 * PGlite's WebAssembly memory only grows. PostgreSQL's defaults size it for a server (128 MB of shared buffers,
 * 64 MB for maintenance), which the embedded database of one site never needs: the operating system's page cache
 * still holds its files. Measured: an existing database opens at 218 MB RSS instead of 336 MB.
 */
const PGLITE_CONF = ["shared_buffers=32MB", "maintenance_work_mem=16MB", "temp_buffers=2MB", "wal_buffers=1MB"];

/**
 * A new data directory is made (initdb) in a short-lived child process: initdb's WebAssembly memory would
 * otherwise stay in the API for its whole life (measured: 830 MB RSS after creating, 250 MB after reopening).
 * It is made beside `dir` and moved in once complete, so a start killed meanwhile leaves no half-made database
 * behind (`dir` has no PG_VERSION until then, and the next start makes it again).
 */
async function initDataDir(dir: string): Promise<void> {
  if (existsSync(path.join(dir, "PG_VERSION"))) return;
  const fresh = `${path.resolve(dir)}.new`;
  rmSync(fresh, { recursive: true, force: true });
  await runInitdb(fresh);
  rmSync(dir, { recursive: true, force: true });
  renameSync(fresh, dir);
}

async function runInitdb(dir: string): Promise<void> {
  const pglite = import.meta.resolve("@electric-sql/pglite");
  const code = `const { PGlite } = await import(${JSON.stringify(pglite)});
const db = await PGlite.create({ dataDir: process.argv[1] });
await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", code, dir], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`Could not create the embedded database in ${dir} (${code ?? signal}): ${stderr.trim()}`)),
    );
  });
}

/**
 * The embedded database has one connection, held by an open transaction until it ends: a query made outside the
 * transaction from inside its callback (through `db` instead of `tx`) would wait for it forever. This wrapper of the
 * PGlite client fails such a query at once, with what to do instead, so the mistake shows in the first test that
 * runs it rather than as a request that never answers.
 */
function guardTransactions(client: PGlite): PGlite {
  const open = new AsyncLocalStorage<{ open: boolean }>();
  const outside = (method: string) => {
    if (open.getStore()?.open) {
      throw new Error(
        `${method} outside the open transaction, from inside it: on the embedded database it would wait for the transaction forever. Run it through the transaction (tx) or before it opens.`,
      );
    }
  };
  return new Proxy(client, {
    get(target, prop) {
      if (prop === "transaction") {
        return <T>(fn: (tx: Parameters<Parameters<PGlite["transaction"]>[0]>[0]) => Promise<T>) =>
          target.transaction((tx) => {
            const state = { open: true };
            return open
              .run(state, () => fn(tx))
              .finally(() => {
                state.open = false;
              });
          });
      }
      if (prop === "query" || prop === "exec") {
        return (...args: unknown[]) => {
          outside(`A ${prop}`);
          return (target[prop] as (...a: unknown[]) => unknown)(...args);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** PostgreSQL when a URL is given, else PGlite: file-backed under `dir`, or in memory when `dir` is omitted. */
export async function openDatabase(opts: {
  url?: string;
  dir?: string;
  loadDataDir?: Blob;
  poolSize?: number;
  /** Told of every statement the app runs through drizzle (the tests count a page's queries with it). */
  logger?: Logger;
}): Promise<Database> {
  if (opts.url) {
    // A request that waits this long for a connection fails instead of waiting forever behind a stalled pool.
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 20, connectionTimeoutMillis: 15_000 });
    // A dropped connection must not crash the process; the next query gets a fresh one.
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool, schema, ...(opts.logger ? { logger: opts.logger } : {}) }) as unknown as Db;
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
  const unlock = opts.dir ? await lockDataDir(opts.dir) : () => {};
  const client = await (opts.dir && !opts.loadDataDir ? initDataDir(opts.dir) : Promise.resolve())
    .then(() =>
      PGlite.create({
        dataDir: opts.dir,
        loadDataDir: opts.loadDataDir,
        extensions: { pg_trgm },
        postgresqlconf: PGLITE_CONF,
      }),
    )
    .catch((err) => {
      unlock();
      throw err;
    });
  const db = drizzlePglite({
    client: guardTransactions(client),
    schema,
    ...(opts.logger ? { logger: opts.logger } : {}),
  }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    close: async () => {
      await client.close();
      unlock();
    },
    pglite: client,
  };
}
