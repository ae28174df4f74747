import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, cp, lstat, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Where files live. Keys are made by the server (never a client's path or name). Public keys are served
 * at `/files/<key>`; private ones only through signed URLs. The local-disk adapter is the embedded default;
 * the S3 adapter (storage-s3.ts) implements the same port on object storage.
 *
 * Nothing is written at its key in place: a file or folder is made at a `tempPath` (always on this machine's disk)
 * and moved in once complete, so a crash leaves half-made files only in the scratch folder, which `removeTemp` clears.
 * Callers never read a stored key's local path: a worker that needs a file on disk asks for `localCopy`.
 */
export interface Storage {
  readonly kind: "disk" | "s3";
  put(key: string, data: Buffer | Readable): Promise<void>;
  /** The file at `key` (not a folder), or null when there is none. */
  stat(key: string): Promise<StoredFile | null>;
  /** A stored file's bytes, or only `range` of them (`end` included). Rejects with `StorageNotFound`. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Copies a stored file to `destPath` on this machine. Rejects with `StorageNotFound`. */
  download(key: string, destPath: string): Promise<void>;
  /** Copies the file at `from`, or every file under the folder `from`, to the same place under `to`. */
  copy(from: string, to: string): Promise<void>;
  /** Every file under the folder `prefix` (`public`, `private/videos/<id>`), in no particular order. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  /** Removes the file `prefix` or the folder `prefix` with everything in it. */
  remove(prefix: string): Promise<void>;
  publicUrl(key: string): string;
  /**
   * A URL from which a browser fetches the file directly, valid for `ttlSec` (object storage: a presigned GET), with
   * `downloadName` as an attachment; null when the files are on this machine and the API (or its proxy) serves them.
   */
  directUrl(key: string, opts: { ttlSec: number; downloadName?: string }): Promise<string | null>;
  /** The file's path on this machine's disk, for a server that sends files itself; null on object storage. */
  diskPath(key: string): string | null;
  /** A new local path in the scratch folder (nothing is made there yet) for a file or folder being made. */
  tempPath(label: string): Promise<string>;
  /** Puts a complete file or folder made at a `tempPath` at `key`, replacing what was there; the temp path goes. */
  moveIn(tempPath: string, key: string): Promise<void>;
  /**
   * Removes what the scratch folder holds that nothing wrote to for `olderThanMs` (everything with 0): the uploads
   * and outputs of a process that died. Returns how many entries went.
   */
  removeTemp(olderThanMs: number): Promise<number>;
}

export interface StoredFile {
  size: number;
  modifiedAt: Date;
  /** Changes whenever the content does (a strong validator for `If-None-Match`). */
  etag: string;
}

/** What `read` and `download` reject with when no file is at the key. */
export class StorageNotFound extends Error {
  readonly code = "ENOENT";
  constructor(readonly key: string) {
    super(`no stored file at ${key}`);
    this.name = "StorageNotFound";
  }
}

export const KEY_RE = /^(public|private)\/[a-z0-9][a-z0-9/_.-]*$/;
const LABEL_RE = /^[a-z0-9-]{1,40}$/;

/** Whether the server could have made `key`: no other root, `..`, dot segment, empty segment or trailing slash. */
export function isStorageKey(key: string): boolean {
  return (
    KEY_RE.test(key) &&
    !key.includes("..") &&
    !key.includes("//") &&
    !key.endsWith("/") &&
    !key.split("/").some((segment) => segment.startsWith("."))
  );
}

/** Throws on a key the server could not have made (see `isStorageKey`). */
export function assertKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/**
 * Runs `work` with the stored file at `key` on this machine's disk: its own path on disk storage, else a copy made
 * in the scratch folder and removed afterwards (a worker processing a movie from object storage).
 */
export async function withLocalCopy<T>(
  storage: Storage,
  key: string,
  work: (localPath: string) => Promise<T>,
): Promise<T> {
  const onDisk = storage.diskPath(key);
  if (onDisk) return work(onDisk);
  const copy = await storage.tempPath("local-copy");
  try {
    await storage.download(key, copy);
    return await work(copy);
  } finally {
    await rm(copy, { force: true });
  }
}

/** A stored file's bytes in memory (small files: images). */
export async function readAll(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A local file or folder as [relative path, absolute path] pairs of its files. */
export async function* localFiles(root: string, rel = ""): AsyncGenerator<[string, string]> {
  const here = path.join(root, rel);
  if (!(await lstat(here)).isDirectory()) {
    yield [rel, here];
    return;
  }
  for (const entry of await readdir(here)) yield* localFiles(root, rel ? `${rel}/${entry}` : entry);
}

/** The newest modification time in a file or folder (a transcode writes deep in its folder). */
async function lastWritten(p: string): Promise<number> {
  const st = await lstat(p);
  let newest = st.mtimeMs;
  if (st.isDirectory()) {
    for (const entry of await readdir(p)) newest = Math.max(newest, await lastWritten(path.join(p, entry)));
  }
  return newest;
}

/** The scratch folder's part of the port, the same on every adapter: files being made live on this machine. */
export function createScratch(dir: string) {
  const isTemp = (p: string) => path.dirname(path.resolve(p)) === dir;
  return {
    dir,
    isTemp,
    assertTemp(p: string) {
      if (!isTemp(p)) throw new Error(`not a temp path: ${p}`);
    },
    async tempPath(label: string) {
      if (!LABEL_RE.test(label)) throw new Error(`invalid temp label: ${label}`);
      await mkdir(dir, { recursive: true });
      return path.join(dir, `${label}-${randomBytes(8).toString("hex")}`);
    },
    async removeTemp(olderThanMs: number) {
      const entries = await readdir(dir).catch(() => [] as string[]);
      let removed = 0;
      for (const entry of entries) {
        const p = path.join(dir, entry);
        // An entry that vanished meanwhile was its owner's to remove.
        const written = await lastWritten(p).catch(() => null);
        if (written === null || Date.now() - written < olderThanMs) continue;
        await rm(p, { recursive: true, force: true });
        removed++;
      }
      return removed;
    },
  };
}

const notFoundAs = (key: string) => (err: NodeJS.ErrnoException) => {
  throw err.code === "ENOENT" || err.code === "EISDIR" ? new StorageNotFound(key) : err;
};

export function createDiskStorage(opts: { root: string; publicBaseUrl: string }): Storage {
  const resolve = (key: string) => path.join(opts.root, assertKey(key));
  // Beside `public/` and `private/` on the same disk, so moving in is a rename; never served.
  const scratch = createScratch(path.join(opts.root, "tmp"));

  async function fileAt(key: string) {
    const st = await stat(resolve(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT" || err.code === "ENOTDIR") return null;
      throw err;
    });
    return st?.isFile() ? st : null;
  }

  const storage: Storage = {
    kind: "disk",
    async put(key, data) {
      const tmp = await storage.tempPath("put");
      try {
        if (Buffer.isBuffer(data)) await writeFile(tmp, data);
        else await pipeline(data, createWriteStream(tmp));
        await storage.moveIn(tmp, key);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async stat(key) {
      const st = await fileAt(key);
      if (!st) return null;
      return { size: st.size, modifiedAt: st.mtime, etag: `"${st.size.toString(16)}-${st.mtimeMs.toString(16)}"` };
    },
    async read(key, range) {
      if (!(await fileAt(key))) throw new StorageNotFound(key);
      const stream = createReadStream(resolve(key), range ? { start: range.start, end: range.end } : {});
      await new Promise<void>((ok, fail) => {
        stream.once("open", () => ok());
        stream.once("error", fail);
      }).catch(notFoundAs(key));
      return stream;
    },
    async download(key, destPath) {
      if (!(await fileAt(key))) throw new StorageNotFound(key);
      await mkdir(path.dirname(destPath), { recursive: true });
      await copyFile(resolve(key), destPath).catch(notFoundAs(key));
    },
    async copy(from, to) {
      const dest = resolve(to);
      await mkdir(path.dirname(dest), { recursive: true });
      await cp(resolve(from), dest, { recursive: true, force: true });
    },
    async *list(prefix) {
      const base = resolve(prefix);
      const exists = await lstat(base).catch(() => null);
      if (!exists) return;
      for await (const [rel, abs] of localFiles(base)) {
        const st = await stat(abs).catch(() => null);
        if (st?.isFile()) yield { key: rel ? `${prefix}/${rel}` : prefix, size: st.size };
      }
    },
    async remove(prefix) {
      await rm(resolve(prefix), { recursive: true, force: true });
    },
    publicUrl(key) {
      return `${opts.publicBaseUrl}/files/${key.replace(/^public\//, "")}`;
    },
    async directUrl() {
      return null;
    },
    diskPath: resolve,
    tempPath: scratch.tempPath,
    async moveIn(tempPath, key) {
      scratch.assertTemp(tempPath);
      const dest = resolve(key);
      await mkdir(path.dirname(dest), { recursive: true });
      if (!(await lstat(tempPath)).isDirectory()) return rename(tempPath, dest);
      // A folder cannot replace a non-empty one in one rename: the old one steps aside into the scratch folder.
      const old = await storage.tempPath("replaced");
      const hadOld = await rename(dest, old).then(
        () => true,
        (err: NodeJS.ErrnoException) => {
          if (err.code === "ENOENT") return false;
          throw err;
        },
      );
      await rename(tempPath, dest);
      if (hadOld) await rm(old, { recursive: true, force: true });
    },
    removeTemp: scratch.removeTemp,
  };
  return storage;
}
