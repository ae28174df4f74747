import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTool } from "../apps/api/src/platform/media/probe.ts";
// @ts-expect-error plain ESM helper shared with `npm start`
import { freePort, root, startApi, stop, waitFor } from "../scripts/processes.mjs";
import { enrolTwoFactor } from "./two-factor.ts";

/**
 * `kill -9` of the API mid-transcode with an upload in flight (issue 7): after a restart the movie is finished,
 * nothing half-made is left under the media folder and no ffmpeg of the killed process lives on. A fresh API of
 * its own (embedded database, no demo data), like `npm start` would restart it.
 */
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PASSWORD = "crash-test-password";

let dataDir: string;
let env: Record<string, string | undefined>;
let base: string;
let api: ReturnType<typeof startApi> | undefined;
let token: string;
let clip: string;

async function call(method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** The command lines of the processes running now that name `needle` (e.g. a movie's id in ffmpeg's paths). */
async function processesNaming(needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of (await readdir("/proc")).filter((p) => /^\d+$/.test(p))) {
    const cmd = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    if (cmd.includes(needle)) found.push(`${pid}: ${cmd.replaceAll("\0", " ").trim()}`);
  }
  return found;
}

const scratch = () => readdir(path.join(dataDir, "media/tmp")).catch(() => [] as string[]);

async function startTheApi() {
  api = startApi(env, { stdio: ["ignore", "inherit", "inherit"] });
  await waitFor(`${base}/health`, api, 180_000);
}

/** Starts a multipart upload that sends its first bytes, then trickles; it never ends on its own. */
function slowUpload(movieId: string) {
  const boundary = `----marquee${randomBytes(8).toString("hex")}`;
  const req = http.request(`${base}/performer/assets/videos/${movieId}/upload/video`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
  req.on("error", () => {}); // the server dies under it
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\n` +
      "Content-Type: video/mp4\r\n\r\n",
  );
  req.write(randomBytes(512 * 1024));
  const timer = setInterval(() => req.write(randomBytes(64 * 1024)), 100);
  req.on("close", () => clearInterval(timer));
  return () => {
    clearInterval(timer);
    req.destroy();
  };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "marquee-crash-"));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    API_PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SEED_DEMO: "false",
    DATABASE_URL: undefined,
  };
  // A 20-second 720p clip: its transcode (several renditions) runs long enough to be cut short.
  clip = path.join(dataDir, "clip.mp4");
  await runTool(
    "ffmpeg",
    [
      ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30:duration=20"],
      ...["-f", "lavfi", "-i", "sine=frequency=440:duration=20", "-c:v", "libx264", "-preset", "ultrafast"],
      ...["-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", clip],
    ],
    120_000,
  );
  await run(
    process.execPath,
    [
      ...["--import", "tsx", "src/cli/create-admin.ts", "--username", "crashadmin"],
      ...["--email", "crash@marquee.test", "--password", PASSWORD],
    ],
    {
      cwd: path.join(root, "apps/api"),
      env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "DATABASE_URL")), ...env },
    },
  );
  await startTheApi();
  const login = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "crashadmin", password: PASSWORD }),
  });
  token = (await login.json()).token;
  // Admin routes need two-factor sign-in (issue 22).
  await enrolTwoFactor(base, token, PASSWORD);
  // The admin is its movies' performer too.
  const me = await call("GET", "/users/me");
  await call("POST", "/admin/performers", { userId: me._id });
}, 300_000);

afterAll(async () => {
  await stop(api);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("the API killed mid-transcode and mid-upload", () => {
  it("finishes the movie after a restart and leaves nothing half-made or running behind", {
    timeout: 420_000,
  }, async () => {
    const me = await call("GET", "/users/me");
    const create = (title: string) =>
      // Drafts: this admin-performer is not verified (publishing waits for it) and the media pipeline is the same.
      call("POST", "/performer/assets/videos", { title, performerIds: [me._id], status: "draft" });
    const movie = await create("Cut short");
    const other = await create("Never arrived");

    const form = new FormData();
    form.append("file", new Blob([await readFile(clip)]), "clip.mp4");
    const uploaded = await fetch(`${base}/performer/assets/videos/${movie._id}/upload/video`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const cancelUpload = slowUpload(other._id);

    // Kill once ffmpeg works on the movie and the other upload is arriving in a temp file.
    await until(
      "ffmpeg transcoding the movie into its work folder",
      async () =>
        (await processesNaming(movie._id)).some((p) => p.includes("ffmpeg ")) &&
        (await scratch()).some((n) => n.startsWith("transcode-")),
      120_000,
    );
    await until(
      "the slow upload arriving",
      async () => {
        for (const f of (await scratch()).filter((n) => n.startsWith("upload-"))) {
          if ((await stat(path.join(dataDir, "media/tmp", f)).catch(() => null))?.size) return true;
        }
        return false;
      },
      60_000,
    );
    api?.kill("SIGKILL");
    await new Promise((r) => api?.once("exit", r));
    cancelUpload();

    // The transcoder dies with the API (it must not keep writing, nor burn the CPU, with nobody to use its work).
    await until(
      "no ffmpeg of the killed API",
      async () => (await processesNaming(movie._id)).length === 0,
      5_000,
    ).catch(async (err) => {
      throw new Error(`${err.message}: ${(await processesNaming(movie._id)).join("; ")}`);
    });
    expect(await call("GET", `/performer/assets/videos/${movie._id}/view`).catch(() => null)).toBeNull();

    await startTheApi();
    const ready = await until(
      "the movie ready",
      async () => {
        const m = await call("GET", `/performer/assets/videos/${movie._id}/view`);
        expect(m.processing.status).not.toBe("failed");
        return m.processing.status === "ready" && m;
      },
      300_000,
    );
    expect(ready.media).not.toBeNull();
    // The upload that was cut short left nothing: the other movie has no file, and the scratch folder is empty.
    const never = await call("GET", `/performer/assets/videos/${other._id}/view`);
    expect(never.processing.status).toBe("none");
    expect(await readdir(path.join(dataDir, "media/private/video-sources", other._id)).catch(() => [])).toEqual([]);
    expect(await scratch()).toEqual([]);
    // One complete set of renditions, under the prefix the movie names (a run cut short left no other).
    const renditions = await readdir(path.join(dataDir, "media/private/videos", movie._id));
    expect(renditions).toHaveLength(1);
    expect(await readdir(path.join(dataDir, "media/private/videos", movie._id, renditions[0] as string))).toEqual(
      expect.arrayContaining(["hls", "video.mp4", "poster.webp"]),
    );
    expect(await processesNaming(movie._id)).toEqual([]);
  });
});
