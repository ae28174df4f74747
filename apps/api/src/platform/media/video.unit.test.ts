import { spawn } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AppError } from "../errors.ts";
import { probeVideo, runTool } from "./probe.ts";
import { stripGridOf } from "./strip.ts";
import { makeTeaser, type TranscodeResult, transcodeVideo } from "./video.ts";

/** A tool run for a fixture or a check, the way the API runs it. */
const tool = (name: "ffmpeg" | "ffprobe", args: string[]) => runTool(name, args, 120_000);
let dir: string;
const clip = (name: string) => path.join(dir, name);

/** Makes a test clip with ffmpeg's generators (moov at the end, as cameras and most encoders write it). */
async function generate(
  name: string,
  size: string,
  seconds: number,
  opts: { audio: boolean; pixFmt?: string; sar?: string },
) {
  await tool("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    // testsrc2 itself only makes even sizes: scale to the wanted one, with square pixels.
    ...["-f", "lavfi", "-i", `testsrc2=size=320x240:rate=25,scale=${size.replace("x", ":")},setsar=${opts.sar ?? "1"}`],
    ...(opts.audio ? ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100"] : []),
    ...["-t", String(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", opts.pixFmt ?? "yuv420p"],
    ...(opts.audio ? ["-c:a", "aac", "-shortest"] : []),
    clip(name),
  ]);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "marquee-video-"));
  await Promise.all([
    generate("hd.mp4", "1280x720", 3, { audio: true }),
    generate("small.mp4", "320x240", 2, { audio: false }),
    generate("full-hd.mp4", "1920x1080", 1, { audio: false }),
    generate("portrait.mp4", "480x854", 2, { audio: true }),
    // Odd dimensions need a pixel format without chroma subsampling.
    generate("odd.mkv", "321x241", 1, { audio: false, pixFmt: "yuv444p" }),
    // Stored 480x360 with pixels 4:3 wide: shown 640x360.
    generate("anamorphic.mp4", "480x360", 1, { audio: false, sar: "4/3" }),
  ]);
  const hd = await readFile(clip("hd.mp4"));
  await writeFile(clip("truncated.mp4"), hd.subarray(0, Math.floor(hd.length / 2)));
  await writeFile(clip("random.mp4"), Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 7919) % 251)));
  await writeFile(clip("empty.mp4"), Buffer.alloc(0));
  await writeFile(
    clip("picture.png"),
    await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c33" } })
      .png()
      .toBuffer(),
  );
}, 30_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const probe = (file: string) =>
  tool("ffprobe", ["-v", "error", "-print_format", "json", "-show_streams", "-show_format", file]).then(
    (r) =>
      JSON.parse(r.stdout) as {
        streams: { codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string }[];
        format: { duration: string };
      },
  );

/** `#EXTINF` durations and URIs of a media playlist. */
function segmentsOf(playlist: string) {
  const lines = playlist.split("\n");
  return lines.flatMap((line, i) => {
    const m = /^#EXTINF:([\d.]+),/.exec(line);
    return m ? [{ duration: Number(m[1]), uri: lines[i + 1] as string }] : [];
  });
}

async function expectHlsOutput(outDir: string, result: TranscodeResult) {
  const master = await readFile(path.join(outDir, "hls/master.m3u8"), "utf8");
  expect(master.startsWith("#EXTM3U\n")).toBe(true);
  const variants = master.split("\n").filter((l) => l && !l.startsWith("#"));
  expect(variants).toEqual(result.renditions.map((r) => `${r.name}/index.m3u8`));
  expect(master.match(/#EXT-X-STREAM-INF:BANDWIDTH=\d+/g)).toHaveLength(result.renditions.length);
  for (const r of result.renditions) {
    expect(r.playlist).toBe(`hls/${r.name}/index.m3u8`);
    expect(r.bandwidth).toBeGreaterThan(10_000);
    expect(r.width % 2).toBe(0);
    expect(r.height % 2).toBe(0);
    expect(master).toContain(`RESOLUTION=${r.width}x${r.height}`);
    const playlist = await readFile(path.join(outDir, r.playlist), "utf8");
    expect(playlist).toContain("#EXT-X-PLAYLIST-TYPE:VOD");
    expect(playlist).toContain("#EXT-X-ENDLIST");
    const segments = segmentsOf(playlist);
    expect(segments.length).toBeGreaterThan(0);
    for (const s of segments) {
      expect(s.duration).toBeGreaterThan(0);
      expect(s.duration).toBeLessThanOrEqual(6);
      expect(s.uri).toMatch(/^[a-z0-9_]+\.ts$/); // relative, beside the playlist
      expect((await stat(path.join(outDir, "hls", r.name, s.uri))).size).toBeGreaterThan(0);
    }
    const total = segments.reduce((sum, s) => sum + s.duration, 0);
    expect(Math.abs(total - result.durationSec)).toBeLessThan(0.5);
    const first = await probe(path.join(outDir, "hls", r.name, segments[0]?.uri as string));
    const video = first.streams.find((s) => s.codec_type === "video");
    expect(video).toMatchObject({ codec_name: "h264", width: r.width, height: r.height, pix_fmt: "yuv420p" });
  }
  const files = await readdir(outDir);
  expect(files).toEqual(expect.arrayContaining(["hls", "video.mp4", "poster.webp", "poster-480.webp", "strip.webp"]));
  expect(files.filter((f) => f.endsWith(".jpg"))).toEqual([]);
}

const refusal = {
  statusCode: 422,
  message: "The file is not a video we can read.",
  details: [{ path: "file", message: "not a video" }],
};

describe("probeVideo", () => {
  it("reads duration, size, audio and format of a video", async () => {
    const info = await probeVideo(clip("hd.mp4"));
    expect(info).toMatchObject({ width: 1280, height: 720, hasAudio: true });
    expect(info.durationSec).toBeCloseTo(3, 1);
    expect(info.sizeBytes).toBe((await stat(clip("hd.mp4"))).size);
    expect(info.formatName).toContain("mp4");

    expect(await probeVideo(clip("small.mp4"))).toMatchObject({ width: 320, height: 240, hasAudio: false });
    expect(await probeVideo(clip("odd.mkv"))).toMatchObject({ width: 321, height: 241, formatName: "matroska,webm" });
  });

  it("reports the display size of non-square pixels, and transcodes to square ones", async () => {
    expect(await probeVideo(clip("anamorphic.mp4"))).toMatchObject({ width: 640, height: 360 });
    const out = clip("out-anamorphic");
    const result = await transcodeVideo(clip("anamorphic.mp4"), out);
    expect(result.renditions.map((r) => [r.name, r.width, r.height])).toEqual([["360p", 640, 360]]);
    expect(await probeVideo(path.join(out, "video.mp4"))).toMatchObject({ width: 640, height: 360 });
  }, 30_000);

  it.each(["random.mp4", "empty.mp4", "truncated.mp4", "missing.mp4"])("refuses %s with 422", async (name) => {
    const err = await probeVideo(clip(name)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject(refusal);
  });

  it("refuses a directory", async () => {
    await expect(probeVideo(dir)).rejects.toMatchObject(refusal);
  });

  it("refuses sound alone, naming it, and a format ffmpeg only guesses at without naming it in the message", async () => {
    const wav = clip("sound.wav");
    await tool("ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=duration=1", wav]);
    await expect(probeVideo(wav)).rejects.toMatchObject({
      statusCode: 422,
      message: "The file is audio (wav), not a video file we accept.",
      details: [{ path: "file", message: "format wav is not accepted" }],
    });
    const lyrics = clip("lyrics");
    await writeFile(lyrics, "[00:01.00]la la\n[00:02.00]la\n");
    await expect(probeVideo(lyrics)).rejects.toMatchObject({
      ...refusal,
      details: [{ path: "file", message: "format lrc is not accepted" }],
    });
  });

  it("refuses a picture with 422 naming its format", async () => {
    await expect(probeVideo(clip("picture.png"))).rejects.toMatchObject({
      statusCode: 422,
      message: expect.stringMatching(/^The file is a picture \((png_pipe|image2)\), not a video file we accept\.$/),
      details: [{ path: "file", message: expect.stringMatching(/^format (png_pipe|image2) is not accepted$/) }],
    });
  });
});

describe("transcodeVideo", () => {
  it("makes 360p and 720p HLS, an MP4, a poster and a strip from a 720p clip with sound", async () => {
    const out = clip("out-hd");
    const result = await transcodeVideo(clip("hd.mp4"), out);
    expect(result).toMatchObject({ width: 1280, height: 720, hasAudio: true });
    expect(result.renditions.map((r) => [r.name, r.width, r.height])).toEqual([
      ["360p", 640, 360],
      ["720p", 1280, 720],
    ]);
    expect(result.renditions[1]?.bandwidth).toBeGreaterThan(result.renditions[0]?.bandwidth as number);
    await expectHlsOutput(out, result);
    const master = await readFile(path.join(out, "hls/master.m3u8"), "utf8");
    expect(master).toContain('CODECS="avc1.64');
    expect(master).toContain("mp4a.40.2");

    const mp4 = await probeVideo(path.join(out, "video.mp4"));
    expect(mp4).toMatchObject({ width: 1280, height: 720, hasAudio: true });
    expect(mp4.durationSec).toBeCloseTo(3, 0);
    // faststart: the index (moov) comes before the media data (mdat).
    const head = (await readFile(path.join(out, "video.mp4"))).subarray(0, 4096).toString("latin1");
    expect(head.indexOf("moov")).toBeGreaterThan(-1);
    expect(head.indexOf("moov")).toBeLessThan(head.indexOf("mdat") === -1 ? 4096 : head.indexOf("mdat"));

    const poster = await sharp(path.join(out, "poster.webp")).metadata();
    expect(poster).toMatchObject({ format: "webp", width: 1280, height: 720 });
    const small = await sharp(path.join(out, "poster-480.webp")).metadata();
    expect(small).toMatchObject({ format: "webp", width: 480, height: 270 });
    const strip = await sharp(path.join(out, "strip.webp")).metadata();
    expect(strip).toMatchObject({ format: "webp", width: 1600, height: 90 });
  }, 30_000);

  it("adds a 1080p rendition for a full-HD source", async () => {
    const out = clip("out-full-hd");
    const result = await transcodeVideo(clip("full-hd.mp4"), out);
    expect(result.renditions.map((r) => [r.name, r.width, r.height])).toEqual([
      ["360p", 640, 360],
      ["720p", 1280, 720],
      ["1080p", 1920, 1080],
    ]);
    await expectHlsOutput(out, result);
    expect(await readFile(path.join(out, "hls/master.m3u8"), "utf8")).toContain("RESOLUTION=1920x1080");
  }, 60_000);

  it("never upscales: a 320x240 clip without sound gets one 240p rendition and a silent MP4", async () => {
    const out = clip("out-small");
    const result = await transcodeVideo(clip("small.mp4"), out);
    expect(result.renditions.map((r) => [r.name, r.width, r.height])).toEqual([["240p", 320, 240]]);
    expect(result.hasAudio).toBe(false);
    await expectHlsOutput(out, result);
    expect(await readFile(path.join(out, "hls/master.m3u8"), "utf8")).not.toContain("mp4a");
    expect(await probeVideo(path.join(out, "video.mp4"))).toMatchObject({ width: 320, height: 240, hasAudio: false });
    // The poster is never enlarged either.
    expect(await sharp(path.join(out, "poster.webp")).metadata()).toMatchObject({ width: 320, height: 240 });
    expect(await sharp(path.join(out, "poster-480.webp")).metadata()).toMatchObject({ width: 320, height: 240 });
  }, 30_000);

  it("keeps portrait video upright, laddered by its short side", async () => {
    const out = clip("out-portrait");
    const result = await transcodeVideo(clip("portrait.mp4"), out);
    expect(result.renditions.map((r) => [r.name, r.width, r.height])).toEqual([["360p", 360, 640]]);
    await expectHlsOutput(out, result);
    const poster = await sharp(path.join(out, "poster.webp")).metadata();
    expect(poster.height).toBeGreaterThan(poster.width as number);
    const strip = await sharp(path.join(out, "strip.webp")).metadata();
    expect(strip).toMatchObject({ width: 1600, height: 284 });
    // As the API describes it to the player's seek bar.
    const grid = stripGridOf(result.width, result.height, result.durationSec);
    expect([grid.tileWidth * grid.columns, grid.tileHeight]).toEqual([1600, 284]);
  }, 30_000);

  it("handles a 1-second clip with odd dimensions", async () => {
    const out = clip("out-odd");
    const result = await transcodeVideo(clip("odd.mkv"), out);
    expect(result.renditions.map((r) => [r.name, r.width, r.height])).toEqual([["240p", 320, 240]]);
    await expectHlsOutput(out, result);
    expect((await probeVideo(path.join(out, "video.mp4"))).durationSec).toBeGreaterThan(0.5);
  }, 30_000);

  it("refuses what is not a video before writing anything", async () => {
    const out = clip("out-bad");
    await expect(transcodeVideo(clip("picture.png"), out)).rejects.toMatchObject({ statusCode: 422 });
    expect(await readdir(out).catch(() => [])).toEqual([]);
  });
});

describe("makeTeaser", () => {
  it("makes a short, silent, small MP4", async () => {
    const out = clip("teaser/hd.mp4");
    const teaser = await makeTeaser(clip("hd.mp4"), out, { seconds: 2 });
    expect(teaser).toEqual({ durationSec: 2, width: 854, height: 480 });
    const info = await probeVideo(out);
    expect(info).toMatchObject({ width: 854, height: 480, hasAudio: false });
    expect(info.durationSec).toBeGreaterThan(1.5);
    expect(info.durationSec).toBeLessThanOrEqual(2.1);
  }, 30_000);

  it("takes what there is of a clip shorter than the teaser", async () => {
    const out = clip("teaser/odd.mp4");
    const teaser = await makeTeaser(clip("odd.mkv"), out, { seconds: 6 });
    expect(teaser).toMatchObject({ width: 320, height: 240 });
    const info = await probeVideo(out);
    expect(info.durationSec).toBeGreaterThan(0.5);
    expect(info.durationSec).toBeLessThanOrEqual(1.1);
  }, 30_000);
});

/**
 * An upload is read as itself only. The probe found another performer's movie once: a 114-byte HLS playlist
 * pointing at `../../videos/<id>/hls/360p/index.m3u8` was accepted and transcoded into the uploader's movie.
 * Here the uploads sit where the API keeps them (`private/video-sources/<id>/`), beside a "victim" movie.
 */
describe("uploads that point at other files", () => {
  let victim: string;
  let sources: string;

  beforeAll(async () => {
    victim = path.join(dir, "private/videos/victim");
    sources = path.join(dir, "private/video-sources/attacker");
    await mkdir(path.join(victim, "hls/360p"), { recursive: true });
    await mkdir(sources, { recursive: true });
    await tool("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-y", "-i", clip("small.mp4"), "-c", "copy"],
      ...["-f", "hls", "-hls_playlist_type", "vod", path.join(victim, "hls/360p/index.m3u8")],
    ]);
    await copyFile(clip("small.mp4"), path.join(victim, "video.mp4"));
  }, 30_000);

  const relative = "../../videos/victim/hls/360p/index.m3u8";
  const absolute = () => path.join(victim, "hls/360p/index.m3u8");
  const hls = (uri: string) => `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=320x240\n${uri}\n`;
  const hlsMedia = (uri: string) =>
    `#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:2.0,\n${uri}\n#EXT-X-ENDLIST\n`;
  const ffconcat = (uri: string) => `ffconcat version 1.0\nfile '${uri}'\n`;
  const cases: [string, () => string, RegExp, RegExp][] = [
    ["an HLS playlist with a relative entry", () => hls(relative), /HLS playlist \(hls\)/, /^format hls /],
    ["an HLS playlist with an absolute path", () => hls(absolute()), /HLS playlist \(hls\)/, /^format hls /],
    ["an HLS playlist with a file:// entry", () => hls(`file://${absolute()}`), /HLS playlist/, /hls/],
    ["an HLS playlist with an http entry", () => hls("http://127.0.0.1:1/x"), /HLS playlist/, /hls/],
    [
      "an HLS media playlist naming a segment",
      () => hlsMedia("../../videos/victim/hls/360p/index0.ts"),
      /HLS playlist/,
      /hls/,
    ],
    ["an ffconcat list with a relative entry", () => ffconcat("../../videos/victim/video.mp4"), /concat/, /concat/],
    ["an ffconcat list with an absolute path", () => ffconcat(path.join(victim, "video.mp4")), /concat/, /concat/],
    ["an ffconcat list with a file:// entry", () => ffconcat(`file://${victim}/video.mp4`), /concat/, /concat/],
    ["an ffconcat list with an http entry", () => ffconcat("http://127.0.0.1:1/x"), /concat/, /concat/],
    ["a subtitle file", () => "WEBVTT\n\n00:00.000 --> 00:02.000\nhello\n", /subtitles \(webvtt\)/, /webvtt/],
  ];

  it.each(cases)("refuses %s with 422 naming the format, for the movie and the teaser", async (_, body, msg, why) => {
    const name = `upload-${Math.random().toString(36).slice(2)}`;
    const file = path.join(sources, name);
    await writeFile(file, body());
    const refused = {
      statusCode: 422,
      message: expect.stringMatching(msg),
      details: [{ path: "file", message: expect.stringMatching(why) }],
    };
    const err = await probeVideo(file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject(refused);
    expect((err as Error).message).toMatch(/, not a video file we accept\.$/);

    const out = path.join(dir, "private/videos/attacker");
    await expect(transcodeVideo(file, out)).rejects.toMatchObject(refused);
    expect(await readdir(out).catch(() => [])).toEqual([]);
    const teaser = path.join(dir, "public/videos/attacker/teaser.mp4");
    await expect(makeTeaser(file, teaser, { seconds: 2 })).rejects.toMatchObject(refused);
    expect(await readdir(path.dirname(teaser)).catch(() => [])).toEqual([]);
  });

  it("still reads a real movie stored in the same place", async () => {
    const file = path.join(sources, "source");
    await copyFile(clip("small.mp4"), file);
    expect(await probeVideo(file)).toMatchObject({
      width: 320,
      height: 240,
      formatName: expect.stringContaining("mov"),
    });
  });
});

/** The processes of the live tree under `pid` (zombies are dead: they only wait to be reaped). */
async function liveChildren(pid: number): Promise<{ pid: number; comm: string }[]> {
  const found: { pid: number; comm: string }[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    // pid (comm) state ppid ...; comm may hold spaces and parentheses, so split after the last ")".
    const m = /^(\d+) \((.*)\) (\S) (\d+)/s.exec(stat);
    if (m && Number(m[4]) === pid && m[3] !== "Z") found.push({ pid: Number(m[1]), comm: m[2] as string });
  }
  return found;
}

const isAlive = async (pid: number) => {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  return stat !== "" && !/\) Z /.test(stat);
};

describe("runTool", () => {
  const endless = [
    ...["-hide_banner", "-nostdin", "-loglevel", "error", "-re"],
    ...["-f", "lavfi", "-i", "testsrc2=size=64x64:rate=5", "-t", "600", "-f", "null", "-"],
  ];

  it("kills the tool on timeout", async () => {
    const started = Date.now();
    await expect(runTool("ffmpeg", endless, 800)).rejects.toThrow(/ffmpeg timed out/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await liveChildren(process.pid)).not.toContainEqual(expect.objectContaining({ comm: "ffmpeg" }));
  }, 20_000);

  it.runIf(process.platform === "linux")(
    "takes the tool down with the API when the API is killed with SIGKILL",
    async () => {
      const moduleUrl = new URL("./probe.ts", import.meta.url).href;
      const script = `import { runTool } from ${JSON.stringify(moduleUrl)};
runTool("ffmpeg", ${JSON.stringify(endless)}, 600_000).catch(() => {});
setInterval(() => {}, 1000);`;
      const parent = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
        stdio: "ignore",
      });
      let tool: number | undefined;
      try {
        await vi.waitFor(
          async () => {
            const ffmpeg = (await liveChildren(parent.pid as number)).find((c) => c.comm === "ffmpeg");
            expect(ffmpeg).toBeDefined();
            tool = ffmpeg?.pid;
          },
          { timeout: 15_000, interval: 100 },
        );
        expect(await isAlive(tool as number)).toBe(true);
        parent.kill("SIGKILL");
        await vi.waitFor(async () => expect(await isAlive(tool as number)).toBe(false), {
          timeout: 3_000,
          interval: 50,
        });
      } finally {
        parent.kill("SIGKILL");
        if (tool && (await isAlive(tool))) process.kill(tool, "SIGKILL");
      }
    },
    30_000,
  );
});
