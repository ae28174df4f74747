import { execFile } from "node:child_process";
import { accessSync, chmodSync, constants, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where ffmpeg and ffprobe come from, in this order for each tool:
 * 1. `FFMPEG_PATH` / `FFPROBE_PATH`, when set (a path; a wrong one is an error, never silently replaced);
 * 2. the one on `PATH` (the operating system's build, which gets security updates);
 * 3. the static build an npm package ships for this platform (`@ffmpeg-installer/ffmpeg`,
 *    `@ffprobe-installer/ffprobe`), so a machine with only Node still transcodes.
 */

export type MediaToolName = "ffmpeg" | "ffprobe";
export type ToolSource = "env" | "path" | "bundled";

export interface ResolvedTool {
  name: MediaToolName;
  path: string;
  source: ToolSource;
  /** Environment the tool must run with, over the API's own. */
  env: Record<string, string>;
}

export interface CheckedTool extends ResolvedTool {
  /** The version word of the tool's first line, e.g. `6.1.1-3ubuntu5` or `N-47683-g0e8eb07980-static`. */
  version: string;
}

const ENV_VAR: Record<MediaToolName, string> = { ffmpeg: "FFMPEG_PATH", ffprobe: "FFPROBE_PATH" };
const PACKAGE: Record<MediaToolName, string> = {
  ffmpeg: "@ffmpeg-installer/ffmpeg",
  ffprobe: "@ffprobe-installer/ffprobe",
};

/** A start-up problem with a media tool; its message is one plain line with the cause and the remedy. */
export class MediaToolsError extends Error {
  override name = "MediaToolsError";
}

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, searchPath: string | undefined): string | null {
  for (const dir of (searchPath ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    if (isExecutableFile(file)) return file;
  }
  return null;
}

const requireFromHere = createRequire(import.meta.url);

/**
 * Static builds (the bundled one, and those operators download and name in FFMPEG_PATH) carry their own glibc,
 * which crashes loading the system's iconv modules (an MPEG-TS service name is enough). Pointed at a folder
 * without them, iconv fails cleanly and such text stays as it is; a dynamically linked build loses nothing else.
 */
const STATIC_BUILD_ENV = { GCONV_PATH: path.dirname(fileURLToPath(import.meta.url)) };

/** The bundled binary: the package throws (a string, for ffmpeg's) on a platform it has no build for. */
function bundled(name: MediaToolName): string {
  let file: string;
  try {
    file = (requireFromHere(PACKAGE[name]) as { path: string }).path;
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new MediaToolsError(
      `${name} was not found: it is not on PATH, ${ENV_VAR[name]} is not set, and the bundled build is unavailable (${why}). Install ffmpeg (e.g. apt install ffmpeg) or set ${ENV_VAR[name]}.`,
    );
  }
  // npm may install the package without running its `chmod u+x` install script.
  if (!isExecutableFile(file)) {
    try {
      chmodSync(file, 0o755);
    } catch {}
  }
  if (!isExecutableFile(file)) {
    throw new MediaToolsError(
      `The bundled ${name} at ${file} is not executable. Run \`chmod +x ${file}\`, install ffmpeg (e.g. apt install ffmpeg) or set ${ENV_VAR[name]}.`,
    );
  }
  return file;
}

export function resolveTool(name: MediaToolName, env: NodeJS.ProcessEnv = process.env): ResolvedTool {
  const configured = env[ENV_VAR[name]];
  if (configured) {
    const file = path.resolve(configured);
    if (!isExecutableFile(file)) {
      throw new MediaToolsError(
        `${ENV_VAR[name]} is set to ${configured}, which is not an executable file. Point it at a working ${name}, or unset it to use the one on PATH or the bundled one.`,
      );
    }
    return { name, path: file, source: "env", env: STATIC_BUILD_ENV };
  }
  const system = onPath(name, env.PATH);
  if (system) return { name, path: system, source: "path", env: {} };
  return { name, path: bundled(name), source: "bundled", env: STATIC_BUILD_ENV };
}

let resolved: Partial<Record<MediaToolName, ResolvedTool>> = {};

/** The tool every media job runs: resolved once per process from the environment. */
export function mediaTool(name: MediaToolName): ResolvedTool {
  resolved[name] ??= resolveTool(name);
  return resolved[name];
}

/** Forgets the resolved tools (tests that change the environment). */
export function resetMediaTools(): void {
  resolved = {};
}

function versionOf(tool: ResolvedTool): Promise<string> {
  return new Promise((resolve, reject) => {
    const options = { timeout: 15_000, env: { ...process.env, ...tool.env } };
    execFile(tool.path, ["-hide_banner", "-version"], options, (err, stdout) => {
      const version = /version (\S+)/.exec(stdout)?.[1];
      if (err || !version) {
        const why = err ? err.message.split("\n")[0] : "it printed no version";
        const remedy =
          tool.source === "env"
            ? `Point ${ENV_VAR[tool.name]} at a working ${tool.name}, or unset it.`
            : tool.source === "path"
              ? `Repair or remove the ${tool.name} on PATH, or set ${ENV_VAR[tool.name]} to a working one.`
              : `Reinstall with \`npm ci\`, install ffmpeg (e.g. apt install ffmpeg), or set ${ENV_VAR[tool.name]}.`;
        return reject(new MediaToolsError(`${tool.name} at ${tool.path} does not run (${why}). ${remedy}`));
      }
      resolve(version);
    });
  });
}

/**
 * Resolves both tools and runs each once (`-version`), so a missing or broken tool stops the start with one plain
 * line instead of failing the first upload. Throws MediaToolsError.
 */
export async function checkMediaTools(env: NodeJS.ProcessEnv = process.env): Promise<CheckedTool[]> {
  const tools = (["ffmpeg", "ffprobe"] as const).map((name) => resolveTool(name, env));
  const checked: CheckedTool[] = [];
  // One after the other, so that with both broken the line is always about ffmpeg.
  for (const tool of tools) checked.push({ ...tool, version: await versionOf(tool) });
  return checked;
}

const FROM: Record<ToolSource, string> = { env: "from %s", path: "from PATH", bundled: "bundled" };

/** The start-up line, e.g. `media tools: ffmpeg 5.1.8-0+deb12u1 from PATH (/usr/bin/ffmpeg), ffprobe …`. */
export function describeMediaTools(tools: readonly CheckedTool[]): string {
  return `media tools: ${tools
    .map((t) => `${t.name} ${t.version} ${FROM[t.source].replace("%s", ENV_VAR[t.name])} (${t.path})`)
    .join(", ")}`;
}

/**
 * In production, the bundled build is a fallback to be warned about: it is an old static release that gets no
 * security updates, and it decodes files strangers upload.
 */
export function bundledToolsWarning(tools: readonly CheckedTool[]): string | null {
  const names = tools.filter((t) => t.source === "bundled").map((t) => t.name);
  if (!names.length) return null;
  return `${names.join(" and ")} ${names.length > 1 ? "are" : "is"} the bundled static build: an old release without security updates, and it decodes untrusted uploads. Install the operating system's ffmpeg (e.g. apt install ffmpeg) or set ${names.map((n) => ENV_VAR[n]).join(" / ")}.`;
}
