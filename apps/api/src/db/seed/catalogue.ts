import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import type { App } from "../../app.ts";
import { hashPassword } from "../../modules/auth/service.ts";
import { users } from "../../modules/users/tables.ts";
import { videos } from "../../modules/videos/tables.ts";
import type { Db } from "../client.ts";
import {
  demoBanners,
  demoCategories,
  demoGalleryTitles,
  demoMovieTitle,
  demoPerformers,
  demoPosts,
  demoTags,
} from "./catalogue-data.ts";
import { DEMO_CLIP_COUNT, makeDemoClip, makeDemoImage, seededRandom } from "./demo-media.ts";
import { DEMO_PASSWORD } from "./seed.ts";

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

const MOVIES = 60;
/** Clips transcoded for real; the other movies share their processed media (a first run stays short). */
const CLIPS = DEMO_CLIP_COUNT;
const DAY = 24 * 3600 * 1000;

/** A multipart/form-data body with one file part named `file`, for `app.inject`. */
function multipart(data: Buffer, filename: string, type: string) {
  const boundary = `----marquee${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * The demo catalogue `npm start` shows on first run (DESIGN section 3): performers with avatars and covers,
 * 60 movies of every access kind (a few announced for later) with real HLS clips, 20 galleries, categories,
 * posts and banners. It goes through the API itself, as the admin would, so the demo is made by the same rules
 * as real content. Idempotent: nothing happens once any movie exists.
 */
export async function seedDemoCatalogue(app: App, db: Db, opts: { log?: Log } = {}) {
  const [existing] = await db.select({ n: count() }).from(videos);
  if ((existing?.n ?? 0) > 0) return;
  const started = Date.now();
  const rnd = seededRandom(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;

  const login = await app.inject({
    method: "POST",
    url: "/auth/login",
    payload: { username: "admin", password: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) {
    opts.log?.warn({ status: login.statusCode }, "demo catalogue skipped: the demo admin cannot log in");
    return;
  }
  const token = login.json().token as string;
  const call = async (method: "GET" | "POST" | "PUT", url: string, payload?: object) => {
    const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode >= 300)
      throw new Error(`demo catalogue: ${method} ${url} answered ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const upload = async (url: string, data: Buffer, filename: string, type: string) => {
    const body = multipart(data, filename, type);
    const res = await app.inject({
      method: "POST",
      url,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
    if (res.statusCode >= 300) throw new Error(`demo catalogue: upload ${url} answered ${res.statusCode} ${res.body}`);
    return res.json();
  };

  // Categories.
  const categoryIds: Record<keyof typeof demoCategories, string[]> = { video: [], gallery: [], performer: [] };
  for (const group of Object.keys(demoCategories) as (keyof typeof demoCategories)[]) {
    for (const [ordering, name] of demoCategories[group].entries()) {
      categoryIds[group].push((await call("POST", "/admin/categories", { name, group, ordering }))._id);
    }
  }

  // Performers: the accounts, then their profiles, avatars and covers.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const performerIds: string[] = [];
  for (const p of demoPerformers) {
    const [row] = await db
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
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!row) continue;
    await call("POST", "/admin/performers", { userId: row.id });
    performerIds.push(row.id);
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
  for (const [i, id] of performerIds.entries()) {
    const demo = demoPerformers[i];
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
    const name = demo?.name ?? "Piper Performer";
    const initials = name
      .split(" ")
      .map((w) => w[0])
      .join("");
    await upload(
      `/users/${id}/avatar/upload`,
      await makeDemoImage(i + 3, 512, 512, { text: initials }),
      "avatar.jpg",
      "image/jpeg",
    );
    await upload(
      `/admin/performers/${id}/cover/upload`,
      await makeDemoImage(i + 11, 1600, 500),
      "cover.jpg",
      "image/jpeg",
    );
  }

  const phases: Record<string, number> = {};
  let mark = Date.now();
  const phase = (name: string) => {
    phases[name] = Date.now() - mark;
    mark = Date.now();
  };
  phase("performers");

  // Movies: a few clips are uploaded and processed for real; the rest reuse their processed media.
  const work = await mkdtemp(path.join(tmpdir(), "marquee-demo-"));
  try {
    const movieIds: string[] = [];
    for (let i = 0; i < MOVIES; i++) {
      const kind = i % 5 === 0 || i % 5 === 3 ? "free" : i % 5 === 1 || i % 5 === 4 ? "members" : "sale";
      const performers = [performerIds[i % performerIds.length] as string];
      if (i % 7 === 0) performers.push(performerIds[(i + 5) % performerIds.length] as string);
      const scheduled = i >= 2 && i % 15 === 2;
      const movie = await call("POST", "/performer/assets/videos", {
        title: demoMovieTitle(i),
        description: `${demoMovieTitle(i)}: a short film by ${performers.length} performer${performers.length > 1 ? "s" : ""}, shot in one take.`,
        tags: [pick(demoTags), pick(demoTags)].filter((t, j, all) => all.indexOf(t) === j),
        access: kind,
        ...(kind === "sale" ? { price: [4.99, 7.99, 9.99, 12.5][i % 4] } : {}),
        status: "active",
        categoryIds: [pick(categoryIds.video)],
        performerIds: performers,
        ...(scheduled ? { scheduledAt: new Date(Date.now() + (3 + i) * DAY).toISOString() } : {}),
      });
      movieIds.push(movie._id);
    }
    for (let c = 0; c < CLIPS; c++) {
      const file = path.join(work, `clip${c}.mp4`);
      await makeDemoClip(c, file, 4);
      await upload(
        `/performer/assets/videos/${movieIds[c]}/upload/video`,
        await readFile(file),
        `clip${c}.mp4`,
        "video/mp4",
      );
    }
    await app.services.jobs.idle();
    phase("clips");
    for (let i = CLIPS; i < movieIds.length; i++) {
      await app.services.videos.copyMedia(movieIds[i % CLIPS] as string, movieIds[i] as string);
    }
    phase("movies");

    // Galleries with 6 to 10 photos each, from a pool of pictures.
    const pool: Buffer[] = [];
    for (let k = 0; k < 24; k++) {
      pool.push(await makeDemoImage(100 + k, k % 3 === 0 ? 800 : 1200, k % 3 === 0 ? 1200 : 800));
    }
    for (const [g, title] of demoGalleryTitles.entries()) {
      const kind = g % 3 === 0 ? "free" : g % 3 === 1 ? "members" : "sale";
      const gallery = await call("POST", "/performer/assets/galleries", {
        title,
        description: `${title}: photos by ${demoPerformers[g % demoPerformers.length]?.name}.`,
        tags: [pick(demoTags)],
        access: kind,
        ...(kind === "sale" ? { price: 3.99 + (g % 3) } : {}),
        status: "active",
        categoryIds: [pick(categoryIds.gallery)],
        performerIds: [performerIds[g % performerIds.length]],
      });
      const photos = 6 + (g % 5);
      for (let k = 0; k < photos; k++) {
        const picture = pool[(g * 5 + k) % pool.length] as Buffer;
        await upload(
          `/performer/assets/galleries/${gallery._id}/photos/upload`,
          picture,
          `photo${k}.jpg`,
          "image/jpeg",
        );
      }
    }
    phase("galleries");
  } finally {
    await rm(work, { recursive: true, force: true });
  }

  // Posts (the home and contact texts are pages) and banners.
  for (const post of demoPosts) await call("POST", "/admin/posts", { ...post, status: "published" });
  for (const [i, b] of demoBanners.entries()) {
    const banner = await call("POST", "/admin/banners", { ...b, ordering: i });
    await upload(
      `/admin/banners/${banner._id}/image/upload`,
      // The page sets the title and description over the picture; the picture itself carries no words.
      await makeDemoImage(200 + i, 1600, 600),
      "banner.jpg",
      "image/jpeg",
    );
  }
  phase("posts and banners");
  opts.log?.info(
    { ms: Date.now() - started, phases, performers: performerIds.length, movies: MOVIES },
    "demo catalogue created",
  );
}
