import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, HeadObjectCommand } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, newAccount, type TestContext } from "../../test/harness.ts";
import { fileUpload, pngOf } from "../../test/multipart.ts";
import { startS3Server, type TestS3Server } from "../../test/s3-server.ts";
import { loadBaseConfig } from "../config.ts";
import { checkStorage, createStorage } from "./create-storage.ts";
import { classifyStartupFailure } from "./startup-errors.ts";
import { readAll } from "./storage.ts";
import { createS3Storage, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, type S3Storage } from "./storage-s3.ts";

/** What only object storage does: object metadata, presigned URLs that expire, a public base URL, the bucket check. */
let server: TestS3Server;
let root: string;
let storage: S3Storage;
const s3Storage = (publicBaseUrl?: string) =>
  createS3Storage({
    endpoint: server.endpoint,
    region: server.region,
    bucket: server.bucket,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    forcePathStyle: true,
    publicBaseUrl,
    scratchDir: path.join(root, "tmp"),
    apiBaseUrl: "/api",
  });

beforeAll(async () => {
  server = await startS3Server();
  root = await mkdtemp(path.join(tmpdir(), "marquee-s3-scratch-"));
  storage = s3Storage();
});
afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

const head = (key: string) => storage.client.send(new HeadObjectCommand({ Bucket: server.bucket, Key: key }));

describe("S3 storage", () => {
  it("stores each file with its content type and caching: a year for public files, never shared for private ones", async () => {
    await storage.put("public/meta/a-256.webp", Buffer.from("webp"));
    const tmp = await storage.tempPath("transcode");
    await writeFile(tmp, "#EXTM3U");
    await storage.moveIn(tmp, "private/meta/v1/hls/master.m3u8");
    await storage.put("private/meta/v1/hls/seg-1.ts", Buffer.from("ts"));
    await storage.put("private/meta/book.epub", Buffer.from("epub"));
    expect(await head("public/meta/a-256.webp")).toMatchObject({
      ContentType: "image/webp",
      CacheControl: "public, max-age=31536000, immutable",
    });
    expect(await head("private/meta/v1/hls/master.m3u8")).toMatchObject({
      ContentType: "application/vnd.apple.mpegurl",
      CacheControl: "private, max-age=3600",
    });
    expect((await head("private/meta/v1/hls/seg-1.ts")).ContentType).toBe("video/mp2t");
    expect((await head("private/meta/book.epub")).ContentType).toBe("application/epub+zip");
    // A copy takes its new key's rules, not its source's.
    await storage.copy("private/meta/v1/hls/seg-1.ts", "public/meta/teaser/seg-1.ts");
    expect((await head("public/meta/teaser/seg-1.ts")).CacheControl).toBe(PUBLIC_CACHE_CONTROL);
    await storage.copy("public/meta/a-256.webp", "private/meta/a-256.webp");
    expect((await head("private/meta/a-256.webp")).CacheControl).toBe(PRIVATE_CACHE_CONTROL);
  });

  it("hands out presigned URLs that stop working when they expire", async () => {
    await storage.put("private/expiry/v.mp4", Buffer.from("movie bytes"));
    const url = await storage.directUrl("private/expiry/v.mp4", { ttlSec: 1 });
    expect(url).toMatch(/X-Amz-Expires=1&/);
    const ranged = await fetch((await storage.directUrl("private/expiry/v.mp4", { ttlSec: 60 })) as string, {
      headers: { range: "bytes=6-10" },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-type")).toBe("video/mp4");
    expect(await ranged.text()).toBe("bytes");
    // Polled: refused once its second is over.
    let res = await fetch(url as string);
    for (const deadline = Date.now() + 10_000; res.status !== 403 && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      res = await fetch(url as string);
    }
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("<Message>Request has expired</Message>");
  });

  it("names a download in plain ASCII, as the API's own downloads", async () => {
    await storage.put("private/names/f.pdf", Buffer.from("%PDF"));
    const url = await storage.directUrl("private/names/f.pdf", { ttlSec: 60, downloadName: "Été 2026.pdf" });
    const res = await fetch(url as string);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="_t__2026.pdf"');
  });

  it("makes public URLs on S3_PUBLIC_BASE_URL when set: the bucket's public folder, served without the API", async () => {
    // Here the test server's own address of the bucket's public/ folder stands for the CDN.
    const withCdn = s3Storage(`${server.endpoint}/${server.bucket}/public`);
    await withCdn.put("public/cdn/a-256.webp", Buffer.from("webp bytes"));
    const url = withCdn.publicUrl("public/cdn/a-256.webp");
    expect(url).toBe(`${server.endpoint}/${server.bucket}/public/cdn/a-256.webp`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(await res.text()).toBe("webp bytes");
    // Without it, the API's own /files path (answered by redirecting to the bucket).
    expect(storage.publicUrl("public/cdn/a-256.webp")).toBe("/api/files/cdn/a-256.webp");
  });

  it("stops a start whose bucket cannot be used with one line saying why", async () => {
    const lineFor = async (env: Record<string, string>) => {
      const config = loadBaseConfig({ NODE_ENV: "test", DATA_DIR: root, ...server.env, ...env });
      const err = await checkStorage(await createStorage(config), config).then(
        () => null,
        (e: unknown) => e,
      );
      return err && classifyStartupFailure(err).line;
    };
    expect(await lineFor({})).toBeNull();
    expect(await lineFor({ S3_BUCKET: "no-such-bucket" })).toBe(
      `the bucket no-such-bucket at ${server.endpoint} cannot be used (it does not exist). Fix S3_BUCKET and the other S3_ settings, or unset them to keep files on this disk.`,
    );
    expect(await lineFor({ S3_ACCESS_KEY_ID: "WRONG", S3_SECRET_ACCESS_KEY: "WRONG" })).toBe(
      `the bucket ${server.bucket} at ${server.endpoint} cannot be used (access denied: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY). Fix S3_BUCKET and the other S3_ settings, or unset them to keep files on this disk.`,
    );
    expect(await lineFor({ S3_ENDPOINT: "http://127.0.0.1:9" })).toBe(
      "the bucket marquee-test at http://127.0.0.1:9 cannot be used (nothing answers there (ECONNREFUSED): check S3_ENDPOINT). Fix S3_BUCKET and the other S3_ settings, or unset them to keep files on this disk.",
    );
  });
});

describe("the API on object storage", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(server.env);
  });
  afterAll(() => t?.close());

  it("stores an avatar uploaded over HTTP in the bucket, and nothing in MEDIA_DIR but its scratch folder", async () => {
    const a = await newAccount(t, "user", "s3avatar");
    const { body, headers } = fileUpload(await pngOf(600, 400));
    const res = await t.request({ method: "POST", url: "/users/avatar/upload", token: a.token, body, headers });
    expect(res.statusCode).toBe(200);
    const avatar = res.json().avatar as string;
    expect(avatar).toMatch(/^\/api\/files\/avatars\/.+-256\.webp$/);
    const key = `public/${avatar.slice("/api/files/".length)}`;

    expect(t.app.services.storage.kind).toBe("s3");
    const object = await storage.client.send(new GetObjectCommand({ Bucket: server.bucket, Key: key }));
    expect(object.ContentType).toBe("image/webp");
    expect(object.CacheControl).toBe(PUBLIC_CACHE_CONTROL);
    const bytes = Buffer.from(
      await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
    );
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(await readAll(storage, key.replace(/-256\.webp$/, "-64.webp"))).toHaveLength(
      (await storage.stat(key.replace(/-256\.webp$/, "-64.webp")))?.size as number,
    );
    expect(t.app.services.storage.diskPath(key)).toBeNull();
    // The only files on this disk are the keys the site makes for itself (the harness's DATA_DIR is its MEDIA_DIR):
    // the media links' signing secret and the two-factor secrets' key. The scratch is empty.
    const files = (await readdir(t.mediaDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    expect(files.map((e) => path.relative(t.mediaDir, path.join(e.parentPath, e.name))).sort()).toEqual([
      "media-secret",
      "two-factor-secret",
    ]);
  });
});
