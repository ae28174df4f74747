import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { WAIT } from "../../../test/wait.ts";
import { registerAccess } from "../access.ts";
import { registerErrorHandling } from "../errors.ts";
import { createUrlSigner } from "../signed-urls.ts";
import { createDiskStorage } from "../storage.ts";
import { createGrantedMedia } from "./grants.ts";
import { mediaRoutes } from "./serve.ts";

const base = "http://api.test";
const signer = createUrlSigner({ secret: "serve-test-secret-0123456789", publicBaseUrl: base, ttlSec: 600 });
const FORBIDDEN = { statusCode: 403, error: "Forbidden", message: "This media link has expired or is not valid." };

let app: FastifyInstance;
const logged: string[] = [];
let mediaDir: string;
const body = randomBytes(1000);
const videoKey = "private/videos/v1/video.mp4";
const masterKey = "private/videos/v1/hls/master.m3u8";
const segmentKey = "private/videos/v1/hls/360p/seg_0000.ts";
const variantKey = "private/videos/v1/hls/360p/index.m3u8";
const master = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000\n360p/index.m3u8\n";
const variant = "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nseg_0000.ts\n#EXT-X-ENDLIST\n";
const SEGMENT_TTL = 120;
const VIEWER = "0192f0e4-7b1c-7c3e-9d2a-1b2c3d4e5f60";
/** Who may still watch movie v1 (the movies' port answers this in the app). */
const watchers = new Set<string | null>([VIEWER]);
const NO_LONGER = "You no longer have access to this movie.";

/** The path and query part of a signed URL, for `inject`. */
const pathOf = (url: string) => url.slice(base.length);
const signed = (key: string, ttl?: number) => pathOf(signer.sign(key, ttl));

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "marquee-serve-"));
  await mkdir(path.join(mediaDir, "private/videos/v1/hls/360p"), { recursive: true });
  await mkdir(path.join(mediaDir, "private/videos/v2"), { recursive: true });
  await writeFile(path.join(mediaDir, videoKey), body);
  await writeFile(path.join(mediaDir, masterKey), master);
  await writeFile(path.join(mediaDir, variantKey), variant);
  await writeFile(path.join(mediaDir, segmentKey), randomBytes(188 * 4));
  await writeFile(path.join(mediaDir, "private/videos/v2/video.mp4"), randomBytes(10));
  await writeFile(path.join(mediaDir, "secret.txt"), "outside the private tree");

  // What the route logs: a second answer to one request would be a warning here.
  app = Fastify({ logger: { level: "warn", stream: { write: (line: string) => void logged.push(line) } } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerAccess(app, {
    resolveToken: async () => null,
    adminTwoFactorRequired: true,
    isCountryBlocked: async () => false,
    isMaintenance: async () => false,
  });
  const granted = createGrantedMedia({
    storage: createDiskStorage({ root: mediaDir, publicBaseUrl: base }),
    signer,
    segmentTtlSec: SEGMENT_TTL,
    items: { videos: async (viewerId, id) => (id === "v1" && watchers.has(viewerId) ? null : NO_LONGER) },
  });
  await app.register(mediaRoutes, { signer, mediaDir, granted });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(mediaDir, { recursive: true, force: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("GET /media/:exp/:sig/*", () => {
  it("serves the whole file with its type, length, ranges advertised and a private cache header", async () => {
    const res = await app.inject({ method: "GET", url: signed(videoKey, 300) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(body)).toBe(true);
    expect(res.headers["content-type"]).toBe("video/mp4");
    expect(res.headers["content-length"]).toBe("1000");
    expect(res.headers["accept-ranges"]).toBe("bytes");
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers["cache-control"]))?.[1]);
    expect(maxAge).toBeGreaterThan(295);
    expect(maxAge).toBeLessThanOrEqual(300);
  });

  it("answers a byte range with 206 and Content-Range", async () => {
    const res = await app.inject({ method: "GET", url: signed(videoKey), headers: { range: "bytes=0-99" } });
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-range"]).toBe("bytes 0-99/1000");
    expect(res.headers["content-length"]).toBe("100");
    expect(res.rawPayload.equals(body.subarray(0, 100))).toBe(true);
  });

  it("answers an open-ended and a suffix range", async () => {
    const open = await app.inject({ method: "GET", url: signed(videoKey), headers: { range: "bytes=900-" } });
    expect(open.statusCode).toBe(206);
    expect(open.headers["content-range"]).toBe("bytes 900-999/1000");
    expect(open.rawPayload.equals(body.subarray(900))).toBe(true);

    const suffix = await app.inject({ method: "GET", url: signed(videoKey), headers: { range: "bytes=-50" } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers["content-range"]).toBe("bytes 950-999/1000");
    expect(suffix.rawPayload.equals(body.subarray(950))).toBe(true);
  });

  it("refuses a range past the end with 416 and the size", async () => {
    const res = await app.inject({ method: "GET", url: signed(videoKey), headers: { range: "bytes=5000-6000" } });
    expect(res.statusCode).toBe(416);
    expect(res.headers["content-range"]).toBe("bytes */1000");
    expect(res.json()).toMatchObject({ statusCode: 416, error: "Range Not Satisfiable" });
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await app.inject({ method: "HEAD", url: signed(videoKey) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-length"]).toBe("1000");
    expect(res.headers["content-type"]).toBe("video/mp4");
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.rawPayload.length).toBe(0);

    const range = await app.inject({ method: "HEAD", url: signed(videoKey), headers: { range: "bytes=10-19" } });
    expect(range.statusCode).toBe(206);
    expect(range.headers["content-range"]).toBe("bytes 10-19/1000");
    expect(range.rawPayload.length).toBe(0);
  });

  it("answers a conditional request with 304", async () => {
    const url = signed(videoKey);
    const first = await app.inject({ method: "GET", url });
    const etag = String(first.headers.etag);
    expect(etag).toBeTruthy();
    const again = await app.inject({ method: "GET", url, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("refuses an expired link", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
    const url = signed(videoKey, 60);
    vi.setSystemTime(new Date("2030-01-01T00:01:01Z"));
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
  });

  it("refuses a tampered signature or expiry", async () => {
    const url = signed(videoKey);
    const [, , exp, sig] = url.split("/") as [string, string, string, string];
    const flipped = `${sig[0] === "A" ? "B" : "A"}${sig.slice(1)}`;
    const tampered = await app.inject({ method: "GET", url: url.replace(sig, flipped) });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json()).toEqual(FORBIDDEN);
    const later = await app.inject({ method: "GET", url: url.replace(`/${exp}/`, `/${Number(exp) + 3600}/`) });
    expect(later.statusCode).toBe(403);
    const garbage = await app.inject({ method: "GET", url: `/media/soon/${sig}/${videoKey}` });
    expect(garbage.statusCode).toBe(403);
  });

  it("refuses another file than the one signed", async () => {
    for (const url of [
      signed(videoKey).replace("/private/videos/v1/", "/private/videos/v2/"),
      signed(segmentKey).replace("seg_0000.ts", "index.m3u8"),
      signed(segmentKey).replace("hls/360p/seg_0000.ts", "video.mp4"),
    ]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
  });

  it("refuses paths that climb out of the signed file", async () => {
    const url = signed(videoKey);
    const prefix = url.slice(0, url.indexOf("/private/"));
    for (const tail of [
      "/private/videos/v1/../v2/video.mp4",
      "/private/videos/v1/%2e%2e/v2/video.mp4",
      "/private/videos/v1/../../../secret.txt",
      "/private/videos/v1/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret.txt",
      "/private/videos/v1/.hidden",
    ]) {
      const res = await app.inject({ method: "GET", url: `${prefix}${tail}` });
      expect(res.statusCode, tail).toBe(403);
      expect(res.body).not.toContain("outside the private tree");
    }
  });

  it("answers 404 for a missing file and a directory inside a valid scope", async () => {
    const missing = await app.inject({ method: "GET", url: signed("private/videos/v1/nope.mp4") });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
    const dir = await app.inject({ method: "GET", url: signed("private/videos/v1/hls") });
    expect(dir.statusCode).toBe(404);
    const playlist = await app.inject({
      method: "GET",
      url: pathOf(signer.granted("private/videos/v1/hls/720p/index.m3u8", VIEWER).url),
    });
    expect(playlist.statusCode).toBe(404);
  });
});

/** The URI lines (not tags, not comments) of a playlist. */
const urisOf = (text: string) => text.split("\n").filter((l) => l && !l.startsWith("#"));

describe("HLS playlists through a grant", () => {
  it("answers the master with its variants as links of the same grant, never cached", async () => {
    const grant = signer.granted(masterKey, VIEWER, 600);
    const res = await app.inject({ method: "GET", url: pathOf(grant.url) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.apple.mpegurl");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const [variantUrl] = urisOf(res.body) as [string];
    expect(res.body).toBe(`#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000\n${variantUrl}\n`);
    const [, exp, sig] =
      /^http:\/\/api\.test\/media\/(\d+)\/([^/]+)\/private\/videos\/v1\/hls\/360p\/index\.m3u8$/.exec(
        variantUrl,
      ) as unknown as [string, string, string];
    expect(signer.verify(exp, sig, variantKey)).toEqual(signer.verify(...grantParts(grant.url)));
  });

  it("answers a variant with its segments signed for a short time, and the segments play", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
    const master = await app.inject({ method: "GET", url: pathOf(signer.granted(masterKey, VIEWER, 600).url) });
    const variant = await app.inject({ method: "GET", url: pathOf(urisOf(master.body)[0] as string) });
    expect(variant.statusCode, variant.body).toBe(200);
    expect(variant.headers["cache-control"]).toBe("private, no-store");
    const [segmentUrl] = urisOf(variant.body) as [string];
    expect(variant.body).toBe(`#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\n${segmentUrl}\n#EXT-X-ENDLIST\n`);
    const [, exp] = /\/media\/(\d+)\/\d+\.[A-Za-z0-9_-]{32}\/private\/videos\/v1\/hls\/360p\/seg_0000\.ts$/.exec(
      segmentUrl,
    ) as unknown as [string, string];
    expect(Number(exp)).toBe(Date.parse("2030-01-01T00:00:00Z") / 1000 + SEGMENT_TTL);
    const segment = await app.inject({ method: "GET", url: pathOf(segmentUrl) });
    expect(segment.statusCode).toBe(200);
    expect(segment.headers["content-type"]).toBe("video/mp2t");
    expect(segment.rawPayload.length).toBe(188 * 4);
    // Past its short life the segment's link is refused; the grant itself still makes new ones.
    vi.setSystemTime(new Date(Date.parse("2030-01-01T00:00:00Z") + SEGMENT_TTL * 1000));
    expect((await app.inject({ method: "GET", url: pathOf(segmentUrl) })).json()).toEqual(FORBIDDEN);
    const again = await app.inject({ method: "GET", url: pathOf(urisOf(master.body)[0] as string) });
    expect(again.statusCode).toBe(200);
    expect(urisOf(again.body)[0]).not.toBe(segmentUrl);
  });

  it("never signs a segment past its grant's expiry", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
    const master = await app.inject({ method: "GET", url: pathOf(signer.granted(masterKey, VIEWER, 30).url) });
    const variant = await app.inject({ method: "GET", url: pathOf(urisOf(master.body)[0] as string) });
    const [, exp] = /\/media\/(\d+)\//.exec(urisOf(variant.body)[0] as string) as unknown as [string, string];
    expect(Number(exp)).toBe(Date.parse("2030-01-01T00:00:00Z") / 1000 + 30);
  });

  it("decides the viewer's access again at every fetch of a grant", async () => {
    const url = pathOf(signer.granted(masterKey, VIEWER).url);
    const mp4 = pathOf(signer.granted(videoKey, VIEWER).url);
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: mp4 })).statusCode).toBe(200);
    watchers.delete(VIEWER);
    try {
      for (const refused of [url, mp4]) {
        const res = await app.inject({ method: "GET", url: refused });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ statusCode: 403, error: "Forbidden", message: NO_LONGER });
      }
      // Nobody signed in is another viewer, refused as well.
      const anon = await app.inject({ method: "GET", url: pathOf(signer.granted(masterKey, null).url) });
      expect(anon.json().message).toBe(NO_LONGER);
    } finally {
      watchers.add(VIEWER);
    }
  });

  it("answers a playlist once, never the stored file after it", async () => {
    logged.length = 0;
    const res = await app.inject({ method: "GET", url: pathOf(signer.granted(masterKey, VIEWER).url) });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toBe(master);
    await vi.waitFor(() => expect(res.raw.res.writableFinished).toBe(true), WAIT);
    expect(logged).toEqual([]);
  });

  it("serves a playlist only through a grant, and a grant only to a kind that checks its viewers", async () => {
    const file = await app.inject({ method: "GET", url: signed(masterKey) });
    expect(file.statusCode).toBe(403);
    expect(file.json()).toEqual(FORBIDDEN);
    const photo = await app.inject({
      method: "GET",
      url: pathOf(signer.granted("private/photos/p1/full.webp", VIEWER).url),
    });
    expect(photo.statusCode).toBe(403);
    expect(photo.json()).toEqual(FORBIDDEN);
  });
});

/** A signed URL's expiry, signature and key, as the route reads them. */
function grantParts(url: string): [string, string, string] {
  const [, exp, sig, key] = /\/media\/(\d+)\/([^/]+)\/(.+)$/.exec(url) as unknown as [string, string, string, string];
  return [exp, sig, key];
}
