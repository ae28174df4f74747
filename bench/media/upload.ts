// bench:media's upload to object storage: a movie file of `mb` MB sent through the studio's upload route (multipart,
// streamed from disk as a browser sends it) to an API on STORAGE=s3, while the API process's RSS is sampled. The API
// streams the request to a temp file, probes it and moves it into the bucket (the storage port's moveIn, read from the
// disk in parts). DESIGN section 10 budgets the growth at <= 64 MB.
// The file is the bench's short clip followed by a top-level MP4 `free` box (sparse) up to the size: a valid MP4
// that ffprobe accepts, as large as a feature film.
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, readFile, rm } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { rssOf } from "./load.ts";
import { call, createMovie } from "./presigned.ts";

const MB = 1024 * 1024;
export const RSS_BUDGET_MB = 64;

/** `clip` padded to `bytes` with a `free` box whose body is a hole in the file (nothing written). */
async function paddedMovie(clip: string, file: string, bytes: number) {
  const head = await readFile(clip);
  const box = Buffer.alloc(8);
  box.writeUInt32BE(bytes - head.length, 0);
  box.write("free", 4, "latin1");
  const handle = await open(file, "w");
  try {
    await handle.write(head);
    await handle.write(box);
    await handle.truncate(bytes);
  } finally {
    await handle.close();
  }
}

/** POSTs `file` as the multipart field `file`, streamed from the disk; when the body was sent and the answer. */
function postFile(url: string, token: string, file: string, size: number) {
  const boundary = `----marquee${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="movie.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const started = performance.now();
  let sent = 0;
  return new Promise<{ status: number; body: string; sentAt: number }>((resolve, reject) => {
    let sentAt = Number.NaN;
    // A failure says how far the upload got, and when.
    const failed = (err: Error) =>
      reject(
        new Error(
          `${err.message} after ${((performance.now() - started) / 1000).toFixed(1)} s, ${(sent / MB).toFixed(0)} MB of ${(size / MB).toFixed(0)} MB sent`,
        ),
      );
    const req = http.request(url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(head.length + size + tail.length),
      },
    });
    req.on("finish", () => {
      sentAt = performance.now();
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), sentAt }));
      res.on("error", failed);
    });
    req.on("error", failed);
    Readable.from(
      (async function* () {
        yield head;
        for await (const chunk of createReadStream(file, { highWaterMark: MB })) {
          sent += (chunk as Buffer).length;
          yield chunk;
        }
        yield tail;
      })(),
    ).pipe(req);
  });
}

export async function measureUpload(opts: {
  api: string;
  apiPid: number;
  token: string;
  clip: string;
  work: string;
  mb: number;
  log: (line: string) => void;
}) {
  const { api, apiPid, log } = opts;
  const bytes = opts.mb * MB;
  const file = path.join(opts.work, "upload-movie.mp4");
  try {
    await paddedMovie(opts.clip, file, bytes);
    const movieId = await createMovie(api, opts.token, "Upload bench movie");
    // The API at rest first: its RSS before, the lowest of a second's samples.
    let baseline = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 10; i++) {
      baseline = Math.min(baseline, await rssOf(apiPid));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    let peak = baseline;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rssOf(apiPid));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const res = await postFile(`${api}/performer/assets/videos/${movieId}/upload/video`, opts.token, file, bytes);
    const answered = performance.now();
    sampling = false;
    await sampler;
    if (res.status !== 200) throw new Error(`the upload answered ${res.status}: ${res.body.slice(0, 300)}`);
    // The file the API moved in is the whole upload.
    const view = await call<{ sourceSizeBytes: number | null }>(api, `/performer/assets/videos/${movieId}/view`, {
      token: opts.token,
    });
    if (view.json.sourceSizeBytes !== bytes) {
      throw new Error(`the API stored ${view.json.sourceSizeBytes} bytes of a ${bytes}-byte upload`);
    }
    const [sent, total] = [(res.sentAt - started) / 1000, (answered - started) / 1000];
    const growth = (peak - baseline) / MB;
    log(`\nUpload of a ${opts.mb} MB movie through the studio's upload route to the API on object storage (S3 server)`);
    log(
      `  ${(opts.mb / total).toFixed(0)} MB/s: answered after ${total.toFixed(1)} s (the body sent in ${sent.toFixed(1)} s, ${(opts.mb / sent).toFixed(0)} MB/s; then the probe and the move into the bucket)`,
    );
    log(
      `  API RSS: ${(baseline / MB).toFixed(0)} MB before, ${(peak / MB).toFixed(0)} MB at its peak: growth ${growth.toFixed(1)} MB, budget (DESIGN section 10) <= ${RSS_BUDGET_MB} MB: ${growth <= RSS_BUDGET_MB ? "within" : "OVER"} (${(growth / RSS_BUDGET_MB).toFixed(2)} of it)`,
    );
  } finally {
    await rm(file, { force: true });
  }
}
