import { createHash, randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "../../test/s3-server.ts";
import { createDiskStorage, readAll, type Storage, StorageNotFound, withLocalCopy } from "./storage.ts";
import { createS3Storage } from "./storage-s3.ts";

/**
 * One contract for every storage adapter: the disk (MEDIA_DIR) and an S3 bucket (a local S3-compatible server).
 * What differs by design (a path on disk, a presigned URL) is asserted per kind.
 */
let server: TestS3Server;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(() => server?.close());

const HOUR = 60 * 60_000;
const MB = 1024 * 1024;

const adapters = {
  disk: (root: string) => createDiskStorage({ root, publicBaseUrl: "http://api.test" }),
  s3: (root: string, publicBaseUrl?: string) =>
    createS3Storage({
      endpoint: server.endpoint,
      region: server.region,
      bucket: server.bucket,
      credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
      forcePathStyle: true,
      publicBaseUrl,
      scratchDir: path.join(root, "tmp"),
      apiBaseUrl: "http://api.test",
      // Files over 1 KB are copied in parts of 700 bytes, as files over 5 GiB are on S3.
      copyLimits: { single: 1024, part: 700 },
    }),
};

/** Chunks of `size` bytes of `data`, as a stream arriving over the network would bring them. */
const streamOf = (data: Buffer, size = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
    })(),
  );

/** A stream that sends `bytes` bytes, then breaks. */
const breaking = (bytes: number) => {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) return this.destroy(new Error("connection reset"));
      const chunk = Buffer.alloc(Math.min(MB, bytes - sent), 1);
      sent += chunk.length;
      this.push(chunk);
    },
  });
};

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
let folders = 0;

describe.each(["disk", "s3"] as const)("%s storage", (kind) => {
  let root: string;
  let storage: Storage;
  /** A folder of this test's own (the bucket is shared by the file's tests). */
  let dir: string;
  let pub: string;
  const scratch = () => readdir(path.join(root, "tmp")).catch(() => [] as string[]);
  const text = async (key: string) => (await readAll(storage, key)).toString();
  const keysUnder = async (prefix: string) => {
    const keys: string[] = [];
    for await (const f of storage.list(prefix)) keys.push(f.key);
    return keys.sort();
  };
  /** A folder made in the scratch folder with `files` (relative path -> content). */
  const madeFolder = async (files: Record<string, string>) => {
    const tmp = await storage.tempPath("transcode");
    for (const [rel, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(tmp, rel)), { recursive: true });
      await writeFile(path.join(tmp, rel), content);
    }
    return tmp;
  };

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "marquee-storage-"));
    storage = adapters[kind](root);
    folders++;
    dir = `private/t${folders}`;
    pub = `public/t${folders}`;
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("puts a Buffer and a stream, and tells their size, validator and date", async () => {
    await storage.put(`${pub}/a.txt`, Buffer.from("hello world"));
    await storage.put(`${dir}/b.txt`, streamOf(Buffer.from("streamed bytes"), 3));
    expect(await text(`${pub}/a.txt`)).toBe("hello world");
    expect(await text(`${dir}/b.txt`)).toBe("streamed bytes");
    const st = await storage.stat(`${pub}/a.txt`);
    expect(st).toMatchObject({ size: 11, etag: expect.stringMatching(/^".+"$/) });
    expect(Math.abs((st?.modifiedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    // Replaced: another size and another validator.
    await storage.put(`${pub}/a.txt`, Buffer.from("hello again, world"));
    const after = await storage.stat(`${pub}/a.txt`);
    expect(after?.size).toBe(18);
    expect(after?.etag).not.toBe(st?.etag);
  });

  it("puts a file only once complete: a stream that breaks leaves nothing at the key or in the scratch folder", async () => {
    await expect(storage.put(`${pub}/file.webp`, breaking(64 * 1024))).rejects.toThrow(/connection reset/);
    // Broken after two of the S3 adapter's 8 MB parts were sent.
    await expect(storage.put(`${dir}/big.mp4`, breaking(17 * MB))).rejects.toThrow(/connection reset/);
    expect(await storage.stat(`${pub}/file.webp`)).toBeNull();
    expect(await storage.stat(`${dir}/big.mp4`)).toBeNull();
    expect(await keysUnder(pub)).toEqual([]);
    expect(await keysUnder(dir)).toEqual([]);
    expect(await scratch()).toEqual([]);

    await storage.put(`${pub}/file.webp`, Readable.from([Buffer.from("whole")]));
    expect(await text(`${pub}/file.webp`)).toBe("whole");
    expect(await scratch()).toEqual([]);
  });

  it("streams a large file in and out whole, and any range of it", async () => {
    const data = randomBytes(20 * MB + 5);
    await storage.put(`${dir}/movie.mp4`, streamOf(data));
    expect((await storage.stat(`${dir}/movie.mp4`))?.size).toBe(data.length);
    expect(sha(await readAll(storage, `${dir}/movie.mp4`))).toBe(sha(data));
    // Across the boundary of two 8 MB parts, and the last byte.
    const chunks: Buffer[] = [];
    for await (const c of await storage.read(`${dir}/movie.mp4`, { start: 8 * MB - 3, end: 8 * MB + 2 }))
      chunks.push(c);
    expect(Buffer.concat(chunks)).toEqual(data.subarray(8 * MB - 3, 8 * MB + 3));
    const last: Buffer[] = [];
    const end = data.length - 1;
    for await (const c of await storage.read(`${dir}/movie.mp4`, { start: end, end })) last.push(c);
    expect(Buffer.concat(last)).toEqual(data.subarray(end));

    const dest = path.join(root, "copies", "deep", "movie.mp4");
    await storage.download(`${dir}/movie.mp4`, dest);
    expect(sha(await readFile(dest))).toBe(sha(data));
  });

  it("says StorageNotFound for a missing file, and stat says null for a missing file or a folder", async () => {
    await storage.put(`${dir}/folder/inside.txt`, Buffer.from("x"));
    expect(await storage.stat(`${dir}/none.txt`)).toBeNull();
    expect(await storage.stat(`${dir}/folder`)).toBeNull();
    for (const attempt of [
      () => storage.read(`${dir}/none.txt`),
      () => storage.read(`${dir}/folder`),
      () => storage.download(`${dir}/none.txt`, path.join(root, "out")),
      () => storage.copy(`${dir}/none`, `${dir}/elsewhere`),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: "ENOENT" });
    }
    await expect(storage.read(`${dir}/none.txt`)).rejects.toBeInstanceOf(StorageNotFound);
    await expect(storage.download(`${dir}/none.txt`, path.join(root, "out"))).rejects.toBeInstanceOf(StorageNotFound);
    expect(await readdir(root)).not.toContain("out");
  });

  it("copies a file, and a folder with everything in it", async () => {
    const big = randomBytes(3000);
    await storage.put(`${dir}/src/video.mp4`, big);
    await storage.put(`${dir}/src/hls/360p/seg-1.ts`, Buffer.from("segment"));
    await storage.put(`${dir}/src/hls/master.m3u8`, Buffer.from("#EXTM3U"));
    await storage.put(`${dir}/src2/other.txt`, Buffer.from("not copied"));

    await storage.copy(`${dir}/src/hls/master.m3u8`, `${pub}/poster/master.m3u8`);
    expect(await text(`${pub}/poster/master.m3u8`)).toBe("#EXTM3U");
    await storage.copy(`${dir}/src`, `${dir}/dest`);
    expect(await keysUnder(`${dir}/dest`)).toEqual([
      `${dir}/dest/hls/360p/seg-1.ts`,
      `${dir}/dest/hls/master.m3u8`,
      `${dir}/dest/video.mp4`,
    ]);
    // Larger than one copy (on S3: copied in parts).
    expect(await readAll(storage, `${dir}/dest/video.mp4`)).toEqual(big);
    expect(await text(`${dir}/dest/hls/360p/seg-1.ts`)).toBe("segment");
    expect(await text(`${dir}/src/hls/master.m3u8`)).toBe("#EXTM3U");
  });

  it("lists the files of a folder, below it too, and a file by its own key; not a neighbour sharing its prefix", async () => {
    await storage.put(`${dir}/v1/a.ts`, Buffer.from("aa"));
    await storage.put(`${dir}/v1/hls/b.ts`, Buffer.from("bbb"));
    await storage.put(`${dir}/v10/c.ts`, Buffer.from("c"));
    const listed: { key: string; size: number }[] = [];
    for await (const f of storage.list(`${dir}/v1`)) listed.push(f);
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: `${dir}/v1/a.ts`, size: 2 },
      { key: `${dir}/v1/hls/b.ts`, size: 3 },
    ]);
    expect(await keysUnder(`${dir}/v1/a.ts`)).toEqual([`${dir}/v1/a.ts`]);
    expect(await keysUnder(`${dir}/none`)).toEqual([]);
  });

  it("lists a folder of more files than one page of a listing", async () => {
    const names = Array.from({ length: 1005 }, (_, i) => `${dir}/many/seg-${String(i).padStart(4, "0")}.ts`);
    const tmp = await madeFolder(Object.fromEntries(names.map((k) => [k.slice(`${dir}/many/`.length), "s"])));
    await storage.moveIn(tmp, `${dir}/many`);
    expect(await keysUnder(`${dir}/many`)).toEqual(names);
    await storage.remove(`${dir}/many`);
    expect(await keysUnder(`${dir}/many`)).toEqual([]);
  }, 120_000);

  it("removes a folder with everything under it, or one file, and nothing that only shares the prefix", async () => {
    await storage.put(`${dir}/v1/a.ts`, Buffer.from("a"));
    await storage.put(`${dir}/v1/hls/b.ts`, Buffer.from("b"));
    await storage.put(`${dir}/v10/c.ts`, Buffer.from("c"));
    await storage.put(`${dir}/v2.txt`, Buffer.from("d"));
    await storage.remove(`${dir}/v1`);
    await storage.remove(`${dir}/v2.txt`);
    await storage.remove(`${dir}/never-there`);
    expect(await keysUnder(dir)).toEqual([`${dir}/v10/c.ts`]);
  });

  it("moves a finished file and folder in, replacing the folder at the key: its old files are gone", async () => {
    const file = await storage.tempPath("upload");
    await writeFile(file, "uploaded");
    await storage.moveIn(file, `${pub}/avatar.webp`);
    expect(await text(`${pub}/avatar.webp`)).toBe("uploaded");

    await storage.moveIn(
      await madeFolder({ "hls/old.ts": "old", "hls/kept.ts": "v1", "video.mp4": "mp4" }),
      `${dir}/v1`,
    );
    const replacing = await madeFolder({ "hls/new.ts": "new", "hls/kept.ts": "v2", "hls/empty.vtt": "" });
    // Larger than one 8 MB part: on S3, sent from the disk in parts.
    const movie = randomBytes(20 * MB + 1);
    await writeFile(path.join(replacing, "movie.mp4"), movie);
    await storage.moveIn(replacing, `${dir}/v1`);
    expect(await keysUnder(`${dir}/v1`)).toEqual([
      `${dir}/v1/hls/empty.vtt`,
      `${dir}/v1/hls/kept.ts`,
      `${dir}/v1/hls/new.ts`,
      `${dir}/v1/movie.mp4`,
    ]);
    expect(await text(`${dir}/v1/hls/kept.ts`)).toBe("v2");
    expect(await text(`${dir}/v1/hls/empty.vtt`)).toBe("");
    expect(sha(await readAll(storage, `${dir}/v1/movie.mp4`))).toBe(sha(movie));
    const single = await storage.tempPath("upload");
    await writeFile(single, movie);
    await storage.moveIn(single, `${dir}/movie.mp4`);
    expect((await storage.stat(`${dir}/movie.mp4`))?.size).toBe(movie.length);
    expect(await scratch()).toEqual([]);
  });

  it("moves in only what was made in the scratch folder", async () => {
    await writeFile(path.join(root, "elsewhere"), "x");
    await expect(storage.moveIn(path.join(root, "elsewhere"), `${pub}/x`)).rejects.toThrow(/not a temp path/);
    await expect(storage.tempPath("../up")).rejects.toThrow(/invalid temp label/);
  });

  it("refuses keys the server could not have made: another root, `..`, an empty segment", async () => {
    for (const key of [`${pub}/../../etc/passwd`, "public/a/../../private/x", "etc/passwd", `${pub}//x`, `${pub}/`]) {
      await expect(storage.put(key, Buffer.from("x"))).rejects.toThrow(/invalid storage key/);
      await expect(storage.stat(key)).rejects.toThrow(/invalid storage key/);
      await expect(storage.read(key)).rejects.toThrow(/invalid storage key/);
      await expect(storage.remove(key)).rejects.toThrow(/invalid storage key/);
      await expect(storage.copy(`${pub}/a`, key)).rejects.toThrow(/invalid storage key/);
      await expect(async () => {
        for await (const _ of storage.list(key));
      }).rejects.toThrow(/invalid storage key/);
    }
  });

  it("gives a worker a local copy of a stored file, removed afterwards unless it is the file itself", async () => {
    await storage.put(`${dir}/source.mp4`, Buffer.from("movie"));
    let seen = "";
    const content = await withLocalCopy(storage, `${dir}/source.mp4`, async (p) => {
      seen = p;
      return readFile(p, "utf8");
    });
    expect(content).toBe("movie");
    if (kind === "disk") expect(seen).toBe(storage.diskPath(`${dir}/source.mp4`));
    else {
      expect(storage.diskPath(`${dir}/source.mp4`)).toBeNull();
      expect(path.dirname(seen)).toBe(path.join(root, "tmp"));
      expect(await scratch()).toEqual([]);
    }
  });

  it("makes public URLs under the API's /files, and a direct URL only on object storage", async () => {
    expect(storage.publicUrl(`${pub}/a.webp`)).toBe(`http://api.test/files/t${folders}/a.webp`);
    await storage.put(`${dir}/book.pdf`, Buffer.from("%PDF-1.4 book"));
    const direct = await storage.directUrl(`${dir}/book.pdf`, { ttlSec: 60, downloadName: "book.pdf" });
    if (kind === "disk") {
      expect(direct).toBeNull();
      return;
    }
    // The browser's fetch: the bytes, as an attachment, with the file's type.
    const res = await fetch(direct as string);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="book.pdf"');
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(await res.text()).toBe("%PDF-1.4 book");
    // Another key under the same signature is refused.
    expect((await fetch((direct as string).replace("book.pdf", "other.pdf"))).status).toBe(403);
  });

  it("removes the temp files nothing wrote to for the grace period, all of them with 0", async () => {
    const old = Date.now() / 1000 - 7 * 60 * 60;
    const staleFile = await storage.tempPath("upload");
    await writeFile(staleFile, "half an upload");
    await utimes(staleFile, old, old);
    const staleDir = await storage.tempPath("transcode");
    await mkdir(path.join(staleDir, "hls/360p"), { recursive: true });
    for (const p of [path.join(staleDir, "hls/360p"), path.join(staleDir, "hls"), staleDir]) await utimes(p, old, old);
    // A transcode still writing deep in its folder is kept, though the folder itself was made long ago.
    const liveDir = await storage.tempPath("transcode");
    await mkdir(path.join(liveDir, "hls/360p"), { recursive: true });
    await utimes(path.join(liveDir, "hls"), old, old);
    await utimes(liveDir, old, old);
    await writeFile(path.join(liveDir, "hls/360p/seg-7.ts"), "fresh");
    const liveFile = await storage.tempPath("upload");
    await writeFile(liveFile, "arriving");

    expect(await storage.removeTemp(6 * HOUR)).toBe(2);
    expect((await scratch()).sort()).toEqual([path.basename(liveDir), path.basename(liveFile)].sort());
    expect(await storage.removeTemp(0)).toBe(2);
    expect(await scratch()).toEqual([]);
  });

  it("has nothing to remove before anything was written", async () => {
    expect(await storage.removeTemp(0)).toBe(0);
  });
});
