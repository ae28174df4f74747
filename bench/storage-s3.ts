// Object storage: a file of --mb megabytes (1024 by default) sent to the S3 adapter against the local S3 test server
// (in a process of its own), twice: moved in from the disk (`moveIn`, as every upload and transcode reaches the
// bucket) and as a stream of unknown length (`put`); then read back (`read`). Prints the throughput, the CPU per GB
// and this process's RSS growth at its peak (DESIGN budgets <= 64 MB during a 1 GB upload).
// Usage: npm run bench:storage [-- --mb 1024]
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { parseArgs } from "node:util";
import { createS3Storage } from "../apps/api/src/platform/storage-s3.ts";
import { startS3Server } from "../apps/api/test/s3-server.ts";

const { values } = parseArgs({ options: { mb: { type: "string", default: "1024" } } });
const total = Number(values.mb) * 1024 * 1024;
const chunk = Buffer.alloc(1024 * 1024, 7);

const server = await startS3Server({ bucket: "bench" });
const scratch = await mkdtemp(path.join(tmpdir(), "marquee-bench-s3-"));
const storage = createS3Storage({
  endpoint: server.endpoint,
  region: server.region,
  bucket: server.bucket,
  credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
  forcePathStyle: true,
  scratchDir: scratch,
  apiBaseUrl: "",
});

/** Samples RSS every 20 ms while `work` runs; the peak above the RSS before it. */
async function measure(label: string, work: () => Promise<void>) {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const cpu = process.cpuUsage();
  await work();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  const mb = total / 1024 / 1024;
  console.log(
    `${label}: ${mb} MB in ${seconds.toFixed(1)} s, ${(mb / seconds).toFixed(0)} MB/s; RSS ${(base / 1024 / 1024).toFixed(0)} MB before, growth ${((peak - base) / 1024 / 1024).toFixed(1)} MB at its peak; CPU ${((used.user + used.system) / 1e6 / (total / 1024 ** 3)).toFixed(2)} s per GB`,
  );
}

try {
  // A warm-up: the SDK's modules and connections, outside the measurement.
  await storage.put("private/bench/warm-up.bin", Buffer.alloc(1024));
  const file = await storage.tempPath("upload");
  const handle = await open(file, "w");
  for (let at = 0; at < total; at += chunk.length) await handle.write(chunk);
  await handle.close();
  await measure("moveIn (from the disk)", () => storage.moveIn(file, "private/bench/moved.mp4"));
  if ((await storage.stat("private/bench/moved.mp4"))?.size !== total) throw new Error("moveIn stored another size");
  await measure("put (streamed, unknown length)", async () => {
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent >= total) return this.push(null);
        sent += chunk.length;
        this.push(chunk);
      },
    });
    await storage.put("private/bench/movie.mp4", body);
  });
  const size = (await storage.stat("private/bench/movie.mp4"))?.size;
  if (size !== total) throw new Error(`stored ${size} bytes, sent ${total}`);
  await measure("read (streamed)", async () => {
    let got = 0;
    for await (const c of await storage.read("private/bench/movie.mp4")) got += (c as Buffer).length;
    if (got !== total) throw new Error(`read ${got} bytes of ${total}`);
  });
} finally {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
}
