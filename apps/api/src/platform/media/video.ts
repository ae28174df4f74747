import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import {
  FFMPEG_BASE,
  ffprobe,
  fileArg,
  type Inspected,
  inputArgs,
  inspect,
  MediaToolError,
  runTool,
  type VideoInfo,
} from "./probe.ts";
import { STRIP_FRAMES, stripGridOf } from "./strip.ts";

/**
 * Video work through ffmpeg (probing and running the tools: probe.ts): HLS renditions with an MP4 fallback, poster
 * and thumbnail strip, teaser. Every read of the upload forces the demuxer the probe allowed.
 */

export interface Rendition {
  /** Directory and label, e.g. `360p` (named after the short side, so portrait video gets the same ladder). */
  name: string;
  width: number;
  height: number;
  /** Peak bits per second over the segments, as in the master playlist. */
  bandwidth: number;
  /** Relative to the output directory, e.g. `hls/360p/index.m3u8`. */
  playlist: string;
}

export interface TranscodeResult {
  renditions: Rendition[];
  durationSec: number;
  /** Source display size. */
  width: number;
  height: number;
  hasAudio: boolean;
  /** Paths relative to the output directory. */
  files: { master: string; mp4: string; poster: string; poster480: string; strip: string };
}

export interface TranscodeOptions {
  /** Short-side heights of the ladder (default LADDER_HEIGHTS); only those the source reaches are made. */
  heights?: readonly number[];
  /** Kill ffmpeg after this long (default: 2 minutes plus 4 times the duration). */
  timeoutMs?: number;
}

/** The HLS ladder: 360p, 720p and, from full-HD sources, 1080p (issue 23: the player offers each). */
export const LADDER_HEIGHTS = [360, 720, 1080] as const;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The size of a frame whose short side is `short`, keeping the aspect ratio, both sides even. */
function fitShortSide(width: number, height: number, short: number): { width: number; height: number } {
  if (width >= height) return { width: even((width * short) / height), height: even(short) };
  return { width: even(short), height: even((height * short) / width) };
}

interface Rung {
  name: string;
  width: number;
  height: number;
  maxrateK: number;
}

function ladder(info: VideoInfo, heights: readonly number[]): Rung[] {
  const short = Math.min(info.width, info.height);
  const targets = [...new Set(heights)].filter((h) => h <= short).sort((a, b) => a - b);
  const rungs = targets.map((h) => ({ name: `${h}p`, ...fitShortSide(info.width, info.height, h) }));
  if (rungs.length === 0) {
    // Smaller than the lowest rung: keep the source size (evened down, never up).
    const width = Math.max(2, Math.floor(info.width / 2) * 2);
    const height = Math.max(2, Math.floor(info.height / 2) * 2);
    rungs.push({ name: `${Math.min(width, height)}p`, width, height });
  }
  // Peak rate cap for the capped-CRF encode: about 0.11 bit per pixel per frame at 25 fps, 400k minimum.
  return rungs.map((r) => ({ ...r, maxrateK: Math.max(400, Math.round((r.width * r.height * 25 * 0.11) / 1000)) }));
}

const H264_PROFILES: Record<string, string> = {
  High: "6400",
  Main: "4d40",
  Baseline: "4200",
  "Constrained Baseline": "42e0",
};

async function codecsOf(segment: string, hasAudio: boolean): Promise<string | null> {
  try {
    // One of our own MPEG-TS segments.
    const probe = await ffprobe(segment, "mpegts");
    const v = probe.streams?.find((s) => s.codec_type === "video");
    const profile = v?.profile ? H264_PROFILES[v.profile] : undefined;
    if (!profile || !v?.level) return null;
    const avc = `avc1.${profile}${v.level.toString(16).padStart(2, "0")}`;
    return hasAudio ? `${avc},mp4a.40.2` : avc;
  } catch {
    return null;
  }
}

/** Segment URIs and durations of a media playlist; refuses absolute URIs (they would escape the signed prefix). */
function segmentsOf(playlist: string): { uri: string; duration: number }[] {
  const lines = playlist.split(/\r?\n/);
  const segments: { uri: string; duration: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^#EXTINF:([\d.]+)/.exec(lines[i] ?? "");
    if (!m) continue;
    const uri = (lines[i + 1] ?? "").trim();
    if (!uri || uri.startsWith("/") || uri.includes(":") || uri.includes("..")) {
      throw new Error(`unexpected segment URI in playlist: ${uri}`);
    }
    segments.push({ uri, duration: Number(m[1]) });
  }
  return segments;
}

async function extractPoster(input: string, out: string, atSec: number, { info, demuxer, videoStream }: Inspected) {
  const { width, height } = { width: even(info.width), height: even(info.height) };
  const args = (at: number) => [
    ...FFMPEG_BASE,
    "-ss",
    at.toFixed(3),
    ...inputArgs(input, demuxer),
    "-map",
    videoStream,
    "-frames:v",
    "1",
    "-vf",
    `scale=${width}:${height},setsar=1`,
    "-q:v",
    "2",
    "-update",
    "1",
    fileArg(out),
  ];
  await runTool("ffmpeg", args(atSec), 60_000);
  // A seek past the last decodable frame writes nothing: take the first frame instead.
  if (!(await exists(out))) await runTool("ffmpeg", args(0), 60_000);
  if (!(await exists(out))) throw new MediaToolError("ffmpeg wrote no poster frame", "");
}

const exists = (p: string) =>
  stat(p).then(
    (s) => s.size > 0,
    () => false,
  );

/**
 * Makes, inside `outDir`: `hls/master.m3u8` with one variant per rung (`hls/<name>p/index.m3u8` and 4-second
 * MPEG-TS segments, keyframes aligned, all URIs relative), `video.mp4` (the highest rung, faststart),
 * `poster.webp` (1280 wide), `poster-480.webp` and `strip.webp` (10 frames of 160 px in a row).
 */
export async function transcodeVideo(
  input: string,
  outDir: string,
  opts: TranscodeOptions = {},
): Promise<TranscodeResult> {
  const inspected = await inspect(input);
  const { info, demuxer, videoStream } = inspected;
  const rungs = ladder(info, opts.heights ?? LADDER_HEIGHTS);
  const top = rungs[rungs.length - 1] as Rung;
  const timeoutMs = opts.timeoutMs ?? 120_000 + info.durationSec * 4000;
  const hlsDir = path.join(outDir, "hls");
  // At the display size's shape (non-square pixels made square), as the API describes it to players.
  const strip = stripGridOf(info.width, info.height, info.durationSec);
  const outputs = ["hls", "video.mp4", "poster.jpg", "strip.jpg", "poster.webp", "poster-480.webp", "strip.webp"];

  try {
    await rm(hlsDir, { recursive: true, force: true });
    // ffmpeg writes each variant into a folder named by its index (`%v`; naming them in -var_stream_map needs
    // ffmpeg 4.2, newer than the bundled build), renamed after the run.
    for (const [i] of rungs.entries()) await mkdir(path.join(hlsDir, String(i)), { recursive: true });

    const split = rungs.map((_, i) => `[s${i}]`).join("");
    const filters = [
      `[${videoStream}]split=${rungs.length + 1}${split}[sstrip]`,
      ...rungs.map((r, i) => `[s${i}]scale=${r.width}:${r.height},setsar=1[v${i}]`),
      `[sstrip]fps=${(STRIP_FRAMES / info.durationSec).toFixed(6)},scale=${strip.tileWidth}:${strip.tileHeight},setsar=1,tile=${strip.columns}x${strip.count / strip.columns}[strip]`,
    ];
    const maps = rungs.flatMap((_, i) => ["-map", `[v${i}]`, ...(info.hasAudio ? ["-map", "0:a:0"] : [])]);
    const rates = rungs.flatMap((r, i) => [
      `-maxrate:v:${i}`,
      `${r.maxrateK}k`,
      `-bufsize:v:${i}`,
      `${r.maxrateK * 2}k`,
    ]);
    const streamMap = rungs.map((_, i) => `v:${i}${info.hasAudio ? `,a:${i}` : ""}`).join(" ");
    await runTool(
      "ffmpeg",
      [
        ...FFMPEG_BASE,
        ...inputArgs(input, demuxer),
        "-filter_complex",
        filters.join(";"),
        ...maps,
        "-c:v",
        "libx264",
        "-preset",
        "veryfast",
        "-profile:v",
        "high",
        "-pix_fmt",
        "yuv420p",
        "-crf",
        "22",
        ...rates,
        "-force_key_frames:v",
        "expr:gte(t,n_forced*4)",
        ...(info.hasAudio ? ["-c:a", "aac", "-b:a", "128k", "-ac", "2"] : []),
        "-f",
        "hls",
        "-hls_time",
        "4",
        "-hls_playlist_type",
        "vod",
        "-hls_flags",
        "independent_segments",
        "-hls_segment_type",
        "mpegts",
        "-hls_segment_filename",
        fileArg(path.join(hlsDir, "%v", "seg_%04d.ts")),
        "-var_stream_map",
        streamMap,
        fileArg(path.join(hlsDir, "%v", "index.m3u8")),
        "-map",
        "[strip]",
        "-frames:v",
        "1",
        "-update",
        "1",
        "-q:v",
        "3",
        fileArg(path.join(outDir, "strip.jpg")),
      ],
      timeoutMs,
    );
    for (const [i, r] of rungs.entries()) await rename(path.join(hlsDir, String(i)), path.join(hlsDir, r.name));

    // The master playlist is ours: measured peak/average rates, codecs, relative variant URIs.
    const renditions: Rendition[] = [];
    const master = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-INDEPENDENT-SEGMENTS"];
    for (const r of rungs) {
      const dir = path.join(hlsDir, r.name);
      const segments = segmentsOf(await readFile(path.join(dir, "index.m3u8"), "utf8"));
      if (segments.length === 0) throw new MediaToolError(`ffmpeg wrote no segments for ${r.name}`, "");
      let peak = 0;
      let bits = 0;
      let seconds = 0;
      for (const s of segments) {
        const size = (await stat(path.join(dir, s.uri))).size * 8;
        bits += size;
        seconds += s.duration;
        // Segments shorter than a second (the tail) say little about the peak.
        if (s.duration >= 1 || segments.length === 1) peak = Math.max(peak, size / Math.max(s.duration, 0.001));
      }
      const bandwidth = Math.ceil(peak);
      const average = Math.ceil(bits / Math.max(seconds, 0.001));
      const codecs = await codecsOf(path.join(dir, (segments[0] as { uri: string }).uri), info.hasAudio);
      master.push(
        `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},AVERAGE-BANDWIDTH=${Math.min(average, bandwidth)},RESOLUTION=${r.width}x${r.height}${codecs ? `,CODECS="${codecs}"` : ""}`,
        `${r.name}/index.m3u8`,
      );
      renditions.push({
        name: r.name,
        width: r.width,
        height: r.height,
        bandwidth,
        playlist: `hls/${r.name}/index.m3u8`,
      });
    }
    await writeFile(path.join(hlsDir, "master.m3u8"), `${master.join("\n")}\n`);

    // The MP4 fallback is the highest rendition remuxed, not encoded again. The playlist is the one ffmpeg just
    // wrote (its segment URIs checked above); still read as HLS of local .ts segments only.
    await runTool(
      "ffmpeg",
      [
        ...FFMPEG_BASE,
        ...["-protocol_whitelist", "file", "-format_whitelist", "hls,mpegts", "-f", "hls"],
        ...["-allowed_extensions", "ts", "-i", fileArg(path.join(hlsDir, top.name, "index.m3u8"))],
        "-map",
        "0",
        "-c",
        "copy",
        "-movflags",
        "+faststart",
        fileArg(path.join(outDir, "video.mp4")),
      ],
      timeoutMs,
    );

    const posterJpg = path.join(outDir, "poster.jpg");
    const stripJpg = path.join(outDir, "strip.jpg");
    await extractPoster(input, posterJpg, info.durationSec * 0.1, inspected);
    const poster = await readFile(posterJpg);
    await writeFile(
      path.join(outDir, "poster.webp"),
      await sharp(poster).resize({ width: 1280, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
    );
    await writeFile(
      path.join(outDir, "poster-480.webp"),
      await sharp(poster).resize({ width: 480, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
    );
    await writeFile(path.join(outDir, "strip.webp"), await sharp(stripJpg).webp({ quality: 75 }).toBuffer());
    await rm(posterJpg, { force: true });
    await rm(stripJpg, { force: true });

    return {
      renditions,
      durationSec: info.durationSec,
      width: info.width,
      height: info.height,
      hasAudio: info.hasAudio,
      files: {
        master: "hls/master.m3u8",
        mp4: "video.mp4",
        poster: "poster.webp",
        poster480: "poster-480.webp",
        strip: "strip.webp",
      },
    };
  } catch (err) {
    // Leave no half-made outputs behind (the rest of outDir, such as the source, is the caller's).
    await Promise.all(outputs.map((f) => rm(path.join(outDir, f), { recursive: true, force: true })));
    throw err;
  }
}

/**
 * A short silent MP4 (H.264, short side at most 480) starting 10% into the video, or earlier when the
 * video is too short for `seconds` from there.
 */
export async function makeTeaser(
  input: string,
  outFile: string,
  opts: { seconds: number; timeoutMs?: number },
): Promise<{ durationSec: number; width: number; height: number }> {
  const { info, demuxer, videoStream } = await inspect(input);
  const seconds = Math.max(0.5, opts.seconds);
  let start = info.durationSec * 0.1;
  if (info.durationSec - start < seconds) start = Math.max(0, info.durationSec - seconds);
  const length = Math.min(seconds, info.durationSec - start);
  const short = Math.min(info.width, info.height);
  const size =
    short > 480
      ? fitShortSide(info.width, info.height, 480)
      : { width: Math.max(2, Math.floor(info.width / 2) * 2), height: Math.max(2, Math.floor(info.height / 2) * 2) };
  await mkdir(path.dirname(outFile), { recursive: true });
  try {
    await runTool(
      "ffmpeg",
      [
        ...FFMPEG_BASE,
        "-ss",
        start.toFixed(3),
        "-t",
        length.toFixed(3),
        ...inputArgs(input, demuxer),
        "-map",
        videoStream,
        "-an",
        "-vf",
        `scale=${size.width}:${size.height},setsar=1`,
        "-c:v",
        "libx264",
        "-preset",
        "veryfast",
        "-profile:v",
        "high",
        "-pix_fmt",
        "yuv420p",
        "-crf",
        "28",
        "-movflags",
        "+faststart",
        "-f",
        "mp4",
        fileArg(outFile),
      ],
      opts.timeoutMs ?? 60_000 + seconds * 10_000,
    );
  } catch (err) {
    await rm(outFile, { force: true });
    throw err;
  }
  return { durationSec: Math.round(length * 1000) / 1000, ...size };
}
