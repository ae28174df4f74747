import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDiskStorage, type Storage } from "./storage.ts";

let root: string;
let storage: Storage;
const scratch = () => readdir(path.join(root, "tmp")).catch(() => [] as string[]);
const HOUR = 60 * 60_000;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "marquee-storage-"));
  storage = createDiskStorage({ root, publicBaseUrl: "http://api.test" });
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe("disk storage", () => {
  it("puts a file only once complete: a stream that breaks leaves nothing at the key or in the scratch folder", async () => {
    const broken = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1));
        this.destroy(new Error("connection reset"));
      },
    });
    await expect(storage.put("public/a/file.webp", broken)).rejects.toThrow(/connection reset/);
    expect(await readdir(path.join(root, "public/a")).catch(() => [])).toEqual([]);
    expect(await scratch()).toEqual([]);

    await storage.put("public/a/file.webp", Readable.from([Buffer.from("whole")]));
    expect(await readFile(storage.diskPath("public/a/file.webp")!, "utf8")).toBe("whole");
    expect(await scratch()).toEqual([]);
  });

  it("moves a finished folder in, replacing the one at the key", async () => {
    const first = await storage.tempPath("transcode");
    await mkdir(path.join(first, "hls"), { recursive: true });
    await writeFile(path.join(first, "hls/old.ts"), "old");
    await storage.moveIn(first, "private/videos/v1");
    const second = await storage.tempPath("transcode");
    await mkdir(path.join(second, "hls"), { recursive: true });
    await writeFile(path.join(second, "hls/new.ts"), "new");
    await storage.moveIn(second, "private/videos/v1");
    expect(await readdir(storage.diskPath("private/videos/v1/hls")!)).toEqual(["new.ts"]);
    expect(await scratch()).toEqual([]);
  });

  it("moves in only what was made in the scratch folder", async () => {
    await writeFile(path.join(root, "elsewhere"), "x");
    await expect(storage.moveIn(path.join(root, "elsewhere"), "public/x")).rejects.toThrow(/not a temp path/);
    await expect(storage.tempPath("../up")).rejects.toThrow(/invalid temp label/);
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
