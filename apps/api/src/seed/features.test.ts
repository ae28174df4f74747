import { count, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/harness.ts";
import { settings } from "../modules/settings/tables.ts";
import { videos } from "../modules/videos/tables.ts";
import { DEMO_FEATURES_MARK, demoFeatureSlugs, seedDemoFeaturesOnce } from "./features.ts";
import { DEMO_CATALOGUE_MARK, markDemoCatalogueDone } from "./seed.ts";

/**
 * When a start makes the long demo movies (in the background, once the site is open): only on a demo catalogue this
 * site made, and once. Making them for real (minutes of ffmpeg) is what `npm start` measures, not this test.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const db = () => t.database.db;
const longMovies = async () =>
  (await db().select({ n: count() }).from(videos).where(inArray(videos.slug, demoFeatureSlugs())))[0]?.n;
const clearMarks = () =>
  db()
    .delete(settings)
    .where(inArray(settings.key, [DEMO_CATALOGUE_MARK, DEMO_FEATURES_MARK]));

describe("the long demo movies", () => {
  it("are not made on a site without a demo catalogue, or with one it found rather than made", async () => {
    await clearMarks();
    expect(await seedDemoFeaturesOnce(t.app, db())).toBe(false);
    await markDemoCatalogueDone(db(), "found");
    expect(await seedDemoFeaturesOnce(t.app, db())).toBe(false);
    expect(await longMovies()).toBe(0);
  });

  it("are not made again once their mark is there", async () => {
    await clearMarks();
    await markDemoCatalogueDone(db(), "made");
    await db()
      .insert(settings)
      .values({ key: DEMO_FEATURES_MARK, value: { at: new Date().toISOString() } });
    expect(await seedDemoFeaturesOnce(t.app, db())).toBe(false);
    expect(await longMovies()).toBe(0);
  });
});
