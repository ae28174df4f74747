// A seeded Marquee for the browser benchmarks: the built web server and the API on free ports, with the demo
// catalogue in a fresh embedded database under a temporary folder. Needs `npm run build` first.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
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
  close(): Promise<void>;
}

/** `env` adds to or overrides the servers' settings (e.g. WEB_WORKERS). */
export async function startSite(extra: Record<string, string> = {}): Promise<Site> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "marquee-bench-"));
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const env: Record<string, string | undefined> = {
    API_PORT: String(apiPort),
    WEB_PORT: String(webPort),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${webPort}`,
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    // The demo catalogue goes into a fresh embedded database, whatever DATABASE_URL says.
    DATABASE_URL: undefined,
    ...extra,
  };
  const api = startApi(env);
  let web: { pid: number } | undefined;
  const close = async () => {
    await Promise.all([stop(web), stop(api)]);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // The first start seeds the demo catalogue before it answers (a minute or two).
    await waitFor(`http://127.0.0.1:${apiPort}/health`, api, 600_000);
    web = startWeb(env);
    const webUrl = `http://127.0.0.1:${webPort}`;
    await waitFor(`${webUrl}/auth/login`, web);
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const freeList = await fetch(`${apiUrl}/user/assets/videos/search?access=free&includeComing=false&limit=1`);
    const free = (await freeList.json()) as { data: { slug: string }[] };
    const memberCookie = async () => {
      const login = await fetch(`${apiUrl}/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "member", password: "marquee-demo" }),
      });
      return `token=${((await login.json()) as { token: string }).token}; age_verified=1`;
    };
    const pids = { api: api.pid as number, web: web?.pid as number };
    return { webUrl, apiUrl, freeMovie: free.data[0]?.slug ?? "", memberCookie, pids, close };
  } catch (error) {
    await close();
    throw error;
  }
}
