import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/harness.ts";
import { fileUpload, pngOf } from "../../../test/multipart.ts";
import { categories } from "../../modules/categories/tables.ts";
import { performers } from "../../modules/performers/tables.ts";
import { settings } from "../../modules/settings/tables.ts";
import { subscriptions } from "../../modules/subscriptions/tables.ts";
import { users } from "../../modules/users/tables.ts";
import { seedDemoCatalogue } from "./catalogue.ts";
import { demoBanners } from "./catalogue-data.ts";
import { DEMO_CATALOGUE_MARK, demoCatalogueDone, markDemoCatalogueDone, seedDemo } from "./seed.ts";

/**
 * When the first start's demo catalogue counts as done (the whole resumable run, killed and completed, is
 * e2e/start/first-run.test.ts): only once the mark written at its very end is there, or when a catalogue made
 * before the mark existed is complete. And the demo accounts an older version could leave half-made.
 */
let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login("admin");
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
});

describe("the demo catalogue", () => {
  it("counts as done when a catalogue made before the mark is complete (its last banner has its picture)", async () => {
    expect(await demoCatalogueDone(db())).toBe(false);
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
    const [mark] = await db().select().from(settings).where(eq(settings.key, DEMO_CATALOGUE_MARK));
    expect(mark?.value).toMatchObject({ how: "found" });
    // The mark is no setting: the admin's list does not show it.
    const list = await t.request({ method: "GET", url: "/admin/settings", token: admin });
    expect(list.json().map((s: { key: string }) => s.key)).not.toContain(DEMO_CATALOGUE_MARK);
  });

  it("once done, is the admin's: neither the catalogue nor the demo accounts are made up again", async () => {
    await markDemoCatalogueDone(db(), "made");
    await seedDemoCatalogue(t.app, db());
    expect(await categoryCount()).toBe(0);
    const memberId = await idOf("member");
    await db().delete(subscriptions).where(eq(subscriptions.userId, memberId));
    await seedDemo(db());
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, memberId))).toEqual([]);
  });
});
