import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUrlSigner } from "../apps/api/src/platform/signed-urls.ts";
// @ts-expect-error plain ESM helper shared with `npm start`
import { freePort, startWeb, stop, waitFor } from "../scripts/processes.mjs";
import { api, apiLogin, site } from "./browser.ts";

/**
 * Media through the site's origin (issue 21): the built web server asks the real API to check each request and
 * hand the file off, then sends it from MEDIA_DIR itself. Range, HEAD, 304 and the headers are checked byte for byte
 * against the files on disk, on the shared site's web server (the embedded default), on one whose MEDIA_DIR is
 * another folder (it sends its own copy, and asks the API for the bytes of what it lacks), and on one that forwards
 * every byte (WEB_SERVES_MEDIA=false).
 */

const id = `e2edelivery${Date.now().toString(36)}`;
const movieKey = `private/videos/${id}/video.mp4`;
const segmentKey = `private/videos/${id}/hls/360p/seg_0000.ts`;
const productKey = `private/product-files/${id}/guide.pdf`;
const publicKey = `public/e2e-delivery/${id}/poster-480.webp`;
const movie = randomBytes(3 * 1024 * 1024 + 12_345);
const segment = randomBytes(1_500_000);
const poster = randomBytes(20_000);
const MB = 1024 * 1024;

let mediaDir: string;
let signed: (key: string, ttl?: number) => string;
let mirror: string;
let mirrorWeb: ChildProcess;
let mirrorUrl: string;
let bytesWeb: ChildProcess;
let bytesUrl: string;
const mirrorMovie = randomBytes(movie.length);
const webLog: string[] = [];

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request by node:http (fetch would add its own Accept-Encoding and hide HEAD's Content-Length). */
function get(base: string, url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    // The path as it is: no URL parser folds its dot segments first.
    const req = request({ host: hostname, port, path: url, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function startedWeb(env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startWeb(
    {
      WEB_PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      API_INTERNAL_URL: site().apiUrl,
      DATA_DIR: site().dataDir,
      WEB_WORKERS: "1",
      ...env,
    },
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stderr?.on("data", (d: Buffer) => webLog.push(d.toString()));
  await waitFor(`${url}/favicon.svg`, child);
  return { child, url };
}

beforeAll(async () => {
  mediaDir = path.join(site().dataDir, "media");
  const secret = (await readFile(path.join(site().dataDir, "media-secret"), "utf8")).trim();
  const signer = createUrlSigner({ secret, publicBaseUrl: "/api", ttlSec: 600 });
  signed = (key, ttl) => signer.sign(key, ttl);
  for (const [key, bytes] of [
    [movieKey, movie],
    [segmentKey, segment],
    [productKey, Buffer.from("%PDF-1.4\n% a guide\n")],
    [publicKey, poster],
  ] as const) {
    await mkdir(path.dirname(path.join(mediaDir, key)), { recursive: true });
    await writeFile(path.join(mediaDir, key), bytes);
  }
  // Another machine's copy of the media folder: the same movie's key with other bytes, no segment.
  mirror = await mkdtemp(path.join(tmpdir(), "marquee-mirror-"));
  await mkdir(path.join(mirror, `private/videos/${id}`), { recursive: true });
  await mkdir(path.join(mirror, "public"), { recursive: true });
  await writeFile(path.join(mirror, movieKey), mirrorMovie);
  ({ child: mirrorWeb, url: mirrorUrl } = await startedWeb({ MEDIA_DIR: mirror }));
  ({ child: bytesWeb, url: bytesUrl } = await startedWeb({ WEB_SERVES_MEDIA: "false" }));
});

afterAll(async () => {
  await Promise.all([stop(mirrorWeb), stop(bytesWeb)]);
  if (mirror) await rm(mirror, { recursive: true, force: true });
  if (mediaDir) {
    await rm(path.join(mediaDir, `private/videos/${id}`), { recursive: true, force: true });
    await rm(path.join(mediaDir, `private/product-files/${id}`), { recursive: true, force: true });
    await rm(path.join(mediaDir, `public/e2e-delivery/${id}`), { recursive: true, force: true });
  }
});

/** The checks every path to a private movie passes, on the web server at `base`, against `bytes`. */
async function privateMovieChecks(base: string, bytes: Buffer) {
  const url = signed(movieKey, 300);
  const whole = await get(base, url);
  expect(whole.status).toBe(200);
  expect(whole.body.equals(bytes)).toBe(true);
  expect(whole.headers["content-type"]).toBe("video/mp4");
  expect(whole.headers["content-length"]).toBe(String(bytes.length));
  expect(whole.headers["accept-ranges"]).toBe("bytes");
  expect(whole.headers["x-accel-redirect"]).toBeUndefined();
  expect(whole.headers["x-accel-expires"]).toBeUndefined();
  // Private media is never for shared caches, and no longer than its link lives.
  const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(whole.headers["cache-control"]))?.[1]);
  expect(maxAge).toBeGreaterThan(250);
  expect(maxAge).toBeLessThanOrEqual(300);
  // The API's own security headers come along; the page CSP does not.
  expect(whole.headers["x-content-type-options"]).toBe("nosniff");
  expect(whole.headers["content-security-policy"]).toBeUndefined();

  const first = await get(base, url, { range: "bytes=0-1048575" });
  expect(first.status).toBe(206);
  expect(first.headers["content-range"]).toBe(`bytes 0-1048575/${bytes.length}`);
  expect(first.headers["content-length"]).toBe(String(MB));
  expect(first.body.equals(bytes.subarray(0, MB))).toBe(true);
  expect(first.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);

  const middle = await get(base, url, { range: `bytes=${MB}-${2 * MB + 99}` });
  expect(middle.status).toBe(206);
  expect(middle.body.equals(bytes.subarray(MB, 2 * MB + 100))).toBe(true);
  const open = await get(base, url, { range: `bytes=${3 * MB}-` });
  expect(open.headers["content-range"]).toBe(`bytes ${3 * MB}-${bytes.length - 1}/${bytes.length}`);
  expect(open.body.equals(bytes.subarray(3 * MB))).toBe(true);
  const suffix = await get(base, url, { range: "bytes=-500" });
  expect(suffix.status).toBe(206);
  expect(suffix.headers["content-range"]).toBe(`bytes ${bytes.length - 500}-${bytes.length - 1}/${bytes.length}`);
  expect(suffix.body.equals(bytes.subarray(bytes.length - 500))).toBe(true);

  const outside = await get(base, url, { range: `bytes=${bytes.length + 10}-` });
  expect(outside.status).toBe(416);
  expect(outside.headers["content-range"]).toBe(`bytes */${bytes.length}`);
  expect(JSON.parse(outside.body.toString())).toEqual({
    statusCode: 416,
    error: "Range Not Satisfiable",
    message: "The requested range is not in the file.",
  });

  const head = await get(base, url, {}, "HEAD");
  expect(head.status).toBe(200);
  expect(head.headers["content-length"]).toBe(String(bytes.length));
  expect(head.headers["content-type"]).toBe("video/mp4");
  expect(head.body.length).toBe(0);
  const headRange = await get(base, url, { range: "bytes=10-19" }, "HEAD");
  expect(headRange.status).toBe(206);
  expect(headRange.headers["content-range"]).toBe(`bytes 10-19/${bytes.length}`);
  expect(headRange.body.length).toBe(0);

  const etag = String(whole.headers.etag);
  expect(etag).toMatch(/^W\/".+"$/);
  const byTag = await get(base, url, { "if-none-match": etag });
  expect(byTag.status).toBe(304);
  expect(byTag.body.length).toBe(0);
  expect(byTag.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
  const lastModified = String(whole.headers["last-modified"]);
  const byDate = await get(base, url, { "if-modified-since": lastModified });
  expect(byDate.status).toBe(304);
  const changedSince = await get(base, url, { "if-modified-since": new Date(0).toUTCString() });
  expect(changedSince.status).toBe(200);
  expect(changedSince.body.equals(bytes)).toBe(true);
}

describe("through the site's origin on the embedded default (the web server sends the file)", () => {
  it("answers whole files, ranges, HEAD and 304 with the file's exact bytes and the API's headers", async () => {
    await privateMovieChecks(site().webUrl, movie);

    // An HLS segment through its own link (a link covers one file).
    const segmentUrl = signed(segmentKey);
    const seg = await get(site().webUrl, segmentUrl);
    expect(seg.status).toBe(200);
    expect(seg.headers["content-type"]).toBe("video/mp2t");
    expect(seg.body.equals(segment)).toBe(true);

    const download = await get(site().webUrl, signed(productKey));
    expect(download.status).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toBe('attachment; filename="guide.pdf"');
    expect(download.body.toString()).toBe("%PDF-1.4\n% a guide\n");
  });

  it("sends public files with a year's immutable cache, and 304 on a repeat", async () => {
    const url = `/api/files/${publicKey.slice("public/".length)}`;
    const res = await get(site().webUrl, url);
    expect(res.status).toBe(200);
    expect(res.body.equals(poster)).toBe(true);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["x-accel-redirect"]).toBeUndefined();
    const again = await get(site().webUrl, url, { "if-none-match": String(res.headers.etag) });
    expect(again.status).toBe(304);
    const part = await get(site().webUrl, url, { range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.body.equals(poster.subarray(100, 200))).toBe(true);
  });

  it("keeps the API's refusals: a bad or expired link, a missing file, a path that climbs out", async () => {
    const url = signed(movieKey);
    const bad = await get(site().webUrl, url.replace(/\/(\d+)\.[\w-]+\//, "/$1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/"));
    expect(bad.status).toBe(403);
    expect(JSON.parse(bad.body.toString())).toEqual({
      statusCode: 403,
      error: "Forbidden",
      message: "This media link has expired or is not valid.",
    });
    const missing = await get(site().webUrl, signed(`private/videos/${id}/nope.mp4`));
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body.toString())).toEqual({
      statusCode: 404,
      error: "Not Found",
      message: "Media not found",
    });
    for (const tail of ["../../../media-secret", "%2e%2e/%2e%2e/%2e%2e/media-secret", ".hidden"]) {
      const res = await get(site().webUrl, url.replace("video.mp4", tail));
      expect(res.status, tail).toBeGreaterThanOrEqual(400);
      expect(res.body.toString()).not.toContain(
        (await readFile(path.join(site().dataDir, "media-secret"), "utf8")).trim(),
      );
    }
    const publicMissing = await get(site().webUrl, "/api/files/e2e-delivery/nothing.webp");
    expect(publicMissing.status).toBe(404);
  });
});

describe("the API's hand-off reused for its X-Accel-Expires (MEDIA_HANDOFF_CACHE_SEC, 5 s by default)", () => {
  it("keeps sending a link being fetched for at most those seconds after a take-down, then answers the API's 404", async () => {
    const [performer, admin] = [await apiLogin("performer"), await apiLogin("admin")];
    const created = await api("POST", "/performer/assets/videos", {
      token: performer,
      body: { title: `Reuse ${id}`, status: "draft" },
    });
    expect(created.status).toBe(201);
    const key = `private/videos/${created.body._id}/video.mp4`;
    await mkdir(path.dirname(path.join(mediaDir, key)), { recursive: true });
    await writeFile(path.join(mediaDir, key), movie);
    const url = signed(key, 300);
    try {
      const first = await get(site().webUrl, url, { range: "bytes=0-9" });
      const firstAt = Date.now();
      expect(first.status).toBe(206);
      expect(first.body.equals(movie.subarray(0, 10))).toBe(true);
      const down = await api("POST", `/admin/assets/video/${created.body._id}/take-down`, {
        token: admin,
        body: { reason: "Rights claim" },
      });
      expect(down.status).toBe(200);
      const kept = await get(site().webUrl, url, { range: "bytes=0-9" });
      // The API's decision of the first request, still valid unless this machine took 4 s to get here.
      if (Date.now() - firstAt < 4000) expect(kept.status).toBe(206);
      // The API itself refuses at once.
      expect((await get(site().apiUrl, url)).status).toBe(404);
      await expect
        .poll(async () => (await get(site().webUrl, url, { range: "bytes=0-9" })).status, {
          timeout: 7000,
          interval: 200,
        })
        .toBe(404);
      const gone = await get(site().webUrl, url);
      expect(JSON.parse(gone.body.toString())).toEqual({
        statusCode: 404,
        error: "Not Found",
        message: "Media not found",
      });
    } finally {
      await api("DELETE", `/admin/assets/video/${created.body._id}/take-down`, { token: admin });
      await rm(path.join(mediaDir, `private/videos/${created.body._id}`), { recursive: true, force: true });
    }
  });
});

describe("a web server whose MEDIA_DIR is another folder", () => {
  it("sends its own copy, with the same checks, and asks the API for the bytes of a file it does not have", async () => {
    // Its folder's bytes, not the API's: the file came from this server's disk.
    await privateMovieChecks(mirrorUrl, mirrorMovie);
    // The segment is not in its folder: the API sends it, through this server.
    const seg = await get(mirrorUrl, signed(segmentKey), {
      range: "bytes=1000-1999",
    });
    expect(seg.status).toBe(206);
    expect(seg.body.equals(segment.subarray(1000, 2000))).toBe(true);
    expect(seg.headers["content-range"]).toBe(`bytes 1000-1999/${segment.length}`);
    await expect.poll(() => webLog.join("")).toContain(`is not in MEDIA_DIR here (${mirror})`);
  });
});

describe("WEB_SERVES_MEDIA=false", () => {
  it("forwards the API's bytes, and a visitor cannot ask the API for a hand-off through it", async () => {
    await privateMovieChecks(bytesUrl, movie);
    const asking = await get(bytesUrl, signed(movieKey), { "x-sendfile-type": "X-Accel-Redirect" });
    expect(asking.status).toBe(200);
    expect(asking.headers["x-accel-redirect"]).toBeUndefined();
    expect(asking.body.equals(movie)).toBe(true);
  });
});
