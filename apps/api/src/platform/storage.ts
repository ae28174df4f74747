import { createWriteStream } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Where files live. Keys are made by the server (never a client's path or name). Public keys are served
 * at `/files/<key>`; private ones only through signed URLs. The local-disk adapter is the default;
 * an object-storage adapter implements the same port.
 */
export interface Storage {
  put(key: string, data: Buffer | Readable): Promise<void>;
  remove(prefix: string): Promise<void>;
  publicUrl(key: string): string;
  localPath(key: string): string;
}

const KEY_RE = /^(public|private)\/[a-z0-9][a-z0-9/_.-]*$/;

export function createDiskStorage(opts: { root: string; publicBaseUrl: string }): Storage {
  const resolve = (key: string) => {
    if (!KEY_RE.test(key) || key.includes("..")) throw new Error(`invalid storage key: ${key}`);
    return path.join(opts.root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      if (Buffer.isBuffer(data)) await writeFile(file, data);
      else await pipeline(data, createWriteStream(file));
    },
    async remove(prefix) {
      await rm(resolve(prefix), { recursive: true, force: true });
    },
    publicUrl(key) {
      return `${opts.publicBaseUrl}/files/${key.replace(/^public\//, "")}`;
    },
    localPath: resolve,
  };
}
