import { execFile, spawn } from "node:child_process";
import { stat } from "node:fs/promises";
import path from "node:path";
import { unprocessable } from "../errors.ts";
import { type MediaToolName, mediaTool } from "./tools.ts";

/**
 * What a video upload is, and running ffmpeg/ffprobe. Tools are spawned without a shell, with argument arrays, a
 * bounded stderr capture, a hard kill on timeout and (on Linux) a kill when the API dies. Inputs are passed as
 * `file:<absolute path>` so that a name can never be read as an option or another protocol.
 *
 * An upload is read only as itself: the probe lets ffmpeg pick a demuxer from the bytes but only among
 * `DEMUXERS` (containers that never open another file or URL named inside them), and every later read forces
 * that same demuxer with `-f`, so a playlist, a concat list or a picture sequence is refused, never followed.
 */

export interface VideoInfo {
  /** Seconds, millisecond precision. */
  durationSec: number;
  /** Display size: after rotation metadata and non-square pixels. */
  width: number;
  height: number;
  hasAudio: boolean;
  sizeBytes: number;
  /** ffprobe's format name, e.g. `mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`. */
  formatName: string;
}

const NOT_A_VIDEO = "The file is not a video we can read.";
const notAVideo = () => unprocessable(NOT_A_VIDEO, [{ path: "file", message: "not a video" }]);

/**
 * The container demuxers an upload may be read with, and the options that keep each to its one file. None of
 * these follows a name written in the file (unlike hls, dash, concat, image2, vobsub and the like); the mov
 * demuxer could (external data references), so they stay off explicitly wherever it is forced. (The detecting
 * probe cannot name a demuxer's own options before it knows the demuxer: there it relies on that default.)
 */
const DEMUXERS: Readonly<Record<string, readonly string[]>> = {
  mov: ["-enable_drefs", "0"], // mp4, mov, m4v, 3gp
  matroska: [], // mkv, webm
  avi: [],
  mpegts: [],
  flv: [],
  ogg: [],
  mpeg: [], // MPEG program stream (mpg, vob)
  asf: [], // wmv
};
const ACCEPTED_DEMUXERS = Object.keys(DEMUXERS).join(",");

/**
 * How a refused format is named to the uploader. Only formats ffmpeg recognises by a clear signature are
 * named in the message (garbage is now and then taken for a lyrics file or game music); ffmpeg's own name is
 * in the details either way.
 */
const FORMAT_KINDS: [RegExp, string][] = [
  [/^(hls|applehttp)$/, "an HLS playlist"],
  [/^dash$/, "a DASH manifest"],
  [/^(concat|ffconcat)$/, "a concat list"],
  [/^(image2|[a-z0-9]+_pipe|gif|apng|webp|ico|bmp|jpegxl_anim)$/, "a picture"],
  // Not mp3: its frame sync is short enough that random bytes are now and then taken for it.
  [/^(wav|w64|flac|aiff|caf)$/, "audio"],
  [/^(srt|ass|webvtt|subviewer)$/, "subtitles"],
];

function refusedFormat(name: string) {
  const kind = FORMAT_KINDS.find(([re]) => re.test(name))?.[1];
  return unprocessable(kind ? `The file is ${kind} (${name}), not a video file we accept.` : NOT_A_VIDEO, [
    { path: "file", message: `format ${name} is not accepted` },
  ]);
}

/** The allowed demuxer ffprobe found, from its `format_name` (e.g. `mov,mp4,m4a,3gp,3g2,mj2` gives `mov`). */
const demuxerOf = (formatName: string) => formatName.split(",").find((n) => Object.hasOwn(DEMUXERS, n));

export const fileArg = (p: string) => `file:${path.resolve(p)}`;

/**
 * Input options that read `file` with exactly `demuxer` and only from the local file: no other demuxer can be
 * picked, no other protocol (http, data, pipe, subfile, ...) opened.
 */
export const inputArgs = (file: string, demuxer: string) => [
  "-protocol_whitelist",
  "file",
  "-format_whitelist",
  demuxer,
  "-f",
  demuxer,
  ...(DEMUXERS[demuxer] ?? []),
  "-i",
  fileArg(file),
];

const STDERR_LIMIT = 16 * 1024;
const STDOUT_LIMIT = 4 * 1024 * 1024;

/** An external tool that failed, timed out or could not start; `stderr` holds the end of its output. */
export class MediaToolError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(stderr ? `${message}: ${stderr.trim().split("\n").slice(-5).join(" | ")}` : message);
    this.name = "MediaToolError";
  }
}

let launcher: Promise<readonly string[]> | undefined;
/**
 * The prefix that makes the kernel SIGKILL a tool when the API process dies (even by `kill -9`, which runs no
 * handler of ours): `setpriv --pdeathsig KILL --` from util-linux, when it is there. Checked once.
 */
function deathSignalPrefix(): Promise<readonly string[]> {
  launcher ??= new Promise((resolve) => {
    if (process.platform !== "linux") return resolve([]);
    const prefix = ["setpriv", "--pdeathsig", "KILL", "--"];
    execFile(prefix[0] as string, [...prefix.slice(1), process.execPath, "-e", ""], { timeout: 10_000 }, (err) =>
      resolve(err ? [] : prefix),
    );
  });
  return launcher;
}

/** Runs ffmpeg or ffprobe; exported for the test that kills its parent. */
export async function runTool(tool: MediaToolName, args: string[], timeoutMs: number): Promise<{ stdout: string }> {
  const prefix = await deathSignalPrefix();
  const { path: toolPath, env } = mediaTool(tool);
  const [cmd, ...rest] = [...prefix, toolPath, ...args] as [string, ...string[]];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, rest, {
      stdio: ["ignore", "pipe", "pipe"],
      shell: false,
      env: { ...process.env, ...env },
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = "";
    let failure: MediaToolError | null = null;
    const kill = (why: string) => {
      failure ??= new MediaToolError(`${tool} ${why}`, err);
      // setpriv execs the tool in its own process: this pid is the tool's.
      child.kill("SIGKILL");
    };
    const timer = setTimeout(() => kill(`timed out after ${Math.round(timeoutMs / 1000)} s`), timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > STDOUT_LIMIT) kill("wrote too much output");
      else out.push(chunk);
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      err += chunk;
      if (err.length > STDERR_LIMIT * 2) err = err.slice(-STDERR_LIMIT);
    });
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(new MediaToolError(`${tool} could not start (${e.message})`, ""));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (failure) return reject(failure);
      if (code !== 0)
        return reject(new MediaToolError(`${tool} exited with ${code ?? signal}`, err.slice(-STDERR_LIMIT)));
      resolve({ stdout: Buffer.concat(out).toString("utf8") });
    });
  });
}

export const FFMPEG_BASE = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"];

interface ProbeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  sample_aspect_ratio?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
  profile?: string;
  level?: number;
}
interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string };
}

/**
 * ffprobe's JSON for `file`. Without a demuxer it picks one from the bytes, but only among `DEMUXERS`: what it
 * detects as anything else is refused before that demuxer reads a line (its name is in the error, see
 * `inspect`). With one, it reads the file with exactly that demuxer.
 */
export async function ffprobe(file: string, demuxer?: string): Promise<ProbeOutput> {
  const input = demuxer
    ? inputArgs(file, demuxer)
    : ["-protocol_whitelist", "file", "-format_whitelist", ACCEPTED_DEMUXERS, "-i", fileArg(file)];
  const { stdout } = await runTool(
    "ffprobe",
    ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", ...input],
    30_000,
  );
  return JSON.parse(stdout) as ProbeOutput;
}

/** ffmpeg logs a refused detection as `[hls @ 0x55d0...] Format not on whitelist '...'`. */
const NOT_ON_WHITELIST = /\[([\w,-]+) @ [^\]]*\] Format not on whitelist/;
/** Builds since 2023 will not even detect a playlist whose name does not end in .m3u8; the bundled one is such. */
const UNDETECTED_PLAYLIST = /Not detecting m3u8\/hls/;

/** Reads what the upload is, refusing (422) what is not a playable video in an accepted container. */
export async function probeVideo(file: string): Promise<VideoInfo> {
  return (await inspect(file)).info;
}

/**
 * The probe plus the demuxer every later read must force, and the input stream index of the picture (not a
 * cover image that may come first).
 */
export async function inspect(file: string): Promise<{ info: VideoInfo; demuxer: string; videoStream: string }> {
  const sizeBytes = await stat(file).then(
    (s) => (s.isFile() ? s.size : 0),
    () => 0,
  );
  if (sizeBytes === 0) throw notAVideo();
  let probe: ProbeOutput;
  try {
    probe = await ffprobe(file);
  } catch (err) {
    const stderr = err instanceof MediaToolError ? err.stderr : "";
    const refused = NOT_ON_WHITELIST.exec(stderr)?.[1] ?? (UNDETECTED_PLAYLIST.test(stderr) ? "hls" : undefined);
    throw refused ? refusedFormat(refused) : notAVideo();
  }
  const formatName = probe.format?.format_name ?? "";
  if (!formatName) throw notAVideo();
  const demuxer = demuxerOf(formatName);
  if (!demuxer) throw refusedFormat(formatName);
  const streams = probe.streams ?? [];
  const video = streams.find((s) => s.codec_type === "video" && s.disposition?.attached_pic !== 1);
  if (!video) throw notAVideo();
  const duration = Number.parseFloat(probe.format?.duration ?? video.duration ?? "");
  let width = video.width ?? 0;
  let height = video.height ?? 0;
  if (!Number.isFinite(duration) || duration <= 0 || width <= 0 || height <= 0) throw notAVideo();

  const sar = /^(\d+):(\d+)$/.exec(video.sample_aspect_ratio ?? "");
  if (sar && Number(sar[1]) > 0 && Number(sar[2]) > 0 && sar[1] !== sar[2]) {
    width = Math.round((width * Number(sar[1])) / Number(sar[2]));
  }
  const rotation =
    video.side_data_list?.find((d) => typeof d.rotation === "number")?.rotation ?? Number(video.tags?.rotate ?? 0);
  if (Math.abs(rotation) % 180 === 90) [width, height] = [height, width];

  return {
    info: {
      durationSec: Math.round(duration * 1000) / 1000,
      width,
      height,
      hasAudio: streams.some((s) => s.codec_type === "audio"),
      sizeBytes,
      formatName,
    },
    demuxer,
    videoStream: `0:${video.index}`,
  };
}

export type Inspected = Awaited<ReturnType<typeof inspect>>;
