import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HeadObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "../../test/s3-server.ts";
import { readAll } from "../platform/storage.ts";
import { createS3Storage, type S3Storage } from "../platform/storage-s3.ts";

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), "storage-migrate.ts");
let server: TestS3Server;
let bucket: S3Storage;
let mediaDir: string;
/** Every file the site made (relative path -> bytes). */
let made: Map<string, Buffer>;

beforeAll(async () => {
  server = await startS3Server();
});
afterAll(() => server?.close());

async function make(rel: string, data: Buffer) {
  await mkdir(path.dirname(path.join(mediaDir, rel)), { recursive: true });
  await writeFile(path.join(mediaDir, rel), data);
  if (!rel.startsWith("tmp/")) made.set(rel, data);
}

beforeEach(async () => {
  // A bucket of its own for each test.
  await server.close();
  server = await startS3Server();
  mediaDir = await mkdtemp(path.join(tmpdir(), "marquee-migrate-"));
  made = new Map();
  bucket = createS3Storage({
    endpoint: server.endpoint,
    region: server.region,
    bucket: server.bucket,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    forcePathStyle: true,
    scratchDir: path.join(mediaDir, "tmp"),
    apiBaseUrl: "",
  });
  return () => rm(mediaDir, { recursive: true, force: true });
});

function start(args: string[] = [], env: Record<string, string> = server.env) {
  const child = spawn(process.execPath, ["--import", "tsx", cli, ...args], {
    env: { PATH: process.env.PATH, NODE_ENV: "test", DATA_DIR: mediaDir, MEDIA_DIR: mediaDir, ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const exit = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, stdout, stderr })),
  );
  return { child, exit };
}
const run = (args?: string[], env?: Record<string, string>) => start(args, env).exit;

/** Every object in the bucket, by key, with its size. */
async function objects() {
  const out = new Map<string, number>();
  let ContinuationToken: string | undefined;
  do {
    const page = await bucket.client.send(new ListObjectsV2Command({ Bucket: server.bucket, ContinuationToken }));
    for (const o of page.Contents ?? []) out.set(o.Key as string, o.Size ?? 0);
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return out;
}

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const summary = (files: number, uploaded: number, skipped: number, failed = 0) =>
  new RegExp(
    `^Done: ${files} files \\(.+ MB\\): ${uploaded} uploaded \\(.+ MB\\), ${skipped} skipped \\(already in the bucket\\), ${failed} failed\\.$`,
    "m",
  );

describe("npm run storage:migrate", () => {
  it("copies MEDIA_DIR into the bucket, resumes after being killed part-way, and skips what was done", async () => {
    await make("public/avatars/a1-64.webp", randomBytes(2000));
    await make("private/product-files/p1/book.pdf", randomBytes(5000));
    // Larger than one 8 MB part: sent in parts.
    await make("private/videos/v1/video.mp4", randomBytes(9 * 1024 * 1024));
    for (let i = 0; i < 400; i++) {
      await make(`private/videos/v1/hls/360p/seg-${String(i).padStart(4, "0")}.ts`, randomBytes(16 * 1024));
    }
    // An upload in progress, never copied.
    await make("tmp/upload-0123456789abcdef", randomBytes(100));

    // One file at a time, killed once 40 are in the bucket.
    const first = start(["--concurrency", "1"]);
    const deadline = Date.now() + 60_000;
    while ((await objects()).size < 40) {
      if (Date.now() > deadline) throw new Error("storage:migrate copied fewer than 40 files in a minute");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    first.child.kill("SIGKILL");
    expect((await first.exit).stdout).toMatch(
      /^Copying 403 files \(.+ MB\) from .+ to the bucket marquee-test, 1 at a time\.$/m,
    );
    // What is whole in the bucket: the next run skips exactly these.
    const before = await objects();
    const whole = [...before].filter(([key, size]) => made.get(key)?.length === size).length;
    expect(whole).toBeGreaterThanOrEqual(39);
    expect(whole).toBeLessThan(made.size);

    const second = await run();
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(summary(403, 403 - whole, whole));
    const after = await objects();
    expect([...after.keys()].sort()).toEqual([...made.keys()].sort());
    for (const [key, data] of made) expect(sha(await readAll(bucket, key)), key).toBe(sha(data));
    await expect(
      bucket.client.send(new HeadObjectCommand({ Bucket: server.bucket, Key: "tmp/upload-0123456789abcdef" })),
    ).rejects.toMatchObject({ name: "NotFound" });
    // Stored as the API stores them.
    expect(
      (await bucket.client.send(new HeadObjectCommand({ Bucket: server.bucket, Key: "public/avatars/a1-64.webp" })))
        .CacheControl,
    ).toBe("public, max-age=31536000, immutable");

    // Nothing left to do; a file changed since (same size, other bytes) is sent again.
    await make("private/product-files/p1/book.pdf", randomBytes(5000));
    const third = await run();
    expect(third.code).toBe(0);
    expect(third.stdout).toMatch(summary(403, 1, 402));
    expect(sha(await readAll(bucket, "private/product-files/p1/book.pdf"))).toBe(
      sha(await readFile(path.join(mediaDir, "private/product-files/p1/book.pdf"))),
    );
  }, 180_000);

  it("says which files failed and exits non-zero; leaves out names the site never makes", async () => {
    await make("public/avatars/a1-64.webp", randomBytes(100));
    await make("public/Thumbs.DB", randomBytes(10));
    // A folder the site never makes (a desktop's trash) is left out with its files, not a reason to stop.
    await make("public/.Trash/old.webp", randomBytes(10));
    // A socket where a file should be: it cannot be read.
    await mkdir(path.join(mediaDir, "private/odd"), { recursive: true });
    const socket: Server = createServer();
    await new Promise<void>((resolve) => socket.listen(path.join(mediaDir, "private/odd/file.bin"), resolve));
    try {
      const result = await run();
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(summary(4, 1, 0, 1));
      expect(result.stdout).toContain(
        "Left out 2 files whose names the site never makes: public/Thumbs.DB, public/.Trash/old.webp",
      );
      expect(result.stderr).toMatch(/^ {2}failed: private\/odd\/file\.bin: .+$/m);
      expect(result.stderr).toContain("Some files were not copied: run storage:migrate again to retry them.");
      expect([...(await objects()).keys()]).toEqual(["public/avatars/a1-64.webp"]);
    } finally {
      socket.close();
    }
  }, 60_000);

  it("needs the bucket's settings", async () => {
    const result = await run([], {});
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(
      "storage:migrate copies MEDIA_DIR into a bucket: set S3_BUCKET and the other S3_ settings (README: Object storage) first.",
    );
    const missing = await run([], { ...server.env, S3_BUCKET: "no-such-bucket" });
    expect(missing.code).toBe(2);
    // The last line (on Node 20 the AWS SDK warns first that its releases from 2027 need Node 22).
    expect(missing.stderr.trim().split("\n").at(-1)).toBe(
      `storage:migrate: the bucket no-such-bucket at ${server.endpoint} cannot be used (it does not exist). Fix S3_BUCKET and the other S3_ settings, or unset them to keep files on this disk.`,
    );
  }, 60_000);
});
