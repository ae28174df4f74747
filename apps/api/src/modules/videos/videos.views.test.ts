import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, newAccount, type TestContext } from "../../../test/harness.ts";
import { listedMovie } from "../../../test/sales.ts";
import { videos, videoViewMarks } from "./tables.ts";

/**
 * A movie's view counts once per viewer per 6 hours (issue 23 section 1), not on every page load: members are told
 * apart by their account, visitors by their address and user agent; the movie's page and its detail count alike.
 */

let t: TestContext;
let performer: Awaited<ReturnType<typeof newAccount>>;

beforeAll(async () => {
  t = await createTestContext();
  performer = await newAccount(t, "performer");
});

afterAll(async () => {
  await t?.close();
});

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

const open = (id: string, opts: { token?: string; ua?: string; ip?: string; page?: boolean } = {}) =>
  t.app.inject({
    method: "GET",
    url: opts.page ? `/pages/movies/${id}` : `/user/assets/videos/${id}`,
    remoteAddress: opts.ip ?? "203.0.113.10",
    headers: {
      "user-agent": opts.ua ?? CHROME,
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
  });
const viewsOf = async (id: string) =>
  (await t.database.db.select({ views: videos.views }).from(videos).where(eq(videos.id, id)))[0]?.views;
/** Moves every counted view of the movie back by `hours`. */
const age = (id: string, hours: number) =>
  t.database.db
    .update(videoViewMarks)
    .set({ countedAt: sql`${videoViewMarks.countedAt} - make_interval(hours => ${hours})` })
    .where(eq(videoViewMarks.videoId, id));

describe("views", () => {
  it("counts a visitor once per 6 hours, told apart by address and user agent", async () => {
    const { _id } = await listedMovie(t, performer.token, { access: "free" });
    const first = await open(_id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().stats.views).toBe(1);
    expect((await open(_id)).json().stats.views).toBe(1);
    expect((await open(_id, { page: true })).json().video.stats.views).toBe(1);
    expect(await viewsOf(_id)).toBe(1);

    // Another browser, another address: other viewers.
    expect((await open(_id, { ua: FIREFOX })).json().stats.views).toBe(2);
    expect((await open(_id, { ip: "198.51.100.20" })).json().stats.views).toBe(3);

    // Five hours later it is still the same view; seven hours later it is a new one.
    await age(_id, 5);
    expect((await open(_id)).json().stats.views).toBe(3);
    await age(_id, 2);
    expect((await open(_id)).json().stats.views).toBe(4);
    expect((await open(_id)).json().stats.views).toBe(4);
  });

  it("counts a member once per 6 hours whatever browser they use, and keeps no visitor's address", async () => {
    const member = await newAccount(t, "user");
    const { _id } = await listedMovie(t, performer.token, { access: "free" });
    expect((await open(_id, { token: member.token })).json().stats.views).toBe(1);
    expect((await open(_id, { token: member.token, ua: FIREFOX, ip: "198.51.100.30" })).json().stats.views).toBe(1);
    expect((await open(_id, { token: member.token, page: true })).json().video.stats.views).toBe(1);
    await age(_id, 7);
    expect((await open(_id, { token: member.token })).json().stats.views).toBe(2);

    await open(_id, { ip: "198.51.100.77" });
    const keys = (await t.database.db.select().from(videoViewMarks).where(eq(videoViewMarks.videoId, _id))).map(
      (m) => m.viewerKey,
    );
    expect(keys).toContain(`u:${member.id}`);
    expect(keys.join(" ")).not.toContain("198.51.100.77");
  });

  it("counts no view of a locked movie", async () => {
    const { _id } = await listedMovie(t, performer.token, { access: "members" });
    await open(_id);
    await open(_id, { page: true });
    expect(await viewsOf(_id)).toBe(0);
  });

  it("forgets counted views older than the window", async () => {
    const { _id } = await listedMovie(t, performer.token, { access: "free" });
    await open(_id);
    await age(_id, 7);
    expect(await t.app.services.videos.purgeViewMarks()).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(videoViewMarks).where(eq(videoViewMarks.videoId, _id))).toEqual([]);
  });
});
