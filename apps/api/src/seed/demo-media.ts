import sharp from "sharp";
import { runTool } from "../platform/media/probe.ts";

/**
 * Demo media made on the spot (DESIGN section 3: nothing downloaded): short animated clips from ffmpeg's
 * built-in sources and pictures drawn as SVG and rendered by sharp.
 */

/** Animated lavfi sources that look different from each other; all 1280x720 so the HLS ladder has 360p and 720p. */
const CLIP_SOURCES = [
  "testsrc2=size=1280x720:rate=25",
  "mandelbrot=size=640x360:rate=25:start_scale=2:end_scale=0.5,scale=1280:720",
  "life=size=320x180:rate=25:mold=10:ratio=0.2:death_color=#3b1f5c:life_color=#f7b32b,scale=1280:720:flags=neighbor",
  "cellauto=rule=110:size=320x180:rate=25,scale=1280:720:flags=neighbor,colorchannelmixer=rr=0.2:gg=0.8:bb=1",
] as const;

export const DEMO_CLIP_COUNT = CLIP_SOURCES.length;

/** Through the media runner: the same ffmpeg, and it dies with the API if the API dies while seeding. */
const run = (cmd: "ffmpeg", args: string[]) => runTool(cmd, args, 10 * 60_000);

/** Writes clip number `index` (0..DEMO_CLIP_COUNT-1): `seconds` long, H.264 + AAC tone, to `file`. */
export async function makeDemoClip(index: number, file: string, seconds = 6): Promise<void> {
  const source = CLIP_SOURCES[index % CLIP_SOURCES.length] as string;
  const tone = 220 + 110 * (index % 5);
  await run("ffmpeg", [
    "-y",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    `${source},format=yuv420p`,
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=${tone}:sample_rate=44100,volume=0.08`,
    "-t",
    String(seconds),
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-crf",
    "30",
    "-c:a",
    "aac",
    "-b:a",
    "64k",
    "-shortest",
    "-movflags",
    "+faststart",
    file,
  ]);
}

/**
 * Full-HD backgrounds of the long demo movies: still test cards, so the encoder has little to do; each gets a running
 * `testsrc` counter in its middle (the time in seconds, so a resumed movie shows where it is).
 */
const FEATURE_BACKGROUNDS = [
  "smptehdbars=size=1920x1080:rate=15",
  "pal75bars=size=1920x1080:rate=15,hue=h=200",
  "rgbtestsrc=size=1920x1080:rate=15,hue=s=0.35",
] as const;

/**
 * Writes long demo movie number `index`: 1920x1080, `seconds` long, H.264 (ultrafast: the source is transcoded
 * again anyway) and a quiet AAC tone, to `file`. The transcoding ladder then makes 360p, 720p and 1080p of it.
 */
export async function makeDemoFeature(index: number, file: string, seconds: number): Promise<void> {
  const background = FEATURE_BACKGROUNDS[index % FEATURE_BACKGROUNDS.length] as string;
  const graph = `${background}[bg];testsrc=size=480x270:rate=15[clock];[bg][clock]overlay=x=(W-w)/2:y=(H-h)/2,format=yuv420p[out0]`;
  await run("ffmpeg", [
    ...["-y", "-loglevel", "error"],
    ...["-f", "lavfi", "-i", graph],
    ...["-f", "lavfi", "-i", `sine=frequency=${196 + 65 * index}:sample_rate=44100,volume=0.05`],
    ...["-t", String(seconds)],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-tune", "stillimage", "-crf", "28", "-g", "60"],
    ...["-c:a", "aac", "-b:a", "64k", "-shortest", "-movflags", "+faststart"],
    file,
  ]);
}

/** A small deterministic pseudo-random generator, so the demo looks the same on every machine. */
export function seededRandom(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

const PALETTES = [
  ["#ff6b6b", "#feca57", "#48dbfb"],
  ["#5f27cd", "#ff9ff3", "#54a0ff"],
  ["#10ac84", "#1dd1a1", "#feca57"],
  ["#222f3e", "#576574", "#ff9f43"],
  ["#c44569", "#f8a5c2", "#574b90"],
  ["#0abde3", "#10ac84", "#f368e0"],
  ["#ee5253", "#0a3d62", "#f6b93b"],
  ["#6a89cc", "#82ccdd", "#b8e994"],
] as const;

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A picture: a gradient with soft shapes and optional large text (initials for avatars, a title for banners).
 * Returned as JPEG, the way a camera or an editor would hand it to the upload form.
 */
export async function makeDemoImage(
  seed: number,
  width: number,
  height: number,
  opts: { text?: string; subtitle?: string } = {},
): Promise<Buffer> {
  const rnd = seededRandom(seed * 7919 + 17);
  const [a, b, c] = PALETTES[seed % PALETTES.length] as readonly string[];
  const shapes = Array.from({ length: 7 }, () => {
    const r = Math.round((0.08 + rnd() * 0.3) * Math.max(width, height));
    return `<circle cx="${Math.round(rnd() * width)}" cy="${Math.round(rnd() * height)}" r="${r}" fill="${
      rnd() > 0.5 ? c : "#ffffff"
    }" fill-opacity="${(0.08 + rnd() * 0.22).toFixed(2)}"/>`;
  }).join("");
  const fontSize = Math.round(Math.min(width, height) * (opts.subtitle ? 0.16 : 0.38));
  const text = opts.text
    ? `<text x="50%" y="${opts.subtitle ? "46%" : "50%"}" dominant-baseline="middle" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${fontSize}" fill="#ffffff" fill-opacity="0.92">${escapeXml(opts.text)}</text>`
    : "";
  const subtitle = opts.subtitle
    ? `<text x="50%" y="64%" dominant-baseline="middle" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(fontSize * 0.38)}" fill="#ffffff" fill-opacity="0.85">${escapeXml(opts.subtitle)}</text>`
    : "";
  const angle = Math.round(rnd() * 360);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>${shapes}${text}${subtitle}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
