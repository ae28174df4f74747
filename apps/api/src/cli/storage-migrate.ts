// `npm run storage:migrate [-- --concurrency 8] [--size-only]`: copies a site's files from MEDIA_DIR on this disk
// (public/ and private/, never tmp/) into the bucket the S3_ settings name. Run it again after an interruption: what is
// already in the bucket is skipped, the rest is uploaded.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import pMap from "p-map";
import { loadBaseConfig } from "../config.ts";
import { checkStorage } from "../platform/create-storage.ts";
import { classifyStartupFailure } from "../platform/startup-errors.ts";
import { isStorageKey } from "../platform/storage.ts";
import { createS3Storage, type S3Storage } from "../platform/storage-s3.ts";

const USAGE = "Usage: npm run storage:migrate [-- --concurrency N (1-64, default 8)] [--size-only]";
const { values } = parseArgs({
  options: { concurrency: { type: "string", default: "8" }, "size-only": { type: "boolean", default: false } },
});
const concurrency = Number(values.concurrency);
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
  console.error(USAGE);
  process.exit(2);
}

interface LocalFile {
  key: string;
  abs: string;
  size: number;
}

/** The files of each folder under `root`/`top`, a folder at a time (keys relative to `root`). */
async function* folders(root: string, rel: string): AsyncGenerator<{ dir: string; files: LocalFile[] }> {
  const entries = await readdir(path.join(root, rel), { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
  const files: LocalFile[] = [];
  const subfolders: string[] = [];
  for (const entry of entries) {
    if (entry.isDirectory()) subfolders.push(`${rel}/${entry.name}`);
    else {
      const abs = path.join(root, rel, entry.name);
      files.push({ key: `${rel}/${entry.name}`, abs, size: (await stat(abs).catch(() => null))?.size ?? 0 });
    }
  }
  if (files.length) yield { dir: rel, files };
  for (const sub of subfolders.sort()) yield* folders(root, sub);
}

const md5Of = async (file: string) => {
  const hash = createHash("md5");
  await pipeline(createReadStream(file), hash);
  return `"${hash.digest("hex")}"`;
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const config = loadBaseConfig();
  if (config.storage.kind !== "s3") {
    console.error(
      "storage:migrate copies MEDIA_DIR into a bucket: set S3_BUCKET and the other S3_ settings (README: Object storage) first.",
    );
    process.exit(2);
  }
  const storage: S3Storage = createS3Storage({
    ...config.storage,
    scratchDir: path.join(config.mediaDir, "tmp"),
    apiBaseUrl: "",
  });
  await checkStorage(storage, config);
  const roots = ["public", "private"];

  // A first pass counts, for the progress lines.
  const total = { files: 0, bytes: 0 };
  for (const top of roots) {
    for await (const { files } of folders(config.mediaDir, top)) {
      total.files += files.length;
      for (const f of files) total.bytes += f.size;
    }
  }
  console.log(
    `Copying ${total.files} files (${mb(total.bytes)}) from ${config.mediaDir} to the bucket ${storage.bucket}, ${concurrency} at a time.`,
  );

  const done = { files: 0, bytes: 0, uploaded: 0, uploadedBytes: 0, skipped: 0, ignored: [] as string[] };
  const failed: { key: string; why: string }[] = [];
  const progress = () =>
    console.log(
      `  ${done.files}/${total.files} files, ${mb(done.bytes)}/${mb(total.bytes)}: ${done.uploaded} uploaded, ${done.skipped} skipped, ${failed.length} failed`,
    );
  const ticker = setInterval(progress, 2000);

  /** Each file with what the bucket holds at its key (listed a folder at a time). */
  async function* work() {
    for (const top of roots) {
      for await (const { dir, files } of folders(config.mediaDir, top)) {
        // A folder the site never makes (its files are left out below) is not listed in the bucket either.
        const inBucket = dir === top || isStorageKey(dir) ? await storage.filesIn(dir) : new Map();
        for (const file of files) yield { file, remote: inBucket.get(file.key) };
      }
    }
  }

  await pMap(
    work(),
    async ({ file, remote }) => {
      try {
        if (!isStorageKey(file.key)) {
          done.ignored.push(file.key);
          return;
        }
        // Same size, and the same MD5 where the bucket's ETag is one (a file sent in one part): already there. A file
        // sent in parts appears only once complete, so its size is enough.
        const same =
          remote?.size === file.size &&
          (values["size-only"] || !/^"[0-9a-f]{32}"$/.test(remote.etag) || remote.etag === (await md5Of(file.abs)));
        if (same) done.skipped++;
        else {
          await storage.putFile(file.key, file.abs);
          done.uploaded++;
          done.uploadedBytes += file.size;
        }
      } catch (err) {
        failed.push({ key: file.key, why: (err as Error).message.split("\n")[0] as string });
      } finally {
        done.files++;
        done.bytes += file.size;
      }
    },
    { concurrency },
  );
  clearInterval(ticker);
  progress();

  if (done.ignored.length) {
    console.log(
      `Left out ${done.ignored.length} file${done.ignored.length === 1 ? "" : "s"} whose names the site never makes: ${done.ignored.slice(0, 10).join(", ")}${done.ignored.length > 10 ? ", …" : ""}`,
    );
  }
  for (const f of failed.slice(0, 20)) console.error(`  failed: ${f.key}: ${f.why}`);
  if (failed.length > 20) console.error(`  … and ${failed.length - 20} more`);
  console.log(
    `Done: ${done.files} files (${mb(done.bytes)}): ${done.uploaded} uploaded (${mb(done.uploadedBytes)}), ${done.skipped} skipped (already in the bucket), ${failed.length} failed.`,
  );
  if (failed.length) {
    console.error("Some files were not copied: run storage:migrate again to retry them.");
    process.exit(1);
  }
}

// A bad setting or an unusable bucket: one line, as at the API's start.
await main().catch((err: unknown) => {
  console.error(`storage:migrate: ${classifyStartupFailure(err).line}`);
  process.exit(2);
});
