import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { lstat, mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Where files live. Keys are made by the server (never a client's path or name). Public keys are served
 * at `/files/<key>`; private ones only through signed URLs. The local-disk adapter is the default;
 * an object-storage adapter implements the same port.
 *
 * Nothing is written at its key in place: a file or folder is made at a `tempPath` and moved in once complete, so
 * a crash leaves half-made files only in the scratch folder, which `removeTemp` clears.
 */
export interface Storage {
  put(key: string, data: Buffer | Readable): Promise<void>;
  remove(prefix: string): Promise<void>;
  publicUrl(key: string): string;
  localPath(key: string): string;
  /** A new local path in the scratch folder (nothing is made there yet) for a file or folder being made. */
  tempPath(label: string): Promise<string>;
  /** Puts a complete file or folder made at a `tempPath` at `key`, replacing what was there. */
  moveIn(tempPath: string, key: string): Promise<void>;
  /**
   * Removes what the scratch folder holds that nothing wrote to for `olderThanMs` (everything with 0): the uploads
   * and outputs of a process that died. Returns how many entries went.
   */
  removeTemp(olderThanMs: number): Promise<number>;
}

const KEY_RE = /^(public|private)\/[a-z0-9][a-z0-9/_.-]*$/;
const LABEL_RE = /^[a-z0-9-]{1,40}$/;

/** The newest modification time in a file or folder (a transcode writes deep in its folder). */
async function lastWritten(p: string): Promise<number> {
  const st = await lstat(p);
  let newest = st.mtimeMs;
  if (st.isDirectory()) {
    for (const entry of await readdir(p)) newest = Math.max(newest, await lastWritten(path.join(p, entry)));
  }
  return newest;
}

export function createDiskStorage(opts: { root: string; publicBaseUrl: string }): Storage {
  const resolve = (key: string) => {
    if (!KEY_RE.test(key) || key.includes("..")) throw new Error(`invalid storage key: ${key}`);
    return path.join(opts.root, key);
  };
  // Beside `public/` and `private/` on the same disk, so moving in is a rename; never served.
  const scratch = path.join(opts.root, "tmp");
  const isTemp = (p: string) => path.dirname(path.resolve(p)) === scratch;

  const storage: Storage = {
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
    async remove(prefix) {
      await rm(resolve(prefix), { recursive: true, force: true });
    },
    publicUrl(key) {
      return `${opts.publicBaseUrl}/files/${key.replace(/^public\//, "")}`;
    },
    localPath: resolve,
    async tempPath(label) {
      if (!LABEL_RE.test(label)) throw new Error(`invalid temp label: ${label}`);
      await mkdir(scratch, { recursive: true });
      return path.join(scratch, `${label}-${randomBytes(8).toString("hex")}`);
    },
    async moveIn(tempPath, key) {
      if (!isTemp(tempPath)) throw new Error(`not a temp path: ${tempPath}`);
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
    async removeTemp(olderThanMs) {
      const entries = await readdir(scratch).catch(() => [] as string[]);
      let removed = 0;
      for (const entry of entries) {
        const p = path.join(scratch, entry);
        // An entry that vanished meanwhile was its owner's to remove.
        const written = await lastWritten(p).catch(() => null);
        if (written === null || Date.now() - written < olderThanMs) continue;
        await rm(p, { recursive: true, force: true });
        removed++;
      }
      return removed;
    },
  };
  return storage;
}
