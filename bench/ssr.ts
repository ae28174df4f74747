// Server-rendering benchmark (DESIGN section 10, issue 26): requests per second, latency and the CPU time each page
// costs the web server and the API (read from /proc, each process tree apart), for a visitor and a member, the
// first-load JavaScript of each page as transferred (the brotli files the server sends), and the servers' memory
// after the load. Needs `npm run build` first.
// Usage: npm run bench:ssr [-- --seconds 10 --connections 10 --paths /,/auth/login --workers 1 --page-cache off
//   --profile /tmp/profiles --postgres postgres://127.0.0.1:5432/postgres]
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
// @ts-expect-error plain ESM helper shared with the end-to-end tests
import { CHROMIUM_FLAGS, chromiumPath } from "../scripts/chromium.mjs";
import { cpuMs, treeRss } from "./proc.ts";
import { startSite } from "./site.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    // `:movie` stands for a free demo movie's page.
    paths: { type: "string", default: "/,/movies/:movie,/performers,/store,/auth/login" },
    // The web server's processes (WEB_WORKERS); unset: its default.
    workers: { type: "string" },
    // `off`: visitors' pages are rendered every time too (WEB_MICROCACHE_MS=0).
    "page-cache": { type: "string", default: "on" },
    // A folder for V8 CPU profiles of the API and the web server, written when they stop (read them with
    // `node --import tsx bench/cpu-profile.ts FILE`).
    profile: { type: "string" },
    // A PostgreSQL server's URL: the site's database is made there (marquee_bench_site), and the CPU its server
    // processes spend is printed beside the web server's and the API's. Unset: the embedded database.
    postgres: { type: "string" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const paths = values.paths.split(",");

async function load(url: string, until: number, headers: Record<string, string> = {}) {
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        try {
          const res = await fetch(url, { headers });
          await res.arrayBuffer();
          if (res.ok) latencies.push(performance.now() - t0);
          else errors++;
        } catch {
          errors++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN;
  return { rps: latencies.length / seconds, p50: q(0.5), p99: q(0.99), errors, count: latencies.length + errors };
}

/**
 * The scripts a first visit loads (module scripts and modulepreloads) as the server sends them to a browser that
 * accepts brotli: the sum of their Content-Length, and how many came uncompressed.
 */
async function firstLoadJs(webUrl: string, pagePath: string) {
  const html = await (await fetch(`${webUrl}${pagePath}`, { headers: { cookie: "age_verified=1" } })).text();
  const srcs = new Set(
    [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1] as string),
  );
  let total = 0;
  let plain = 0;
  for (const src of srcs) {
    const res = await fetch(new URL(src, webUrl), { headers: { "accept-encoding": "br" } });
    const body = await res.arrayBuffer();
    if (res.headers.get("content-encoding") !== "br") plain++;
    total += Number(res.headers.get("content-length") ?? body.byteLength);
  }
  return { files: srcs.size, kb: total / 1024, plain };
}

const site = await startSite(
  {
    ...(values.workers ? { WEB_WORKERS: values.workers } : {}),
    ...(values["page-cache"] === "off" ? { WEB_MICROCACHE_MS: "0" } : {}),
    ...(values.profile ? { CPU_PROFILE_DIR: values.profile } : {}),
  },
  values.postgres,
);
/** CPU ms of the PostgreSQL processes serving the site's database (0 on the embedded one). */
const databaseCpu = async () => {
  const pids = await site.databasePids();
  return new Map(pids.map((pid) => [pid, cpuMs(pid)]));
};
/**
 * CPU ms the web server and the API (and, on PostgreSQL, the database's server processes) spent per request while
 * `run` made `count()` requests.
 */
async function costOf<T extends { count: number }>(run: () => Promise<T>) {
  const [web0, api0, db0] = [cpuMs(site.pids.web), cpuMs(site.pids.api), await databaseCpu()];
  const r = await run();
  const [web1, api1, db1] = [cpuMs(site.pids.web), cpuMs(site.pids.api), await databaseCpu()];
  let dbMs = 0;
  for (const [pid, ms] of db1) dbMs += ms - (db0.get(pid) ?? 0);
  return { ...r, webMs: (web1 - web0) / r.count, apiMs: (api1 - api0) / r.count, dbMs: dbMs / r.count };
}
const { webUrl, apiUrl } = site;
try {
  console.log(
    `SSR benchmark: ${connections} connections, ${seconds} s per page, web (${values.workers ?? "default"} workers, page cache ${values["page-cache"]}) and API on this machine`,
  );
  const health = await load(`${apiUrl}/health`, Date.now() + seconds * 1000);
  console.log(`  API /health (reference): ${health.rps.toFixed(0)} req/s, p50 ${health.p50.toFixed(1)} ms`);
  // Visitors without a session are served from the web server's micro-cache; a logged-in member is rendered
  // every time. Both are measured, and their ratio.
  const member = { cookie: await site.memberCookie() };
  for (const p of paths.map((x) => x.replace(":movie", site.freeMovie))) {
    const js = await firstLoadJs(webUrl, p);
    const rps: Record<string, number> = {};
    for (const [who, headers] of [
      // A visitor past the age gate (its cookie): the gate page itself is not what is measured.
      ["visitor", { cookie: "age_verified=1" }],
      ["member", member],
    ] as const) {
      await load(`${webUrl}${p}`, Date.now() + 1000, headers); // warm-up
      const r = await costOf(() => load(`${webUrl}${p}`, Date.now() + seconds * 1000, headers));
      rps[who] = r.rps;
      const cpu = r.webMs + r.apiMs;
      console.log(
        `  ${p} as ${who}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, errors ${r.errors}; CPU per page: web ${r.webMs.toFixed(1)} ms + API ${r.apiMs.toFixed(1)} ms = ${cpu.toFixed(1)} ms (budget 10: ${(cpu / 10).toFixed(2)}x)${values.postgres ? `; PostgreSQL ${r.dbMs.toFixed(1)} ms` : ""}`,
      );
    }
    // DESIGN section 10: a member's page at half a visitor's or more, in the same run.
    const ratio = (rps.member ?? 0) / (rps.visitor || Number.NaN);
    console.log(`  ${p}: member/visitor ${ratio.toFixed(2)} (budget 0.50: ${(ratio / 0.5).toFixed(2)}x)`);
    console.log(
      `  ${p}: first-load JS ${js.kb.toFixed(1)} KB transferred (brotli) in ${js.files} files` +
        `${js.plain ? ` (${js.plain} not compressed)` : ""} (budget 150: ${(js.kb / 150).toFixed(2)}x)`,
    );
  }

  // Issue 26: the servers' memory after the load (the embedded default: the API on PGlite, the web server).
  let total = 0;
  for (const [name, pid] of Object.entries(site.pids)) {
    for (const p of treeRss(pid)) {
      total += p.mb;
      console.log(`  memory ${name}: pid ${p.pid} ${p.mb.toFixed(0)} MB RSS (${p.command.slice(0, 90)})`);
    }
  }
  console.log(`  memory after the load: ${total.toFixed(0)} MB RSS in all (budget 500: ${(total / 500).toFixed(2)}x)`);

  // DESIGN section 10's browser budget: LCP and CLS of a first visit in the local Chromium, and console errors.
  const browser = await chromium.launch({
    executablePath: await chromiumPath(),
    args: CHROMIUM_FLAGS,
  });
  try {
    for (const p of paths.map((x) => x.replace(":movie", site.freeMovie))) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      // Plain script text: this file is type-checked without the DOM library.
      await page.addInitScript({
        content: `window.__lcp = 0; window.__cls = 0;
          new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp = e.startTime; })
            .observe({ type: "largest-contentful-paint", buffered: true });
          new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; })
            .observe({ type: "layout-shift", buffered: true });`,
      });
      await page.goto(`${webUrl}${p}`, { waitUntil: "networkidle" });
      await page.waitForTimeout(500);
      const { lcp, cls } = (await page.evaluate("({ lcp: window.__lcp, cls: window.__cls })")) as {
        lcp: number;
        cls: number;
      };
      console.log(
        `  browser ${p}: LCP ${(lcp / 1000).toFixed(2)} s (budget 1.0: ${(lcp / 1000).toFixed(2)}x), CLS ${cls.toFixed(3)} (budget 0.05), console errors ${errors.length}`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  await site.close();
}
