import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, expectBadRequest, IP_IN, type TestContext } from "../../../test/harness.ts";
import { addPhoto, pngOf } from "../../../test/multipart.ts";
import { performers } from "../performers/tables.ts";
import { videos } from "../videos/tables.ts";
import { HOME_CACHE_MS } from "./service.ts";

/**
 * The composed pages: one call answers what a server-rendered page shows, the same as the list and detail
 * endpoints answer the same viewer (per-viewer access included).
 */
let t: TestContext;
let admin: string;
let performer: string;
let member: string;
let user: string;

interface Cover {
  url: string;
}
interface GalleryJson {
  _id: string;
  cover: Cover | null;
}
interface MovieJson {
  _id: string;
  slug: string;
  canWatch: boolean;
  isComing: boolean;
  lock: string | null;
  media: { hls: string } | null;
  stats: { views: number };
}

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;
const get = (url: string, token?: string, headers?: Record<string, string>) =>
  t.request({ method: "GET", url, token, headers });

async function movie(access: "free" | "members", status: "active" | "draft" = "active"): Promise<MovieJson> {
  const res = await t.request({
    method: "POST",
    url: "/performer/assets/videos",
    token: performer,
    body: { title: unique(`${access} movie `), access, status },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { _id } = res.json() as MovieJson;
  // What the processing job leaves behind (videos.media.test.ts runs it for real).
  await t.database.db
    .update(videos)
    .set({
      processingStatus: "ready",
      mediaKey: `private/videos/${_id}`,
      durationSec: 3,
      width: 640,
      height: 360,
      listed: sql`${videos.status} = 'active'`,
    })
    .where(eq(videos.id, _id));
  return res.json();
}

async function gallery(access: "free" | "members"): Promise<GalleryJson> {
  const res = await t.request({
    method: "POST",
    url: "/performer/assets/galleries",
    token: performer,
    body: { title: unique(`${access} gallery `), access, status: "active" },
  });
  expect(res.statusCode, res.body).toBe(201);
  const g = res.json() as GalleryJson;
  await addPhoto(t, performer, g._id, await pngOf(64, 48, { r: 51, g: 170, b: 119 }));
  return g;
}

const home = async (token?: string) => {
  const res = await get("/pages/home", token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    banners: { title: string }[];
    middleBanners: { title: string }[];
    performers: { _id: string }[];
    movies: MovieJson[];
    coming: MovieJson[];
    galleries: GalleryJson[];
    intro: { title: string } | null;
  };
};
const coverOf = (page: { galleries: GalleryJson[] }, id: string) => page.galleries.find((g) => g._id === id)?.cover;
/** A blurred preview anyone may load, or a signed link to the photo itself. */
const BLURRED = /\/files\/photos\/.+\/preview\.webp$/;
const SIGNED = /\/media\//;
/** A signed link without its expiry and signature (they differ by the millisecond the link was made). */
const unsign = (url: string | null | undefined) => url?.replace(/\/media\/\d+\/[^/]+\//, "/media/~/");

let freeGallery: GalleryJson;
let membersGallery: GalleryJson;
let freeMovie: MovieJson;
let membersMovie: MovieJson;

beforeAll(async () => {
  t = await createTestContext();
  [admin, performer, member, user] = await Promise.all([
    t.login("admin"),
    t.login("performer"),
    t.login("member"),
    t.login("user"),
  ]);
  freeGallery = await gallery("free");
  membersGallery = await gallery("members");
  freeMovie = await movie("free");
  membersMovie = await movie("members");
});
afterAll(() => t.close());

describe("GET /pages/home", () => {
  it("puts announced movies in a row of their own, soonest first, and the middle banners between the rows", async () => {
    const announce = async (days: number) => {
      const res = await t.request({
        method: "POST",
        url: "/performer/assets/videos",
        token: performer,
        body: {
          title: unique("announced movie "),
          access: "members",
          status: "active",
          scheduledAt: new Date(Date.now() + days * 24 * 3600 * 1000).toISOString(),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as MovieJson;
    };
    const later = await announce(9);
    const sooner = await announce(2);
    const banner = await t.request({
      method: "POST",
      url: "/admin/banners",
      token: admin,
      body: { title: unique("Middle promo "), position: "middle", status: "active" },
    });
    expect(banner.statusCode, banner.body).toBe(201);
    // Admins read the home page fresh, without the shared copy's delay.
    const page = await home(admin);
    expect(page.coming.map((m) => m._id)).toEqual([sooner._id, later._id]);
    expect(page.movies.every((m) => !m.isComing)).toBe(true);
    expect(page.movies.map((m) => m._id)).toEqual(expect.arrayContaining([freeMovie._id, membersMovie._id]));
    expect(page.middleBanners.map((b) => b.title)).toContain(banner.json().title);
    expect(page.banners.map((b) => b.title)).not.toContain(banner.json().title);
  });

  it("answers in one call what the lists answer the same viewer", async () => {
    const page = await home(member);
    const list = async (url: string) => (await get(url, member)).json().data;
    expect(page.banners).toEqual(await list("/site-promo/search?position=top"));
    expect(page.performers).toEqual(await list("/performers/search?sortBy=popular&limit=12"));
    expect(page.middleBanners).toEqual(await list("/site-promo/search?position=middle"));
    expect(page.movies).toEqual(await list("/user/assets/videos/search?sortBy=newest&limit=8&includeComing=false"));
    expect(page.movies.map((m) => m._id)).toEqual(expect.arrayContaining([freeMovie._id, membersMovie._id]));
    // Signed links differ by when they were made; everything else is the same.
    const unsigned = (gs: GalleryJson[]) => gs.map((g) => ({ ...g, cover: unsign(g.cover?.url) }));
    expect(unsigned(page.galleries)).toEqual(
      unsigned(await list("/user/assets/galleries/search?sortBy=newest&limit=8")),
    );
    expect(page.intro).toBeNull();
  });

  it("reads a member's live subscriptions once for the whole page (covers and Subscribed badges)", async () => {
    await home(member);
    const { result, queries } = await t.queriesOf(() => get("/pages/home", member));
    expect(result.statusCode).toBe(200);
    expect(queries.filter((q) => /from "subscriptions"/.test(q))).toHaveLength(1);
    // The badges are what the performer list says to the same member.
    const listed = (await get("/performers/search?sortBy=popular&limit=12", member)).json().data;
    expect(result.json().performers.map((p: { isSubscribed: boolean }) => p.isSubscribed)).toEqual(
      listed.map((p: { isSubscribed: boolean }) => p.isSubscribed),
    );
  });

  it("blurs a members gallery's cover for visitors and users without a membership, not for members", async () => {
    const visitor = await home();
    expect(coverOf(visitor, membersGallery._id)?.url).toMatch(BLURRED);
    expect(coverOf(visitor, freeGallery._id)?.url).toMatch(SIGNED);
    expect(coverOf(await home(user), membersGallery._id)?.url).toMatch(BLURRED);
    expect(coverOf(await home(member), membersGallery._id)?.url).toMatch(SIGNED);
    // The gallery's own performer always sees it.
    expect(coverOf(await home(performer), membersGallery._id)?.url).toMatch(SIGNED);
    // A member's answer never leaks into a visitor's, however close together they come.
    const [asMember, asVisitor] = await Promise.all([home(member), home()]);
    expect(coverOf(asMember, membersGallery._id)?.url).toMatch(SIGNED);
    expect(coverOf(asVisitor, membersGallery._id)?.url).toMatch(BLURRED);
  });

  it("shows an admin a draft home text at once, and everyone the published one within the cache time", async () => {
    const created = await t.request({
      method: "POST",
      url: "/admin/posts",
      token: admin,
      body: { title: "Welcome home", slug: "home", type: "page", content: "Hello there." },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await home(admin)).intro?.title).toBe("Welcome home");
    expect((await home()).intro).toBeNull();
    const published = await t.request({
      method: "PUT",
      url: `/admin/posts/${created.json()._id}`,
      token: admin,
      body: { status: "published" },
    });
    expect(published.statusCode).toBe(200);
    // The shared copy was read before the change (the visitor's page above, or earlier): once the cache time has
    // passed since the change, whatever it is, a page read gets the published text. (Timing reads while polling made
    // the check depend on how long each read took on a loaded machine.)
    const cacheOver = performance.now() + HOME_CACHE_MS;
    // (A timer may fire a little early by this clock: wait until the clock says so.)
    while (performance.now() <= cacheOver) await new Promise((r) => setTimeout(r, cacheOver - performance.now() + 1));
    expect((await home(member)).intro?.title).toBe("Welcome home");
    expect((await home()).intro?.title).toBe("Welcome home");
  });

  it("refuses query parameters it does not know", async () => {
    expectBadRequest(await get("/pages/home?limit=100"), "querystring.limit");
  });

  it("is refused to a blocked country and during maintenance, like the lists it is made of", async () => {
    const block = await t.request({
      method: "POST",
      url: "/admin/country-block",
      token: admin,
      body: { countryCode: "GB" },
    });
    expect(block.statusCode).toBe(201);
    try {
      const blocked = await get("/pages/home", member, { "x-forwarded-for": IP_IN.GB });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().error).toBe("GeoBlocked");
      expect((await get("/pages/home", undefined, { "x-forwarded-for": IP_IN.US })).statusCode).toBe(200);
      expect((await get(`/pages/movies/${freeMovie._id}`, undefined, { "x-forwarded-for": IP_IN.GB })).statusCode).toBe(
        403,
      );
    } finally {
      await t.request({ method: "DELETE", url: "/admin/country-block/GB", token: admin });
    }
    const on = await t.request({
      method: "PUT",
      url: "/admin/settings/maintenanceMode",
      token: admin,
      body: { value: true },
    });
    expect(on.statusCode).toBe(200);
    try {
      expect((await get("/pages/home", member)).statusCode).toBe(503);
      expect((await get("/pages/home", admin)).statusCode).toBe(200);
    } finally {
      await t.request({ method: "PUT", url: "/admin/settings/maintenanceMode", token: admin, body: { value: false } });
    }
  });
});

describe("GET /pages/movies/:id", () => {
  const page = async (id: string, token?: string) => {
    const res = await get(`/pages/movies/${id}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      video: MovieJson;
      offers: { username: string; name: string; monthlyPrice: number | null }[];
      membership: { name: string; price: number } | null;
    };
  };

  it("answers the movie as the movie endpoint does for the same viewer, counting their view once", async () => {
    const before = (await get(`/user/assets/videos/${freeMovie._id}`, member)).json() as MovieJson;
    const p = await page(freeMovie.slug, member);
    expect(p.video._id).toBe(freeMovie._id);
    // The member's view was counted by the first answer: a view counts once per viewer per 6 hours.
    expect(before.stats.views).toBeGreaterThanOrEqual(1);
    expect(p.video.stats.views).toBe(before.stats.views);
    expect(p.video).toMatchObject({ canWatch: true, lock: null, media: { hls: expect.stringMatching(SIGNED) } });
    expect(p.offers).toEqual([]);
    expect(p.membership).toBeNull();
    expect((await page(freeMovie._id)).video.canWatch).toBe(true);
  });

  it("locks a members movie for visitors (no offers) and for users without a membership (the performer's price)", async () => {
    const visitor = await page(membersMovie._id);
    expect(visitor.video).toMatchObject({ canWatch: false, lock: "members", media: null });
    expect(visitor.offers).toEqual([]);

    const asUser = await page(membersMovie._id, user);
    expect(asUser.video).toMatchObject({ canWatch: false, lock: "members", media: null });
    expect(asUser.offers).toEqual([{ username: "performer", name: "Piper Performer", monthlyPrice: 9.99 }]);

    const asMember = await page(membersMovie._id, member);
    expect(asMember.video).toMatchObject({ canWatch: true, lock: null, media: { hls: expect.stringMatching(SIGNED) } });
    expect(asMember.offers).toEqual([]);
  });

  it("offers the cheapest paid membership on a members lock, to visitors and users, and not once it is open", async () => {
    // The demo's packages: a free week (a trial is not what the lock sells), Monthly at 12.99 and a year at 99.
    const monthly = {
      _id: expect.any(String),
      name: "Monthly",
      type: "recurring",
      price: 12.99,
      initialPeriodDays: 30,
      recurringPeriodDays: 30,
    };
    expect((await page(membersMovie._id)).membership).toEqual(monthly);
    expect((await page(membersMovie._id, user)).membership).toEqual(monthly);
    expect((await page(membersMovie._id, member)).membership).toBeNull();
    expect((await page(freeMovie._id, user)).membership).toBeNull();
  });

  it("offers a hidden performer without a price", async () => {
    const id = (await get("/users/me", performer)).json()._id as string;
    await t.database.db.update(performers).set({ status: "inactive" }).where(eq(performers.id, id));
    try {
      const asUser = await page(membersMovie._id, user);
      expect(asUser.offers).toEqual([{ username: "performer", name: "Piper Performer", monthlyPrice: null }]);
    } finally {
      await t.database.db.update(performers).set({ status: "active" }).where(eq(performers.id, id));
    }
  });

  it("is 404 for an unknown movie and a draft (but not to its performer), 400 for an id that cannot be one", async () => {
    expect((await get("/pages/movies/no-such-movie")).statusCode).toBe(404);
    const draft = await movie("free", "draft");
    expect((await get(`/pages/movies/${draft._id}`, member)).statusCode).toBe(404);
    expect((await get(`/pages/movies/${draft._id}`, performer)).statusCode).toBe(200);
    expectBadRequest(await get(`/pages/movies/${"x".repeat(121)}`), "params.id");
  });
});

describe("GET /pages/performers/:id", () => {
  const page = async (id: string, token?: string) => {
    const res = await get(`/pages/performers/${id}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      performer: { _id: string; username: string; isSubscribed: boolean; stats: { views: number } };
      movies: { data: MovieJson[]; next: string | null };
      galleries: { data: GalleryJson[] };
    };
  };

  it("answers the profile (counting a view) with their newest movies and galleries as the viewer sees them", async () => {
    const before = await page("performer");
    const asMember = await page("performer", member);
    expect(asMember.performer).toMatchObject({ username: "performer", isSubscribed: false });
    expect(asMember.performer.stats.views).toBe(before.performer.stats.views + 1);
    const id = asMember.performer._id;
    const movies = (await get(`/user/assets/videos/search?performerIds=${id}&sortBy=newest&limit=12`, member)).json();
    expect(asMember.movies).toEqual(movies);
    expect(asMember.movies.data.map((m) => m._id)).toEqual(expect.arrayContaining([freeMovie._id, membersMovie._id]));
    const cover = (p: { galleries: { data: GalleryJson[] } }) =>
      coverOf({ galleries: p.galleries.data }, membersGallery._id);
    expect(cover(asMember)?.url).toMatch(SIGNED);
    const asUser = await page(id, user);
    expect(cover(asUser)?.url).toMatch(BLURRED);
    expect(cover(before)?.url).toMatch(BLURRED);
    // The performer's own visits are not counted.
    const own = await page("performer", performer);
    expect(own.performer.stats.views).toBe(asUser.performer.stats.views);
  });

  it("answers the performer's first page of listed products, as the product search does", async () => {
    const product = async (status: "active" | "draft") => {
      const res = await t.request({
        method: "POST",
        url: "/performer/assets/products",
        token: performer,
        body: { title: unique(`${status} poster `), type: "physical", price: 9, stock: 0, status },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json()._id as string;
    };
    const listed = await product("active");
    const draft = await product("draft");
    const res = await get("/pages/performers/performer", user);
    expect(res.statusCode, res.body).toBe(200);
    const { performer: p, products } = res.json() as {
      performer: { _id: string };
      products: { data: { _id: string; stock: number | null }[] };
    };
    const search = (await get(`/user/assets/products/search?performerId=${p._id}&sortBy=newest&limit=12`)).json();
    expect(products).toEqual(search);
    expect(products.data.map((x) => x._id)).toContain(listed);
    expect(products.data.map((x) => x._id)).not.toContain(draft);
    expect(products.data.find((x) => x._id === listed)?.stock).toBe(0);
  });

  it("is 404 for an unknown performer, 400 for an id that cannot be one", async () => {
    expect((await get("/pages/performers/nobody-here")).statusCode).toBe(404);
    expectBadRequest(await get(`/pages/performers/${"x".repeat(121)}`), "params.id");
  });
});

describe("GET /pages/galleries/:id", () => {
  interface PhotoJson {
    url: string | null;
    locked: boolean;
    thumbnail: Cover | null;
  }
  const page = async (id: string, token?: string) => {
    const res = await get(`/pages/galleries/${id}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      gallery: { _id: string; canWatch: boolean; lock: string | null; stats: { views: number } };
      photos: { data: PhotoJson[]; total: number; next: string | null };
      offers: { username: string; monthlyPrice: number | null }[];
    };
  };

  it("answers the gallery (counting a view) with its first photos as the photos endpoint does", async () => {
    const first = await page(freeGallery._id);
    const second = await page(freeGallery._id, member);
    expect(second.gallery.stats.views).toBe(first.gallery.stats.views + 1);
    const direct = (await get(`/user/assets/gallery/${freeGallery._id}/photos?limit=24`, member)).json();
    const unsigned = (ps: PhotoJson[]) => ps.map((p) => ({ ...p, url: unsign(p.url), thumbnail: null }));
    expect(unsigned(second.photos.data)).toEqual(unsigned(direct.data));
    expect(second.photos).toMatchObject({ total: 1, next: null });
    expect(second.photos.data[0]).toMatchObject({ locked: false, url: expect.stringMatching(SIGNED) });
    expect(second.offers).toEqual([]);
  });

  it("locks a members gallery's photos for visitors and users (who are offered the performer), not for members", async () => {
    const visitor = await page(membersGallery._id);
    expect(visitor.gallery).toMatchObject({ canWatch: false, lock: "members" });
    expect(visitor.photos.data[0]).toMatchObject({
      locked: true,
      url: null,
      thumbnail: { url: expect.stringMatching(BLURRED) },
    });
    expect(visitor.offers).toEqual([]);
    const asUser = await page(membersGallery._id, user);
    expect(asUser.photos.data[0]).toMatchObject({ locked: true, url: null });
    expect(asUser.offers).toEqual([{ username: "performer", name: "Piper Performer", monthlyPrice: 9.99 }]);
    const asMember = await page(membersGallery._id, member);
    expect(asMember.gallery).toMatchObject({ canWatch: true, lock: null });
    expect(asMember.photos.data[0]).toMatchObject({ locked: false, url: expect.stringMatching(SIGNED) });
    expect(asMember.offers).toEqual([]);
  });

  it("is 404 for an unknown gallery, 400 for an id that cannot be one", async () => {
    expect((await get("/pages/galleries/no-such-gallery")).statusCode).toBe(404);
    expectBadRequest(await get(`/pages/galleries/${"x".repeat(121)}`), "params.id");
  });
});
