import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { legalSlugs } from "@marquee/contracts/age-gate";
import { and, count, eq, inArray, isNotNull, ne, notInArray } from "drizzle-orm";
import type { App } from "../app.ts";
import type { Db } from "../db/client.ts";
import { hashPassword } from "../modules/auth/service.ts";
import { banners } from "../modules/banners/tables.ts";
import { categories } from "../modules/categories/tables.ts";
import { GALLERY_JOBS } from "../modules/galleries/rows.ts";
import { galleries, photos } from "../modules/galleries/tables.ts";
import { performers } from "../modules/performers/tables.ts";
import { posts } from "../modules/posts/tables.ts";
import { settings } from "../modules/settings/tables.ts";
import { users } from "../modules/users/tables.ts";
import { VIDEO_JOBS } from "../modules/videos/rows.ts";
import { videos } from "../modules/videos/tables.ts";
import { MEDIA_QUEUES } from "../platform/media/work.ts";
import { slugify } from "../platform/slugs.ts";
import {
  demoBanners,
  demoCategories,
  demoGalleryTitles,
  demoMovieTitle,
  demoPerformers,
  demoPosts,
  demoTags,
} from "./catalogue-data.ts";
import { demoAdminClient } from "./client.ts";
import { seedDemoComments } from "./comments.ts";
import { DEMO_CLIP_COUNT, makeDemoClip, makeDemoImage, seededRandom } from "./demo-media.ts";
import { demoFeatureSlugs } from "./features.ts";
import { seedDemoPayments } from "./payments.ts";
import { seedDemoProducts } from "./products.ts";
import { DEMO_PASSWORD, demoAccounts, demoCatalogueDone, markDemoCatalogueDone, verifySeeded } from "./seed.ts";

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

const MOVIES = 60;
/** Clips transcoded for real; the other movies share their processed media (a first run stays short). */
const CLIPS = DEMO_CLIP_COUNT;
const DAY = 24 * 3600 * 1000;

/** The natural keys of everything the demo makes. */
const demoKeys = () => ({
  movies: [...Array.from({ length: MOVIES }, (_, i) => slugify(demoMovieTitle(i))), ...demoFeatureSlugs()],
  galleries: demoGalleryTitles.map((t) => slugify(t, 100)),
  posts: demoPosts.map((p) => p.slug),
  banners: demoBanners.map((b) => b.title),
  categories: Object.values(demoCategories).flatMap((names) => names.map((n) => slugify(n))),
  usernames: [...demoAccounts.map((a) => a.username), ...demoPerformers.map((p) => p.username)],
});

/**
 * Whether a catalogue made before the completion mark existed counts as done. That version never ran again once a
 * movie existed; that verdict stands when the catalogue is complete, known by the last demo banner's picture (its
 * very last step), or when the site holds what the demo never makes (it is someone's site, perhaps with demo items
 * deleted on purpose). Movies and nothing else of the demo's, no last picture: a start cut short, completed now.
 */
async function madeBeforeTheMark(db: Db): Promise<boolean> {
  const [movie] = await db.select({ id: videos.id }).from(videos).limit(1);
  if (!movie) return false;
  const last = demoBanners[demoBanners.length - 1];
  const keys = demoKeys();
  const found = await Promise.all([
    last
      ? db
          .select({ id: banners.id })
          .from(banners)
          .where(and(eq(banners.title, last.title), eq(banners.position, last.position), isNotNull(banners.imageKey)))
          .limit(1)
      : [],
    db.select({ id: videos.id }).from(videos).where(notInArray(videos.slug, keys.movies)).limit(1),
    db.select({ id: galleries.id }).from(galleries).where(notInArray(galleries.slug, keys.galleries)).limit(1),
    // The legal pages are made by every start (modules/pages), not by the demo catalogue.
    db
      .select({ id: posts.id })
      .from(posts)
      .where(notInArray(posts.slug, [...keys.posts, ...legalSlugs]))
      .limit(1),
    db.select({ id: banners.id }).from(banners).where(notInArray(banners.title, keys.banners)).limit(1),
    db.select({ id: categories.id }).from(categories).where(notInArray(categories.slug, keys.categories)).limit(1),
    db.select({ key: settings.key }).from(settings).limit(1),
    // Members who signed up (an admin made with `npm run create-admin` may come before the first complete start).
    db
      .select({ id: users.id })
      .from(users)
      .where(and(notInArray(users.username, keys.usernames), ne(users.role, "admin")))
      .limit(1),
  ]);
  return found.some((rows) => rows.length > 0);
}

/**
 * The demo catalogue `npm start` shows on first run (DESIGN section 3): performers with avatars and covers,
 * 60 movies of every access kind (a few announced for later) with real HLS clips, 20 galleries, categories,
 * posts and banners. It goes through the API itself, as the admin would, so the demo is made by the same rules
 * as real content.
 *
 * Resumable: a start killed or failing at any point is completed by the next one. Each piece is looked up by its
 * natural key (category slug, performer username, movie, gallery and post slug, banner title) and reused when it
 * is there; media that is missing or not ready is made again. A settings row written at the very end marks the
 * catalogue done, and from then on nothing happens (the site is the admin's; deleted demo items stay deleted).
 */
export async function seedDemoCatalogue(app: App, db: Db, opts: { log?: Log } = {}) {
  if (await demoCatalogueDone(db)) return;
  if (await madeBeforeTheMark(db)) {
    await markDemoCatalogueDone(db, "found");
    return;
  }
  const started = Date.now();
  const [before] = await db.select({ n: count() }).from(videos);
  if ((before?.n ?? 0) > 0)
    opts.log?.info({ movies: before?.n }, "completing the demo catalogue of an interrupted start");
  const rnd = seededRandom(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
  const storage = app.services.storage;

  const client = await demoAdminClient(app);
  if (!client) {
    opts.log?.warn({}, "demo catalogue skipped: the demo admin cannot log in");
    return;
  }
  const { call, upload } = client;

  const phases: Record<string, number> = {};
  let mark = Date.now();
  const phase = (name: string) => {
    phases[name] = Date.now() - mark;
    mark = Date.now();
  };

  // Categories, by group and slug.
  const categoryIds: Record<keyof typeof demoCategories, string[]> = {
    video: [],
    gallery: [],
    performer: [],
    product: [],
  };
  const groups = Object.keys(demoCategories) as (keyof typeof demoCategories)[];
  const haveCategories = await db
    .select({ id: categories.id, group: categories.group, slug: categories.slug })
    .from(categories)
    .where(inArray(categories.group, groups));
  for (const group of groups) {
    for (const [ordering, name] of demoCategories[group].entries()) {
      const found = haveCategories.find((c) => c.group === group && c.slug === slugify(name));
      categoryIds[group].push(found?.id ?? (await call("POST", "/admin/categories", { name, group, ordering }))._id);
    }
  }

  // Performers, by username: the accounts, then their profiles, avatars and covers.
  let passwordHash: string | undefined;
  const performerIds: string[] = [];
  for (const p of demoPerformers) {
    let [account] = await db.select({ id: users.id }).from(users).where(eq(users.username, p.username));
    if (!account) {
      passwordHash ??= await hashPassword(DEMO_PASSWORD);
      [account] = await db
        .insert(users)
        .values({
          username: p.username,
          name: p.name,
          email: `${p.username}@marquee.local`,
          passwordHash,
          verifiedEmail: true,
          gender: p.gender,
          country: p.country,
          bio: p.bio,
        })
        .returning({ id: users.id });
    }
    if (!account) throw new Error(`demo catalogue: the account ${p.username} could not be made`);
    const [profile] = await db.select({ id: performers.id }).from(performers).where(eq(performers.id, account.id));
    if (!profile) await call("POST", "/admin/performers", { userId: account.id });
    // The demo's performers publish at once: verified by a record that says it was seeded.
    await verifySeeded(db, [account.id]);
    performerIds.push(account.id);
  }
  const [demoPerformer] = await db.select({ id: users.id }).from(users).where(eq(users.username, "performer"));
  if (demoPerformer) performerIds.push(demoPerformer.id);
  const attrs = {
    ethnicity: ["asian", "black", "caucasian", "latina", "middle-eastern", "mixed"],
    bodyType: ["slim", "athletic", "average", "curvy", "muscular"],
    hairColor: ["black", "brown", "blonde", "red"],
    eyeColor: ["brown", "blue", "green", "hazel"],
    height: ["under-160", "160-170", "170-180", "over-180"],
    sexualOrientation: ["straight", "gay", "lesbian", "bisexual"],
  };
  const pictures = await db
    .select({ id: users.id, avatarKey: users.avatarKey, coverKey: performers.coverKey })
    .from(users)
    .innerJoin(performers, eq(performers.id, users.id))
    .where(inArray(users.id, performerIds));
  for (const [i, id] of performerIds.entries()) {
    const demo = demoPerformers[i];
    // Every time (the same values): the random picks stay in step with a first start that was not interrupted.
    await call("PUT", `/admin/performers/${id}`, {
      languages: demo?.languages ?? ["en"],
      ethnicity: pick(attrs.ethnicity),
      bodyType: pick(attrs.bodyType),
      hairColor: pick(attrs.hairColor),
      eyeColor: pick(attrs.eyeColor),
      height: pick(attrs.height),
      sexualOrientation: pick(attrs.sexualOrientation),
      categoryIds: [pick(categoryIds.performer)],
      monthlyPrice: 5 + (i % 5) * 2 + 0.99,
      yearlyPrice: 49 + (i % 4) * 10 + 0.99,
    });
    const has = pictures.find((p) => p.id === id);
    if (!has?.avatarKey) {
      const initials = (demo?.name ?? "Piper Performer")
        .split(" ")
        .map((w) => w[0])
        .join("");
      const avatar = await makeDemoImage(i + 3, 512, 512, { text: initials });
      await upload(`/users/${id}/avatar/upload`, avatar, "avatar.jpg", "image/jpeg");
    }
    if (!has?.coverKey) {
      const cover = await makeDemoImage(i + 11, 1600, 500);
      await upload(`/admin/performers/${id}/cover/upload`, cover, "cover.jpg", "image/jpeg");
    }
  }
  phase("performers");

  // Movies, by slug: a few clips are uploaded and processed for real; the rest reuse their processed media.
  const movieSlugs = demoKeys().movies.slice(0, MOVIES);
  const movieRow = async (slugs: string[]) =>
    db
      .select({
        id: videos.id,
        slug: videos.slug,
        processingStatus: videos.processingStatus,
        processingError: videos.processingError,
        mediaKey: videos.mediaKey,
      })
      .from(videos)
      .where(inArray(videos.slug, slugs));
  const haveMovies = await movieRow(movieSlugs);
  const movieIds: string[] = [];
  for (let i = 0; i < MOVIES; i++) {
    const kind = i % 5 === 0 || i % 5 === 3 ? "free" : i % 5 === 1 || i % 5 === 4 ? "members" : "sale";
    const performersOf = [performerIds[i % performerIds.length] as string];
    if (i % 7 === 0) performersOf.push(performerIds[(i + 5) % performerIds.length] as string);
    const scheduled = i >= 2 && i % 15 === 2;
    const title = demoMovieTitle(i);
    const body = {
      title,
      slug: movieSlugs[i],
      description: `${title}: a short film by ${performersOf.length} performer${performersOf.length > 1 ? "s" : ""}, shot in one take.`,
      tags: [pick(demoTags), pick(demoTags)].filter((t, j, all) => all.indexOf(t) === j),
      access: kind,
      ...(kind === "sale" ? { price: [4.99, 7.99, 9.99, 12.5][i % 4] } : {}),
      status: "active",
      categoryIds: [pick(categoryIds.video)],
      performerIds: performersOf,
      ...(scheduled ? { scheduledAt: new Date(Date.now() + (3 + i) * DAY).toISOString() } : {}),
    };
    const found = haveMovies.find((m) => m.slug === movieSlugs[i]);
    movieIds.push(found?.id ?? (await call("POST", "/performer/assets/videos", body))._id);
  }
  /** Processed, and its media on disk (a start cut short while copying media left the row as it was). */
  const hasMedia = async (m: { processingStatus: string; mediaKey: string | null } | undefined) =>
    m?.processingStatus === "ready" &&
    m.mediaKey !== null &&
    (await storage.stat(`${m.mediaKey}/hls/master.m3u8`)) !== null;
  const clipSlugs = movieSlugs.slice(0, CLIPS);
  const work = await mkdtemp(path.join(tmpdir(), "marquee-demo-"));
  try {
    const clips = await movieRow(clipSlugs);
    for (let c = 0; c < CLIPS; c++) {
      if (await hasMedia(clips.find((m) => m.slug === clipSlugs[c]))) continue;
      // A transcode of an interrupted start may still be queued: it finds this new upload and makes it instead.
      const file = path.join(work, `clip${c}.mp4`);
      await makeDemoClip(c, file, 4);
      await upload(
        `/performer/assets/videos/${movieIds[c]}/upload/video`,
        await readFile(file),
        `clip${c}.mp4`,
        "video/mp4",
      );
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }

  // The clips' transcodes (also those an interrupted start had queued) finish; then the other movies share them.
  // Along the chain of a movie's jobs: each sends the next before it ends. The heavy one may run in a media worker.
  await app.services.jobs.idle([VIDEO_JOBS.process, MEDIA_QUEUES.transcode, VIDEO_JOBS.transcoded]);
  const clips = await movieRow(clipSlugs);
  for (const slug of clipSlugs) {
    const clip = clips.find((m) => m.slug === slug);
    if (!(await hasMedia(clip))) {
      throw new Error(
        `the demo clip ${slug} could not be processed (${clip?.processingError ?? clip?.processingStatus ?? "missing"})`,
      );
    }
  }
  phase("clips");
  const copies = await movieRow(movieSlugs.slice(CLIPS));
  for (let i = CLIPS; i < movieIds.length; i++) {
    if (await hasMedia(copies.find((m) => m.slug === movieSlugs[i]))) continue;
    await app.services.videos.copyMedia(movieIds[i % CLIPS] as string, movieIds[i] as string);
  }
  phase("movies");

  // Galleries, by slug, with 6 to 10 photos each from a pool of pictures.
  const pool = new Map<number, Promise<Buffer>>();
  const poolPicture = (k: number) => {
    let p = pool.get(k);
    if (!p) {
      p = makeDemoImage(100 + k, k % 3 === 0 ? 800 : 1200, k % 3 === 0 ? 1200 : 800);
      pool.set(k, p);
    }
    return p;
  };
  const gallerySlugs = demoKeys().galleries;
  const haveGalleries = await db
    .select({ id: galleries.id, slug: galleries.slug })
    .from(galleries)
    .where(inArray(galleries.slug, gallerySlugs));
  const photoCounts = haveGalleries.length
    ? await db
        .select({ galleryId: photos.galleryId, n: count() })
        .from(photos)
        .where(
          inArray(
            photos.galleryId,
            haveGalleries.map((g) => g.id),
          ),
        )
        .groupBy(photos.galleryId)
    : [];
  for (const [g, title] of demoGalleryTitles.entries()) {
    const kind = g % 3 === 0 ? "free" : g % 3 === 1 ? "members" : "sale";
    const body = {
      title,
      slug: gallerySlugs[g],
      description: `${title}: photos by ${demoPerformers[g % demoPerformers.length]?.name}.`,
      tags: [pick(demoTags)],
      access: kind,
      ...(kind === "sale" ? { price: 3.99 + (g % 3) } : {}),
      status: "active",
      categoryIds: [pick(categoryIds.gallery)],
      performerIds: [performerIds[g % performerIds.length]],
    };
    const found = haveGalleries.find((x) => x.slug === gallerySlugs[g]);
    const galleryId: string = found?.id ?? (await call("POST", "/performer/assets/galleries", body))._id;
    const have = photoCounts.find((x) => x.galleryId === galleryId)?.n ?? 0;
    for (let k = have; k < 6 + (g % 5); k++) {
      await upload(
        `/performer/assets/galleries/${galleryId}/photos/upload`,
        await poolPicture((g * 5 + k) % 24),
        `photo${k}.jpg`,
        "image/jpeg",
      );
    }
  }
  // The photos' variants are made by the media jobs; the galleries are listed once their photos are ready.
  await app.services.jobs.idle([MEDIA_QUEUES.photo, GALLERY_JOBS.photoProcessed]);
  phase("galleries");

  // The store: shipped and downloadable products of the demo performers, with pictures and files.
  await seedDemoProducts(app, db, performerIds, categoryIds.product);
  phase("products");

  // Posts (the home and contact texts are pages), by slug, and banners, by title, each with its picture.
  const havePosts = await db
    .select({ slug: posts.slug })
    .from(posts)
    .where(
      inArray(
        posts.slug,
        demoPosts.map((p) => p.slug),
      ),
    );
  for (const post of demoPosts) {
    if (!havePosts.some((p) => p.slug === post.slug)) {
      await call("POST", "/admin/posts", { ...post, status: "published" });
    }
  }
  const haveBanners = await db
    .select({ id: banners.id, title: banners.title, position: banners.position, imageKey: banners.imageKey })
    .from(banners)
    .where(
      inArray(
        banners.title,
        demoBanners.map((b) => b.title),
      ),
    );
  // In order, the last one last: its picture is what an earlier version's complete catalogue is known by.
  for (const [i, b] of demoBanners.entries()) {
    const found = haveBanners.find((x) => x.title === b.title && x.position === b.position);
    const bannerId: string = found?.id ?? (await call("POST", "/admin/banners", { ...b, ordering: i }))._id;
    if (!found?.imageKey) {
      await upload(
        `/admin/banners/${bannerId}/image/upload`,
        // The page sets the title and description over the picture; the picture itself carries no words.
        await makeDemoImage(200 + i, 1600, 600),
        "banner.jpg",
        "image/jpeg",
      );
    }
  }
  phase("posts and banners");
  await seedDemoPayments(app, db, opts);
  phase("payments");
  await seedDemoComments(app, db);
  phase("comments");
  await markDemoCatalogueDone(db, "made");
  opts.log?.info(
    { ms: Date.now() - started, phases, performers: performerIds.length, movies: MOVIES },
    "demo catalogue created",
  );
}
