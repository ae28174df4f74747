import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, deliverSandbox, newAccount, type TestContext } from "../../../test/harness.ts";
import { checkoutVideo, listedMovie, paySandbox, saleMovie } from "../../../test/sales.ts";
import { subscriptions } from "../commerce/subscriptions/tables.ts";
import { videos } from "./tables.ts";

/**
 * Playback decided again while it runs (issue 21): a movie's playlists are made per fetch for the viewer their
 * grant names, so a refund, a chargeback, a lapsed membership or a take-down stops playback at the next playlist
 * fetch, and the segment links handed out before work only for their short life (MEDIA_SEGMENT_TTL_SEC).
 */

const SEGMENT_TTL = 120;
const NO_LONGER = { statusCode: 403, error: "Forbidden", message: "You no longer have access to this movie." };
const NOT_VALID = { statusCode: 403, error: "Forbidden", message: "This media link has expired or is not valid." };

let t: TestContext;
let admin: string;
let performer: Awaited<ReturnType<typeof newAccount>>;
const segments = [randomBytes(188 * 8), randomBytes(188 * 5)];

interface Media {
  hls: string;
  mp4: string;
  strip: string | null;
  expiresAt: string;
  segmentTtlSec: number;
}

beforeAll(async () => {
  t = await createTestContext({ MEDIA_SEGMENT_TTL_SEC: String(SEGMENT_TTL) });
  admin = await t.login("admin");
  performer = await newAccount(t, "performer");
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A processed movie's files as the transcoder leaves them: a master, one variant, its segments, the MP4. */
async function storeRenditions(id: string) {
  const { storage } = t.app.services;
  const dir = `private/videos/${id}`;
  await storage.put(
    `${dir}/hls/master.m3u8`,
    Buffer.from(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS="avc1.42e01e"\n360p/index.m3u8\n',
    ),
  );
  await storage.put(
    `${dir}/hls/360p/index.m3u8`,
    Buffer.from(
      "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXT-X-PLAYLIST-TYPE:VOD\n" +
        "#EXTINF:4.0,\nseg_0000.ts\n#EXTINF:2.5,\nseg_0001.ts\n#EXT-X-ENDLIST\n",
    ),
  );
  for (const [i, bytes] of segments.entries()) await storage.put(`${dir}/hls/360p/seg_000${i}.ts`, bytes);
  await storage.put(`${dir}/video.mp4`, randomBytes(4096));
}

const get = (url: string) => t.app.inject({ method: "GET", url });
const uris = (playlist: string) => playlist.split("\n").filter((l) => l && !l.startsWith("#"));

async function mediaOf(id: string, token?: string): Promise<Media> {
  const res = await t.request({ method: "GET", url: `/user/assets/videos/${id}`, token });
  expect(res.statusCode, res.body).toBe(200);
  const media = res.json().media as Media | null;
  if (!media) throw new Error(`no media for ${id}: ${res.body}`);
  return media;
}

/** What a player does: the master, its variant, every segment. Returns the variant's and the segments' links. */
async function play(media: Media) {
  const master = await get(media.hls);
  expect(master.statusCode, master.body).toBe(200);
  const [variantUrl] = uris(master.body) as [string];
  const variant = await get(variantUrl);
  expect(variant.statusCode, variant.body).toBe(200);
  const segmentUrls = uris(variant.body);
  expect(segmentUrls).toHaveLength(segments.length);
  for (const [i, url] of segmentUrls.entries()) {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("video/mp2t");
    expect(res.rawPayload.equals(segments[i] as Buffer)).toBe(true);
  }
  return { variantUrl, segmentUrls };
}

async function bought(token: string, id: string) {
  const c = await checkoutVideo(t, token, id);
  return { ...c, ...(await paySandbox(t, c)) };
}

describe("a bought movie on disk", () => {
  it("plays; after a refund the next playlist fetch is refused, earlier segment links last only their short life", async () => {
    const buyer = await newAccount(t, "user");
    const id = await saleMovie(t, performer.token, 4);
    await storeRenditions(id);
    const c = await bought(buyer.token, id);
    const media = await mediaOf(id, buyer.token);
    expect(media.segmentTtlSec).toBe(SEGMENT_TTL);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const { variantUrl, segmentUrls } = await play(media);

    const refund = await t.request({
      method: "POST",
      url: `/admin/transactions/${c.transactionId}/refund`,
      token: admin,
    });
    expect(refund.json()).toEqual({ transactionId: c.transactionId, status: "refunded" });

    for (const url of [media.hls, variantUrl, media.mp4]) {
      const res = await get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(NO_LONGER);
    }
    // What the player asks for when its links are refused says the same.
    const fresh = await t.request({ method: "GET", url: `/user/assets/videos/${id}/media`, token: buyer.token });
    expect(fresh.statusCode).toBe(403);
    expect(fresh.json()).toEqual(NO_LONGER);

    // The segment links handed out before still play until MEDIA_SEGMENT_TTL_SEC is over, then never again.
    vi.setSystemTime(Date.now() + (SEGMENT_TTL - 5) * 1000);
    expect((await get(segmentUrls[1] as string)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 10 * 1000);
    const late = await get(segmentUrls[1] as string);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual(NOT_VALID);
  });

  it("stops after a chargeback too", async () => {
    const buyer = await newAccount(t, "user");
    const id = await saleMovie(t, performer.token, 3);
    await storeRenditions(id);
    const c = await bought(buyer.token, id);
    const media = await mediaOf(id, buyer.token);
    await play(media);
    const chargeback = await deliverSandbox(t, {
      id: `chargeback:${c.transactionId}`,
      type: "chargeback",
      transactionId: c.transactionId,
      amountCents: c.amountCents,
    });
    expect(chargeback.json().received[0].outcome).toBe("applied");
    expect((await get(media.hls)).json()).toEqual(NO_LONGER);
  });

  it("gives fresh links without counting a view while the buyer may watch", async () => {
    const buyer = await newAccount(t, "user");
    const id = await saleMovie(t, performer.token, 2);
    await storeRenditions(id);
    await bought(buyer.token, id);
    const views = async () =>
      (await t.database.db.select({ views: videos.views }).from(videos).where(eq(videos.id, id)))[0]?.views;
    const before = await views();
    const fresh = await t.request({ method: "GET", url: `/user/assets/videos/${id}/media`, token: buyer.token });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const media = fresh.json() as Media;
    expect(media.hls).toContain(`.${buyer.id}.`);
    expect(Date.parse(media.expiresAt)).toBeGreaterThan(Date.now() + 3600_000);
    // The player is told how long segment links live, and renews them by fetching the same variant again.
    expect(media.segmentTtlSec).toBe(SEGMENT_TTL);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const { variantUrl, segmentUrls } = await play(media);
    const expiryOf = (url: string) => Number(/\/media\/(\d+)\//.exec(url)?.[1]);
    expect(expiryOf(segmentUrls[0] as string) - Date.now() / 1000).toBeGreaterThan(SEGMENT_TTL - 2);
    vi.setSystemTime(Date.now() + (SEGMENT_TTL - 30) * 1000);
    const again = await get(variantUrl);
    expect(again.statusCode).toBe(200);
    const renewed = uris(again.body);
    expect(renewed).toHaveLength(segments.length);
    expect(expiryOf(renewed[0] as string) - expiryOf(segmentUrls[0] as string)).toBe(SEGMENT_TTL - 30);
    for (const [i, url] of renewed.entries()) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(segments[i] as Buffer)).toBe(true);
    }
    expect(await views()).toBe(before);
    // Another viewer who may not watch it, and nobody signed in, are refused; an unknown movie is not found.
    const other = await newAccount(t, "user");
    const refused = await t.request({ method: "GET", url: `/user/assets/videos/${id}/media`, token: other.token });
    expect(refused.json()).toEqual(NO_LONGER);
    expect((await t.request({ method: "GET", url: `/user/assets/videos/${id}/media` })).statusCode).toBe(403);
    const unknown = await t.request({ method: "GET", url: "/user/assets/videos/no-such-movie/media" });
    expect(unknown.statusCode).toBe(404);
  });

  it("never takes a grant made for one member as another's, or as nobody's", async () => {
    const buyer = await newAccount(t, "user");
    const other = await newAccount(t, "user");
    const id = await saleMovie(t, performer.token, 5);
    await storeRenditions(id);
    await bought(buyer.token, id);
    const { hls } = await mediaOf(id, buyer.token);
    expect(hls).toContain(`.${buyer.id}.`);
    for (const forged of [
      hls.replace(buyer.id, other.id),
      hls.replace(buyer.id, "anon"),
      hls.replace(`.${buyer.id}`, ""),
    ]) {
      const res = await get(forged);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(NOT_VALID);
    }
    expect((await get(hls)).statusCode).toBe(200);
  });
});

describe("a members movie", () => {
  it("stops at the next playlist fetch once the membership has lapsed", async () => {
    const member = await newAccount(t, "user");
    const now = Date.now();
    await t.database.db.insert(subscriptions).values({
      userId: member.id,
      kind: "site",
      period: "monthly",
      status: "active",
      startedAt: new Date(now - 86400_000),
      expiresAt: new Date(now + 3600_000),
    });
    const { _id: id } = await listedMovie(t, performer.token, { access: "members" });
    await storeRenditions(id);
    const media = await mediaOf(id, member.token);
    vi.useFakeTimers({ toFake: ["Date"], now });
    await play(media);
    // Two hours on, the 6-hour grant is still valid but the membership is not.
    vi.setSystemTime(now + 2 * 3600_000);
    expect((await get(media.hls)).json()).toEqual(NO_LONGER);
  });
});

describe("a take-down", () => {
  it("stops the playlists, the MP4 and the segment links handed out before it", async () => {
    const viewer = await newAccount(t, "user");
    const { _id: id } = await listedMovie(t, performer.token, { access: "free" });
    await storeRenditions(id);
    const media = await mediaOf(id, viewer.token);
    const { variantUrl, segmentUrls } = await play(media);
    const res = await t.request({
      method: "POST",
      url: `/admin/assets/video/${id}/take-down`,
      token: admin,
      body: { reason: "Rights claim" },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const url of [media.hls, variantUrl, media.mp4, ...segmentUrls]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    expect(
      (await t.request({ method: "GET", url: `/user/assets/videos/${id}/media`, token: viewer.token })).statusCode,
    ).toBe(404);
  });
});
