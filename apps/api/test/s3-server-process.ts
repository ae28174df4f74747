// The S3-compatible test server's own process (see s3-server.ts, which starts it): s3rver on a free 127.0.0.1 port,
// keeping its objects in the folder argv[2] with the bucket argv[3]. Prints `{"port":N}` once listening; stops when
// its parent closes its standard input or sends SIGTERM.
import { rm } from "node:fs/promises";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

type KoaMiddleware = (
  ctx: {
    method: string;
    path: string;
    query: Record<string, string | undefined>;
    mountPath?: string;
    state: Record<string, unknown>;
    status: number;
  },
  next: () => Promise<unknown>,
) => Promise<unknown>;

/**
 * s3rver checks the signature of a request on the bucket itself (ListObjectsV2, DeleteObjects) over the path
 * `/<bucket>`, while AWS SDK v3 signs the path it sends, `/<bucket>/`, so every such request failed with
 * SignatureDoesNotMatch. Its check takes the path from `mountPath` when `state.vhost` is set: a step just before its
 * routes gives it the path as sent. The signature is still checked, as S3 checks it.
 */
function fixBucketPathSignatures(server: S3rver) {
  const { middleware } = server as unknown as { middleware: KoaMiddleware[] };
  const bucketPath: KoaMiddleware = (ctx, next) => {
    if (/^\/[^/]+\/$/.test(ctx.path)) {
      ctx.state.vhost = true;
      ctx.mountPath = "/";
    }
    return next();
  };
  // The last step is s3rver's router.
  middleware.splice(middleware.length - 1, 0, bucketPath);
}

/**
 * s3rver has no AbortMultipartUpload (it answers MethodNotAllowed), which the AWS SDK sends when an upload fails
 * part-way; the SDK then reports that refusal instead of the upload's own error. This step removes the upload's parts
 * as S3 does.
 */
function abortMultipartUploads(server: S3rver, directory: string) {
  const { middleware } = server as unknown as { middleware: KoaMiddleware[] };
  const abort: KoaMiddleware = async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== "DELETE" || !uploadId || !/^[0-9a-f]+$/.test(uploadId)) return next();
    const bucket = ctx.path.split("/")[1] as string;
    // Where s3rver's filesystem store keeps the parts of a bucket's uploads.
    await rm(path.join(directory, bucket, "._S3rver_uploads", uploadId), { recursive: true, force: true });
    ctx.status = 204;
  };
  middleware.splice(middleware.length - 1, 0, abort);
}

const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) throw new Error("usage: s3-server-process.ts DIRECTORY BUCKET");
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  directory,
  silent: true,
  vhostBuckets: false,
  configureBuckets: [{ name: bucket }],
});
fixBucketPathSignatures(server);
abortMultipartUploads(server, directory);
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);

const stop = () => server.close().finally(() => process.exit(0));
process.stdin.on("end", stop).resume();
process.on("SIGTERM", stop);
