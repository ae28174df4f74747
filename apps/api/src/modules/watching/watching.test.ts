import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, expectBadRequest, newAccount, type TestContext } from "../../../test/harness.ts";
import { listedMovie } from "../../../test/sales.ts";
import { videos } from "../videos/tables.ts";
import { watchProgress } from "./tables.ts";

/**
 * Resuming movies (issue 23 section 1): a member's position in each movie is saved from the player's reports,
 * shown as "Continue watching" until they finish it, and kept in a history they can prune or clear.
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

/** A listed free movie ten minutes long. */
async function movie(title?: string) {
  const made = await listedMovie(t, performer.token, { access: "free", ...(title ? { title } : {}) });
  await t.database.db.update(videos).set({ durationSec: 600 }).where(eq(videos.id, made._id));
  return made;
}

const report = (token: string | undefined, id: string, body: unknown) =>
  t.request({ method: "POST", url: `/watching/progress/${id}`, token, body });
const progress = (token: string, id: string) => t.request({ method: "GET", url: `/watching/progress/${id}`, token });
const continueWatching = (token: string) => t.request({ method: "GET", url: "/watching/continue", token });
const history = (token: string, query: Record<string, string> = {}) =>
  t.request({ method: "GET", url: "/watching/history", token, query });

/** Makes the member's last saved report of a movie old enough for the next one to be saved. */
const age = (userId: string, videoId: string, seconds = 60) =>
  t.database.db
    .update(watchProgress)
    .set({ watchedAt: sql`${watchProgress.watchedAt} - make_interval(secs => ${seconds})` })
    .where(sql`${watchProgress.userId} = ${userId} AND ${watchProgress.videoId} = ${videoId}`);

describe("who may call", () => {
  it("answers 401 to visitors on every watching route", async () => {
    const { _id } = await movie();
    const calls = [
      { method: "POST", url: `/watching/progress/${_id}`, body: { position: 10 } },
      { method: "GET", url: `/watching/progress/${_id}` },
      { method: "GET", url: "/watching/continue" },
      { method: "GET", url: "/watching/history" },
      { method: "DELETE", url: `/watching/history/${_id}` },
      { method: "DELETE", url: "/watching/history" },
    ] as const;
    for (const call of calls) {
      const res = await t.request(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
  });
});

describe("progress", () => {
  it("resumes where the member left off, and saves one report every 2 seconds at most", async () => {
    const member = await newAccount(t, "user");
    const { _id } = await movie();
    expect((await progress(member.token, _id)).json()).toMatchObject({ videoId: _id, position: 0, finished: false });

    const first = await report(member.token, _id, { position: 42.5 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ videoId: _id, position: 42.5, duration: 600, finished: false, saved: true });

    // A second report of about the same place at once is answered and dropped: the first stands.
    expect((await report(member.token, _id, { position: 43 })).json()).toMatchObject({ position: 42.5, saved: false });
    expect((await progress(member.token, _id)).json()).toMatchObject({ position: 42.5 });
    // A pause a second or more further on is kept however soon it comes: it is where the member resumes.
    expect((await report(member.token, _id, { position: 44 })).json()).toMatchObject({ position: 44, saved: true });
    expect((await progress(member.token, _id)).json()).toMatchObject({ position: 44 });

    await age(member.id, _id);
    expect((await report(member.token, _id, { position: 130 })).json()).toMatchObject({ position: 130, saved: true });
    expect((await progress(member.token, _id)).json()).toMatchObject({ position: 130, finished: false });
  });

  it("counts a position in the movie's last seconds as finished: the next play starts again at 0", async () => {
    const member = await newAccount(t, "user");
    const { _id } = await movie();
    await report(member.token, _id, { position: 300 });
    // Finishing is saved even right after another report.
    const done = await report(member.token, _id, { position: 597 });
    expect(done.json()).toMatchObject({ position: 0, finished: true, saved: true });
    expect((await progress(member.token, _id)).json()).toMatchObject({ position: 0, finished: true });
    expect((await continueWatching(member.token)).json().data).toEqual([]);
    expect((await history(member.token)).json().data.map((e: { video: { _id: string } }) => e.video._id)).toEqual([
      _id,
    ]);
  });

  it("keeps each member's progress their own", async () => {
    const [a, b] = [await newAccount(t, "user"), await newAccount(t, "user")];
    const { _id } = await movie();
    await report(a.token, _id, { position: 75 });
    expect((await progress(b.token, _id)).json()).toMatchObject({ position: 0, watchedAt: null });
    expect((await continueWatching(b.token)).json().data).toEqual([]);
    expect((await t.request({ method: "DELETE", url: `/watching/history/${_id}`, token: b.token })).statusCode).toBe(
      404,
    );
    expect((await progress(a.token, _id)).json()).toMatchObject({ position: 75 });
  });

  it("refuses bad reports with the field, and movies the member may not open with 404", async () => {
    const member = await newAccount(t, "user");
    const { _id } = await movie();
    expectBadRequest(await report(member.token, _id, { position: -1 }), "body.position");
    expectBadRequest(await report(member.token, _id, { position: "ten" }), "body.position");
    expectBadRequest(await report(member.token, _id, {}), "body.position");
    expectBadRequest(await report(member.token, _id, { position: 1, duration: 0 }), "body.duration");
    expectBadRequest(await report(member.token, "not a movie!", { position: 1 }), "params.videoId");
    expectBadRequest(await progress(member.token, "not a movie!"), "params.videoId");
    expectBadRequest(await history(member.token, { limit: "500" }), "querystring.limit");
    const missing = await report(member.token, "0190a1b2-0000-7000-8000-000000000000", { position: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: "Movie not found" });
    // A draft is its performer's alone.
    const draft = await t.request({
      method: "POST",
      url: "/performer/assets/videos",
      token: performer.token,
      body: { title: "A draft to watch", status: "draft" },
    });
    expect((await report(member.token, draft.json()._id, { position: 1 })).statusCode).toBe(404);
  });
});

describe("continue watching and the history", () => {
  it("lists movies started and not finished, the most recently watched first, only those the member can open", async () => {
    const member = await newAccount(t, "user");
    const [first, second, third] = [await movie(), await movie(), await movie()];
    await report(member.token, first._id, { position: 60 });
    await age(member.id, first._id, 300);
    await report(member.token, second._id, { position: 150 });
    await age(member.id, second._id, 200);
    await report(member.token, third._id, { position: 30 });
    await age(member.id, third._id, 100);

    const rows = (await continueWatching(member.token)).json().data as {
      video: { _id: string; title: string };
      position: number;
      duration: number;
    }[];
    expect(rows.map((r) => [r.video.title, r.position, r.duration])).toEqual([
      [third.title, 30, 600],
      [second.title, 150, 600],
      [first.title, 60, 600],
    ]);

    // Watching the first again puts it first; a movie taken off the site leaves the row.
    await report(member.token, first._id, { position: 61 });
    const off = await t.request({
      method: "PUT",
      url: `/performer/assets/videos/${second._id}`,
      token: performer.token,
      body: { status: "inactive" },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(
      ((await continueWatching(member.token)).json().data as { video: { _id: string } }[]).map((r) => r.video._id),
    ).toEqual([first._id, third._id]);

    // The home page carries the same row, so a member's home is still one call; a visitor's has none.
    const home = await t.request({ method: "GET", url: "/pages/home", token: member.token });
    expect(home.statusCode, home.body).toBe(200);
    expect((home.json().continueWatching as { video: { _id: string } }[]).map((r) => r.video._id)).toEqual([
      first._id,
      third._id,
    ]);
    expect((await t.request({ method: "GET", url: "/pages/home" })).json().continueWatching).toEqual([]);
  });

  it("pages the history newest first, removes one entry, and clears it all", async () => {
    const member = await newAccount(t, "user");
    const made = [await movie(), await movie(), await movie()];
    for (const [i, m] of made.entries()) {
      await report(member.token, m._id, { position: 10 });
      await age(member.id, m._id, 1000 - i * 100);
    }
    const ids = (res: { json(): unknown }) =>
      (res.json() as { data: { video: { _id: string } }[] }).data.map((e) => e.video._id);

    const page1 = await history(member.token, { limit: "2" });
    expect(page1.json().total).toBe(3);
    expect(ids(page1)).toEqual([made[2]?._id, made[1]?._id]);
    expect(ids(await history(member.token, { limit: "2", offset: "2" }))).toEqual([made[0]?._id]);

    const removed = await t.request({
      method: "DELETE",
      url: `/watching/history/${made[1]?._id}`,
      token: member.token,
    });
    expect(removed.statusCode).toBe(204);
    expect(ids(await history(member.token))).toEqual([made[2]?._id, made[0]?._id]);
    // Removed from the history, it no longer resumes either.
    expect((await progress(member.token, made[1]?._id as string)).json()).toMatchObject({ position: 0 });
    const again = await t.request({ method: "DELETE", url: `/watching/history/${made[1]?._id}`, token: member.token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: "History entry not found" });

    const cleared = await t.request({ method: "DELETE", url: "/watching/history", token: member.token });
    expect(cleared.json()).toEqual({ removed: 2 });
    expect((await history(member.token)).json()).toEqual({ data: [], total: 0 });
  });
});
