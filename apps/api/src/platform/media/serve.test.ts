import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { registerAccess } from "../access.ts";
import { registerErrorHandling } from "../errors.ts";
import { createUrlSigner } from "../signed-urls.ts";
import { mediaRoutes } from "./serve.ts";

const base = "http://api.test";
const signer = createUrlSigner({ secret: "serve-test-secret-0123456789", publicBaseUrl: base, ttlSec: 600 });
const FORBIDDEN = { statusCode: 403, error: "Forbidden", message: "This media link has expired or is not valid." };

let app: FastifyInstance;
let mediaDir: string;
const body = randomBytes(1000);
const videoKey = "private/videos/v1/video.mp4";
const masterKey = "private/videos/v1/hls/master.m3u8";
const segmentKey = "private/videos/v1/hls/360p/seg_0000.ts";
const master = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000\n360p/index.m3u8\n";

/** The path and query part of a signed URL, for `inject`. */
const pathOf = (url: string) => url.slice(base.length);
const signed = (key: string, ttl?: number) => pathOf(signer.sign(key, ttl));

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "marquee-serve-"));
  await mkdir(path.join(mediaDir, "private/videos/v1/hls/360p"), { recursive: true });
  await mkdir(path.join(mediaDir, "private/videos/v2"), { recursive: true });
  await writeFile(path.join(mediaDir, videoKey), body);
  await writeFile(path.join(mediaDir, masterKey), master);
  await writeFile(path.join(mediaDir, segmentKey), randomBytes(188 * 4));
  await writeFile(path.join(mediaDir, "private/videos/v2/video.mp4"), randomBytes(10));
  await writeFile(path.join(mediaDir, "secret.txt"), "outside the private tree");

  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerAccess(app, {
    resolveToken: async () => null,
    isCountryBlocked: async () => false,
    isMaintenance: async () => false,
  });
  await app.register(mediaRoutes, { signer, mediaDir });
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

  it("serves a master playlist and, with the same signature, the files it names", async () => {
    const url = signed(masterKey);
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.apple.mpegurl");
    expect(res.body).toBe(master);

    // A player resolves relative URIs against the playlist's URL.
    const segmentUrl = new URL("360p/seg_0000.ts", `${base}${url}`);
    const segment = await app.inject({ method: "GET", url: segmentUrl.pathname });
    expect(segment.statusCode).toBe(200);
    expect(segment.headers["content-type"]).toBe("video/mp2t");
    expect(segment.rawPayload.length).toBe(188 * 4);
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

  it("refuses a key outside the signed scope", async () => {
    const url = signed(videoKey).replace("/private/videos/v1/", "/private/videos/v2/");
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
  });

  it("refuses paths that climb out of the scope", async () => {
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
  });
});
