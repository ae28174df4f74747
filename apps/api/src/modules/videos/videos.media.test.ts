import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createTestContext,
  DEMO_PASSWORD,
  detailPaths,
  type TestContext,
  verifyPerformer,
  WAIT,
} from "../../../test/harness.ts";
import { runTool } from "../../platform/media/probe.ts";
import { readAll } from "../../platform/storage.ts";
import { hashPassword } from "../auth/service.ts";
import { users } from "../users/tables.ts";
import { THUMB_SIZES_MARKER } from "./media.ts";
import { videos } from "./tables.ts";

/**
 * The media pipeline end to end: uploads streamed to disk and probed at once (a corrupt file is refused and leaves
 * nothing behind), the `video.process` job making the HLS ladder, MP4, poster, strip, thumbnail and teaser, the
 * realtime notification, and the signed, expiring links that serve it with ranges.
 */

const NOT_A_VIDEO = "The file is not a video we can read.";
const MAX_MB = 2;

let t: TestContext;
let base: string;
let work: string;
let clip: Buffer;
let admin: string;
let performer: string;
let member: string;
let user: string;
let other: string;
let socket: Socket;
const notifications: Record<string, unknown>[] = [];

interface StudioJson {
  _id: string;
  title: string;
  access: string;
  durationSec: number | null;
  thumbnail: { url: string; srcSet: string | null } | null;
  teaser: string | null;
  canWatch: boolean;
  lock: string | null;
  processing: { status: string; error: string | null };
  sourceSizeBytes: number | null;
  media: { hls: string; mp4: string; strip: string | null; expiresAt: string } | null;
}

function multipart(data: Buffer, filename = "clip.mp4", type = "video/mp4") {
  const boundary = `----marquee${randomBytes(8).toString("hex")}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const upload = (token: string | undefined, id: string, kind: "video" | "teaser" | "thumbnail", data: Buffer) => {
  const { body, headers } = multipart(data);
  return t.app.inject({
    method: "POST",
    url: `/performer/assets/videos/${id}/upload/${kind}`,
    payload: body,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
};

const studio = async (id: string, token = performer) => {
  const res = await t.request({ method: "GET", url: `/performer/assets/videos/${id}/view`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StudioJson;
};
const detail = async (id: string, token?: string) => {
  const res = await t.request({ method: "GET", url: `/user/assets/videos/${id}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StudioJson;
};

async function createMovie(body: Record<string, unknown> = {}) {
  const res = await t.request({
    method: "POST",
    url: "/performer/assets/videos",
    token: performer,
    body: { title: `Clip ${randomBytes(3).toString("hex")}`, status: "active", ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as StudioJson;
}

/** A request for a URL the API made (signed media or a public file, root-relative under /api), through inject. */
const fetchUrl = (url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") => {
  expect(url.startsWith(base)).toBe(true);
  return t.app.inject({ method, url, headers });
};

const filesIn = async (key: string) => readdir(t.app.services.storage.diskPath(key)!).catch(() => [] as string[]);
/** Where the movie's renditions are: a prefix of its own under `private/videos/<id>/`, fresh for each upload. */
const mediaKeyOf = async (id: string) => {
  const [row] = await t.database.db.select({ key: videos.mediaKey }).from(videos).where(eq(videos.id, id));
  expect(row?.key).toMatch(new RegExp(`^private/videos/${id}/[a-z0-9]+$`));
  return row?.key as string;
};

beforeAll(async () => {
  base = "/api/";
  t = await createTestContext({ REALTIME: "true", UPLOAD_VIDEO_MAX_MB: String(MAX_MB) });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  work = await mkdtemp(path.join(tmpdir(), "marquee-clip-"));
  const file = path.join(work, "clip.mp4");
  await runTool(
    "ffmpeg",
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      "testsrc2=size=640x360:rate=25",
      "-t",
      "3",
      "-pix_fmt",
      "yuv420p",
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      file,
    ],
    120_000,
  );
  clip = await readFile(file);
  [admin, performer, member, user] = await Promise.all([
    t.login("admin"),
    t.login("performer"),
    t.login("member"),
    t.login("user"),
  ]);
  const username = `vmedia${Date.now().toString(36)}`;
  const [row] = await t.database.db
    .insert(users)
    .values({
      username,
      email: `${username}@example.test`,
      name: "Other Performer",
      passwordHash: await hashPassword(DEMO_PASSWORD),
      role: "performer",
      verifiedEmail: true,
    })
    .returning({ id: users.id });
  await verifyPerformer(t, (row as { id: string }).id);
  other = await t.login(username);

  const port = (t.app.server.address() as AddressInfo).port;
  socket = connect(`http://127.0.0.1:${port}`, {
    path: "/socket.io",
    auth: { token: performer },
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  socket.on("notification", (payload: Record<string, unknown>) => notifications.push(payload));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
}, 120_000);

afterAll(async () => {
  socket?.disconnect();
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("POST /performer/assets/videos/:id/upload/video: refusals", () => {
  it("refuses a file that is not a video with 422 and leaves nothing behind", async () => {
    const m = await createMovie();
    for (const data of [randomBytes(64 * 1024), Buffer.concat([clip.subarray(0, 64), randomBytes(4096)])]) {
      const res = await upload(performer, m._id, "video", data);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ statusCode: 422, message: NOT_A_VIDEO });
      expect(detailPaths(res)).toContain("file");
    }
    // A picture is not a movie either.
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#f00" } })
      .png()
      .toBuffer();
    expect((await upload(performer, m._id, "video", png)).statusCode).toBe(422);

    expect(await filesIn(`private/videos/${m._id}`)).toEqual([]);
    const after = await studio(m._id);
    expect(after).toMatchObject({ processing: { status: "none", error: null }, sourceSizeBytes: null, media: null });
  });

  it("refuses a request without a file, an empty file and one over UPLOAD_VIDEO_MAX_MB", async () => {
    const m = await createMovie();
    const json = await t.request({
      method: "POST",
      url: `/performer/assets/videos/${m._id}/upload/video`,
      token: performer,
      body: { file: "x" },
    });
    expect(json.statusCode).toBe(400);
    expect(detailPaths(json)).toContain("file");
    expect((await upload(performer, m._id, "video", Buffer.alloc(0))).statusCode).toBe(400);
    const big = await upload(performer, m._id, "video", randomBytes((MAX_MB + 1) * 1024 * 1024));
    expect(big.statusCode).toBe(413);
    expect(detailPaths(big)).toContain("file");
    expect(await filesIn(`private/videos/${m._id}`)).toEqual([]);
    expect((await studio(m._id)).processing.status).toBe("none");
  });

  it("is for the movie's performers and admins only", async () => {
    const m = await createMovie();
    expect((await upload(other, m._id, "video", clip)).statusCode).toBe(403);
    expect((await upload(user, m._id, "video", clip)).statusCode).toBe(403);
    expect((await upload(undefined, m._id, "video", clip)).statusCode).toBe(401);
    expect((await upload(performer, "01890000-0000-7000-8000-000000000000", "video", clip)).statusCode).toBe(404);
    expect((await upload(performer, "nope", "video", clip)).statusCode).toBe(400);
    expect(await filesIn(`private/videos/${m._id}`)).toEqual([]);
  });
});

/**
 * A movie file or teaser that names other files (the probe once took a 114-byte HLS playlist pointing at another
 * performer's paid movie, and the job made it the uploader's own): refused as what it is, nothing kept or queued.
 */
describe("uploads that point at other files", () => {
  let victim: StudioJson;
  let victimDir: string;

  beforeAll(async () => {
    const res = await t.request({
      method: "POST",
      url: "/performer/assets/videos",
      token: other,
      body: { title: "Paid feature", status: "active", access: "sale", price: 9.99 },
    });
    expect(res.statusCode, res.body).toBe(201);
    victim = res.json() as StudioJson;
    // The victim's processed files, where the job would have put them.
    victimDir = t.app.services.storage.diskPath(`private/videos/${victim._id}`)!;
    const source = path.join(work, "victim.mp4");
    await writeFile(source, clip);
    await mkdir(path.join(victimDir, "hls/360p"), { recursive: true });
    await runTool(
      "ffmpeg",
      [
        ...["-hide_banner", "-loglevel", "error", "-y", "-i", source, "-c", "copy", "-f", "hls"],
        ...["-hls_playlist_type", "vod", "-hls_segment_filename", path.join(victimDir, "hls/360p/seg_%04d.ts")],
        path.join(victimDir, "hls/360p/index.m3u8"),
      ],
      120_000,
    );
    await writeFile(path.join(victimDir, "video.mp4"), clip);
  }, 60_000);

  const entry = () => ({
    relative: `../../videos/${victim._id}/hls/360p/index.m3u8`,
    absolute: path.join(victimDir, "hls/360p/index.m3u8"),
    mp4: path.join(victimDir, "video.mp4"),
  });
  const hls = (uri: string) => `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\n${uri}\n`;
  const ffconcat = (uri: string) => `ffconcat version 1.0\nfile '${uri}'\n`;
  const HLS = /^The file is an HLS playlist \(hls\), not a video file we accept\.$/;
  const CONCAT = /^The file is a concat list \(concat\), not a video file we accept\.$/;
  const cases: [string, () => string, RegExp][] = [
    ["an HLS playlist with a ../../videos/<id> entry", () => hls(entry().relative), HLS],
    ["an HLS playlist with an absolute path", () => hls(entry().absolute), HLS],
    ["an HLS playlist with a file:// entry", () => hls(`file://${entry().absolute}`), HLS],
    ["an HLS playlist with an http entry", () => hls("http://127.0.0.1:1/x"), HLS],
    ["an ffconcat list with a ../../videos/<id> entry", () => ffconcat(`../../videos/${victim._id}/video.mp4`), CONCAT],
    ["an ffconcat list with an absolute path", () => ffconcat(entry().mp4), CONCAT],
    ["an ffconcat list with a file:// entry", () => ffconcat(`file://${entry().mp4}`), CONCAT],
    ["an ffconcat list with an http entry", () => ffconcat("http://127.0.0.1:1/x"), CONCAT],
  ];

  it.each(cases)("refuses %s as the movie file and as the teaser, keeping nothing", async (_, body, message) => {
    const m = await createMovie({ access: "free" });
    const before = await studio(m._id);
    const send = vi.spyOn(t.jobs, "send");
    try {
      for (const kind of ["video", "teaser"] as const) {
        const res = await upload(performer, m._id, kind, Buffer.from(body()));
        expect(res.statusCode, `${kind}: ${res.body}`).toBe(422);
        expect(res.json()).toMatchObject({
          statusCode: 422,
          message: expect.stringMatching(message),
          details: [{ path: "file", message: expect.stringMatching(/^format (hls|concat) is not accepted$/) }],
        });
      }
      expect(send).not.toHaveBeenCalled();
    } finally {
      send.mockRestore();
    }
    await t.jobs.idle();
    for (const dir of ["private/videos", "private/video-sources", "public/videos"]) {
      expect(await filesIn(`${dir}/${m._id}`), dir).toEqual([]);
    }
    expect(await studio(m._id)).toEqual(before);
    expect(before).toMatchObject({ processing: { status: "none" }, media: null, teaser: null, sourceSizeBytes: null });
  });

  it("fails the job, making nothing, when such a file is already the stored source", async () => {
    const m = await createMovie({ title: "Stored playlist" });
    const key = `private/videos/${m._id}`;
    await t.app.services.storage.put(`private/video-sources/${m._id}/source`, Buffer.from(hls(entry().relative)));
    await t.database.db.update(videos).set({ processingStatus: "pending", mediaKey: key }).where(eq(videos.id, m._id));
    await t.app.services.videos.processVideo(m._id);
    await t.jobs.idle();
    const after = await studio(m._id);
    expect(after.processing).toEqual({ status: "failed", error: expect.stringMatching(HLS) });
    expect(after).toMatchObject({ media: null, teaser: null });
    expect(await filesIn(key)).toEqual([]);
    expect(await filesIn(`public/videos/${m._id}`)).toEqual([]);
  });
});

describe("a real upload, processed end to end", () => {
  let movie: StudioJson;
  let ready: StudioJson;

  beforeAll(async () => {
    movie = await createMovie({ title: "Test pattern", access: "free" });
    const res = await upload(performer, movie._id, "video", clip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      processing: { status: "pending", error: null },
      sourceSizeBytes: clip.length,
      media: null,
    });
    await t.jobs.idle();
    ready = await studio(movie._id);
  }, 120_000);

  it("makes the HLS ladder, the MP4, poster, strip, thumbnail and teaser", async () => {
    expect(ready.processing).toEqual({ status: "ready", error: null });
    expect(ready.durationSec).toBeGreaterThan(2.5);
    expect(ready.durationSec).toBeLessThan(3.5);
    expect(ready.thumbnail?.url).toMatch(new RegExp(`/files/videos/${movie._id}/poster-[a-z0-9]+-480\\.webp$`));
    expect(ready.teaser).toMatch(new RegExp(`/files/videos/${movie._id}/teaser-auto-[a-z0-9]+\\.mp4$`));
    const key = await mediaKeyOf(movie._id);
    // One prefix: the upload's own.
    expect(await filesIn(`private/videos/${movie._id}`)).toEqual([key.split("/").at(-1)]);
    const files = await filesIn(key);
    expect(files).toEqual(expect.arrayContaining(["hls", "video.mp4", "poster.webp", "strip.webp"]));
    // The original is kept apart from what signed links open.
    expect(files).not.toContain("source");
    expect(await filesIn(`private/video-sources/${movie._id}`)).toEqual(["source"]);
    // The upload and the work folder were moved in: nothing is left in the scratch folder.
    expect(await readdir(path.dirname(await t.app.services.storage.tempPath("check")))).toEqual([]);
    expect(await filesIn(`${key}/hls`)).toEqual(expect.arrayContaining(["master.m3u8", "360p"]));

    const thumb = await fetchUrl(ready.thumbnail?.url as string);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([480, 270]);
    const teaser = await fetchUrl(ready.teaser as string);
    expect(teaser.statusCode).toBe(200);
    expect(teaser.headers["content-type"]).toContain("video/mp4");
  });

  it("tells the uploader over the socket", async () => {
    await vi.waitFor(() => expect(notifications.some((n) => n.objectId === movie._id)).toBe(true), WAIT);
    expect(notifications.find((n) => n.objectId === movie._id)).toEqual({
      type: "media.processed",
      objectType: "video",
      objectId: movie._id,
      status: "ready",
      title: "Test pattern",
      message: expect.stringContaining("ready"),
      // As stored (issue 12): its id, text and link.
      _id: expect.any(String),
      text: "“Test pattern” is processed and ready.",
      link: "/studio/movies",
      read: false,
      createdAt: expect.any(String),
    });
  });

  it("lists the movie once processed and serves its playlists made for the fetch", async () => {
    const list = (
      await t.request({ method: "GET", url: "/user/assets/videos/search", query: { q: "pattern" } })
    ).json();
    expect(list.data.map((m: { _id: string }) => m._id)).toContain(movie._id);

    const m = await detail(movie._id);
    expect(m.canWatch).toBe(true);
    const master = await fetchUrl(m.media?.hls as string);
    expect(master.statusCode).toBe(200);
    expect(master.headers["content-type"]).toBe("application/vnd.apple.mpegurl");
    // Made for this fetch, with links signed now: never kept by a cache.
    expect(master.headers["cache-control"]).toBe("private, no-store");
    // Nor by a proxy in front: it is no hand-off to reuse.
    expect(master.headers["x-accel-redirect"]).toBeUndefined();
    expect(master.headers["x-accel-expires"]).toBeUndefined();
    expect(master.body).toContain("#EXTM3U");
    expect(master.body).toContain("#EXT-X-STREAM-INF:");

    // Every URI is an absolute link: the variant a link of the same grant, its segments short file links.
    const key = await mediaKeyOf(movie._id);
    expect(key).toMatch(new RegExp(`^private/videos/${movie._id}/[a-z0-9]+$`));
    const variantUrl = master.body.split("\n").find((l) => l.endsWith("/360p/index.m3u8")) as string;
    expect(variantUrl).toMatch(new RegExp(`^/api/media/\\d+/\\d+\\.anon\\.[\\w-]{32}/${key}/hls/360p/index\\.m3u8$`));
    const variant = await fetchUrl(variantUrl);
    expect(variant.statusCode).toBe(200);
    expect(variant.headers["cache-control"]).toBe("private, no-store");
    const segment = variant.body.split("\n").find((l) => l.endsWith(".ts")) as string;
    expect(segment).toMatch(new RegExp(`^/api/media/\\d+/\\d+\\.[\\w-]{32}/${key}/hls/360p/seg_\\d+\\.ts$`));
    const seg = await fetchUrl(segment);
    expect(seg.statusCode).toBe(200);
    expect(seg.headers["content-type"]).toBe("video/mp2t");
    expect(seg.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte

    const strip = await fetchUrl(m.media?.strip as string);
    expect(strip.statusCode).toBe(200);
    expect(strip.headers["content-type"]).toBe("image/webp");
  });

  it("streams the MP4 with ranges", async () => {
    const m = await detail(movie._id);
    const key = await mediaKeyOf(movie._id);
    const size = (await stat(t.app.services.storage.diskPath(`${key}/video.mp4`)!)).size;
    const part = await fetchUrl(m.media?.mp4 as string, { range: "bytes=0-99" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-99/${size}`);
    expect(part.rawPayload.length).toBe(100);
    expect(part.rawPayload.subarray(4, 8).toString()).toBe("ftyp");
    const tail = await fetchUrl(m.media?.mp4 as string, { range: `bytes=${size - 10}-` });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.length).toBe(10);
    const outside = await fetchUrl(m.media?.mp4 as string, { range: `bytes=${size + 10}-${size + 20}` });
    expect(outside.statusCode).toBe(416);
    const whole = await fetchUrl(m.media?.mp4 as string);
    expect(whole.statusCode).toBe(200);
    expect(Number(whole.headers["content-length"])).toBe(size);
  });

  it("stops the links and public files handed out before a take-down at once; staff get working ones", async () => {
    const m = await detail(movie._id);
    const playlist = (await fetchUrl(m.media?.hls as string)).body;
    const variant = new URL(playlist.split("\n").find((l) => l.endsWith(".m3u8")) as string, `http://x${m.media?.hls}`);
    const links = [m.media?.hls, m.media?.mp4, m.media?.strip, variant.pathname, m.thumbnail?.url, m.teaser];
    const codes = async (urls: readonly (string | null | undefined)[]) =>
      Promise.all(urls.map(async (u) => (await fetchUrl(u as string)).statusCode));
    expect(await codes(links)).toEqual([200, 200, 200, 200, 200, 200]);

    const takeDown = await t.request({
      method: "POST",
      url: `/admin/assets/video/${movie._id}/take-down`,
      token: admin,
      body: { reason: "Rights claim" },
    });
    expect(takeDown.statusCode, takeDown.body).toBe(200);
    // Everything a member or visitor was given stops, the HLS ladder's files included.
    expect(await codes(links)).toEqual([404, 404, 404, 404, 404, 404]);
    // Its performer and the admins still see it, with links made now, which work.
    const owned = await studio(movie._id);
    const staffLinks = [owned.media?.hls, owned.media?.mp4, owned.thumbnail?.url, owned.teaser];
    expect(await codes(staffLinks)).toEqual([200, 200, 200, 200]);
    for (const part of (owned.thumbnail?.srcSet ?? "").split(", ")) {
      expect((await fetchUrl(part.split(" ")[0] as string)).statusCode).toBe(200);
    }
    const listed = await t.request({
      method: "GET",
      url: `/admin/assets/search?kind=video&takenDown=true`,
      token: admin,
    });
    const row = (listed.json() as { data: StudioJson[] }).data.find((a) => a._id === movie._id);
    expect((await fetchUrl(row?.thumbnail?.url as string)).statusCode).toBe(200);

    const restore = await t.request({
      method: "DELETE",
      url: `/admin/assets/video/${movie._id}/take-down`,
      token: admin,
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(await codes(links)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await codes(staffLinks)).toEqual([200, 200, 200, 200]);
  });

  it("refuses a tampered, borrowed or expired link with 403", async () => {
    const m = await detail(movie._id);
    const hls = m.media?.hls as string;
    const [exp, sig] = hls.split("/").slice(3);
    const flipped = `${sig?.slice(0, -1)}${sig?.endsWith("A") ? "B" : "A"}`;
    expect((await fetchUrl(hls.replace(`/${sig}/`, `/${flipped}/`))).statusCode).toBe(403);
    expect((await fetchUrl(hls.replace(`/${exp}/`, `/${Number(exp) + 3600}/`))).statusCode).toBe(403);
    // The signature covers this movie only: another movie's files stay closed.
    const otherMovie = await createMovie();
    expect((await fetchUrl(hls.replace(movie._id, otherMovie._id))).statusCode).toBe(403);
    expect(
      (await fetchUrl(hls.replace(`${await mediaKeyOf(movie._id)}/hls/master.m3u8`, "../media-secret"))).statusCode,
    ).toBeGreaterThanOrEqual(400);

    // After MEDIA_URL_TTL_SEC (6 hours by default) the very same link is refused.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 6 * 3600 * 1000 + 60_000);
    const expired = await fetchUrl(hls);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ statusCode: 403, message: expect.stringContaining("expired") });
  });

  it("never gives a locked movie a media link, only its thumbnail and teaser", async () => {
    const res = await t.request({
      method: "PUT",
      url: `/performer/assets/videos/${movie._id}`,
      token: performer,
      body: { access: "members" },
    });
    expect(res.statusCode).toBe(200);
    for (const token of [undefined, user]) {
      const m = await detail(movie._id, token);
      expect(m).toMatchObject({ canWatch: false, lock: "members", media: null });
      expect(m.thumbnail).not.toBeNull();
      expect(m.teaser).not.toBeNull();
      expect(JSON.stringify(m)).not.toContain("/media/");
    }
    const asMember = await detail(movie._id, member);
    expect(asMember.media?.hls).toContain(`/${await mediaKeyOf(movie._id)}/hls/master.m3u8`);
    expect((await fetchUrl(asMember.media?.hls as string)).statusCode).toBe(200);
    expect((await detail(movie._id, admin)).media).not.toBeNull();
  });

  it("takes an uploaded thumbnail and teaser, replacing the generated ones, and keeps them when processed again", async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const notImage = await upload(performer, movie._id, "thumbnail", randomBytes(2048));
    expect(notImage.statusCode).toBe(422);
    expect(detailPaths(notImage)).toContain("file");
    expect((await upload(other, movie._id, "thumbnail", png)).statusCode).toBe(403);

    const withThumb = (await upload(performer, movie._id, "thumbnail", png)).json() as StudioJson;
    expect(withThumb.thumbnail?.url).toMatch(/\/thumb-[a-z0-9]+-480\.webp$/);
    expect(withThumb.thumbnail?.srcSet).toMatch(/480w, .*720w, .*800w, .*1280w$/);
    for (const part of (withThumb.thumbnail?.srcSet ?? "").split(", ")) {
      expect((await fetchUrl(part.split(" ")[0] as string)).statusCode).toBe(200);
    }

    // A thumbnail stored before the 800 size existed gets it at the next start; nothing else is touched.
    const srcSet = withThumb.thumbnail?.srcSet ?? "";
    const medium = srcSet
      .split(", ")
      .find((p) => p.endsWith(" 800w"))
      ?.split(" ")[0] as string;
    const mediumKey = `public/${medium.slice(`${base}files/`.length)}`;
    await rm(t.app.services.storage.diskPath(mediumKey)!);
    expect((await fetchUrl(medium)).statusCode).toBe(404);
    expect(await t.app.services.videos.completeThumbnailVariants()).toBe(1);
    expect((await fetchUrl(medium)).statusCode).toBe(200);
    // Done for these sizes: the next starts read a marker instead of every thumbnail.
    expect((await readAll(t.app.services.storage, THUMB_SIZES_MARKER)).toString()).toBe("480,720,800,1280");
    expect(await t.app.services.videos.completeThumbnailVariants()).toBeNull();
    // A marker naming other sizes (a size was added since) scans again.
    await rm(t.app.services.storage.diskPath(mediumKey)!);
    await t.app.services.storage.put(THUMB_SIZES_MARKER, Buffer.from("480,1280"));
    expect(await t.app.services.videos.completeThumbnailVariants()).toBe(1);
    expect((await fetchUrl(medium)).statusCode).toBe(200);
    expect(await t.app.services.videos.completeThumbnailVariants()).toBeNull();

    const badTeaser = await upload(performer, movie._id, "teaser", randomBytes(4096));
    expect(badTeaser.statusCode).toBe(422);
    expect(badTeaser.json().message).toBe(NOT_A_VIDEO);
    const withTeaser = (await upload(performer, movie._id, "teaser", clip)).json() as StudioJson;
    expect(withTeaser.teaser).toMatch(/\/teaser-(?!auto)[a-z0-9]+\.mp4$/);
    expect((await fetchUrl(withTeaser.teaser as string)).statusCode).toBe(200);
    // The generated ones are gone; no upload is left lying around.
    const publicFiles = await filesIn(`public/videos/${movie._id}`);
    expect(publicFiles.filter((f) => f.startsWith("poster-") || f.startsWith("teaser-auto-"))).toEqual([]);
    expect((await filesIn(`private/videos/${movie._id}`)).filter((f) => f.includes("upload"))).toEqual([]);

    expect((await upload(performer, movie._id, "video", clip)).statusCode).toBe(200);
    await t.jobs.idle();
    const again = await studio(movie._id);
    expect(again.processing.status).toBe("ready");
    expect(again.thumbnail?.url).toBe(withThumb.thumbnail?.url);
    expect(again.teaser).toBe(withTeaser.teaser);
  }, 120_000);

  it("deletes the processed files with the movie", async () => {
    const m = await createMovie();
    await t.app.services.videos.copyMedia(movie._id, m._id);
    const copy = await studio(m._id);
    expect(copy.processing.status).toBe("ready");
    expect(copy.media).not.toBeNull();
    expect(await filesIn(await mediaKeyOf(m._id))).toContain("video.mp4");
    const res = await t.request({ method: "DELETE", url: `/performer/assets/videos/${m._id}`, token: performer });
    expect(res.statusCode).toBe(204);
    expect(await filesIn(`private/videos/${m._id}`)).toEqual([]);
    expect(await filesIn(`private/video-sources/${m._id}`)).toEqual([]);
    expect(await filesIn(`public/videos/${m._id}`)).toEqual([]);
    // Its links die with it.
    const gone = await fetchUrl(copy.media?.mp4 as string);
    expect(gone.statusCode).toBe(403);
    expect(gone.json().message).toBe("You no longer have access to this movie.");
  });
});

describe("a new file uploaded while the first is processing", () => {
  it("makes the movie from the newest file, never the stale one", async () => {
    const m = await createMovie({ title: "Second thoughts" });
    const small = path.join(work, "small.mp4");
    await runTool(
      "ffmpeg",
      [
        "-hide_banner",
        "-loglevel",
        "error",
        "-f",
        "lavfi",
        "-i",
        "testsrc2=size=320x240:rate=25",
        "-t",
        "2",
        "-pix_fmt",
        "yuv420p",
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
        small,
      ],
      120_000,
    );
    expect((await upload(performer, m._id, "video", clip)).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await studio(m._id)).processing.status).toBe("processing"), {
      timeout: 30_000,
      interval: 20,
    });
    expect((await upload(performer, m._id, "video", await readFile(small))).statusCode).toBe(200);
    await t.jobs.idle();
    await vi.waitFor(async () => expect((await studio(m._id)).processing.status).toBe("ready"), { timeout: 60_000 });
    // The 2 s file, not the 3 s one that was being processed when it arrived.
    const done = await studio(m._id);
    expect(done.durationSec).toBeGreaterThan(1.5);
    expect(done.durationSec).toBeLessThan(2.5);
    expect(done.media).not.toBeNull();
  }, 120_000);
});

describe("a take-down while an upload is arriving", () => {
  it("keeps the movie off the site: the upload, which read the movie before, does not list it again", async () => {
    // Announced for next week, so it is listed (in Coming soon) before it has a file.
    const m = await createMovie({ scheduledAt: new Date(Date.now() + 7 * 86_400_000).toISOString() });
    const listed = async () =>
      (await t.database.db.select({ listed: videos.listed }).from(videos).where(eq(videos.id, m._id)))[0]?.listed;
    expect(await listed()).toBe(true);
    const me = await t.request({ method: "GET", url: "/users/me", token: admin });
    const actor = { id: (me.json() as { _id: string })._id, role: "admin" as const };
    // The service has read the movie; while its file arrives, an admin takes it down.
    await t.app.services.videos.uploadVideo(actor, m._id, async (dest) => {
      const down = await t.request({
        method: "POST",
        url: `/admin/assets/video/${m._id}/take-down`,
        token: admin,
        body: { reason: "Rights claim" },
      });
      expect(down.statusCode, down.body).toBe(200);
      await writeFile(dest, clip);
      return { bytes: clip.length };
    });
    expect(await listed()).toBe(false);
    expect((await t.request({ method: "GET", url: `/user/assets/videos/${m._id}`, token: member })).statusCode).toBe(
      404,
    );
    await t.jobs.idle();
    // Nor does the end of its processing.
    await vi.waitFor(async () => expect((await studio(m._id)).processing.status).toBe("ready"), { timeout: 60_000 });
    expect(await listed()).toBe(false);
  }, 120_000);
});

describe("processing that fails", () => {
  it("marks the movie failed with a message and tells the uploader", async () => {
    const m = await createMovie({ title: "Broken source" });
    // A source that passed the upload check but cannot be transcoded (e.g. damaged on disk since).
    const key = `private/videos/${m._id}`;
    await t.app.services.storage.put(`private/video-sources/${m._id}/source`, randomBytes(8192));
    await t.database.db.update(videos).set({ processingStatus: "pending", mediaKey: key }).where(eq(videos.id, m._id));
    await t.app.services.videos.processVideo(m._id);
    await t.jobs.idle();

    const after = await studio(m._id);
    expect(after.processing).toEqual({ status: "failed", error: NOT_A_VIDEO });
    expect(after.media).toBeNull();
    expect((await t.request({ method: "GET", url: `/user/assets/videos/${m._id}` })).statusCode).toBe(404);
    await vi.waitFor(() => expect(notifications.some((n) => n.objectId === m._id)).toBe(true), WAIT);
    expect(notifications.find((n) => n.objectId === m._id)).toMatchObject({
      type: "media.processed",
      status: "failed",
      title: "Broken source",
      message: expect.stringContaining(NOT_A_VIDEO),
    });
    // Only the source is left: no half-made renditions.
    expect(await filesIn(key)).toEqual([]);
    expect(await filesIn(`private/video-sources/${m._id}`)).toEqual(["source"]);
  });

  it("ignores a job for a movie that is gone or not waiting", async () => {
    await t.app.services.videos.processVideo("01890000-0000-7000-8000-000000000000");
    await t.app.services.videos.processVideo("not-an-id");
    const m = await createMovie();
    await t.app.services.videos.processVideo(m._id);
    expect((await studio(m._id)).processing.status).toBe("none");
  });
});
