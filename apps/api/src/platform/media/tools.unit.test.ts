import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundledToolsWarning, checkMediaTools, describeMediaTools, MediaToolsError, resolveTool } from "./tools.ts";

let dir: string;
/** A folder standing in for a PATH entry, with a fake `ffmpeg`/`ffprobe` script in it. */
async function fakeTools(name: string, script: string, mode = 0o755): Promise<string> {
  const bin = path.join(dir, name);
  await mkdir(bin, { recursive: true });
  for (const tool of ["ffmpeg", "ffprobe"]) {
    await writeFile(path.join(bin, tool), script);
    await chmod(path.join(bin, tool), mode);
  }
  return bin;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "marquee-tools-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("where ffmpeg and ffprobe come from", () => {
  it("uses the bundled static build when neither the environment nor PATH has one", async () => {
    const env = { PATH: path.join(dir, "empty") };
    for (const name of ["ffmpeg", "ffprobe"] as const) {
      const tool = resolveTool(name, env);
      expect(tool).toMatchObject({ name, source: "bundled" });
      expect(tool.path).toContain(`/node_modules/@${name}-installer/`);
    }
    // It really runs, with the environment it needs.
    const checked = await checkMediaTools(env);
    expect(checked.map((t) => t.source)).toEqual(["bundled", "bundled"]);
    expect(checked.every((t) => t.version.length > 0)).toBe(true);
    expect(describeMediaTools(checked)).toMatch(/^media tools: ffmpeg \S+ bundled \(.+\), ffprobe \S+ bundled \(.+\)$/);
  });

  it("prefers the one on PATH, which gets the operating system's security updates", async () => {
    const bin = await fakeTools("system", "#!/bin/sh\necho 'ffmpeg version 9.9-os Copyright'\n");
    const env = { PATH: `${path.join(dir, "nothing-here")}:${bin}` };
    expect(resolveTool("ffmpeg", env)).toMatchObject({ source: "path", path: path.join(bin, "ffmpeg") });
    const checked = await checkMediaTools(env);
    expect(describeMediaTools(checked)).toBe(
      `media tools: ffmpeg 9.9-os from PATH (${bin}/ffmpeg), ffprobe 9.9-os from PATH (${bin}/ffprobe)`,
    );
    expect(bundledToolsWarning(checked)).toBeNull();
  });

  it("prefers FFMPEG_PATH and FFPROBE_PATH over PATH", async () => {
    const system = await fakeTools("system2", "#!/bin/sh\necho 'ffmpeg version 1-os'\n");
    const chosen = await fakeTools("chosen", "#!/bin/sh\necho 'ffmpeg version 2-mine'\n");
    const env = {
      PATH: system,
      FFMPEG_PATH: path.join(chosen, "ffmpeg"),
      FFPROBE_PATH: path.join(chosen, "ffprobe"),
    };
    const checked = await checkMediaTools(env);
    expect(checked.map((t) => [t.source, t.version])).toEqual([
      ["env", "2-mine"],
      ["env", "2-mine"],
    ]);
    expect(describeMediaTools(checked)).toContain("ffmpeg 2-mine from FFMPEG_PATH");
  });

  it("skips a file on PATH that is not executable", async () => {
    const bin = await fakeTools("noexec", "#!/bin/sh\necho 'ffmpeg version 3'\n", 0o644);
    expect(resolveTool("ffprobe", { PATH: bin }).source).toBe("bundled");
  });

  it("warns about the bundled build only when it is used", async () => {
    const bundled = await checkMediaTools({ PATH: path.join(dir, "empty") });
    expect(bundledToolsWarning(bundled)).toMatch(
      /^ffmpeg and ffprobe are the bundled static build: an old release without security updates, and it decodes untrusted uploads\. Install the operating system's ffmpeg .* or set FFMPEG_PATH \/ FFPROBE_PATH\.$/,
    );
    const bin = await fakeTools("probe-only", "#!/bin/sh\necho 'ffprobe version 7'\n");
    const mixed = await checkMediaTools({ PATH: path.join(dir, "empty"), FFPROBE_PATH: path.join(bin, "ffprobe") });
    expect(bundledToolsWarning(mixed)).toMatch(/^ffmpeg is the bundled static build/);
  });
});

describe("a tool that cannot be used stops the start with one line naming the cause and the remedy", () => {
  const oneLine = (err: unknown) => {
    expect(err).toBeInstanceOf(MediaToolsError);
    const message = (err as Error).message;
    expect(message).not.toContain("\n");
    return message;
  };

  it("FFMPEG_PATH naming nothing", async () => {
    const err = await checkMediaTools({ FFMPEG_PATH: path.join(dir, "no-such-ffmpeg") }).catch((e: unknown) => e);
    expect(oneLine(err)).toBe(
      `FFMPEG_PATH is set to ${path.join(dir, "no-such-ffmpeg")}, which is not an executable file. Point it at a working ffmpeg, or unset it to use the one on PATH or the bundled one.`,
    );
  });

  it("a tool on PATH that crashes", async () => {
    const bin = await fakeTools("broken", "#!/bin/sh\necho 'error while loading shared libraries' >&2\nexit 127\n");
    const err = await checkMediaTools({ PATH: bin }).catch((e: unknown) => e);
    expect(oneLine(err)).toMatch(
      new RegExp(
        `^ffmpeg at ${bin}/ffmpeg does not run \\(Command failed: .*\\)\\. Repair or remove the ffmpeg on PATH, or set FFMPEG_PATH to a working one\\.$`,
      ),
    );
  });

  it("a tool that answers but is not ffmpeg", async () => {
    const bin = await fakeTools("impostor", "#!/bin/sh\necho hello\n");
    const err = await checkMediaTools({ FFMPEG_PATH: path.join(bin, "ffmpeg"), PATH: bin }).catch((e: unknown) => e);
    expect(oneLine(err)).toMatch(
      /^ffmpeg at .*\/impostor\/ffmpeg does not run \(it printed no version\)\. Point FFMPEG_PATH/,
    );
  });
});
