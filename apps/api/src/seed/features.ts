import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CaptionList } from "@marquee/contracts/captions";
import { inArray } from "drizzle-orm";
import type { App } from "../app.ts";
import type { Db } from "../db/client.ts";
import { videos } from "../modules/videos/tables.ts";
import { slugify } from "../platform/slugs.ts";
import { makeDemoFeature } from "./demo-media.ts";

/**
 * The long demo movies (issue 23 section 1): a minute or more in full HD, so the HLS ladder has 360p, 720p and
 * 1080p and resuming and switching quality can be tried. Transcoding them takes minutes of CPU, so they are made only
 * when SEED_DEMO_FEATURES is on, as `npm start` sets it (the tests' sites leave them out), and last, so that their
 * transcodes run once the site is open. The free one has English and Spanish captions.
 */
export const DEMO_FEATURES = [
  { title: "The Long Take", access: "free", seconds: 90, captions: true },
  { title: "After Hours Session", access: "members", seconds: 60, captions: false },
  { title: "Slow Signal", access: "members", seconds: 60, captions: false },
] as const;

export const demoFeatureSlugs = () => DEMO_FEATURES.map((f) => slugify(f.title));

type Call = (method: "GET" | "POST" | "PUT", url: string, payload?: object) => Promise<unknown>;
type Upload = (
  url: string,
  data: Buffer,
  filename: string,
  type: string,
  fields?: Record<string, string>,
) => Promise<unknown>;

interface Seeding {
  app: App;
  db: Db;
  call: Call;
  upload: Upload;
}

/** What the caption cues say, in turn, every few seconds of the free long movie. */
const CAPTION_LINES = {
  en: [
    "Welcome to Marquee's long demo movie.",
    "Pause whenever you like: it starts again where you left off.",
    "Open the quality menu to switch between 360p, 720p and 1080p.",
    "These captions come from a WebVTT file uploaded in the studio.",
    "The counter in the middle shows the time in seconds.",
  ],
  es: [
    "Bienvenidos a la película larga de demostración de Marquee.",
    "Haz una pausa cuando quieras: sigue donde lo dejaste.",
    "Abre el menú de calidad para cambiar entre 360p, 720p y 1080p.",
    "Estos subtítulos vienen de un archivo WebVTT subido en el estudio.",
    "El contador del centro marca el tiempo en segundos.",
  ],
} as const;

const stamp = (sec: number) =>
  `${String(Math.floor(sec / 60)).padStart(2, "0")}:${String(sec % 60).padStart(2, "0")}.000`;

/** A WebVTT file of `seconds` with a cue every 6 seconds, cycling through the language's lines. */
export function demoCaptions(language: keyof typeof CAPTION_LINES, seconds: number): string {
  const lines = CAPTION_LINES[language];
  const cues: string[] = [];
  for (let at = 0, i = 0; at + 5 <= seconds; at += 6, i++) {
    cues.push(`${stamp(at)} --> ${stamp(at + 5)}\n${lines[i % lines.length]}`);
  }
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}

async function featureRows(db: Db) {
  return db
    .select({ id: videos.id, slug: videos.slug, processingStatus: videos.processingStatus })
    .from(videos)
    .where(inArray(videos.slug, demoFeatureSlugs()));
}

/**
 * Makes the long movies' rows, uploads their files and gives the free one its captions. Their transcodes are queued
 * for the media workers and not waited for: the site opens meanwhile and each movie is listed once it is processed
 * (a few minutes on a first start). A file already uploaded (an interrupted start) is not made again: its queued
 * job goes on. Answers their ids, in DEMO_FEATURES order.
 */
export async function seedDemoFeatures(
  s: Seeding,
  opts: { performerIds: string[]; categoryIds: string[] },
): Promise<string[]> {
  const have = await featureRows(s.db);
  const slugs = demoFeatureSlugs();
  const ids: string[] = [];
  const work = await mkdtemp(path.join(tmpdir(), "marquee-features-"));
  try {
    for (const [i, f] of DEMO_FEATURES.entries()) {
      let row = have.find((m) => m.slug === slugs[i]);
      if (!row) {
        const category = opts.categoryIds[i % Math.max(1, opts.categoryIds.length)];
        const made = (await s.call("POST", "/performer/assets/videos", {
          title: f.title,
          slug: slugs[i],
          description: `${f.title}: a ${f.seconds}-second film in full HD, long enough to pause, come back and switch quality.`,
          tags: ["full-hd"],
          access: f.access,
          status: "active",
          categoryIds: category ? [category] : [],
          performerIds: [opts.performerIds[i % opts.performerIds.length]],
        })) as { _id: string; slug: string };
        row = { id: made._id, slug: made.slug, processingStatus: "none" };
      }
      ids.push(row.id);
      if (f.captions) await addCaptions(s, row.id, f.seconds);
      if (row.processingStatus !== "none" && row.processingStatus !== "failed") continue;
      const file = path.join(work, `feature${i}.mp4`);
      await makeDemoFeature(i, file, f.seconds);
      const url = `/performer/assets/videos/${row.id}/upload/video`;
      await s.upload(url, await readFile(file), `feature${i}.mp4`, "video/mp4");
      await rm(file, { force: true });
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return ids;
}

/** English and Spanish captions, those the movie does not have yet. */
async function addCaptions(s: Seeding, id: string, seconds: number) {
  const { data } = (await s.call("GET", `/performer/assets/videos/${id}/captions`)) as CaptionList;
  for (const language of ["en", "es"] as const) {
    if (data.some((c) => c.language === language)) continue;
    const vtt = Buffer.from(demoCaptions(language, seconds));
    await s.upload(`/performer/assets/videos/${id}/captions`, vtt, `${language}.vtt`, "text/vtt", { language });
  }
}
