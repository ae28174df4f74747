// bench:media's path (e), presigned from the S3 server: an API on object storage (STORAGE=s3) that decides access and
// hands out short-lived presigned URLs, so that the bytes go from the bucket to the client. Set up as a site does it:
// - the tests' S3 server (apps/api/test/s3-server.ts: s3rver, a Node process of its own) is the bucket;
// - the demo accounts; the performer creates a members' movie and uploads a short clip through the studio's upload
//   route; the API processes it (MEDIA_JOBS=inline: no worker process beside it) into the bucket;
// - `npm run storage:migrate` then puts the bench's movie MP4 and 1.5 MB segment at the keys of the movie's MP4 and
//   first HLS segment (from a folder laid out as MEDIA_DIR), so that every path serves the same bytes;
// - each measurement asks for its URL as the member's player does: the movie's fresh media links, the MP4 link
//   (answered by a 302 to a presigned URL), the master and variant playlists (whose segment URIs are presigned).
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { link, mkdir, mkdtemp, readFile } from "node:fs/promises";
import path from "node:path";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { settings } from "../../apps/api/src/modules/settings/tables.ts";
import { runTool } from "../../apps/api/src/platform/media/probe.ts";
import { DEMO_PASSWORD, seedDemo } from "../../apps/api/src/seed/seed.ts";
import { startS3Server, type TestS3Server } from "../../apps/api/test/s3-server.ts";
// @ts-expect-error plain ESM helper shared with `npm start`
import { freePort, root, startApi, stop, waitFor } from "../../scripts/processes.mjs";
import { START_MS } from "./load.ts";

/** A call to the API with the session `token`: the answer's status and JSON. */
export async function call<T = Record<string, unknown>>(
  api: string,
  route: string,
  opts: { token?: string; body?: unknown; form?: FormData } = {},
): Promise<{ status: number; json: T }> {
  const headers: Record<string, string> = opts.token ? { authorization: `Bearer ${opts.token}` } : {};
  let body: string | FormData | undefined = opts.form;
  if (opts.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(`${api}${route}`, { method: body ? "POST" : "GET", headers, body });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

/** A new members' movie of the demo performer; its id. */
export async function createMovie(api: string, token: string, title: string): Promise<string> {
  const created = await call<{ _id: string }>(api, "/performer/assets/videos", {
    token,
    body: { title, status: "active", access: "members" },
  });
  if (created.status !== 201) throw new Error(`creating a movie: ${created.status} ${JSON.stringify(created.json)}`);
  return created.json._id;
}

/** A 6-second 640x360 H.264 clip (one 360p rendition of two segments), made with the API's own ffmpeg. */
export async function makeClip(file: string) {
  await runTool(
    "ffmpeg",
    [
      ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25"],
      ...["-t", "6", "-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast", file],
    ],
    120_000,
  );
}

const uris = (playlist: string) =>
  playlist
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));

export interface Presigned {
  api: string;
  apiPid: number;
  s3: TestS3Server;
  performer: string;
  /** The clip the movie was made from (the upload measurement reuses it). */
  clip: string;
  /** A presigned URL of the movie's MP4 / of the segment, asked for now as the player does. */
  movieUrl(): Promise<string>;
  segmentUrl(): Promise<string>;
  close(): Promise<void>;
}

export async function startPresigned(opts: {
  /** A folder for its data (removed by the caller). */
  work: string;
  /** The bench's API settings (MEDIA_SECRET, NODE_ENV, DATABASE_URL ...). */
  env: Record<string, string | undefined>;
  /** The bench's files, served by every other path. */
  movieFile: string;
  segmentFile: string;
  log: (line: string) => void;
}): Promise<Presigned> {
  const s3 = await startS3Server({ bucket: "marquee-bench", startMs: 180_000 });
  let api: ChildProcess | undefined;
  const close = async () => {
    await stop(api);
    await s3.close();
  };
  try {
    const dataDir = await mkdtemp(path.join(opts.work, "api-s3-"));
    const databaseUrl = opts.env.DATABASE_URL;
    // The demo accounts, as `npm run seed` makes them (the embedded database before the API opens it).
    const database = await openDatabase(databaseUrl ? { url: databaseUrl, poolSize: 2 } : { dir: `${dataDir}/db` });
    try {
      await database.migrate();
      await seedDemo(database.db);
      // The bench's movie goes out when the performer publishes it, as on a site whose admin reviews nothing (a new
      // site reviews everything first).
      await database.db
        .insert(settings)
        .values({ key: "reviewMode", value: "none" })
        .onConflictDoUpdate({ target: settings.key, set: { value: "none" } });
    } finally {
      await database.close();
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { ...opts.env, ...s3.env, API_PORT: String(port), DATA_DIR: dataDir, MEDIA_JOBS: "inline" };
    api = startApi(env) as ChildProcess;
    await waitFor(`${base}/health`, api, START_MS);
    const login = async (username: string) => {
      const res = await call<{ token: string }>(base, "/auth/login", {
        body: { username, password: DEMO_PASSWORD },
      });
      if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.json)}`);
      return res.json.token;
    };
    const [performer, member] = [await login("performer"), await login("member")];

    // The studio's upload, processed into the bucket.
    const started = Date.now();
    const clip = path.join(opts.work, "clip.mp4");
    await makeClip(clip);
    const movieId = await createMovie(base, performer, "Presigned bench movie");
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await readFile(clip))], { type: "video/mp4" }), "clip.mp4");
    const uploaded = await call(base, `/performer/assets/videos/${movieId}/upload/video`, { token: performer, form });
    if (uploaded.status !== 200) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.json)}`);
    for (;;) {
      const { json } = await call<{ processing: { status: string; error: string | null } }>(
        base,
        `/performer/assets/videos/${movieId}/view`,
        { token: performer },
      );
      if (json.processing.status === "ready") break;
      if (json.processing.status === "failed") throw new Error(`processing failed: ${json.processing.error}`);
      if (Date.now() - started > 600_000) throw new Error("the movie was not processed within 10 minutes");
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }

    /** The player's links: fresh media links of the movie, as the player asks when its links run out. */
    const media = async () => {
      const res = await call<{ hls: string; mp4: string }>(base, `/user/assets/videos/${movieId}/media`, {
        token: member,
      });
      if (res.status !== 200) throw new Error(`media links: ${res.status} ${JSON.stringify(res.json)}`);
      return res.json;
    };
    /** A presigned URL, refused unless the bucket's: the API hands out where the bytes are, never sends them. */
    const fromBucket = (url: string) => {
      if (new URL(url).origin !== s3.endpoint) throw new Error(`${url} is not the bucket's (${s3.endpoint})`);
      if (!new URL(url).searchParams.get("X-Amz-Signature")) throw new Error(`${url} is not presigned`);
      return url;
    };
    const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname).replace(`/${s3.bucket}/`, "");
    const movieUrl = async () => {
      const res = await fetch(`${base}${(await media()).mp4}`, { redirect: "manual" });
      await res.arrayBuffer();
      const location = res.headers.get("location");
      if (res.status !== 302 || !location) throw new Error(`the MP4 link answered ${res.status}, not a redirect`);
      return fromBucket(location);
    };
    const firstSegmentUrl = async () => {
      const master = await fetch(`${base}${(await media()).hls}`).then((r) => r.text());
      const variant = uris(master)[0];
      if (!variant) throw new Error(`a master playlist without variants: ${master}`);
      const segment = uris(await fetch(`${base}${variant}`).then((r) => r.text()))[0];
      if (!segment) throw new Error("a variant playlist without segments");
      return fromBucket(segment);
    };

    // The bench's files at the movie's keys, through storage:migrate of a folder laid out as MEDIA_DIR.
    const [movieKey, segmentKey] = [keyOf(await movieUrl()), keyOf(await firstSegmentUrl())];
    const site = path.join(opts.work, "migrate-media");
    for (const [key, file] of [
      [movieKey, opts.movieFile],
      [segmentKey, opts.segmentFile],
    ] as const) {
      await mkdir(path.dirname(path.join(site, key)), { recursive: true });
      await link(file, path.join(site, key));
    }
    const migrate = spawn(process.execPath, ["--import", "tsx", "src/cli/storage-migrate.ts"], {
      cwd: path.join(root, "apps/api"),
      env: { ...process.env, ...env, MEDIA_DIR: site },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    migrate.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const [code] = await once(migrate, "exit");
    if (code !== 0) throw new Error(`storage:migrate exited with ${code}: ${output}`);
    opts.log(
      `  (e): movie ${movieId} uploaded and processed into the bucket in ${((Date.now() - started) / 1000).toFixed(0)} s; storage:migrate: ${output.trim().split("\n").at(-1)}`,
    );

    const segmentUrl = async () => {
      const url = await firstSegmentUrl();
      if (keyOf(url) !== segmentKey) throw new Error(`the first segment is now ${keyOf(url)}, not ${segmentKey}`);
      return url;
    };
    return { api: base, apiPid: api.pid as number, s3, performer, clip, movieUrl, segmentUrl, close };
  } catch (err) {
    await close();
    throw err;
  }
}
