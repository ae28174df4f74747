import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/**
 * A local S3-compatible server for tests: s3rver (npm `@20minutes/s3rver`) in a process of its own, on a free
 * 127.0.0.1 port, with a fresh folder and bucket. `env` holds the settings the API reads to use it (the README's names).
 *
 * Its own process, for two reasons: s3rver makes ListObjectsV2's continuation tokens with DES, which Node's OpenSSL 3
 * offers only with `--openssl-legacy-provider` (without it every listing longer than a page fails), and the
 * processes under test (an API, `storage:migrate`) then reach it as they reach a real one, over the network.
 */
export interface TestS3Server {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the server keeps its objects. */
  dir: string;
  /** The server's process (bench:media measures its CPU). */
  pid: number;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** s3rver's built-in account. */
const ACCESS_KEY = "S3RVER";
const here = path.dirname(fileURLToPath(import.meta.url));

/** `startMs`: how long it may take to listen (a benchmark on a loaded machine waits longer than a test). */
export async function startS3Server(opts: { bucket?: string; startMs?: number } = {}): Promise<TestS3Server> {
  const dir = await mkdtemp(path.join(tmpdir(), "marquee-s3-"));
  const bucket = opts.bucket ?? "marquee-test";
  const child = spawn(
    process.execPath,
    ["--openssl-legacy-provider", "--import", "tsx", path.join(here, "s3-server-process.ts"), dir, bucket],
    // From the repository's root, where `tsx` resolves.
    { cwd: path.resolve(here, "../../.."), stdio: ["pipe", "pipe", "inherit"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const listening = new Promise<number>((resolve, reject) => {
    const startMs = opts.startMs ?? 20_000;
    const timer = setTimeout(
      () => reject(new Error(`the S3 test server did not start within ${startMs / 1000} s`)),
      startMs,
    );
    child.once("exit", (code) => reject(new Error(`the S3 test server exited (${code}) before listening`)));
    createInterface({ input: child.stdout }).once("line", (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { port: number }).port);
    });
  });
  // One that does not listen in time is stopped, and its folder goes.
  const port = await listening.catch(async (err: unknown) => {
    child.kill("SIGKILL");
    await exited;
    await rm(dir, { recursive: true, force: true });
    throw err;
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const region = "us-east-1";
  return {
    endpoint,
    region,
    bucket,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    dir,
    pid: child.pid as number,
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    async close() {
      child.stdin.end();
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
