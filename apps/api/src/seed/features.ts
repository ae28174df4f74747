import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CaptionList } from "@marquee/contracts/captions";
import { and, eq, inArray } from "drizzle-orm";
import type { App } from "../app.ts";
import type { Db } from "../db/client.ts";
import { categories } from "../modules/categories/tables.ts";
import { settings } from "../modules/settings/tables.ts";
import { users } from "../modules/users/tables.ts";
import { videos } from "../modules/videos/tables.ts";
import { slugify } from "../platform/slugs.ts";
import { demoCategories, demoPerformers } from "./catalogue-data.ts";
import { type DemoAdminClient, demoAdminClient } from "./client.ts";
import { makeDemoFeature } from "./demo-media.ts";
import { DEMO_CATALOGUE_MARK } from "./seed.ts";

/**
 * The long demo movies (issue 23 section 1): a minute or more in full HD, so the HLS ladder has 360p, 720p and
 * 1080p and resuming and switching quality can be tried. Making and transcoding them takes minutes of CPU, so they are
 * made only when SEED_DEMO_FEATURES is on, as `npm start` sets it (the tests' sites leave them out), and once the
 * site is open (main.ts): they appear in the catalogue when processed. The free one has English and Spanish captions.
 */
export const DEMO_FEATURES = [
  { title: "The Long Take", access: "free", seconds: 90, captions: true },
  { title: "After Hours Session", access: "members", seconds: 60, captions: false },
  { title: "Slow Signal", access: "members", seconds: 60, captions: false },
] as const;

export const demoFeatureSlugs = () => DEMO_FEATURES.map((f) => slugify(f.title));

interface Seeding extends DemoAdminClient {
  db: Db;
}

/** The settings row that says the long movies are made (as DEMO_CATALOGUE_MARK says the catalogue is). */
export const DEMO_FEATURES_MARK = "seed.demoFeatures";

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
 * The long movies of a demo catalogue this site made (its mark says `made`), once: after the site opened, in the
 * background. A start stopped on the way is continued by the next one (the rows are found by slug, a file already
 * uploaded is not made again); the mark written at the end stops later starts. Answers whether it made them.
 */
export async function seedDemoFeaturesOnce(app: App, db: Db, opts: { log?: Log } = {}): Promise<boolean> {
  const marks = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [DEMO_CATALOGUE_MARK, DEMO_FEATURES_MARK]));
  const catalogue = marks.find((m) => m.key === DEMO_CATALOGUE_MARK)?.value as { how?: string } | undefined;
  if (catalogue?.how !== "made" || marks.some((m) => m.key === DEMO_FEATURES_MARK)) return false;
  const client = await demoAdminClient(app);
  if (!client) return false;
  const started = Date.now();
  // The demo performer gets the free one; two demo performers the others.
  const owners = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ["performer", ...demoPerformers.slice(0, 2).map((p) => p.username)]));
  const performerIds = ["performer", ...demoPerformers.slice(0, 2).map((p) => p.username)].flatMap(
    (name) => owners.find((o) => o.username === name)?.id ?? [],
  );
  const videoCategories = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.group, "video"),
        inArray(
          categories.slug,
          demoCategories.video.map((n) => slugify(n)),
        ),
      ),
    );
  if (!performerIds.length) return false;
  await seedDemoFeatures({ ...client, db }, { performerIds, categoryIds: videoCategories.map((c) => c.id) });
  await db
    .insert(settings)
    .values({ key: DEMO_FEATURES_MARK, value: { at: new Date().toISOString() } })
    .onConflictDoNothing();
  opts.log?.info({ ms: Date.now() - started }, "long demo movies uploaded; the media worker transcodes them");
  return true;
}

type Log = { info(obj: object, msg: string): void };

/**
 * Makes the long movies' rows, uploads their files and gives the free one its captions. Their transcodes are queued
 * for the media workers and not waited for: each movie is listed once it is processed. A file already uploaded (an interrupted start) is not made again: its queued
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
