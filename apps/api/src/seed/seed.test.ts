import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/harness.ts";
import { fileUpload, pngOf } from "../../test/multipart.ts";
import { categories } from "../modules/categories/tables.ts";
import { subscriptions } from "../modules/commerce/subscriptions/tables.ts";
import { performers } from "../modules/performers/tables.ts";
import { settings } from "../modules/settings/tables.ts";
import { users } from "../modules/users/tables.ts";
import { performerApplications } from "../modules/verification/tables.ts";
import { seedDemoCatalogue } from "./catalogue.ts";
import { demoBanners, demoMovieTitle } from "./catalogue-data.ts";
import { DEMO_CATALOGUE_MARK, demoCatalogueDone, markDemoCatalogueDone, seedDemo } from "./seed.ts";

/**
 * When the first start's demo catalogue counts as done (the whole resumable run, killed and completed, is
 * e2e/start/first-run.test.ts): only once the mark written at its very end is there, or when a catalogue made
 * before the mark existed is complete. And the demo accounts an older version could leave half-made.
 */
let t: TestContext;
let admin: string;
let performer: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login("admin");
  performer = await t.login("performer");
});
afterAll(() => t.close());

const db = () => t.database.db;
const categoryCount = async () => (await db().select({ n: count() }).from(categories))[0]?.n;
const idOf = async (username: string) =>
  (await db().select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id as string;

describe("the demo accounts", () => {
  it("are made up when an earlier version's first start was killed between an account and its profile or membership", async () => {
    const [performerId, memberId] = [await idOf("performer"), await idOf("member")];
    await db().delete(performers).where(eq(performers.id, performerId));
    await db().delete(subscriptions).where(eq(subscriptions.userId, memberId));
    await seedDemo(db());
    expect(
      await db().select({ id: performers.id }).from(performers).where(eq(performers.id, performerId)),
    ).toHaveLength(1);
    const membership = await db().select().from(subscriptions).where(eq(subscriptions.userId, memberId));
    expect(membership).toMatchObject([{ kind: "site", status: "active" }]);
    // Once more changes nothing.
    await seedDemo(db());
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, memberId))).toHaveLength(1);
  });

  it("have a verified demo performer, by a record that says it was seeded, made once", async () => {
    const performerId = await idOf("performer");
    const records = () =>
      db().select().from(performerApplications).where(eq(performerApplications.userId, performerId));
    expect(await records()).toMatchObject([
      { state: "approved", source: "seed", note: "Seeded demo performer", legalName: null, documentFrontKey: null },
    ]);
    // A database seeded before verification existed gets the same record, once.
    await db().delete(performerApplications).where(eq(performerApplications.userId, performerId));
    await seedDemo(db());
    await seedDemo(db());
    expect(await records()).toHaveLength(1);
    expect((await t.request({ method: "GET", url: "/verification", token: performer })).json().status).toBe("approved");
  });
});

describe("the demo catalogue", () => {
  const clearMark = () => db().delete(settings).where(eq(settings.key, DEMO_CATALOGUE_MARK));
  const movie = async (title: string) => {
    const res = await t.request({ method: "POST", url: "/performer/assets/videos", token: performer, body: { title } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  };
  const removeMovie = (id: string) =>
    t.request({ method: "DELETE", url: `/performer/assets/videos/${id}`, token: performer });
  const markOf = async () => (await db().select().from(settings).where(eq(settings.key, DEMO_CATALOGUE_MARK)))[0];

  it("counts as done, made by an earlier version, when the site holds what the demo never makes", async () => {
    // Someone's own movie (the demo's were perhaps deleted): the site is theirs, nothing of the demo is made.
    const own = await movie("Our Own Film");
    await seedDemoCatalogue(t.app, db());
    expect(await categoryCount()).toBe(0);
    expect((await markOf())?.value).toMatchObject({ how: "found" });
    await clearMark();
    expect((await removeMovie(own)).statusCode).toBe(204);
  });

  it("counts as done when a catalogue made before the mark is complete (its last banner has its picture)", async () => {
    expect(await demoCatalogueDone(db())).toBe(false);
    const demoMovie = await movie(demoMovieTitle(0));
    const last = demoBanners[demoBanners.length - 1] as (typeof demoBanners)[number];
    const created = await t.request({ method: "POST", url: "/admin/banners", token: admin, body: last });
    expect(created.statusCode, created.body).toBe(201);
    const up = fileUpload(await pngOf(1600, 600));
    const picture = await t.request({
      method: "POST",
      url: `/admin/banners/${created.json()._id}/image/upload`,
      token: admin,
      body: up.body,
      headers: up.headers,
    });
    expect(picture.statusCode, picture.body).toBe(200);

    await seedDemoCatalogue(t.app, db());
    // Nothing was made again, and from now on it is done.
    expect(await categoryCount()).toBe(0);
    expect((await markOf())?.value).toMatchObject({ how: "found" });
    // The mark is no setting: the admin's list does not show it.
    const list = await t.request({ method: "GET", url: "/admin/settings", token: admin });
    expect(list.json().map((s: { key: string }) => s.key)).not.toContain(DEMO_CATALOGUE_MARK);
    expect((await removeMovie(demoMovie)).statusCode).toBe(204);
  });

  it("once done, is the admin's: neither the catalogue nor the demo accounts are made up again", async () => {
    await clearMark();
    await markDemoCatalogueDone(db(), "made");
    // An empty site now: still done.
    await seedDemoCatalogue(t.app, db());
    expect(await categoryCount()).toBe(0);
    const memberId = await idOf("member");
    await db().delete(subscriptions).where(eq(subscriptions.userId, memberId));
    await seedDemo(db());
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, memberId))).toEqual([]);
  });
});
