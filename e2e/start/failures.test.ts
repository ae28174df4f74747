import { type ChildProcess, spawn } from "node:child_process";
import { chmod, mkdir, mkdtemp, open, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper shared with `npm start`
import { freePort, root } from "../../scripts/processes.mjs";

/**
 * Start-up failures a newcomer can meet end `npm start` (and the API and web processes on their own) with one
 * plain line, the last one printed, with the cause and the remedy, and a non-zero exit; no stack trace unless
 * DEBUG is set. (A full disk is classified in apps/api/src/platform/startup-errors.unit.test.ts.)
 */
let work: string;
let taken: Server;
let takenPort: number;
let apiPort: number;
let webPort: number;
const others: ChildProcess[] = [];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "marquee-start-failures-"));
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, resolve));
  takenPort = (taken.address() as { port: number }).port;
  [apiPort, webPort] = [await freePort(), await freePort()];
});

afterAll(async () => {
  taken.close();
  for (const child of others) child.kill("SIGKILL");
  await rm(work, { recursive: true, force: true });
});

let runs = 0;
/**
 * Runs `args` with `env` over a newcomer's environment; stdout and stderr go to one file, in the order a terminal
 * would show them.
 */
async function run(args: string[], env: Record<string, string>, cwd = root) {
  const file = path.join(work, `output-${++runs}.txt`);
  const out = await open(file, "w");
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: path.join(work, `data-${runs}`),
      API_PORT: String(apiPort),
      WEB_PORT: String(webPort),
      HOST: "127.0.0.1",
      SKIP_BUILD: "true",
      ...env,
    },
    stdio: ["ignore", out.fd, out.fd],
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
  await out.close();
  const output = (await readFile(file, "utf8")).trimEnd();
  return { code, output, lastLine: output.split("\n").at(-1) ?? "" };
}

const npmStart = (env: Record<string, string>) => run(["scripts/start.mjs"], env);
/** The API on its own, as production runs it. */
const api = (env: Record<string, string>) => run(["--import", "tsx", "src/main.ts"], env, path.join(root, "apps/api"));
/** The web server on its own, as production runs it. */
const web = (env: Record<string, string>) => run(["server.mjs"], env, path.join(root, "apps/web"));

const noStack = (output: string) => {
  expect(output).not.toMatch(/^\s+at /m);
  expect(output.match(/Marquee cannot start/g)).toHaveLength(1);
};

describe("start-up failures", { timeout: 120_000 }, () => {
  it("npm start: the web port in use", async () => {
    const r = await npmStart({ WEB_PORT: String(takenPort) });
    expect(r.code).not.toBe(0);
    expect(r.lastLine).toBe(
      `Marquee cannot start: port ${takenPort} is in use by another program. Stop it or set WEB_PORT to a free port.`,
    );
    noStack(r.output);
  });

  it("npm start: a bad environment value", async () => {
    const r = await npmStart({ API_PORT: "abc" });
    expect(r.code).not.toBe(0);
    expect(r.lastLine).toBe(
      'Marquee cannot start: API_PORT is "abc" (expected a port number from 0 to 65535). Fix it in the environment, or unset it for the default (4000).',
    );
    noStack(r.output);
  });

  it("npm start: the embedded database held by another process", async () => {
    // Another process holds the lock of the data folder's database, as a running API does.
    const dataDir = path.join(work, "held");
    const holder = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    others.push(holder);
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, "db.lock"), String(holder.pid));
    const line = `Marquee cannot start: the embedded database in ${dataDir}/db is in use by process ${holder.pid} (another Marquee, or \`npm run seed\`). Stop that process first (Ctrl-C in its npm start), or set DATA_DIR to another folder.`;
    const r = await npmStart({ DATA_DIR: dataDir });
    expect(r.code).not.toBe(0);
    expect(r.lastLine).toBe(line);
    noStack(r.output);
    // The API on its own says the same.
    const alone = await api({ DATA_DIR: dataDir });
    expect(alone.code).toBe(78);
    expect(alone.lastLine).toBe(line);
    noStack(alone.output);
  });

  it("npm start: a broken media tool (FFMPEG_PATH runs but fails); with DEBUG the stack too, the line still last", async () => {
    const broken = path.join(work, "ffmpeg");
    await writeFile(broken, "#!/bin/sh\necho 'ffmpeg: cannot load libavcodec' >&2\nexit 1\n");
    await chmod(broken, 0o755);
    const r = await npmStart({ FFMPEG_PATH: broken });
    expect(r.code).not.toBe(0);
    expect(r.lastLine).toMatch(
      new RegExp(
        `^Marquee cannot start: ffmpeg at ${broken} does not run \\(.*\\)\\. Point FFMPEG_PATH at a working ffmpeg, or unset it\\.$`,
      ),
    );
    noStack(r.output);

    const debug = await npmStart({ FFMPEG_PATH: broken, DEBUG: "1" });
    expect(debug.code).not.toBe(0);
    expect(debug.lastLine).toBe(r.lastLine);
    expect(debug.output).toMatch(/^MediaToolsError: .*\n\s+at /m);
  });

  it("the API on its own: its port in use, a missing media tool", async () => {
    const inUse = await api({ API_PORT: String(takenPort) });
    expect(inUse.code).toBe(78);
    expect(inUse.lastLine).toBe(
      `Marquee cannot start: port ${takenPort} is in use by another program. Stop it or set API_PORT to a free port.`,
    );
    noStack(inUse.output);
    const missing = await api({ FFPROBE_PATH: path.join(work, "no-such-ffprobe") });
    expect(missing.code).toBe(78);
    expect(missing.lastLine).toBe(
      `Marquee cannot start: FFPROBE_PATH is set to ${path.join(work, "no-such-ffprobe")}, which is not an executable file. Point it at a working ffprobe, or unset it to use the one on PATH or the bundled one.`,
    );
    noStack(missing.output);
  });

  it("the web server on its own: its port in use, a bad value", async () => {
    const inUse = await web({ WEB_PORT: String(takenPort), WEB_WORKERS: "2" });
    expect(inUse.code).toBe(78);
    expect(inUse.lastLine).toBe(
      `Marquee cannot start: port ${takenPort} is in use by another program. Stop it or set WEB_PORT to a free port.`,
    );
    noStack(inUse.output);
    const bad = await web({ WEB_MICROCACHE_MS: "soon" });
    expect(bad.code).toBe(78);
    expect(bad.lastLine).toBe(
      'Marquee cannot start: WEB_MICROCACHE_MS is "soon" (expected a whole number of milliseconds, at least 0). Fix it in the environment, or unset it for the default.',
    );
    noStack(bad.output);
    const media = await web({ WEB_SERVES_MEDIA: "yes" });
    expect(media.code).toBe(78);
    expect(media.lastLine).toBe(
      'Marquee cannot start: WEB_SERVES_MEDIA is "yes" (expected true or false). Fix it in the environment, or unset it for the default (true).',
    );
    const prefix = await web({ MEDIA_ACCEL_REDIRECT: "_media" });
    expect(prefix.code).toBe(78);
    expect(prefix.lastLine).toBe(
      'Marquee cannot start: MEDIA_ACCEL_REDIRECT is "_media" (expected a path that starts and ends with /, such as /_media/). Fix it in the environment, or unset it for the default.',
    );
    noStack(prefix.output);
  });
});
