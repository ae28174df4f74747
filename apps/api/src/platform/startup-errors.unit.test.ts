import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { resolveTool } from "./media/tools.ts";
import {
  assertPortFree,
  classifyStartupFailure,
  exitOnStartupFailure,
  freeBytes,
  STARTUP_FAILURE_EXIT_CODE,
  StartupError,
} from "./startup-errors.ts";

let dir: string;
let taken: Server;
let takenPort: number;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "marquee-startup-"));
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  takenPort = (taken.address() as { port: number }).port;
});
afterAll(async () => {
  taken.close();
  await rm(dir, { recursive: true, force: true });
});

const ctx = { port: 4000, portVariable: "API_PORT", host: "0.0.0.0", dataDir: "/srv/marquee/data" };
/** A Node system error as `listen` or `fs` raise them. */
const sysError = (code: string, extra: object = {}) => Object.assign(new Error(`${code}: failed`), { code, ...extra });
const caught = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error("it did not throw");
};

describe("a start-up failure in one line", () => {
  it.each([
    [
      "the port in use",
      sysError("EADDRINUSE", { syscall: "listen", port: 4000 }),
      "port 4000 is in use by another program. Stop it or set API_PORT to a free port.",
    ],
    [
      "a privileged port",
      sysError("EACCES", { syscall: "listen" }),
      "port 4000 needs administrator rights to listen on. Set API_PORT to 1024 or above.",
    ],
    [
      "a HOST that is not this machine's",
      sysError("EADDRNOTAVAIL", { syscall: "listen" }),
      "HOST 0.0.0.0 is not an address of this machine. Set HOST to one of its addresses, or 0.0.0.0 for all.",
    ],
    [
      "a HOST name that does not resolve",
      sysError("ENOTFOUND", { syscall: "getaddrinfo", hostname: "marquee.invalid" }),
      "HOST 0.0.0.0 is not a name of this machine. Set HOST to one of its addresses, or 0.0.0.0 for all.",
    ],
    [
      "a full disk (Node)",
      sysError("ENOSPC", { syscall: "write", path: "/srv/marquee/data/media/x" }),
      "the disk holding /srv/marquee/data is full. Free some space (or set DATA_DIR to a disk with room) and start again.",
    ],
    [
      "a full disk (PostgreSQL's disk_full, wrapped by the query builder)",
      new Error("Failed query: insert into ...", {
        cause: Object.assign(new Error('could not extend file "base/5/16384": wrote only 4096 of 8192 bytes'), {
          code: "53100",
        }),
      }),
      "the disk holding /srv/marquee/data is full. Free some space (or set DATA_DIR to a disk with room) and start again.",
    ],
    [
      "a full disk (only said in the text, as ffmpeg and PGlite do)",
      new Error("ffmpeg exited with 1: av_interleaved_write_frame(): No space left on device"),
      "the disk holding /srv/marquee/data is full. Free some space (or set DATA_DIR to a disk with room) and start again.",
    ],
    [
      "a data folder that cannot be written",
      sysError("EACCES", { syscall: "mkdir", path: "/srv/marquee/data/db" }),
      "/srv/marquee/data/db cannot be written (permission denied). Make it writable for this user, or set DATA_DIR to a folder that is.",
    ],
    [
      "a read-only file system",
      sysError("EROFS", { syscall: "open", path: "/srv/marquee/data/db.lock" }),
      "/srv/marquee/data/db.lock cannot be written (the file system is read-only). Make it writable for this user, or set DATA_DIR to a folder that is.",
    ],
    [
      "a bad setting",
      caught(() => loadConfig({ API_PORT: "abc" })),
      'API_PORT is "abc" (expected a number). Fix it in the environment, or unset it for the default.',
    ],
    [
      "two bad settings, one a secret (never repeated)",
      caught(() => loadConfig({ LOG_LEVEL: "loud", MEDIA_SECRET: "hunter2" })),
      'MEDIA_SECRET is set (use at least 16 characters); LOG_LEVEL is "loud" (expected one of "fatal"|"error"|"warn"|"info"|"debug"|"trace"|"silent"). Fix them in the environment, or unset them for the defaults.',
    ],
    [
      "a media tool named but not there",
      caught(() => resolveTool("ffmpeg", { FFMPEG_PATH: "/nowhere/ffmpeg" })),
      "FFMPEG_PATH is set to /nowhere/ffmpeg, which is not an executable file. Point it at a working ffmpeg, or unset it to use the one on PATH or the bundled one.",
    ],
  ])("%s", (_what, err, line) => {
    expect(classifyStartupFailure(err, ctx)).toEqual({ line, known: true });
  });

  it("names an error of no known kind by its first line and points to DEBUG", () => {
    const err = new TypeError("Cannot read properties of undefined (reading 'id')\n    at somewhere");
    expect(classifyStartupFailure(err, ctx)).toEqual({
      line: "Cannot read properties of undefined (reading 'id'). Set DEBUG=1 to see the details.",
      known: false,
    });
    expect(classifyStartupFailure("a thrown string", ctx).line).toBe(
      "a thrown string. Set DEBUG=1 to see the details.",
    );
    expect(classifyStartupFailure(undefined, ctx).line).toBe("undefined. Set DEBUG=1 to see the details.");
  });

  it("tells the embedded database held by another process, with its pid", async () => {
    // What a running API leaves beside its database folder: the lock with its pid (here, this live process's).
    const db = path.join(dir, "db");
    await writeFile(`${db}.lock`, String(process.pid));
    const err = await openDatabase({ dir: db }).catch((e: unknown) => e);
    expect(classifyStartupFailure(err, ctx)).toEqual({
      line: `the embedded database in ${db} is in use by process ${process.pid} (another Marquee, or \`npm run seed\`). Stop that process first (Ctrl-C in its npm start), or set DATA_DIR to another folder.`,
      known: true,
    });
  });

  it("finds a taken port before anything else starts", async () => {
    const err = await assertPortFree(takenPort, "127.0.0.1").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StartupError);
    expect((err as Error).message).toBe(
      `port ${takenPort} is in use by another program. Stop it or set API_PORT to a free port.`,
    );
    await expect(assertPortFree(0, "127.0.0.1")).resolves.toBeUndefined();
  });

  it("prints the one line and exits 78 for a known cause, 1 for another; the stack first only with DEBUG", async () => {
    const run = async (err: unknown, debug: boolean) => {
      const printed: string[] = [];
      let code: number | undefined;
      await exitOnStartupFailure(
        err,
        { ...ctx, dataDir: dir },
        {
          debug,
          print: (line) => printed.push(line),
          exit: ((c: number) => {
            code = c;
          }) as (code: number) => never,
        },
      );
      return { printed, code };
    };
    const inUse = sysError("EADDRINUSE", { syscall: "listen" });
    expect(await run(inUse, false)).toEqual({
      printed: [
        "Marquee cannot start: port 4000 is in use by another program. Stop it or set API_PORT to a free port.",
      ],
      code: STARTUP_FAILURE_EXIT_CODE,
    });
    const withStack = await run(inUse, true);
    expect(withStack.printed).toHaveLength(2);
    expect(withStack.printed[0]).toMatch(/^Error: EADDRINUSE: failed\n\s+at /);
    expect(withStack.printed[1]).toMatch(/^Marquee cannot start: port 4000 is in use/);
    // This disk has room, so an unknown error stays unknown.
    expect(await freeBytes(dir)).toBeGreaterThan(0);
    expect(await run(new Error("boom"), false)).toEqual({
      printed: ["Marquee cannot start: boom. Set DEBUG=1 to see the details."],
      code: 1,
    });
  });
});
