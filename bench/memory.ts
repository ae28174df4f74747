// Memory of one API process (issue "Hardening", Memory): its RSS after a first start that seeds the demo catalogue,
// idle after a restart on the same data, at its peak under a mixed load (catalogue reads from 20 connections,
// 20 camera-sized photo uploads, a movie upload and its transcode, whose decoding runs in the media worker, a
// process of its own), and settled after that load.
// Runs on the embedded database, and again on PostgreSQL when DATABASE_URL is set (a fresh database on that server).
// Usage: npm run bench:memory [-- --seconds 20 --setups embedded,postgres]
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import sharp from "sharp";
// @ts-expect-error plain ESM helper shared with `npm start`
import { freePort, startApi, startWorker, stop, waitFor } from "../scripts/processes.mjs";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "20" },
    // `postgres` alone skips the embedded run (and the other way round).
    setups: { type: "string", default: "embedded,postgres" },
  },
});
const seconds = Number(values.seconds);
const setups = values.setups.split(",");

interface Child {
  pid: number;
  on(event: "exit", cb: () => void): void;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Samples the RSS every 200 ms until `stop()`; returns the peak. */
function sampler(pid: number) {
  let peak = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      peak = Math.max(peak, await rssMb(pid).catch(() => 0));
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return async () => {
    running = false;
    await done;
    return peak;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function measure(label: string, databaseUrl: string | undefined) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "marquee-bench-memory-"));
  const port = await freePort();
  const api = `http://127.0.0.1:${port}`;
  const env = {
    API_PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    DATABASE_URL: databaseUrl,
  };
  let child: Child = startApi(env);
  // On PostgreSQL the media jobs (transcodes, photos) run in a worker beside the API, as `npm start` runs one; on
  // the embedded database the API forks its own.
  const worker: Child | null = databaseUrl ? startWorker(env) : null;
  const figures: [string, number][] = [];
  try {
    await waitFor(`${api}/health`, child, 900_000);
    await sleep(3000);
    figures.push(["first start, demo catalogue seeded", await rssMb(child.pid)]);
    await stop(child);
    child = startApi(env);
    await waitFor(`${api}/health`, child, 120_000);
    await sleep(5000);
    figures.push(["idle after a restart", await rssMb(child.pid)]);

    const peakOf = sampler(child.pid);
    const login = await json<{ token: string }>(
      await fetch(`${api}/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "performer", password: "marquee-demo" }),
      }),
    );
    const auth = { authorization: `Bearer ${login.token}` };
    const until = Date.now() + seconds * 1000;
    const reads = [
      "/user/assets/videos/search?limit=24",
      "/user/assets/videos/search?limit=24&q=night",
      "/user/assets/galleries/search?limit=24",
      "/performers/search?limit=24",
      "/posts/search",
      "/site-promo/search",
    ];
    let requests = 0;
    const readers = Array.from({ length: 20 }, async (_, i) => {
      while (Date.now() < until) {
        const res = await fetch(`${api}${reads[(i + requests) % reads.length]}`, { headers: i % 2 ? auth : {} });
        await res.arrayBuffer();
        requests++;
      }
    });
    const uploads = (async () => {
      const gallery = await json<{ _id: string }>(
        await fetch(`${api}/performer/assets/galleries`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ title: "Memory benchmark" }),
        }),
      );
      for (let i = 0; i < 20; i++) {
        // 12 megapixels of noise: as heavy to decode and re-encode as a camera picture.
        const photo = await sharp(Buffer.alloc(4000 * 3000 * 3, i), { raw: { width: 4000, height: 3000, channels: 3 } })
          .jpeg({ quality: 90 })
          .toBuffer();
        const form = new FormData();
        form.append("file", new Blob([photo], { type: "image/jpeg" }), `photo-${i}.jpg`);
        await json(
          await fetch(`${api}/performer/assets/galleries/${gallery._id}/photos/upload`, {
            method: "POST",
            headers: auth,
            body: form,
          }),
        );
      }
      const clip = path.join(dataDir, "clip.mp4");
      const made = spawnSync("ffmpeg", [
        ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30"],
        ...["-f", "lavfi", "-i", "sine=frequency=440", "-t", "20", "-c:v", "libx264", "-preset", "ultrafast", clip],
      ]);
      if (made.status !== 0) throw new Error(`ffmpeg: ${made.stderr}`);
      const movie = await json<{ _id: string }>(
        await fetch(`${api}/performer/assets/videos`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ title: "Memory benchmark" }),
        }),
      );
      const form = new FormData();
      form.append("file", new Blob([await readFile(clip)], { type: "video/mp4" }), "clip.mp4");
      await json(
        await fetch(`${api}/performer/assets/videos/${movie._id}/upload/video`, {
          method: "POST",
          headers: auth,
          body: form,
        }),
      );
      for (let i = 0; i < 300; i++) {
        const view = await json<{ processing?: { status?: string } | null; status?: string }>(
          await fetch(`${api}/performer/assets/videos/${movie._id}/view`, { headers: auth }),
        );
        const state = view.processing?.status;
        if (state === "ready" || state === "failed") return state;
        await sleep(1000);
      }
      return "still processing after 300 s";
    })();
    await Promise.all(readers);
    const transcode = await uploads;
    const peak = await peakOf();
    figures.push([`peak under load (${requests} reads, 20 photos, a movie: ${transcode})`, peak]);
    await sleep(10_000);
    figures.push(["settled 10 s after the load", await rssMb(child.pid)]);
  } finally {
    await stop(child);
    if (worker) await stop(worker);
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${label}`);
  for (const [what, mb] of figures) console.log(`  ${what.padEnd(70)} ${mb.toFixed(0).padStart(5)} MB RSS`);
}

console.log("API memory benchmark: one API process, RSS from /proc");
if (setups.includes("embedded")) await measure("Embedded database (PGlite)", undefined);
const server = process.env.DATABASE_URL;
if (server && setups.includes("postgres")) {
  const name = "marquee_bench_memory";
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  try {
    await measure("PostgreSQL", url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
} else {
  console.log("\n(DATABASE_URL is not set: PostgreSQL was not measured)");
}
