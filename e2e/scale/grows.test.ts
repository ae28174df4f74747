import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { AGE_GATE_COOKIE, AGE_GATE_PASSED } from "@marquee/contracts/age-gate";
import type { Request } from "playwright-core";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTool } from "../../apps/api/src/platform/media/probe.ts";
import { goto, launch, newPage } from "../browser.ts";
import { enrolTwoFactor } from "../two-factor.ts";
import { type Cluster, call, login, missingServers, SEGMENT_TTL_SEC, startCluster, until } from "./cluster.ts";

/**
 * Issue 21, "Proof that it grows": the production layout with every part a real process (cluster.ts). A movie
 * uploaded through API 1 is transcoded by the media worker and played through API 2, its HLS segments presigned
 * from the bucket, also by a member in Chromium on the web server in front of API 2; a comment posted through API 1 reaches a socket on API 2 (Redis); a take-down made on API 1 stops
 * playback through API 2 at the next playlist fetch.
 */

if (missingServers.length) {
  const what = `${missingServers.join(" and ")} ${missingServers.length > 1 ? "are" : "is"} not set`;
  console.log(`(${what}: the two-API, one-worker, S3 test did not run)`);
}

const PLAYLIST_TYPE = "application/vnd.apple.mpegurl";
const NO_LONGER = "You no longer have access to this movie.";

/** The URIs of a playlist (its lines that are no tag or comment). */
const urisOf = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));

describe.skipIf(missingServers.length > 0)("two API processes, a media worker, PostgreSQL, Redis, a bucket", () => {
  let c: Cluster;
  let work: string;
  let clip: Buffer;
  let performer: string;
  let admin: string;
  let member: string;
  let user: string;
  let movieId: string;
  /** The member's master playlist and one variant playlist, as API 2 handed them out. */
  let master: string;
  let variant: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "marquee-scale-clip-"));
    const file = path.join(work, "clip.mp4");
    // 6 s at 640x360: one 360p rendition in two 4-second segments.
    await runTool(
      "ffmpeg",
      [
        ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25"],
        ...["-t", "6", "-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast", file],
      ],
      60_000,
    );
    clip = await readFile(file);
    const starting = Date.now();
    c = await startCluster();
    console.log(
      `two APIs, a worker, the database and the bucket up in ${((Date.now() - starting) / 1000).toFixed(1)} s`,
    );
    [performer, admin, user, member] = await Promise.all([
      login(c.api1, "performer"),
      login(c.api1, "admin"),
      login(c.api1, "user"),
      login(c.api2, "member"),
    ]);
    // Admin routes need two-factor sign-in (issue 22).
    await enrolTwoFactor(c.api1, admin, "marquee-demo");
    // This test is about the way a movie takes to the bucket and back, not its review before publication
    // (e2e/review.test.ts): the site publishes what its performers publish.
    const review = await call(c.api1, "/admin/settings/reviewMode", {
      method: "PUT",
      token: admin,
      body: { value: "none" },
    });
    expect(review.status, JSON.stringify(review.json)).toBe(200);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await c?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("transcodes in the worker a movie uploaded through API 1, and API 2 sees it ready", async () => {
    const created = await call<{ _id: string }>(c.api1, "/performer/assets/videos", {
      token: performer,
      body: { title: "Grows past one machine", status: "active", access: "members" },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    movieId = created.json._id;
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(clip)], { type: "video/mp4" }), "clip.mp4");
    const uploaded = await call<{ processing: { status: string } }>(
      c.api1,
      `/performer/assets/videos/${movieId}/upload/video`,
      { token: performer, form },
    );
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);
    expect(uploaded.json.processing.status).toBe("pending");

    const started = Date.now();
    await until(
      "the movie ready through API 2",
      async () => {
        const { json } = await call<{ processing: { status: string; error: string | null } }>(
          c.api2,
          `/performer/assets/videos/${movieId}/view`,
          { token: performer },
        );
        if (json.processing.status === "failed") throw new Error(`processing failed: ${json.processing.error}`);
        return json.processing.status === "ready" ? true : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    console.log(`upload to ready through the worker: ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // The worker made it: Admin → System, through API 2, counts its job done (its heartbeat is written at the end).
    const worker = await until(
      "the worker's finished transcode on Admin → System",
      async () => {
        const { json } = await call<{
          mediaJobs: string;
          workers: { pid: number; alive: boolean; jobsDone: number }[];
        }>(c.api2, "/admin/system", { token: admin });
        expect(json.mediaJobs).toBe("worker");
        const row = json.workers.find((w) => w.pid === c.worker.pid);
        return row && row.jobsDone >= 1 ? row : undefined;
      },
      { timeoutMs: 15_000 },
    );
    expect(worker).toMatchObject({ alive: true, jobsDone: 1, jobsFailed: 0 });
  });

  it("plays it through API 2: the playlists from API 2, every segment from the bucket", async () => {
    const detail = await call<{ canWatch: boolean; media: { hls: string } | null }>(
      c.api2,
      `/user/assets/videos/${movieId}`,
      { token: member },
    );
    expect(detail.status).toBe(200);
    expect(detail.json.canWatch).toBe(true);
    // What the player asks when its links run out gives the same kind of grant.
    const fresh = await call<{ hls: string }>(c.api2, `/user/assets/videos/${movieId}/media`, { token: member });
    expect(fresh.status, JSON.stringify(fresh.json)).toBe(200);
    master = fresh.json.hls;
    expect(master).toMatch(new RegExp(`^/api/media/.+/private/videos/${movieId}/.+\\.m3u8$`));
    expect(detail.json.media?.hls).toMatch(new RegExp(`^/api/media/.+/private/videos/${movieId}/.+\\.m3u8$`));

    const masterRes = await fetch(`${c.api2}${master}`);
    expect(masterRes.status).toBe(200);
    expect(masterRes.headers.get("content-type")).toBe(PLAYLIST_TYPE);
    expect(masterRes.headers.get("cache-control")).toBe("private, no-store");
    const variants = urisOf(await masterRes.text());
    expect(variants.length).toBeGreaterThanOrEqual(1);

    const s3 = new S3Client({
      endpoint: c.s3.endpoint,
      region: c.s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: c.s3.accessKeyId, secretAccessKey: c.s3.secretAccessKey },
    });
    const apiOrigins = [c.api1, c.api2];
    let segmentsChecked = 0;
    try {
      for (const uri of variants) {
        // A variant is a link of the same grant, made by API 2 and answered by it.
        expect(uri).toMatch(/^\/api\/media\//);
        variant ??= uri;
        const res = await fetch(`${c.api2}${uri}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe(PLAYLIST_TYPE);
        const segments = urisOf(await res.text());
        expect(segments.length).toBeGreaterThanOrEqual(2);
        for (const segment of segments) {
          const url = new URL(segment);
          expect(url.origin).toBe(c.s3.endpoint);
          expect(apiOrigins).not.toContain(url.origin);
          expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
          const got = await fetch(url);
          expect(got.status).toBe(200);
          const bytes = Buffer.from(await got.arrayBuffer());
          expect(bytes.length).toBeGreaterThan(0);
          // The same bytes as the object in the bucket (path-style: /<bucket>/<key>).
          const prefix = `/${c.s3.bucket}/`;
          expect(url.pathname.startsWith(prefix)).toBe(true);
          const key = decodeURIComponent(url.pathname.slice(prefix.length));
          expect(key).toMatch(new RegExp(`^private/videos/${movieId}/`));
          const object = await s3.send(new GetObjectCommand({ Bucket: c.s3.bucket, Key: key }));
          const stored = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
          expect(bytes.equals(stored)).toBe(true);
          // An MPEG-TS segment: 188-byte packets, each starting with the sync byte.
          expect(bytes[0]).toBe(0x47);
          segmentsChecked++;
        }
      }
    } finally {
      s3.destroy();
    }
    expect(segmentsChecked).toBeGreaterThanOrEqual(2);

    // Nothing went through a shared disk: every file is in the bucket, and each process's own folder (uploads
    // arriving in API 1's scratch, the worker's transcode) holds none once the work is done.
    let left: string[] = [];
    await until(
      () => `no file left in any process's DATA_DIR (still there: ${left.join(", ")})`,
      async () => {
        const files = await Promise.all(
          Object.entries(c.dataDirs).map(async ([name, dir]) =>
            (await readdir(dir, { recursive: true, withFileTypes: true }))
              .filter((entry) => entry.isFile())
              .map((entry) => `${name}: ${path.relative(dir, path.join(entry.parentPath, entry.name))}`),
          ),
        );
        left = files.flat();
        return left.length === 0 ? true : undefined;
      },
      { timeoutMs: 10_000 },
    );
  });

  it("plays it in Chromium on the web server in front of API 2: hls.js, every segment from the bucket", async () => {
    const browser = await launch();
    try {
      const { context, page, errors } = await newPage(browser, { baseURL: c.web });
      // A browser that passed the site's age gate before (e2e/trust.test.ts goes through the gate itself).
      await context.addCookies([{ name: AGE_GATE_COOKIE, value: AGE_GATE_PASSED, url: c.web }]);
      // A browser without native HLS (Chrome, Firefox) streams through hls.js, whose XHRs need the bucket's CORS.
      await context.addInitScript(() => {
        const canPlayType = HTMLMediaElement.prototype.canPlayType;
        HTMLMediaElement.prototype.canPlayType = function (type: string) {
          return type.includes("mpegurl") ? "" : canPlayType.call(this, type);
        };
      });
      // Every request the page makes, with its answer's status or why it failed.
      const requests = new Map<Request, { url: URL; status?: number; failure?: string }>();
      page.on("request", (req) => requests.set(req, { url: new URL(req.url()) }));
      page.on("response", (res) => Object.assign(requests.get(res.request()) ?? {}, { status: res.status() }));
      page.on("requestfailed", (req) =>
        Object.assign(requests.get(req) ?? {}, { failure: req.failure()?.errorText ?? "failed" }),
      );
      const fetched = () => [...requests.values()];
      const outcome = (f: { url: URL; status?: number; failure?: string }) =>
        `${f.url.origin} ${f.status ?? f.failure}`;

      await goto(page, `/auth/login?videoId=${movieId}`);
      await page.getByLabel("Username or email").fill("member");
      await page.getByLabel("Password", { exact: true }).fill("marquee-demo");
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL(`${c.web}/movies/${movieId}`);
      await page.getByRole("button", { name: "Play movie" }).click();
      const video = page.locator("[data-testid=movie-player] video");
      // Up to 45 s on a loaded machine; on failure the element's state and the page's errors and failed requests
      // say why.
      await expect
        .poll(
          async () => ({
            ...(await video.evaluate((v: HTMLVideoElement) => ({
              currentTime: v.currentTime,
              paused: v.paused,
              readyState: v.readyState,
              error: v.error ? `${v.error.code} ${v.error.message}` : null,
              source: v.parentElement?.dataset.source,
            }))),
            errors,
            failed: fetched()
              .filter((f) => f.failure || (f.status ?? 0) >= 400)
              .map((f) => `${f.url.pathname} ${outcome(f)}`),
          }),
          { timeout: 45_000, interval: 250 },
        )
        .toSatisfy((state: { currentTime: number }) => state.currentTime > 1);
      // Had hls.js failed (a bucket without the CORS rule refuses its XHRs), the player would say why and play the MP4.
      expect(await page.getByTestId("movie-player").getAttribute("data-source"), errors.join("\n")).toBe("hls.js");

      const of = (ext: string) => fetched().filter((f) => f.url.pathname.endsWith(ext));
      const [segments, playlists] = [of(".ts"), of(".m3u8")];
      // Every segment straight from the bucket, none through the site; the playlists from the site (API 2).
      expect(segments.length).toBeGreaterThanOrEqual(1);
      expect(segments.map(outcome)).toEqual(segments.map(() => `${c.s3.endpoint} 200`));
      expect(playlists.length).toBeGreaterThanOrEqual(2);
      expect(playlists.map(outcome)).toEqual(playlists.map(() => `${c.web} 200`));
      expect(errors).toEqual([]);
      console.log(
        `Chromium on the web server: ${segments.length} segment(s) from the bucket ${c.s3.endpoint}, ` +
          `${playlists.length} playlist(s) from the site ${c.web}`,
      );
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it("delivers a comment posted through API 1 to a socket on API 2", async () => {
    const socket = io(c.api2, {
      path: "/socket.io",
      auth: { token: member },
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    // As the movie's page does (apps/web/app/realtime/rooms.ts).
    expect(await socket.timeout(5000).emitWithAck("object:join", { objectType: "video", objectId: movieId })).toEqual({
      ok: true,
    });
    const heard = new Promise<{ _id: string; content: string; objectId: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no comment:created on API 2 within 10 s")), 10_000);
      socket.once("comment:created", (payload) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });
    const posted = await call<{ _id: string }>(c.api1, "/comments", {
      token: user,
      body: { objectType: "video", objectId: movieId, content: "Seen on the other node." },
    });
    expect(posted.status, JSON.stringify(posted.json)).toBe(201);
    expect(await heard).toMatchObject({
      _id: posted.json._id,
      objectId: movieId,
      content: "Seen on the other node.",
    });
  });

  it("stops playback through API 2 after a take-down on API 1: the next playlist, then the segments held", async () => {
    // Playing right before: the variant and the segment links a player now holds.
    const playing = await fetch(`${c.api2}${variant}`);
    expect(playing.status).toBe(200);
    const held = urisOf(await playing.text())[0] as string;
    const down = await call(c.api1, `/admin/assets/video/${movieId}/take-down`, {
      token: admin,
      body: { reason: "Reported by its performer." },
    });
    expect(down.status, JSON.stringify(down.json)).toBe(200);
    const tookDown = Date.now();

    // The next playlist fetch through API 2 is refused: every fetch asks the database whether the viewer may watch.
    const refused = await fetch(`${c.api2}${variant}`);
    const refusedAfter = Date.now() - tookDown;
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(NO_LONGER);
    // The master too (its answer may already come from API 2's list of taken-down items, refreshed every 5 s), and
    // the player's request for fresh links: the movie is gone for the member.
    const masterRes = await fetch(`${c.api2}${master}`);
    const masterRefusal = {
      status: masterRes.status,
      message: ((await masterRes.json()) as { message: string }).message,
    };
    expect([
      { status: 403, message: NO_LONGER },
      { status: 404, message: "Media not found" },
    ]).toContainEqual(masterRefusal);
    const fresh = await call<{ message: string }>(c.api2, `/user/assets/videos/${movieId}/media`, { token: member });
    expect(fresh.status).toBe(404);
    expect(fresh.json.message).toBe("Movie not found");

    // A presigned link cannot be withdrawn: the segments a player already holds play until they run out, within
    // MEDIA_SEGMENT_TTL_SEC of the take-down (they were made before it). Then the bucket refuses them.
    const boundMs = (SEGMENT_TTL_SEC + 1) * 1000;
    const stoppedAfter = await until(
      "the bucket refusing a segment link handed out before the take-down",
      async () => {
        const res = await fetch(held);
        await res.arrayBuffer();
        if (res.status === 200) return undefined;
        expect(res.status).toBe(403);
        return Date.now() - tookDown;
      },
      { timeoutMs: boundMs + 5_000, intervalMs: 250 },
    );
    console.log(
      `take-down on API 1: playlist refused by API 2 after ${refusedAfter} ms (first fetch); a segment link held ` +
        `from before refused by the bucket after ${(stoppedAfter / 1000).toFixed(1)} s (MEDIA_SEGMENT_TTL_SEC=${SEGMENT_TTL_SEC})`,
    );
    expect(stoppedAfter).toBeLessThanOrEqual(boundMs);
  });
});
