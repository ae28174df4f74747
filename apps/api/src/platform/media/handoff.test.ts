import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/harness.ts";

/**
 * The hand-off of media files to the server in front (X-Accel-Redirect), through the whole app: on request of a
 * trusted proxy (the web server's `X-Sendfile-Type`), or always with MEDIA_ACCEL_REDIRECT; never for a client that
 * asks for itself; after the same checks as the bytes (signature, expiry, take-down, missing file).
 */

const ASK = { "x-sendfile-type": "X-Accel-Redirect" };
const UNTRUSTED = "203.0.113.9";
const NOT_FOUND = { statusCode: 404, error: "Not Found", message: "Media not found" };

let t: TestContext;
let accel: TestContext;
let admin: string;
let movie: string;
const mp4 = randomBytes(5000);
const poster = randomBytes(700);

/** A draft movie with a private MP4 and HLS segment and a public poster on disk, in `ctx`'s MEDIA_DIR. */
async function movieWithFiles(ctx: TestContext) {
  const performer = await ctx.login("performer");
  const res = await ctx.request({
    method: "POST",
    url: "/performer/assets/videos",
    token: performer,
    body: { title: `Hand-off ${Date.now()}`, status: "draft" },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json()._id as string;
  const mediaDir = mediaDirs.get(ctx) as string;
  await mkdir(path.join(mediaDir, `private/videos/${id}/hls/360p`), { recursive: true });
  await mkdir(path.join(mediaDir, `public/videos/${id}`), { recursive: true });
  await writeFile(path.join(mediaDir, `private/videos/${id}/video.mp4`), mp4);
  await writeFile(path.join(mediaDir, `private/videos/${id}/hls/360p/seg_0000.ts`), mp4.subarray(0, 1880));
  await writeFile(path.join(mediaDir, `public/videos/${id}/poster-480.webp`), poster);
  return id;
}

const signed = (ctx: TestContext, key: string, ttl = 600) => ctx.app.services.signer.sign(key, ttl);

/** Each app's MEDIA_DIR, where the tests put the files. */
const mediaDirs = new Map<TestContext, string>();
async function context(env: Record<string, string> = {}) {
  const mediaDir = await mkdtemp(path.join(tmpdir(), "marquee-handoff-"));
  const ctx = await createTestContext({ MEDIA_DIR: mediaDir, ...env });
  mediaDirs.set(ctx, mediaDir);
  return ctx;
}

beforeAll(async () => {
  t = await context();
  accel = await context({ MEDIA_ACCEL_REDIRECT: "/internal/media/", MEDIA_HANDOFF_CACHE_SEC: "0" });
  admin = await t.login("admin");
  movie = await movieWithFiles(t);
});

afterAll(async () => {
  await t?.close();
  await accel?.close();
  for (const dir of mediaDirs.values()) await rm(dir, { recursive: true, force: true });
});

describe("private media: the hand-off to a trusted proxy that asks for it", () => {
  it("answers with no body, X-Accel-Redirect and the file's headers", async () => {
    const url = signed(t, `private/videos/${movie}/video.mp4`, 300);
    const res = await t.app.inject({ method: "GET", url, headers: ASK });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-accel-redirect"]).toBe(`/_media/private/videos/${movie}/video.mp4`);
    expect(res.headers["content-type"]).toBe("video/mp4");
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers["cache-control"]))?.[1]);
    expect(maxAge).toBeGreaterThan(295);
    expect(maxAge).toBeLessThanOrEqual(300);
    expect(res.headers["content-disposition"]).toBeUndefined();
    expect(res.rawPayload.length).toBe(0);

    const head = await t.app.inject({ method: "HEAD", url, headers: ASK });
    expect(head.statusCode).toBe(200);
    expect(head.headers["x-accel-redirect"]).toBe(`/_media/private/videos/${movie}/video.mp4`);

    // An HLS segment through its own link (a link covers one file), with its own type.
    const segment = await t.app.inject({
      method: "GET",
      url: signed(t, `private/videos/${movie}/hls/360p/seg_0000.ts`, 300),
      headers: ASK,
    });
    expect(segment.headers["x-accel-redirect"]).toBe(`/_media/private/videos/${movie}/hls/360p/seg_0000.ts`);
    expect(segment.headers["content-type"]).toBe("video/mp2t");
  });

  it("streams the bytes as before to a client that asks for it itself, and to a request that does not ask", async () => {
    const url = signed(t, `private/videos/${movie}/video.mp4`);
    for (const res of [
      await t.app.inject({ method: "GET", url, headers: ASK, remoteAddress: UNTRUSTED }),
      await t.app.inject({ method: "GET", url }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-accel-redirect"]).toBeUndefined();
      expect(res.rawPayload.equals(mp4)).toBe(true);
      expect(res.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    }
    // Behind a trusted proxy, a client's own X-Forwarded-For changes nothing: the connection's address counts.
    const spoofed = await t.app.inject({
      method: "GET",
      url,
      headers: { ...ASK, "x-forwarded-for": "127.0.0.1" },
      remoteAddress: UNTRUSTED,
    });
    expect(spoofed.headers["x-accel-redirect"]).toBeUndefined();
    expect(spoofed.rawPayload.equals(mp4)).toBe(true);
  });

  it("names a product file's download in Content-Disposition", async () => {
    const key = "private/product-files/handoff-test/guide-2.pdf";
    const mediaDir = mediaDirs.get(t) as string;
    await mkdir(path.join(mediaDir, "private/product-files/handoff-test"), { recursive: true });
    await writeFile(path.join(mediaDir, key), "%PDF-1.4\n");
    const res = await t.app.inject({ method: "GET", url: signed(t, key), headers: ASK });
    expect(res.headers["x-accel-redirect"]).toBe(`/_media/${key}`);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="guide-2.pdf"');
  });

  it("keeps the refusals: a bad link 403, a missing file or a folder 404, nothing handed off", async () => {
    const url = signed(t, `private/videos/${movie}/video.mp4`);
    const bad = await t.app.inject({ method: "GET", url: url.replace(/\.([\w-]{4})/, ".AAAA"), headers: ASK });
    expect(bad.statusCode).toBe(403);
    expect(bad.json()).toEqual({
      statusCode: 403,
      error: "Forbidden",
      message: "This media link has expired or is not valid.",
    });
    for (const key of [`private/videos/${movie}/nope.mp4`, `private/videos/${movie}/hls`]) {
      const res = await t.app.inject({ method: "GET", url: signed(t, key), headers: ASK });
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      expect(res.headers["x-accel-redirect"]).toBeUndefined();
    }
  });
});

describe("public files: the hand-off", () => {
  it("hands an existing file off with a year's immutable cache; anything else is answered as before", async () => {
    const url = `/files/videos/${movie}/poster-480.webp`;
    const res = await t.app.inject({ method: "GET", url, headers: ASK });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-accel-redirect"]).toBe(`/_media/public/videos/${movie}/poster-480.webp`);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.rawPayload.length).toBe(0);
    // Under the API prefix too, as the web server forwards it.
    const prefixed = await t.app.inject({ method: "HEAD", url: `/api${url}`, headers: ASK });
    expect(prefixed.headers["x-accel-redirect"]).toBe(`/_media/public/videos/${movie}/poster-480.webp`);

    const direct = await t.app.inject({ method: "GET", url, headers: ASK, remoteAddress: UNTRUSTED });
    expect(direct.headers["x-accel-redirect"]).toBeUndefined();
    expect(direct.rawPayload.equals(poster)).toBe(true);
    expect(direct.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    const missing = await t.app.inject({ method: "GET", url: `/files/videos/${movie}/nope.webp`, headers: ASK });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["x-accel-redirect"]).toBeUndefined();
    const climbing = await t.app.inject({ method: "GET", url: "/files/%2e%2e/private/x", headers: ASK });
    expect(climbing.headers["x-accel-redirect"]).toBeUndefined();
    expect(climbing.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe("a take-down", () => {
  it("stops the hand-off of the links made before it and of the public files, with 404 as before", async () => {
    const mediaUrl = signed(t, `private/videos/${movie}/video.mp4`);
    const fileUrl = `/files/videos/${movie}/poster-480.webp`;
    expect((await t.app.inject({ method: "GET", url: mediaUrl, headers: ASK })).headers["x-accel-redirect"]).toBe(
      `/_media/private/videos/${movie}/video.mp4`,
    );
    const down = await t.request({
      method: "POST",
      url: `/admin/assets/video/${movie}/take-down`,
      token: admin,
      body: { reason: "Rights claim" },
    });
    expect(down.statusCode, down.body).toBe(200);
    try {
      const media = await t.app.inject({ method: "GET", url: mediaUrl, headers: ASK });
      expect(media.statusCode).toBe(404);
      expect(media.json()).toEqual(NOT_FOUND);
      expect(media.headers["x-accel-redirect"]).toBeUndefined();
      const file = await t.app.inject({ method: "GET", url: fileUrl, headers: ASK });
      expect(file.statusCode).toBe(404);
      expect(file.json()).toEqual({ statusCode: 404, error: "Not Found", message: "File not found" });
      expect(file.headers["x-accel-redirect"]).toBeUndefined();
    } finally {
      await t.request({ method: "DELETE", url: `/admin/assets/video/${movie}/take-down`, token: admin });
    }
  });
});

describe("MEDIA_ACCEL_REDIRECT", () => {
  it("hands every checked file off under its prefix, whoever asks (a proxy in front serves them)", async () => {
    const id = await movieWithFiles(accel);
    const media = await accel.app.inject({
      method: "GET",
      url: signed(accel, `private/videos/${id}/video.mp4`),
      remoteAddress: UNTRUSTED,
    });
    expect(media.statusCode).toBe(200);
    expect(media.headers["x-accel-redirect"]).toBe(`/internal/media/private/videos/${id}/video.mp4`);
    expect(media.rawPayload.length).toBe(0);
    const file = await accel.app.inject({ method: "GET", url: `/files/videos/${id}/poster-480.webp` });
    expect(file.headers["x-accel-redirect"]).toBe(`/internal/media/public/videos/${id}/poster-480.webp`);
    expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

describe("X-Accel-Expires: how long the server in front may reuse a hand-off", () => {
  const maxAgeOf = (value: unknown) => Number(/max-age=(\d+)/.exec(String(value))?.[1]);

  it("is MEDIA_HANDOFF_CACHE_SEC (5 by default) on a private file's and a public file's hand-off", async () => {
    const media = await t.app.inject({
      method: "GET",
      url: signed(t, `private/videos/${movie}/video.mp4`, 300),
      headers: ASK,
    });
    expect(media.headers["x-accel-redirect"]).toBe(`/_media/private/videos/${movie}/video.mp4`);
    expect(media.headers["x-accel-expires"]).toBe("5");
    const head = await t.app.inject({
      method: "HEAD",
      url: signed(t, `private/videos/${movie}/hls/360p/seg_0000.ts`, 300),
      headers: ASK,
    });
    expect(head.headers["x-accel-expires"]).toBe("5");
    const file = await t.app.inject({ method: "GET", url: `/files/videos/${movie}/poster-480.webp`, headers: ASK });
    expect(file.headers["x-accel-redirect"]).toBe(`/_media/public/videos/${movie}/poster-480.webp`);
    expect(file.headers["x-accel-expires"]).toBe("5");
    expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("ends a second before the link does (nginx counts whole seconds), and is absent on a link about to expire", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: signed(t, `private/videos/${movie}/video.mp4`, 4),
      headers: ASK,
    });
    expect(res.statusCode).toBe(200);
    const left = maxAgeOf(res.headers["cache-control"]);
    expect(left).toBeLessThanOrEqual(4);
    if (left > 1) expect(res.headers["x-accel-expires"]).toBe(String(left - 1));
    else expect(res.headers["x-accel-expires"]).toBeUndefined();

    const ending = await t.app.inject({
      method: "GET",
      url: signed(t, `private/videos/${movie}/video.mp4`, 1),
      headers: ASK,
    });
    expect(ending.statusCode).toBe(200);
    expect(ending.headers["x-accel-redirect"]).toBe(`/_media/private/videos/${movie}/video.mp4`);
    expect(ending.headers["x-accel-expires"]).toBeUndefined();
  });

  it("is absent with MEDIA_HANDOFF_CACHE_SEC=0, on the bytes the API sends itself, on a playlist and on a refusal", async () => {
    const id = await movieWithFiles(accel);
    const off = await accel.app.inject({ method: "GET", url: signed(accel, `private/videos/${id}/video.mp4`) });
    expect(off.headers["x-accel-redirect"]).toBe(`/internal/media/private/videos/${id}/video.mp4`);
    expect(off.headers["x-accel-expires"]).toBeUndefined();
    const file = await accel.app.inject({ method: "GET", url: `/files/videos/${id}/poster-480.webp` });
    expect(file.headers["x-accel-redirect"]).toBe(`/internal/media/public/videos/${id}/poster-480.webp`);
    expect(file.headers["x-accel-expires"]).toBeUndefined();

    const streamed = await t.app.inject({ method: "GET", url: signed(t, `private/videos/${movie}/video.mp4`) });
    expect(streamed.rawPayload.equals(mp4)).toBe(true);
    expect(streamed.headers["x-accel-expires"]).toBeUndefined();

    const playlistKey = `private/videos/${movie}/hls/master.m3u8`;
    await writeFile(path.join(mediaDirs.get(t) as string, playlistKey), "#EXTM3U\n");
    // A playlist is a grant's answer made per fetch (videos.media.test.ts): a plain file link to one is refused.
    const plain = await t.app.inject({ method: "GET", url: signed(t, playlistKey), headers: ASK });
    expect(plain.statusCode).toBe(403);
    expect(plain.headers["x-accel-expires"]).toBeUndefined();

    const url = signed(t, `private/videos/${movie}/video.mp4`);
    const refused = [
      await t.app.inject({ method: "GET", url: url.replace(/\.([\w-]{4})/, ".AAAA"), headers: ASK }),
      await t.app.inject({ method: "GET", url: signed(t, `private/videos/${movie}/nope.mp4`), headers: ASK }),
      await t.app.inject({ method: "GET", url: `/files/videos/${movie}/nope.webp`, headers: ASK }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 404, 404]);
    for (const res of refused) expect(res.headers["x-accel-expires"]).toBeUndefined();
  });

  it("is absent on the 404 of a taken-down movie's links and files", async () => {
    const mediaUrl = signed(t, `private/videos/${movie}/video.mp4`);
    const down = await t.request({
      method: "POST",
      url: `/admin/assets/video/${movie}/take-down`,
      token: admin,
      body: { reason: "Rights claim" },
    });
    expect(down.statusCode, down.body).toBe(200);
    try {
      for (const url of [mediaUrl, `/files/videos/${movie}/poster-480.webp`]) {
        const res = await t.app.inject({ method: "GET", url, headers: ASK });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers["x-accel-expires"]).toBeUndefined();
      }
    } finally {
      await t.request({ method: "DELETE", url: `/admin/assets/video/${movie}/take-down`, token: admin });
    }
  });
});
