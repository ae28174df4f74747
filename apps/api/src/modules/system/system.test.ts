import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import type { SystemStatus } from "@marquee/contracts/system";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, detailPaths, type TestContext } from "../../../test/harness.ts";
import { fileUpload } from "../../../test/multipart.ts";
import { exited, makeClip, spawnWorker } from "../../../test/workers.ts";
import { pgliteExecutor } from "../../platform/jobs.ts";
import { startEmbeddedWorker } from "../../platform/media/embedded-worker.ts";
import { MEDIA_QUEUES } from "../../platform/media/work.ts";
import { videos } from "../videos/tables.ts";
import { workerHeartbeats } from "./tables.ts";

/**
 * Media workers as their own processes (issue 21): the API (MEDIA_JOBS=worker) runs no heavy job; a worker started
 * beside it transcodes, cuts teasers and reports itself; one killed mid-job leaves nothing at the served key and its
 * job runs again after its lease; the admin's system screen shows all of it.
 */

const LEASE_SEC = 30;
let t: TestContext;
let admin: string;
let performer: string;
let user: string;
let work: string;
let clip: Buffer;
let longClip: Buffer;
const children: ChildProcess[] = [];

const start = (env: Record<string, string> = {}) => {
  const child = spawnWorker(t, env);
  children.push(child);
  return child;
};
const terminate = async (child: ChildProcess) => {
  child.kill("SIGTERM");
  await exited(child);
};

const status = async (token = admin) => {
  const res = await t.request({ method: "GET", url: "/admin/system", token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SystemStatus;
};
const waitFor = <T>(fn: () => Promise<T>, timeout = 60_000) => vi.waitFor(fn, { timeout, interval: 200 });
const aliveWorker = (s: SystemStatus, pid: number) => s.workers.find((w) => w.pid === pid && w.alive);

const studio = async (id: string) => {
  const res = await t.request({ method: "GET", url: `/performer/assets/videos/${id}/view`, token: performer });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    processing: { status: string; error: string | null };
    media: { hls: string } | null;
    teaser: string | null;
  };
};
async function newMovie(title: string) {
  const res = await t.request({
    method: "POST",
    url: "/performer/assets/videos",
    token: performer,
    body: { title, status: "active", access: "free" },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { _id: string })._id;
}
const upload = (id: string, kind: "video" | "teaser", data: Buffer) => {
  const { body, headers } = fileUpload(data, "clip.mp4", "video/mp4");
  return t.app.inject({
    method: "POST",
    url: `/performer/assets/videos/${id}/upload/${kind}`,
    payload: body,
    headers: { ...headers, authorization: `Bearer ${performer}` },
  });
};
/** A new gallery of the performer's with one uploaded photo: its id and the upload's answer. */
async function uploadPhoto(title: string, width: number, height: number, background: string) {
  const gallery = await t.request({
    method: "POST",
    url: "/performer/assets/galleries",
    token: performer,
    body: { title, status: "active", access: "free" },
  });
  expect(gallery.statusCode, gallery.body).toBe(201);
  const galleryId = gallery.json()._id as string;
  const picture = await sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const { body, headers } = fileUpload(picture, "photo.jpg", "image/jpeg");
  const photo = await t.app.inject({
    method: "POST",
    url: `/performer/assets/galleries/${galleryId}/photos/upload`,
    payload: body,
    headers: { ...headers, authorization: `Bearer ${performer}` },
  });
  expect(photo.statusCode, photo.body).toBe(201);
  return { galleryId, photo };
}
const mediaKeyOf = async (id: string) =>
  (await t.database.db.select({ key: videos.mediaKey }).from(videos).where(eq(videos.id, id)))[0]?.key as string;
const filesIn = (key: string) => readdir(t.app.services.storage.diskPath(key) as string).catch(() => [] as string[]);

beforeAll(async () => {
  t = await createTestContext(
    { MEDIA_JOBS: "worker", JOBS_LEASE_SEC: String(LEASE_SEC) },
    { maintenanceIntervalSeconds: 1 },
  );
  [admin, performer, user] = await Promise.all([t.login("admin"), t.login("performer"), t.login("user")]);
  work = await mkdtemp(path.join(tmpdir(), "marquee-workers-"));
  await makeClip(path.join(work, "clip.mp4"), 3);
  await makeClip(path.join(work, "long.mp4"), 12);
  clip = await readFile(path.join(work, "clip.mp4"));
  longClip = await readFile(path.join(work, "long.mp4"));
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await Promise.all(children.map(exited));
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("GET /admin/system", () => {
  it("is for admins only", async () => {
    expect((await t.request({ method: "GET", url: "/admin/system" })).statusCode).toBe(401);
    for (const token of [user, performer]) {
      const res = await t.request({ method: "GET", url: "/admin/system", token });
      expect(res.statusCode).toBe(403);
    }
    const s = await status();
    expect(s).toMatchObject({ mediaJobs: "worker", heartbeatSeconds: 10 });
  });

  it("refuses a retry by anyone but an admin, and a malformed job", async () => {
    const url = `/admin/system/jobs/${MEDIA_QUEUES.teaser}/${randomUUID()}/retry`;
    expect((await t.request({ method: "POST", url, token: performer })).statusCode).toBe(403);
    const unknown = await t.request({ method: "POST", url, token: admin });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Job not found");
    const bad = await t.request({ method: "POST", url: `/admin/system/jobs/media.teaser/nope/retry`, token: admin });
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad)).toContain("params.id");
  });
});

describe("a media worker beside an API that runs no heavy job", () => {
  it("transcodes an uploaded movie, cuts a teaser and makes a gallery photo; the admin sees it alive, busy, then stopped", async () => {
    // On the embedded database the way `npm start` runs it (forked and supervised by the API); on PostgreSQL as
    // `npm run worker` runs, its own process with its own connection.
    const embedded = t.database.pglite
      ? startEmbeddedWorker({
          executor: pgliteExecutor(t.database.pglite),
          jobs: t.jobs,
          log: { info() {}, warn() {}, error() {} },
          env: { MEDIA_DIR: t.mediaDir, DATA_DIR: t.mediaDir, LOG_LEVEL: "warn" },
          // Kept running from the start (MEDIA_WORKER_IDLE_SEC=0); on demand, see below.
          idleSec: 0,
        })
      : null;
    const child = embedded?.child ?? start();
    const pid = child.pid as number;
    try {
      const seen = await waitFor(async () => {
        const w = aliveWorker(await status(), pid);
        expect(w).toBeDefined();
        return w;
      });
      expect(seen).toMatchObject({
        host: hostname(),
        queues: [MEDIA_QUEUES.transcode, MEDIA_QUEUES.teaser, MEDIA_QUEUES.photo],
        stoppedAt: null,
        job: null,
        jobsDone: 0,
        jobsFailed: 0,
      });

      const id = await newMovie("Made by a worker");
      const res = await upload(id, "video", clip);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().processing.status).toBe("pending");
      await waitFor(async () => expect((await studio(id)).processing.status).toBe("ready"), 90_000);
      const ready = await studio(id);
      const master = await t.app.inject({ method: "GET", url: ready.media?.hls as string });
      expect(master.statusCode).toBe(200);
      expect(master.body).toContain("#EXTM3U");
      expect(await filesIn(await mediaKeyOf(id))).toEqual(
        expect.arrayContaining(["hls", "video.mp4", "poster.webp", "strip.webp"]),
      );

      // The uploaded teaser is cut by the worker while the request waits.
      const teaser = await upload(id, "teaser", clip);
      expect(teaser.statusCode, teaser.body).toBe(200);
      expect(teaser.json().teaser).toMatch(/\/teaser-(?!auto)[a-z0-9]+\.mp4$/);
      expect((await t.app.inject({ method: "GET", url: teaser.json().teaser })).statusCode).toBe(200);

      // A gallery photo's variants are made by the worker too; the upload answers at once, still processing.
      const { galleryId, photo } = await uploadPhoto("Photos made by a worker", 3000, 2000, "#336699");
      expect(photo.json().processing).toEqual({ status: "processing", error: null });
      const made = await waitFor(async () => {
        const res = await t.request({ method: "GET", url: `/user/assets/gallery/${galleryId}/photos` });
        expect(res.json().data).toHaveLength(1);
        return res.json().data[0];
      });
      expect(made).toMatchObject({ _id: photo.json()._id, width: 2048, height: 1365 });
      expect((await t.app.inject({ method: "GET", url: made.url })).statusCode).toBe(200);
      expect((await filesIn(`private/photos/${made._id}`)).sort()).toEqual(["full.webp", "thumb.webp"]);

      const after = await status();
      expect(aliveWorker(after, pid)).toMatchObject({ jobsDone: 3, jobsFailed: 0, job: null });
      const queues = Object.fromEntries(after.queues.map((q) => [q.name, q]));
      expect(queues[MEDIA_QUEUES.transcode]).toEqual({
        name: MEDIA_QUEUES.transcode,
        created: 0,
        retry: 0,
        active: 0,
        failed: 0,
        heavy: true,
      });
      expect(queues["video.transcoded"]).toMatchObject({ created: 0, active: 0, heavy: false });
    } finally {
      if (embedded) await embedded.stop();
      else await terminate(child);
    }
    // A clean stop is told as such.
    const stopped = (await status()).workers.find((w) => w.pid === pid);
    expect(stopped).toMatchObject({ alive: false, stoppedAt: expect.any(String), job: null });
  }, 150_000);
});

describe("a worker killed mid-job", () => {
  it("leaves nothing at the served key, and its job completes on retry once its lease is over", async () => {
    const first = start();
    await waitFor(async () => expect(aliveWorker(await status(), first.pid as number)).toBeDefined());
    const id = await newMovie("Interrupted");
    expect((await upload(id, "video", longClip)).statusCode).toBe(200);
    // Killed as soon as its heartbeat says it is transcoding this movie.
    const beat = await waitFor(async () => {
      const [row] = await t.database.db
        .select()
        .from(workerHeartbeats)
        .where(eq(workerHeartbeats.pid, first.pid as number));
      expect(row?.jobQueue).toBe(MEDIA_QUEUES.transcode);
      return row;
    }, 60_000);
    expect(beat?.jobSubject).toBe(`private/video-sources/${id}/source`);
    first.kill("SIGKILL");
    await exited(first);

    const key = await mediaKeyOf(id);
    expect(await filesIn(key)).toEqual([]);
    const stuck = await studio(id);
    expect(stuck).toMatchObject({ processing: { status: "processing" }, media: null });
    const held = (await status()).queues.find((q) => q.name === MEDIA_QUEUES.transcode);
    expect(held).toMatchObject({ active: 1 });

    const started = Date.now();
    const second = start();
    await waitFor(async () => expect((await studio(id)).processing.status).toBe("ready"), 150_000);
    // Not before the lease of the killed worker's run was over.
    expect(Date.now() - started).toBeGreaterThan(5_000);
    expect(await mediaKeyOf(id)).toBe(key);
    expect(await filesIn(key)).toEqual(expect.arrayContaining(["hls", "video.mp4", "poster.webp", "strip.webp"]));
    expect(aliveWorker(await status(), second.pid as number)).toMatchObject({ jobsDone: 1 });
    await terminate(second);
  }, 240_000);
});

describe("failures", () => {
  it("lists a job that failed for good with its error and attempts, and runs it again when asked", async () => {
    const worker = start();
    await waitFor(async () => expect(aliveWorker(await status(), worker.pid as number)).toBeDefined());
    // A key no server makes: the job throws, so it is retried, then fails for good.
    const source = `private/video-sources/${randomUUID()}/../../media-secret`;
    const jobId = await t.jobs.send(
      MEDIA_QUEUES.teaser,
      { source, out: `public/videos/${randomUUID()}/teaser-x.mp4`, seconds: 8 },
      { retryLimit: 1 },
    );
    const failure = await waitFor(async () => {
      const f = (await status()).failures.find((x) => x._id === jobId);
      expect(f).toBeDefined();
      return f;
    });
    expect(failure).toEqual({
      _id: jobId,
      queue: MEDIA_QUEUES.teaser,
      error: `invalid storage key: ${source}`,
      failedAt: expect.any(String),
      attempts: 2,
      subject: source,
    });
    expect((await status()).queues.find((q) => q.name === MEDIA_QUEUES.teaser)).toMatchObject({ failed: 1 });
    // While no worker runs, the job waits after its retry is asked for.
    await terminate(worker);
    const url = `/admin/system/jobs/${MEDIA_QUEUES.teaser}/${jobId}/retry`;
    const retried = await t.request({ method: "POST", url, token: admin });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ message: "The job will run again." });
    expect((await status()).failures.find((x) => x._id === jobId)).toBeUndefined();
    const twice = await t.request({ method: "POST", url, token: admin });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("Only a failed job can be run again; this one is waiting to run.");
    // It runs again (and fails again: its key is still wrong).
    start();
    await waitFor(async () =>
      expect((await status()).failures.find((x) => x._id === jobId)).toMatchObject({ attempts: 3 }),
    );
  }, 120_000);
});

describe.skipIf(process.env.TEST_DB === "postgres")("the embedded database's media worker, on demand", () => {
  const IDLE_SEC = 5;
  const lines: string[] = [];
  // The workers started above stop (cleanly, so none is counted alive): here the API forks its own.
  beforeAll(async () => {
    await Promise.all(children.map(terminate));
  });
  const startOnDemand = () => {
    const worker = startEmbeddedWorker({
      executor: pgliteExecutor(t.database.pglite as NonNullable<TestContext["database"]["pglite"]>),
      jobs: t.jobs,
      log: { info: (_o, msg) => lines.push(String(msg)), warn: (_o, msg) => lines.push(String(msg)), error() {} },
      env: { MEDIA_DIR: t.mediaDir, DATA_DIR: t.mediaDir, LOG_LEVEL: "warn" },
      idleSec: IDLE_SEC,
      minDelayMs: 100,
    });
    // As main.ts does.
    t.app.services.system.reportEmbeddedWorker(worker);
    return worker;
  };
  /** Its process, once one runs (not one that exited and waits for its restart). */
  const running = async (worker: ReturnType<typeof startEmbeddedWorker>) =>
    waitFor(async () => {
      const child = worker.child;
      expect(child?.pid).toBeDefined();
      expect([child?.exitCode, child?.signalCode]).toEqual([null, null]);
      return child as ChildProcess;
    });
  const exitCode = async (child: ChildProcess) => {
    await exited(child);
    return child.exitCode;
  };

  it("is not started without media to process, is forked for a movie, exits once idle and is forked again for the next job; a crash restarts it", async () => {
    const worker = startOnDemand();
    try {
      // Nothing is waiting: after a while, still no worker process, and the screen says it starts on demand.
      await new Promise((r) => setTimeout(r, 2000));
      expect(worker.child).toBeNull();
      const idle = await status();
      expect(idle.onDemandWorker).toEqual({ running: false, idleStopSeconds: IDLE_SEC });
      expect(idle.workers.filter((w) => w.alive)).toEqual([]);

      // A movie queued: the worker is forked and transcodes it.
      const id = await newMovie("Forked on demand");
      expect((await upload(id, "video", clip)).statusCode).toBe(200);
      const first = await running(worker);
      expect((await status()).onDemandWorker).toEqual({ running: true, idleStopSeconds: IDLE_SEC });
      await waitFor(async () => expect((await studio(id)).processing.status).toBe("ready"), 90_000);
      expect((await status()).workers.find((w) => w.pid === first.pid)).toMatchObject({ jobsDone: 1 });

      // Idle for IDLE_SEC: it exits by itself, cleanly, and is not restarted; the screen shows it stopped, not gone.
      // A teaser uploaded as it exits (a job queued while it stops) forks it again.
      let teaser: ReturnType<typeof upload> | undefined;
      first.once("exit", () => {
        teaser = upload(id, "teaser", clip);
      });
      expect(await exitCode(first)).toBe(75);
      const second = await running(worker);
      expect(second.pid).not.toBe(first.pid);
      const cut = await (teaser as ReturnType<typeof upload>);
      expect(cut.statusCode, cut.body).toBe(200);
      expect(cut.json().teaser).toMatch(/\/teaser-(?!auto)[a-z0-9]+\.mp4$/);

      // A crash (before its idle period is over) is restarted: a new process, which then exits once idle too.
      second.kill("SIGKILL");
      await exited(second);
      expect(second.signalCode).toBe("SIGKILL");
      expect((await status()).workers.find((w) => w.pid === first.pid)).toMatchObject({
        alive: false,
        stoppedAt: expect.any(String),
        jobsDone: 1,
      });
      const third = await running(worker);
      expect(third.pid).not.toBe(second.pid);
      expect(await exitCode(third)).toBe(75);
      await waitFor(async () => expect(worker.child).toBeNull());
      const after = await status();
      expect(after.onDemandWorker).toEqual({ running: false, idleStopSeconds: IDLE_SEC });
      // (The killed one, which said nothing, counts as alive until three heartbeats have passed.)
      expect(after.workers.filter((w) => w.alive && w.pid !== second.pid)).toEqual([]);
      expect(after.workers.find((w) => w.pid === third.pid)).toMatchObject({ stoppedAt: expect.any(String) });
      expect(lines).toContain("the media worker stopped for want of work; it starts again when media is waiting");
      expect(lines.filter((l) => l.startsWith("Media worker exited"))).toEqual([
        "Media worker exited (signal SIGKILL); restarting in 100 ms",
      ]);

      // Stopped for want of work, a photo forks it again.
      const { galleryId } = await uploadPhoto("Photos on demand", 800, 600, "#993366");
      const fourth = await running(worker);
      await waitFor(async () => {
        const res = await t.request({ method: "GET", url: `/user/assets/gallery/${galleryId}/photos` });
        expect(res.json().data).toHaveLength(1);
      });
      expect(await exitCode(fourth)).toBe(75);
    } finally {
      await worker.stop();
      t.app.services.system.reportEmbeddedWorker(null);
    }
  }, 240_000);

  it("is forked at start when a movie uploaded before the restart is waiting", async () => {
    // No worker: the movie's transcode waits, as after a stop with an upload pending.
    const id = await newMovie("Waiting at start");
    expect((await upload(id, "video", clip)).statusCode).toBe(200);
    await waitFor(async () =>
      expect((await status()).queues.find((q) => q.name === MEDIA_QUEUES.transcode)).toMatchObject({ created: 1 }),
    );
    const worker = startOnDemand();
    try {
      const child = await running(worker);
      await waitFor(async () => expect((await studio(id)).processing.status).toBe("ready"), 90_000);
      expect(await exitCode(child)).toBe(75);
    } finally {
      await worker.stop();
      t.app.services.system.reportEmbeddedWorker(null);
    }
  }, 150_000);
});

describe("a transcode that fails for good on something other than the file", () => {
  it("tells the uploader the movie failed, instead of leaving it processing", async () => {
    // No worker runs, so the heavy job waits until the test has broken its output's place.
    for (const child of children) child.kill("SIGKILL");
    await Promise.all(children.map(exited));
    const id = await newMovie("Broken storage");
    expect((await upload(id, "video", clip)).statusCode).toBe(200);
    await waitFor(async () => expect((await studio(id)).processing.status).toBe("processing"));
    // A file where the movie's renditions folder goes: every attempt fails to move them in (ENOTDIR), a failure of
    // the storage, not of the upload, so it is retried, then given up.
    const movieDir = t.app.services.storage.diskPath(`private/videos/${id}`) as string;
    expect((await mediaKeyOf(id)).startsWith(`private/videos/${id}/`)).toBe(true);
    await rm(movieDir, { recursive: true, force: true });
    await mkdir(path.dirname(movieDir), { recursive: true });
    await writeFile(movieDir, "in the way");
    const worker = start();
    try {
      const failed = await waitFor(async () => {
        const view = await studio(id);
        expect(view.processing.status).toBe("failed");
        return view;
      }, 100_000);
      expect(failed.processing).toEqual({
        status: "failed",
        error: "The video could not be processed. Try again or upload another file.",
      });
      expect(failed.media).toBeNull();
      expect((await status()).failures.find((f) => f.queue === MEDIA_QUEUES.transcode)).toMatchObject({ attempts: 3 });
    } finally {
      await terminate(worker);
      await rm(movieDir, { force: true });
    }
  }, 150_000);
});
