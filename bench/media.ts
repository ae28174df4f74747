// Media delivery benchmark (issue 21, DESIGN section 10): 1 MB range requests on a movie-sized MP4 and whole 1.5 MB
// HLS segments, side by side in one run, on each delivery path: (a) through the site's origin (the web server, one
// Node hop: the API checks, the web server sends the file), (b) the API direct, (c) nginx serving the file from
// disk (the baseline), (d) nginx in front of the API with X-Accel-Redirect, (e) presigned from the S3 server (an API
// on object storage hands out presigned URLs: media/presigned.ts). For each: MB/s, p99, CPU-seconds per GB of each
// Node process (web cluster workers included; nginx's and the S3 server's too, for comparison) and the ratio to
// nginx. Then the API's RSS growth during a 1 GB upload to object storage (media/upload.ts). Prints figures, never
// asserts.
// Starts its own APIs and web server (production mode, PGlite, or a throwaway database when DATABASE_URL is set) on a
// throwaway DATA_DIR, the tests' S3 server, and nginx (a Debian package) as a child on a loopback port. Talks only to
// 127.0.0.1. Needs `npm run build` first. Load from `wrk` (Debian package), else a bounded Node load generator.
// Usage: npm run bench:media [-- --seconds 5 --rounds 2 --connections 20 --movie-mb 200 --loader wrk|node
//   --upload-mb 1024 (0: no upload)]
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, open, readFile, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { createUrlSigner } from "../apps/api/src/platform/signed-urls.ts";
// @ts-expect-error plain ESM helper shared with `npm start`
import { freePort, root, startApi, startWeb, stop, waitFor } from "../scripts/processes.mjs";
import { childrenOf, cpuOf, loadWithNode, loadWithWrk, START_MS, which, writtenBy } from "./media/load.ts";
import { startNginx } from "./media/nginx.ts";
import { type Presigned, startPresigned } from "./media/presigned.ts";
import { measureUpload } from "./media/upload.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "5" },
    rounds: { type: "string", default: "2" },
    connections: { type: "string", default: "20" },
    "movie-mb": { type: "string", default: "200" },
    "upload-mb": { type: "string", default: "1024" },
    /** `node` uses the Node load generator even where wrk is installed (to compare, or to try it). */
    loader: { type: "string", default: "wrk" },
    /** Ends the whole run (servers stopped) after this many seconds, whatever it is doing. */
    timeout: { type: "string", default: "1800" },
  },
});
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const CONNECTIONS = Number(values.connections);
const MOVIE_MB = Number(values["movie-mb"]);
const MB = 1024 * 1024;
const GB = 1024 * MB;
const RANGE = MB;
const SEGMENT_BYTES = 1_500_000;
const MOVIE_KEY = "private/videos/bench/video.mp4";
const SEGMENT_KEY = "private/videos/bench/hls/720p/seg_0000.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!existsSync(path.join(root, "apps/web/build/server/index.js"))) {
  console.error("The web app is not built: run `npm run build` first.");
  process.exit(2);
}

/** Load from wrk when installed (and not `--loader node`), else the Node generator (media/load.ts). */
const WRK = values.loader !== "node" && which("wrk");

// ---------------------------------------------------------------------------------------------------------------

interface DeliveryPath {
  name: string;
  /** The URL this path serves `key` at (asked for before each measurement). */
  url: (key: string) => string | Promise<string>;
  /** A process through which no media byte may pass on this path: what it writes meanwhile is counted. */
  bypassed?: { name: string; pid: number };
}

interface Workload {
  name: string;
  key: string;
  headers: Record<string, string>;
  /** The body of one answer, bytes. */
  body: number;
  status: number;
}

interface Figures {
  mbps: number;
  p99Ms: number;
  errors: number;
  /** CPU-seconds per GB served, per Node process tree. */
  cpuPerGb: Record<string, number>;
  /** CPU-seconds spent, per Node process tree, in `seconds` of load. */
  cpuSeconds: Record<string, number>;
  seconds: number;
  /** Bytes served. */
  bytes: number;
  /** Bytes the path's bypassed process wrote meanwhile (to its clients, logs, anything). */
  bypassedWrites: number;
}

/** One answer of `path` for `work`, checked before it is loaded: the status and the body's length. */
async function check(p: DeliveryPath, work: Workload) {
  const res = await fetch(await p.url(work.key), { headers: work.headers });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== work.status || body.length !== work.body) {
    throw new Error(
      `${p.name}: ${work.name} answered ${res.status} with ${body.length} bytes (expected ${work.status}, ${work.body}): ${body.subarray(0, 200).toString()}`,
    );
  }
  return res.headers;
}

async function measure(
  p: DeliveryPath,
  work: Workload,
  trees: Record<string, number>,
  seconds = SECONDS,
): Promise<Figures> {
  const url = await p.url(work.key);
  const before = await cpuOf(trees);
  const wroteBefore = p.bypassed ? await writtenBy(p.bypassed.pid) : 0;
  const load = WRK
    ? loadWithWrk(url, work.headers, seconds, work.body, CONNECTIONS)
    : await loadWithNode(url, work.headers, seconds, CONNECTIONS);
  const after = await cpuOf(trees);
  const bypassedWrites = p.bypassed ? (await writtenBy(p.bypassed.pid)) - wroteBefore : 0;
  const gb = load.bytes / GB;
  const cpuSeconds: Record<string, number> = {};
  const cpuPerGb: Record<string, number> = {};
  for (const name of Object.keys(trees)) {
    cpuSeconds[name] = (after[name] ?? 0) - (before[name] ?? 0);
    cpuPerGb[name] = gb > 0 ? cpuSeconds[name] / gb : 0;
  }
  const { bytes, p99Ms, errors } = load;
  return {
    mbps: bytes / MB / load.seconds,
    p99Ms,
    errors,
    cpuPerGb,
    cpuSeconds,
    seconds: load.seconds,
    bytes,
    bypassedWrites,
  };
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / (xs.length || 1);

async function makeFile(file: string, bytes: number) {
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, "w");
  const chunk = randomBytes(8 * MB);
  for (let written = 0; written < bytes; written += chunk.length)
    await handle.write(chunk, 0, Math.min(chunk.length, bytes - written));
  await handle.close();
}

// ---------------------------------------------------------------------------------------------------------------

const dataDir = await mkdtemp(path.join(tmpdir(), "marquee-bench-media-"));
// nginx's workers run as another user: they read the throwaway media folder.
await chmod(dataDir, 0o755);
const mediaDir = path.join(dataDir, "media");
const children: (ChildProcess | undefined)[] = [];
let presigned: Presigned | undefined;
let admin: pg.Client | undefined;
const BENCH_DB = "marquee_bench_media";
const cleanUp = async () => {
  await Promise.all([...children.map((c) => stop(c)), presigned?.close()]);
  if (admin) {
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
  }
  await rm(dataDir, { recursive: true, force: true });
};
const deadline = setTimeout(async () => {
  console.error(`\nbench:media: still running after ${values.timeout} s; stopped.`);
  await cleanUp();
  process.exit(1);
}, Number(values.timeout) * 1000);
deadline.unref();

try {
  await makeFile(path.join(mediaDir, MOVIE_KEY), MOVIE_MB * MB);
  await makeFile(path.join(mediaDir, SEGMENT_KEY), SEGMENT_BYTES);

  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${BENCH_DB}`);
    databaseUrl = Object.assign(new URL(process.env.DATABASE_URL), { pathname: `/${BENCH_DB}` }).toString();
  }
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const secret = randomBytes(24).toString("base64url");
  const env: Record<string, string | undefined> = {
    NODE_ENV: "production",
    API_PORT: String(apiPort),
    WEB_PORT: String(webPort),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${webPort}`,
    PAYMENT_GATEWAY: "sandbox",
    MEDIA_SECRET: secret,
    LOG_LEVEL: "warn",
    SEED_DEMO: "false",
    DATABASE_URL: databaseUrl,
  };
  const api = startApi(env);
  children.push(api);
  await waitFor(`http://127.0.0.1:${apiPort}/health`, api, START_MS);
  const web = startWeb(env);
  children.push(web);
  await waitFor(`http://127.0.0.1:${webPort}/favicon.svg`, web);

  // A link as the API hands them out to a viewer with access: signed for its one file, valid for the run.
  const signer = createUrlSigner({ secret, publicBaseUrl: "/api", ttlSec: 3600 });
  const link = (key: string) => signer.sign(key);
  const paths: DeliveryPath[] = [
    { name: "(a) site's origin (web server, hand-off)", url: (key) => `http://127.0.0.1:${webPort}${link(key)}` },
    { name: "(b) API direct", url: (key) => `http://127.0.0.1:${apiPort}${link(key)}` },
  ];
  let baseline: DeliveryPath | null = null;
  let nginxPid: number | undefined;
  let nginxErrors: string | undefined;
  let uncachedApi: ChildProcess | undefined;
  if (which("nginx")) {
    // (d) with MEDIA_HANDOFF_CACHE_SEC=0 is a second API process on the same media folder and secret (its own
    // embedded database; the same PostgreSQL database when DATABASE_URL is set).
    const uncachedPort = await freePort();
    uncachedApi = startApi({
      ...env,
      API_PORT: String(uncachedPort),
      DATA_DIR: await mkdtemp(path.join(dataDir, "api-uncached-")),
      MEDIA_DIR: mediaDir,
      MEDIA_HANDOFF_CACHE_SEC: "0",
    });
    children.push(uncachedApi);
    await waitFor(`http://127.0.0.1:${uncachedPort}/health`, uncachedApi, START_MS);
    const nginx = await startNginx(
      await mkdtemp(path.join(dataDir, "nginx-")),
      mediaDir,
      { cached: apiPort, uncached: uncachedPort },
      MOVIE_KEY,
    );
    children.push(nginx.child);
    nginxPid = nginx.child.pid;
    nginxErrors = nginx.errorLog;
    baseline = { name: "(c) nginx from disk (baseline)", url: (key) => `${nginx.staticUrl}/${key}` };
    paths.push(
      baseline,
      {
        name: "(d0) nginx + API, X-Accel, MEDIA_HANDOFF_CACHE_SEC=0",
        url: (key) => `${nginx.uncachedUrl}${link(key)}`,
      },
      {
        name: "(d5) nginx + API, X-Accel, MEDIA_HANDOFF_CACHE_SEC=5",
        url: (key) => `${nginx.cachedUrl}${link(key)}`,
      },
    );
  }

  // (e) an API on object storage (the same secret and database) hands out presigned URLs of the same files in the
  // bucket, asked for through its playback routes before each measurement (media/presigned.ts).
  console.log(
    "Setting up (e): the S3 server, an API on STORAGE=s3, a movie uploaded and processed into the bucket ...",
  );
  presigned = await startPresigned({
    work: await mkdtemp(path.join(dataDir, "s3-")),
    env,
    movieFile: path.join(mediaDir, MOVIE_KEY),
    segmentFile: path.join(mediaDir, SEGMENT_KEY),
    log: (line) => console.log(line),
  });
  const bucket = presigned;
  paths.push({
    name: "(e) presigned from the S3 server",
    url: (key) => (key === MOVIE_KEY ? bucket.movieUrl() : bucket.segmentUrl()),
    bypassed: { name: "api (s3)", pid: bucket.apiPid },
  });

  const workloads: Workload[] = [
    {
      name: `1 MB ranges of a ${MOVIE_MB} MB MP4`,
      key: MOVIE_KEY,
      headers: { Range: `bytes=0-${RANGE - 1}` },
      body: RANGE,
      status: 206,
    },
    { name: "whole 1.5 MB HLS segments", key: SEGMENT_KEY, headers: {}, body: SEGMENT_BYTES, status: 200 },
  ];
  // Node's processes, and nginx's for comparison (its master and workers).
  const trees: Record<string, number> = { api: api.pid as number, web: web.pid as number };
  if (uncachedApi) trees["api (cache 0)"] = uncachedApi.pid as number;
  if (nginxPid) trees.nginx = nginxPid;
  trees["api (s3)"] = presigned.apiPid;
  trees.s3rver = presigned.s3.pid;

  const webWorkers = (await childrenOf(web.pid as number)).length;
  console.log(
    `Media delivery benchmark: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per path and workload, all on 127.0.0.1`,
  );
  console.log(
    `  ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(2)}; API on ${databaseUrl ? "PostgreSQL" : "PGlite"}; web server with ${webWorkers || 1} worker process(es); load from ${WRK ? "wrk" : `a Node load generator (${values.loader === "node" ? "--loader node" : "wrk is not installed: apt-get install -y wrk"}; figures not comparable with wrk's)`}; MB = 2^20 bytes`,
  );
  if (!baseline) {
    console.log(
      "  nginx is not installed (apt-get install -y nginx): paths (c) and (d) are not measured and the ratios to nginx cannot be computed.",
    );
  }
  for (const p of paths) {
    const headers = await check(p, workloads[0] as Workload);
    await check(p, workloads[1] as Workload);
    console.log(
      `  ${p.name}: Cache-Control ${headers.get("cache-control")}, Content-Type ${headers.get("content-type")}`,
    );
  }
  // The files in the page cache before anything is timed.
  await readFile(path.join(mediaDir, MOVIE_KEY));

  for (const work of workloads) {
    console.log(`\n${work.name}`);
    const results = new Map<DeliveryPath, Figures[]>(paths.map((p) => [p, []]));
    for (let round = 0; round < ROUNDS; round++) {
      // Side by side: every path in each round, so a machine that gets busier weighs on all of them.
      for (const p of paths) {
        if (round === 0) await measure(p, work, trees, 1); // warm-up (JIT, keep-alive pools)
        results.get(p)?.push(await measure(p, work, trees));
        await sleep(300);
      }
    }
    const summary = new Map(
      [...results].map(([p, runs]) => [
        p,
        {
          mbps: mean(runs.map((r) => r.mbps)),
          p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
          errors: runs.reduce((s, r) => s + r.errors, 0),
          cpuPerGb: Object.fromEntries(Object.keys(trees).map((n) => [n, mean(runs.map((r) => r.cpuPerGb[n] ?? 0))])),
          bytes: runs.reduce((s, r) => s + r.bytes, 0),
          bypassedWrites: runs.reduce((s, r) => s + r.bypassedWrites, 0),
        },
      ]),
    );
    const nginxMbps = baseline ? summary.get(baseline)?.mbps : undefined;
    for (const [p, s] of summary) {
      const cpu = Object.entries(s.cpuPerGb)
        .map(([n, v]) => `${n} ${v.toFixed(2)}`)
        .join(", ");
      const ratio = nginxMbps ? (s.mbps / nginxMbps).toFixed(2) : "n/a (no nginx)";
      console.log(
        `  ${p.name.padEnd(54)} ${s.mbps.toFixed(0).padStart(6)} MB/s  p99 ${s.p99Ms.toFixed(1).padStart(6)} ms  CPU-s/GB: ${cpu}  ratio to nginx ${ratio}${s.errors ? `  errors ${s.errors}` : ""}`,
      );
      if (p.bypassed) {
        // Its CPU per second while this path was loaded, and while the others were (where it only idles).
        const { name } = p.bypassed;
        const rate = (runs: Figures[]) =>
          runs.reduce((t, r) => t + (r.cpuSeconds[name] ?? 0), 0) / runs.reduce((t, r) => t + r.seconds, 0);
        const others = [...results].filter(([q]) => q !== p).flatMap(([, runs]) => runs);
        const [served, wrote] = [s.bytes / MB, s.bypassedWrites / 1024];
        console.log(
          `      ${name}: ${(1000 * rate(results.get(p) ?? [])).toFixed(0)} ms of CPU per second meanwhile, ${(1000 * rate(others)).toFixed(0)} ms/s idle during the other paths; it wrote ${wrote.toFixed(1)} KB in all while ${served.toFixed(0)} MB were served: ${wrote * 1024 < s.bytes / 100 ? "no media byte passed through it" : "MEDIA PASSED THROUGH IT"}, every URL was the bucket's`,
        );
      }
    }
    if (nginxMbps) {
      const ratioOf = (prefix: string) => {
        const found = [...summary].find(([p]) => p.name.startsWith(prefix));
        return found ? found[1].mbps / nginxMbps : Number.NaN;
      };
      const accel = (prefix: string) => `${ratioOf(prefix).toFixed(2)} (${(ratioOf(prefix) / 0.9).toFixed(2)}x)`;
      console.log(
        `  budgets (DESIGN section 10): origin >= 0.25 of nginx: ${ratioOf("(a)").toFixed(2)} (${(ratioOf("(a)") / 0.25).toFixed(2)}x); X-Accel-Redirect >= 0.90: every request asks the API ${accel("(d0)")}, decision reused ${accel("(d5)")}`,
      );
    }
  }
  console.log(
    "\n(e): s3rver, the tests' S3 server, is a Node process standing in for the bucket: its CPU is its own, and a real bucket or CDN replaces it (the site's processes spend only the API's figure).",
  );
  // A worker that crashed (as following a cached X-Accel-Redirect does on nginx 1.22) would spoil the figures.
  const crashes = nginxErrors ? ((await readFile(nginxErrors, "utf8")).match(/exited on signal/g) ?? []).length : 0;
  if (crashes) console.log(`\nnginx: ${crashes} worker(s) crashed during the run (see its error.log)`);
  const uploadMb = Number(values["upload-mb"]);
  if (uploadMb > 0) {
    const upload = measureUpload({
      api: presigned.api,
      apiPid: presigned.apiPid,
      token: presigned.performer,
      clip: presigned.clip,
      work: dataDir,
      mb: uploadMb,
      log: (line) => console.log(line),
    });
    // The delivery figures above stand whatever becomes of the upload.
    await upload.catch((err: Error) => {
      console.log(`\nUpload of a ${uploadMb} MB movie to the API on object storage FAILED: ${err.message}`);
      process.exitCode = 1;
    });
  }
} finally {
  clearTimeout(deadline);
  await cleanUp();
}
