import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { lstat, mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  UploadPartCommand,
  UploadPartCopyCommand,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import pMap from "p-map";
import { contentTypeOf } from "./media/content-types.ts";
import { assertKey, createScratch, localFiles, type Storage, StorageNotFound } from "./storage.ts";

/** Where the bucket is and how to reach it (README: Object storage). */
export interface S3Settings {
  /** Unset: AWS S3 itself, by region. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Unset: the AWS SDK's own sources (AWS_* variables, a shared profile, an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (MinIO, Ceph RGW). */
  forcePathStyle: boolean;
  /** Where the bucket's `public/` folder is served from (a CDN, or the bucket with public reads on `public/*`). */
  publicBaseUrl?: string;
}

/** Public files never change at their key (a new upload gets a new key): any cache may keep them a year. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** Private files reach a browser only through a short-lived link: never a shared cache. */
export const PRIVATE_CACHE_CONTROL = "private, max-age=3600";

/**
 * A stream of unknown length (`put`) is sent in parts of this size, `QUEUE` at a time, each held in memory while it is
 * sent. A file on disk (`moveIn`) is sent straight from the disk in parts of at least this size: nothing is held.
 */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE = 4;
/** S3's most parts in one upload. */
const MAX_PARTS = 10_000;
/** Files of a folder uploaded, copied or removed at once. */
const FOLDER_CONCURRENCY = 6;
/** CopyObject copies up to 5 GiB; a larger file is copied in parts of this size. */
const MAX_COPY = 5 * 1024 ** 3;
const COPY_PART = 512 * 1024 ** 2;

export type S3Storage = Storage & {
  readonly client: S3Client;
  readonly bucket: string;
  /** The files directly in the folder `dir` (not below it), by key: what `storage:migrate` compares with. */
  filesIn(dir: string): Promise<Map<string, { size: number; etag: string }>>;
  /** Uploads a file on this machine's disk to `key` (the file stays). */
  putFile(key: string, file: string): Promise<void>;
  /** Fails when the bucket cannot be reached, does not exist or refuses the keys. */
  checkBucket(): Promise<void>;
};

/** A folder to list: a key, or one of the two roots. */
const assertFolder = (dir: string) => (dir === "public" || dir === "private" ? dir : assertKey(dir));

const cacheControlOf = (key: string) => (key.startsWith("public/") ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);

function isNotFound(err: unknown) {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e.name !== "NoSuchBucket" &&
    (e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404)
  );
}

/** `attachment` with the name in plain ASCII, as the API's own downloads name it (media/serve.ts). */
export const attachmentOf = (name: string) => `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, "_")}"`;

export function createS3Storage(
  opts: S3Settings & {
    /** The scratch folder on this machine's disk (files being made, local copies). */
    scratchDir: string;
    /** Public files' URLs without `publicBaseUrl`: `${apiBaseUrl}/files/<key>`, which the API answers. */
    apiBaseUrl: string;
    /** Files above `single` bytes are copied in parts of `part` bytes (5 GiB, S3's limit, and 512 MiB; less in tests). */
    copyLimits?: { single: number; part: number };
  },
): S3Storage {
  const Bucket = opts.bucket;
  const config: S3ClientConfig = {
    endpoint: opts.endpoint,
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    credentials: opts.credentials,
    // Checksums only where S3 requires them: the CRC trailers sent by default since 2025 are refused by several
    // S3-compatible servers (older Ceph RGW and MinIO releases among them).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
  };
  const client = new S3Client(config);
  // For bodies read from a file: the SDK's retry would resend a stream already read, so `retried` opens it anew.
  const single = new S3Client({ ...config, maxAttempts: 1 });
  const scratch = createScratch(opts.scratchDir);
  const copyLimits = opts.copyLimits ?? { single: MAX_COPY, part: COPY_PART };

  /** A stream of unknown length (an upload as it arrives): parts of PART_SIZE in memory, QUEUE at a time. */
  async function upload(key: string, body: Readable) {
    const done = new Upload({
      client,
      params: { Bucket, Key: key, Body: body, ContentType: contentTypeOf(key), CacheControl: cacheControlOf(key) },
      partSize: PART_SIZE,
      queueSize: QUEUE,
    }).done();
    await done.catch((err) => {
      // The source (a request, a file) is not read further.
      body.destroy();
      throw err;
    });
  }

  /** Every file whose key is `prefix` or under `prefix/`, a page (up to 1000) at a time. */
  async function* pages(prefix: string) {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      const files = (page.Contents ?? [])
        .filter((o) => o.Key === prefix || o.Key?.startsWith(`${prefix}/`))
        .map((o) => ({ key: o.Key as string, size: o.Size ?? 0, etag: o.ETag ?? "" }));
      if (files.length) yield files;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function removeKeys(keys: string[]) {
    if (!keys.length) return;
    const res = await client.send(
      new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
    );
    const failed = res.Errors?.[0];
    if (failed) throw new Error(`could not remove ${failed.Key}: ${failed.Code} ${failed.Message ?? ""}`.trim());
  }

  /** A multipart upload of `count` parts, `QUEUE` at a time: complete, or aborted (nothing appears at `key`). */
  async function multipart(key: string, count: number, sendPart: (UploadId: string, n: number) => Promise<string>) {
    const meta = { ContentType: contentTypeOf(key), CacheControl: cacheControlOf(key) };
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ...meta }));
    const id = UploadId as string;
    try {
      const numbers = Array.from({ length: count }, (_, i) => i + 1);
      const Parts = await pMap(numbers, async (n) => ({ PartNumber: n, ETag: await sendPart(id, n) }), {
        concurrency: QUEUE,
      });
      await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts } }));
    } catch (err) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => {});
      throw err;
    }
  }

  /**
   * Sends a request whose body is read from a file, up to 3 times, reading the file anew each time. A file that cannot
   * be read fails at once, and one that fails part-way ends the request (it would wait for the missing bytes).
   */
  async function retried<T>(
    send: (body: Readable, abortSignal: AbortSignal) => Promise<T>,
    file: string,
    range: { start: number; end: number },
  ) {
    for (let attempt = 1; ; attempt++) {
      const body = createReadStream(file, range);
      const controller = new AbortController();
      let readError: unknown;
      body.on("error", (err) => {
        readError = err;
        controller.abort();
      });
      try {
        await once(body, "ready");
        return await send(body, controller.signal);
      } catch (err) {
        if (readError) throw readError;
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        const transient = status === undefined || status >= 500 || status === 429;
        if (attempt >= 3 || !transient) throw err;
        await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
      } finally {
        body.destroy();
      }
    }
  }

  /** A file on disk, streamed from it: one PUT up to PART_SIZE, else parts (at most MAX_PARTS). */
  async function uploadFile(key: string, file: string) {
    const { size } = await stat(file);
    if (size <= PART_SIZE) {
      const meta = { ContentType: contentTypeOf(key), CacheControl: cacheControlOf(key) };
      await retried(
        (Body, abortSignal) =>
          single.send(new PutObjectCommand({ Bucket, Key: key, Body, ContentLength: size, ...meta }), { abortSignal }),
        file,
        { start: 0, end: Math.max(0, size - 1) },
      );
      return;
    }
    const part = Math.max(PART_SIZE, Math.ceil(size / MAX_PARTS));
    await multipart(key, Math.ceil(size / part), async (UploadId, n) => {
      const start = (n - 1) * part;
      const end = Math.min(size, start + part) - 1;
      const res = await retried(
        (Body, abortSignal) =>
          single.send(
            new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber: n, Body, ContentLength: end - start + 1 }),
            { abortSignal },
          ),
        file,
        { start, end },
      );
      return res.ETag as string;
    });
  }

  async function copyFile(from: string, to: string, size: number) {
    const CopySource = encodeURI(`${Bucket}/${from}`);
    if (size <= copyLimits.single) {
      const meta = { ContentType: contentTypeOf(to), CacheControl: cacheControlOf(to) };
      await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource, MetadataDirective: "REPLACE", ...meta }));
      return;
    }
    const { part } = copyLimits;
    await multipart(to, Math.ceil(size / part), async (UploadId, n) => {
      const range = `bytes=${(n - 1) * part}-${Math.min(size, n * part) - 1}`;
      const res = await client.send(
        new UploadPartCopyCommand({ Bucket, Key: to, UploadId, PartNumber: n, CopySource, CopySourceRange: range }),
      );
      return res.CopyPartResult?.ETag as string;
    });
  }

  /** Uploads a folder made on disk to `key/…`, then removes what was under `key` before and is not in it now. */
  async function uploadFolder(dir: string, key: string) {
    const files: { key: string; abs: string; size: number }[] = [];
    for await (const [rel, abs] of localFiles(dir)) {
      files.push({ key: assertKey(`${key}/${rel}`), abs, size: (await stat(abs)).size });
    }
    await pMap(files, (f) => uploadFile(f.key, f.abs), { concurrency: FOLDER_CONCURRENCY });
    const fresh = new Set(files.map((f) => f.key));
    for await (const page of pages(key)) await removeKeys(page.map((f) => f.key).filter((k) => !fresh.has(k)));
  }

  const storage: S3Storage = {
    kind: "s3",
    client,
    bucket: Bucket,
    async put(key, data) {
      assertKey(key);
      if (!Buffer.isBuffer(data)) return upload(key, data);
      const meta = { ContentType: contentTypeOf(key), CacheControl: cacheControlOf(key) };
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ...meta }));
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: assertKey(key) }));
        return {
          size: head.ContentLength ?? 0,
          modifiedAt: head.LastModified ?? new Date(0),
          etag: head.ETag ?? "",
        };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async read(key, range) {
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: assertKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return res.Body as Readable;
      } catch (err) {
        throw isNotFound(err) ? new StorageNotFound(key) : err;
      }
    },
    async download(key, destPath) {
      const body = await storage.read(key);
      await mkdir(path.dirname(destPath), { recursive: true });
      try {
        await pipeline(body, createWriteStream(destPath));
      } catch (err) {
        await rm(destPath, { force: true });
        throw err;
      }
    },
    async copy(from, to) {
      assertKey(from);
      assertKey(to);
      const file = await storage.stat(from);
      if (file) return copyFile(from, to, file.size);
      let copied = 0;
      for await (const page of pages(from)) {
        await pMap(page, (f) => copyFile(f.key, `${to}${f.key.slice(from.length)}`, f.size), {
          concurrency: FOLDER_CONCURRENCY,
        });
        copied += page.length;
      }
      if (!copied) throw new StorageNotFound(from);
    },
    async *list(prefix) {
      for await (const page of pages(assertKey(prefix))) {
        for (const { key, size } of page) yield { key, size };
      }
    },
    async remove(prefix) {
      for await (const page of pages(assertKey(prefix))) await removeKeys(page.map((f) => f.key));
    },
    publicUrl(key) {
      const rel = key.replace(/^public\//, "");
      return opts.publicBaseUrl ? `${opts.publicBaseUrl}/${rel}` : `${opts.apiBaseUrl}/files/${rel}`;
    },
    async directUrl(key, { ttlSec, downloadName }) {
      const command = new GetObjectCommand({
        Bucket,
        Key: assertKey(key),
        ResponseContentType: contentTypeOf(key),
        ResponseContentDisposition: downloadName ? attachmentOf(downloadName) : undefined,
      });
      return getSignedUrl(client, command, { expiresIn: ttlSec });
    },
    diskPath: () => null,
    tempPath: scratch.tempPath,
    async moveIn(tempPath, key) {
      scratch.assertTemp(tempPath);
      assertKey(key);
      if ((await lstat(tempPath)).isDirectory()) await uploadFolder(tempPath, key);
      else await uploadFile(key, tempPath);
      await rm(tempPath, { recursive: true, force: true });
    },
    removeTemp: scratch.removeTemp,
    async filesIn(dir) {
      const out = new Map<string, { size: number; etag: string }>();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${assertFolder(dir)}/`, Delimiter: "/", ContinuationToken }),
        );
        for (const o of page.Contents ?? []) out.set(o.Key as string, { size: o.Size ?? 0, etag: o.ETag ?? "" });
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return out;
    },
    putFile: (key, file) => uploadFile(assertKey(key), file),
    async checkBucket() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
  return storage;
}
