import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { legalPages } from "@marquee/contracts/age-gate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  demoBanners,
  demoCategories,
  demoGalleryTitles,
  demoMovieTitle,
  demoPerformers,
  demoPosts,
} from "../../apps/api/src/seed/catalogue-data.ts";
import { demoProducts } from "../../apps/api/src/seed/products.ts";
// @ts-expect-error plain ESM helper shared with `npm start`
import { freePort, root } from "../../scripts/processes.mjs";

/**
 * The README's `npm start` as a newcomer meets it (issue 8): the real start script on an empty data directory,
 * on a machine with Node and nothing else (PATH holds only node: no system ffmpeg, the bundled one is used).
 * The first start is killed (`kill -9` of its whole process group) while the demo catalogue is being made; the
 * next start completes it, and the site answers with the full catalogue, once. The build is an earlier stage of
 * `npm test` (SKIP_BUILD).
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let work: string;
let dataDir: string;
let bin: string;
let apiPort: number;
let webPort: number;
const running: ChildProcess[] = [];

interface Start {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the output once `pattern` is in it; rejects if the start exits first or after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<string>;
  exited: Promise<{ code: number | null; signal: string | null }>;
}

function npmStart(): Start {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    // A fresh machine: only what a newcomer's shell would have, and PATH with node alone.
    env: {
      PATH: bin,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      DATA_DIR: dataDir,
      API_PORT: String(apiPort),
      WEB_PORT: String(webPort),
      HOST: "127.0.0.1",
      SKIP_BUILD: "true",
      // The long full-HD demo movies transcode for minutes after the site opens (seed/features.ts): not here.
      SEED_DEMO_FEATURES: "false",
    },
    // Its own process group, so that a kill reaches the API, the web server and ffmpeg as a terminal's would.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push(child);
  let text = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString("utf8");
    for (const l of listeners) l();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    output: () => text,
    exited,
    waitFor(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const done = (fn: () => void) => {
          listeners.delete(check);
          clearTimeout(timer);
          fn();
        };
        const check = () => {
          if (pattern.test(text)) done(() => resolve(text));
        };
        const timer = setTimeout(
          () => done(() => reject(new Error(`${pattern} not seen within ${timeoutMs} ms:\n${text.slice(-3000)}`))),
          timeoutMs,
        );
        listeners.add(check);
        exited.then(({ code, signal }) =>
          done(() =>
            reject(new Error(`npm start exited (${code ?? signal}) before ${pattern}:\n${text.slice(-3000)}`)),
          ),
        );
        check();
      });
    },
  };
}

const killGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    process.kill(-(child.pid as number), signal);
  } catch {}
};

/** Whether anything accepts connections on the port. */
const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/** The site's one origin: the web server, which answers the API under /api as a browser calls it. */
const site = () => `http://127.0.0.1:${webPort}`;

async function json<T>(url: string, token?: string): Promise<T> {
  const res = await fetch(`${site()}/api${url}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Listed<T> {
  data: T[];
  total: number;
}

/** What a visitor and the admin see of the demo catalogue, checked item by item against the demo's data. */
async function expectTheFullCatalogue() {
  const login = await fetch(`${site()}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "marquee-demo" }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };

  // 60 movies, each once, a few announced for later, all processed; a free one plays.
  type Movie = {
    _id: string;
    title: string;
    access: string;
    isComing: boolean;
    processing: { status: string } | null;
    media: { hls: string } | null;
  };
  const studio = await json<Listed<Movie>>("/performer/assets/videos/search?limit=100", token);
  expect(studio.total).toBe(60);
  expect(studio.data.map((m) => m.title).sort()).toEqual(
    Array.from({ length: 60 }, (_, i) => demoMovieTitle(i)).sort(),
  );
  expect(studio.data.filter((m) => m.processing && m.processing.status !== "ready")).toEqual([]);
  const listed = await json<Listed<Movie>>("/user/assets/videos/search?limit=100");
  expect(listed.total).toBe(60);
  expect(listed.data.filter((m) => m.isComing)).toHaveLength(4);
  const free = listed.data.find((m) => m.access === "free" && !m.isComing);
  const detail = await json<Movie>(`/user/assets/videos/${free?._id}`);
  const playlist = await fetch(new URL(detail.media?.hls as string, site()));
  expect(playlist.status).toBe(200);
  expect(await playlist.text()).toContain("#EXTM3U");

  // 20 galleries with 6 to 10 photos each, as made.
  type Gallery = { title: string; photosCount: number };
  const galleries = await json<Listed<Gallery>>("/user/assets/galleries/search?limit=100");
  expect(galleries.total).toBe(20);
  expect(Object.fromEntries(galleries.data.map((g) => [g.title, g.photosCount]))).toEqual(
    Object.fromEntries(demoGalleryTitles.map((title, g) => [title, 6 + (g % 5)])),
  );

  // 21 performers (20 and the demo performer), each with an avatar.
  type Performer = { username: string; avatar: string | null };
  const performers = await json<Listed<Performer>>("/performers/search?limit=100");
  expect(performers.total).toBe(demoPerformers.length + 1);
  expect(performers.data.filter((p) => !p.avatar)).toEqual([]);

  // Posts and pages, categories, banners with their pictures.
  const posts = await json<Listed<{ slug: string }>>("/posts/search?limit=50");
  // The demo's posts, and the legal pages every site has.
  expect(posts.data.map((p) => p.slug).sort()).toEqual(
    [...demoPosts.map((p) => p.slug), ...legalPages.map((p) => p.slug)].sort(),
  );
  for (const group of ["video", "gallery", "performer", "product"] as const) {
    const categories = await json<Listed<{ name: string }>>(`/user/assets/categories/search?group=${group}&limit=50`);
    expect(categories.data.map((c) => c.name).sort()).toEqual([...demoCategories[group]].sort());
  }
  // The store: every demo product listed, each with its picture.
  const store = await json<Listed<{ slug: string; image: unknown }>>("/user/assets/products/search?limit=50");
  expect(store.data.map((p) => p.slug).sort()).toEqual(demoProducts.map((p) => p.slug).sort());
  expect(store.data.filter((p) => !p.image)).toEqual([]);
  const banners = await json<{ data: { title: string; image: unknown }[] }>("/site-promo/search");
  expect(banners.data.map((b) => b.title).sort()).toEqual(demoBanners.map((b) => b.title).sort());
  expect(banners.data.filter((b) => !b.image)).toEqual([]);

  // The web app's home page renders with it: the home text and a banner.
  // (A browser past the age gate, which a new site has: its cookie.)
  const home = await fetch(`${site()}/`, { headers: { cookie: "age_verified=1" } });
  expect(home.status).toBe(200);
  const html = await home.text();
  expect(html).toContain(demoPosts.find((p) => p.slug === "home")?.title);
  expect(html).toContain(demoBanners[0]?.title);
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "marquee-first-run-"));
  dataDir = path.join(work, "data");
  bin = path.join(work, "bin");
  await mkdir(bin);
  await symlink(process.execPath, path.join(bin, "node"));
  [apiPort, webPort] = [await freePort(), await freePort()];
});

afterAll(async () => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) killGroup(child, "SIGKILL");
  await rm(work, { recursive: true, force: true });
});

describe("npm start on a fresh machine", { timeout: 900_000 }, () => {
  it("uses the bundled ffmpeg; a first start killed mid-catalogue is completed by the next; later starts reuse it", async () => {
    const started = Date.now();
    const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

    // 1. Killed while the demo clips are being transcoded (the second clip's upload has come in).
    const first = npmStart();
    const log = await first.waitFor(/media tools: .*\n/, 180_000);
    expect(log).toMatch(
      /media tools: ffmpeg \S+ bundled \(.*node_modules\/@ffmpeg-installer\/.*\), ffprobe \S+ bundled/,
    );
    await first.waitFor(
      /"url":"\/performer\/assets\/videos\/[^"]+\/upload\/video"[\s\S]*"url":"\/performer\/assets\/videos\/[^"]+\/upload\/video"/,
      300_000,
    );
    killGroup(first.child, "SIGKILL");
    await first.exited;
    for (let i = 0; (await answers(apiPort)) && i < 50; i++) await sleep(100);
    expect(await answers(apiPort)).toBe(false);
    console.log(`[first run] first start killed mid-catalogue after ${seconds()}`);

    // 2. The next start completes the catalogue: all of it, nothing twice.
    const second = npmStart();
    await second.waitFor(/Marquee is running\./, 600_000);
    expect(second.output()).toMatch(/completing the demo catalogue of an interrupted start/);
    expect(second.output()).toMatch(/demo catalogue created/);
    expect(second.output()).not.toMatch(/Marquee cannot start/);
    console.log(`[first run] second start answered after ${seconds()}`);
    await expectTheFullCatalogue();

    // Ctrl-C stops both servers.
    killGroup(second.child, "SIGINT");
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(await answers(webPort)).toBe(false);

    // 3. A later start finds it done: nothing is made again.
    const third = npmStart();
    await third.waitFor(/Marquee is running\./, 180_000);
    expect(third.output()).not.toMatch(/demo catalogue|"url":"\/admin\/categories"/);
    await expectTheFullCatalogue();
    killGroup(third.child, "SIGINT");
    expect(await third.exited).toEqual({ code: 0, signal: null });
    console.log(`[first run] done after ${seconds()}`);
  });
});
