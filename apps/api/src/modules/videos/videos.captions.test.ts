import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, newAccount, type TestContext } from "../../../test/harness.ts";
import { multipart, type Part } from "../../../test/multipart.ts";
import { listedMovie } from "../../../test/sales.ts";
import { subscriptions } from "../commerce/subscriptions/tables.ts";
import { videoCaptions } from "./tables.ts";

/**
 * Caption tracks (issue 23 section 1): a movie's performers and admins upload WebVTT files in the studio, one per
 * language; viewers get them with the movie's media, as grants the playback rule checks at every fetch.
 */

let t: TestContext;
let admin: string;
let performer: Awaited<ReturnType<typeof newAccount>>;
let other: Awaited<ReturnType<typeof newAccount>>;

const SPANISH =
  "WEBVTT\n\n00:00.000 --> 00:02.000\nHola y bienvenidos.\n\n1\n00:00:02.500 --> 00:00:04.000 line:90%\n¡Adiós!\n";
const ENGLISH = "\uFEFFWEBVTT - demo\r\n\r\nNOTE made by hand\r\n\r\n00:00.000 --> 00:02.000\r\nHello and welcome.\r\n";

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login("admin");
  performer = await newAccount(t, "performer");
  other = await newAccount(t, "performer");
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

function upload(id: string, token: string, data: Buffer | string, fields: Record<string, string> = { language: "es" }) {
  const parts: Part[] = [
    ...Object.entries(fields).map(([name, value]) => ({ name, data: value })),
    { name: "file", filename: "captions.vtt", contentType: "text/vtt", data },
  ];
  const { body, headers } = multipart(parts);
  return t.request({ method: "POST", url: `/performer/assets/videos/${id}/captions`, token, body, headers });
}

const listOf = async (id: string, token: string) => {
  const res = await t.request({ method: "GET", url: `/performer/assets/videos/${id}/captions`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { _id: string; language: string; label: string }[]; total: number };
};

async function mediaOf(id: string, token?: string) {
  const res = await t.request({ method: "GET", url: `/user/assets/videos/${id}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().media as { captions: { language: string; label: string; url: string }[] } | null;
}

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("uploading captions", () => {
  it("stores a WebVTT file per language, labelled by the uploader or by the language's own name", async () => {
    const { _id: id } = await listedMovie(t, performer.token, { access: "free" });
    const es = await upload(id, performer.token, SPANISH);
    expect(es.statusCode, es.body).toBe(201);
    expect(es.json()).toMatchObject({ language: "es", label: "Español", sizeBytes: Buffer.byteLength(SPANISH) });
    const en = await upload(id, performer.token, ENGLISH, { language: "en", label: "English (CC)" });
    expect(en.statusCode, en.body).toBe(201);
    expect(en.json()).toMatchObject({ language: "en", label: "English (CC)" });

    const list = await listOf(id, performer.token);
    expect(list.total).toBe(2);
    expect(list.data.map((c) => [c.language, c.label])).toEqual([
      ["en", "English (CC)"],
      ["es", "Español"],
    ]);
    // An admin manages them too.
    expect((await listOf(id, admin)).total).toBe(2);
  });

  it("replaces the file of a language the movie already has (200), and the old file goes", async () => {
    const { _id: id } = await listedMovie(t, performer.token, { access: "free" });
    expect((await upload(id, performer.token, SPANISH)).statusCode).toBe(201);
    const [first] = await t.database.db.select().from(videoCaptions).where(eq(videoCaptions.videoId, id));
    const again = await upload(id, performer.token, "WEBVTT\n\n00:01.000 --> 00:03.000\nOtra vez.\n", {
      language: "es",
      label: "Español (España)",
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ _id: first?.id, language: "es", label: "Español (España)" });
    expect((await listOf(id, performer.token)).total).toBe(1);
    const { storage } = t.app.services;
    expect(await storage.stat(first?.storageKey as string)).toBeNull();
    const [now] = await t.database.db.select().from(videoCaptions).where(eq(videoCaptions.videoId, id));
    expect(await storage.stat(now?.storageKey as string)).not.toBeNull();
  });

  it("refuses what is not WebVTT with 422 naming the file and why", async () => {
    const { _id: id } = await listedMovie(t, performer.token, { access: "free" });
    // An MP4 renamed .vtt: its header box, then binary.
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x20]),
      Buffer.from("ftypisom\0\0\x02\0isomiso2avc1mp41"),
      Buffer.from([0xff, 0xfe, 0x00, 0x9c, 0x80]),
    ]);
    const cases: [string, Buffer | string, string, string][] = [
      ["an MP4 renamed .vtt", mp4, "The captions file is not WebVTT: it is not UTF-8 text.", "not UTF-8 text"],
      [
        "an HTML page",
        '<!DOCTYPE html><html><body><script>alert("x")</script></body></html>',
        'The captions file is not WebVTT: it does not start with "WEBVTT".',
        'no "WEBVTT" signature',
      ],
      [
        "a SubRip file",
        "1\n00:00:01,000 --> 00:00:02,000\nHello\n",
        'The captions file is not WebVTT: it does not start with "WEBVTT".',
        'no "WEBVTT" signature',
      ],
      [
        "text with NUL bytes",
        "WEBVTT\n\n00:00.000 --> 00:01.000\nA\0B\n",
        "The captions file is not WebVTT: it holds binary data, not text.",
        "binary data",
      ],
      [
        "a malformed cue timing",
        "WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nHello\n",
        "The captions file is not valid WebVTT: line 3: its cue timing is not in the form 00:00:01.000 --> 00:00:04.000.",
        "line 3: malformed cue timing",
      ],
      [
        "a cue ending before it starts",
        "WEBVTT\n\nintro\n00:00:05.000 --> 00:00:02.000\nHello\n",
        "The captions file is not valid WebVTT: line 4: the cue ends before it starts.",
        "line 4: cue ends before it starts",
      ],
      [
        "a file without cues",
        "WEBVTT\n\nNOTE nothing here\n",
        "The captions file is not WebVTT: it has no cues.",
        "no cues",
      ],
    ];
    for (const [what, data, message, reason] of cases) {
      const res = await upload(id, performer.token, data);
      expect(res.statusCode, what).toBe(422);
      expect(res.json(), what).toMatchObject({ message, details: [{ path: "file", message: reason }] });
    }
    expect((await listOf(id, performer.token)).total).toBe(0);
    // Nothing was left in storage either.
    const left = [];
    for await (const f of t.app.services.storage.list(`private/videos/${id}/captions`)) left.push(f.key);
    expect(left).toEqual([]);
  });

  it("refuses a file over 512 KB (413), a missing or unknown language (400) and a missing file (400)", async () => {
    const { _id: id } = await listedMovie(t, performer.token, { access: "free" });
    const cue = "00:00:01.000 --> 00:00:02.000\nA long line of subtitles, over and over again.\n\n";
    const huge = `WEBVTT\n\n${cue.repeat(Math.ceil((600 * 1024) / cue.length))}`;
    const big = await upload(id, performer.token, huge);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      message: "The file is larger than 512 KB.",
      details: [{ path: "file", message: "too large" }],
    });

    const noLanguage = await upload(id, performer.token, SPANISH, {});
    expect(noLanguage.statusCode).toBe(400);
    expect(noLanguage.json().details[0].path).toBe("body.language");
    const klingon = await upload(id, performer.token, SPANISH, { language: "tlh" });
    expect(klingon.statusCode).toBe(400);
    expect(klingon.json().details).toEqual([
      {
        path: "body.language",
        message: "Choose one of the caption languages: en, es, de, fr, it, pt, nl, pl, sv, tr, ru, ja, ko, zh",
      },
    ]);
    const { body, headers } = multipart([{ name: "language", data: "es" }]);
    const noFile = await t.request({
      method: "POST",
      url: `/performer/assets/videos/${id}/captions`,
      token: performer.token,
      body,
      headers,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().details).toEqual([{ path: "file", message: "required" }]);
  });
});

describe("who manages captions", () => {
  it("only the movie's performers and admins: another performer 403, a member 403", async () => {
    const { _id: id } = await listedMovie(t, performer.token, { access: "free" });
    const member = await newAccount(t, "user");
    const mine = await upload(id, performer.token, SPANISH);
    expect(mine.statusCode).toBe(201);
    const captionId = mine.json()._id as string;
    const belongs = { statusCode: 403, message: "This movie belongs to another performer." };

    expect((await upload(id, other.token, SPANISH)).json()).toMatchObject(belongs);
    expect(
      (await t.request({ method: "GET", url: `/performer/assets/videos/${id}/captions`, token: other.token })).json(),
    ).toMatchObject(belongs);
    const otherDelete = await t.request({
      method: "DELETE",
      url: `/performer/assets/videos/${id}/captions/${captionId}`,
      token: other.token,
    });
    expect(otherDelete.json()).toMatchObject(belongs);
    expect((await upload(id, member.token, SPANISH)).statusCode).toBe(403);
    const memberDelete = await t.request({
      method: "DELETE",
      url: `/performer/assets/videos/${id}/captions/${captionId}`,
      token: member.token,
    });
    expect(memberDelete.statusCode).toBe(403);
    // A movie that does not exist.
    const missing = await upload("0190f1f2-0000-7000-8000-000000000000", performer.token, SPANISH);
    expect(missing.json()).toMatchObject({ statusCode: 404, message: "Movie not found" });
    expect((await listOf(id, performer.token)).total).toBe(1);
  });
});

describe("delivering captions", () => {
  it("gives viewers who may watch a signed WebVTT link; a locked movie has none", async () => {
    const { _id: free } = await listedMovie(t, performer.token, { access: "free" });
    const { _id: members } = await listedMovie(t, performer.token, { access: "members" });
    for (const id of [free, members]) expect((await upload(id, performer.token, SPANISH)).statusCode).toBe(201);

    const visitor = await mediaOf(free);
    expect(visitor?.captions).toEqual([{ language: "es", label: "Español", url: expect.stringContaining("/media/") }]);
    const res = await get(visitor?.captions[0]?.url as string);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/vtt; charset=utf-8");
    expect(res.body).toBe(SPANISH);

    // A members movie: locked for a plain user, so no media and no caption links at all.
    const plain = await newAccount(t, "user");
    expect(await mediaOf(members, plain.token)).toBeNull();
    expect(await mediaOf(members)).toBeNull();
    // Its performer's own link, tampered to name the members movie's caption for a visitor, is refused.
    const owner = await mediaOf(members, performer.token);
    const ownerUrl = owner?.captions[0]?.url as string;
    expect((await get(ownerUrl)).statusCode).toBe(200);
    expect((await get(ownerUrl.replace(`.${performer.id}.`, ".anon."))).statusCode).toBe(403);
  });

  it("stops the caption link once the viewer may no longer watch (a lapsed membership)", async () => {
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
    expect((await upload(id, performer.token, ENGLISH, { language: "en" })).statusCode).toBe(201);
    const media = await mediaOf(id, member.token);
    const url = media?.captions[0]?.url as string;
    vi.useFakeTimers({ toFake: ["Date"], now });
    expect((await get(url)).body).toBe(ENGLISH.slice(1));
    // Two hours on, the grant is still valid but the membership is not.
    vi.setSystemTime(now + 2 * 3600_000);
    expect((await get(url)).json()).toEqual({
      statusCode: 403,
      error: "Forbidden",
      message: "You no longer have access to this movie.",
    });
  });

  it("comes with the fresh media links a player asks for", async () => {
    const { _id: id } = await listedMovie(t, performer.token, { access: "free" });
    expect((await upload(id, performer.token, SPANISH, { language: "es", label: "Castellano" })).statusCode).toBe(201);
    const res = await t.request({ method: "GET", url: `/user/assets/videos/${id}/media` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().captions).toEqual([{ language: "es", label: "Castellano", url: expect.any(String) }]);
  });
});

describe("deleting captions", () => {
  it("removes the track and its file; the viewers' media no longer lists it", async () => {
    const { _id: id } = await listedMovie(t, performer.token, { access: "free" });
    const made = await upload(id, performer.token, SPANISH);
    const captionId = made.json()._id as string;
    const url = (await mediaOf(id))?.captions[0]?.url as string;
    const [row] = await t.database.db.select().from(videoCaptions).where(eq(videoCaptions.id, captionId));

    const del = await t.request({
      method: "DELETE",
      url: `/performer/assets/videos/${id}/captions/${captionId}`,
      token: performer.token,
    });
    expect(del.statusCode, del.body).toBe(204);
    expect((await listOf(id, performer.token)).total).toBe(0);
    expect((await mediaOf(id))?.captions).toEqual([]);
    expect(await t.app.services.storage.stat(row?.storageKey as string)).toBeNull();
    expect((await get(url)).statusCode).toBe(404);
    const again = await t.request({
      method: "DELETE",
      url: `/performer/assets/videos/${id}/captions/${captionId}`,
      token: performer.token,
    });
    expect(again.json()).toMatchObject({ statusCode: 404, message: "Caption not found" });
  });

  it("goes with its movie", async () => {
    const { _id: id } = await listedMovie(t, performer.token, { access: "free" });
    expect((await upload(id, performer.token, SPANISH)).statusCode).toBe(201);
    const [row] = await t.database.db.select().from(videoCaptions).where(eq(videoCaptions.videoId, id));
    const del = await t.request({ method: "DELETE", url: `/performer/assets/videos/${id}`, token: performer.token });
    expect(del.statusCode).toBe(204);
    expect(await t.database.db.select().from(videoCaptions).where(eq(videoCaptions.videoId, id))).toEqual([]);
    expect(await t.app.services.storage.stat(row?.storageKey as string)).toBeNull();
  });
});
