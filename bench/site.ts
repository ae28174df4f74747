// A seeded Marquee for the browser benchmarks: the built web server and the API on free ports, with the demo
// catalogue in a fresh embedded database under a temporary folder, or in a fresh database on a PostgreSQL server
// (whose demo movies the API processes itself, as `npm run seed` does). Needs `npm run build` first.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
// @ts-expect-error plain ESM helper shared with `npm start`
import { freePort, startApi, startWeb, stop, waitFor } from "../scripts/processes.mjs";

export interface Site {
  webUrl: string;
  apiUrl: string;
  /** The slug of a free, ready demo movie (what `:movie` in a path stands for). */
  freeMovie: string;
  /** A `cookie` header value for the demo member's session. */
  memberCookie(): Promise<string>;
  /** The process ids of the API and the web server (each the root of its own process tree). */
  pids: { api: number; web: number };
  /** On PostgreSQL: the server processes serving this site's database now (its pool's connections). */
  databasePids(): Promise<number[]>;
  close(): Promise<void>;
}

const PG_DATABASE = "marquee_bench_site";

/**
 * `env` adds to or overrides the servers' settings (e.g. WEB_WORKERS). `postgres`: a PostgreSQL server's URL, on
 * which the database marquee_bench_site is made afresh; unset: the embedded database.
 */
export async function startSite(extra: Record<string, string> = {}, postgres?: string): Promise<Site> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "marquee-bench-"));
  let databaseUrl: string | undefined;
  let admin: pg.Client | undefined;
  if (postgres) {
    admin = new pg.Client({ connectionString: postgres });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_DATABASE}`);
    databaseUrl = Object.assign(new URL(postgres), { pathname: `/${PG_DATABASE}` }).toString();
  }
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const env: Record<string, string | undefined> = {
    API_PORT: String(apiPort),
    WEB_PORT: String(webPort),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${webPort}`,
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    // The demo catalogue goes into a fresh database: the embedded one unless `postgres` is given, whatever
    // DATABASE_URL says.
    DATABASE_URL: databaseUrl,
    // On PostgreSQL no media worker is started: the API processes the demo movies.
    ...(databaseUrl ? { MEDIA_JOBS: "inline", SEED_DEMO: "true" } : {}),
    ...extra,
  };
  const api = startApi(env);
  let web: { pid: number } | undefined;
  const close = async () => {
    await Promise.all([stop(web), stop(api)]);
    await rm(dataDir, { recursive: true, force: true });
    await admin?.query(`DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`);
    await admin?.end();
  };
  try {
    // The first start seeds the demo catalogue before it answers (a minute or two).
    await waitFor(`http://127.0.0.1:${apiPort}/health`, api, 600_000);
    web = startWeb(env);
    const webUrl = `http://127.0.0.1:${webPort}`;
    await waitFor(`${webUrl}/auth/login`, web);
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    // On PostgreSQL the API processes the demo movies once it answers: the first free one is waited for.
    let free: { data: { slug: string }[] } = { data: [] };
    for (let i = 0; i < 600 && !free.data.length; i++) {
      if (i) await new Promise((r) => setTimeout(r, 1000));
      const freeList = await fetch(`${apiUrl}/user/assets/videos/search?access=free&includeComing=false&limit=1`);
      free = (await freeList.json()) as typeof free;
      if (!databaseUrl) break;
    }
    const memberCookie = async () => {
      const login = await fetch(`${apiUrl}/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "member", password: "marquee-demo" }),
      });
      return `token=${((await login.json()) as { token: string }).token}; age_verified=1`;
    };
    const pids = { api: api.pid as number, web: web?.pid as number };
    const databasePids = async () =>
      admin
        ? (
            await admin.query<{ pid: number }>(
              "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
              [PG_DATABASE],
            )
          ).rows.map((r) => r.pid)
        : [];
    return { webUrl, apiUrl, freeMovie: free.data[0]?.slug ?? "", memberCookie, pids, databasePids, close };
  } catch (error) {
    await close();
    throw error;
  }
}
