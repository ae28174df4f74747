import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, newAccount, type TestContext } from "../../../test/harness.ts";
import { addPhoto, fileUpload, multipart, pngOf } from "../../../test/multipart.ts";
import { startS3Server, type TestS3Server } from "../../../test/s3-server.ts";
import { listedMovie } from "../../../test/sales.ts";

/**
 * Private media on object storage (issue 21): the API checks the link and the viewer's access, then hands out URLs
 * of the bucket, so no media byte passes through it. Segment URLs in the playlists are presigned; the MP4, photos and
 * product files answer a redirect to the bucket; public files without S3_PUBLIC_BASE_URL likewise.
 */

let server: TestS3Server;
let t: TestContext;
let performer: Awaited<ReturnType<typeof newAccount>>;
const SEGMENT_TTL = 90;
const segment = randomBytes(188 * 20);
const mp4 = randomBytes(5000);

beforeAll(async () => {
  server = await startS3Server();
  t = await createTestContext({ ...server.env, MEDIA_SEGMENT_TTL_SEC: String(SEGMENT_TTL) });
  performer = await newAccount(t, "performer");
}, 60_000);

afterAll(async () => {
  await t?.close();
  await server?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
const uris = (playlist: string) => playlist.split("\n").filter((l) => l && !l.startsWith("#"));
/** The presigned URL's lifetime, as SigV4 carries it. */
const expiresIn = (url: string) => Number(new URL(url).searchParams.get("X-Amz-Expires"));

async function movieOnS3() {
  const { _id: id } = await listedMovie(t, performer.token, { access: "free" });
  const { storage } = t.app.services;
  const dir = `private/videos/${id}`;
  await storage.put(
    `${dir}/hls/master.m3u8`,
    Buffer.from("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\n360p/index.m3u8\n"),
  );
  await storage.put(
    `${dir}/hls/360p/index.m3u8`,
    Buffer.from("#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nseg_0000.ts\n#EXT-X-ENDLIST\n"),
  );
  await storage.put(`${dir}/hls/360p/seg_0000.ts`, segment);
  await storage.put(`${dir}/video.mp4`, mp4);
  const detail = await t.request({ method: "GET", url: `/user/assets/videos/${id}` });
  expect(detail.statusCode, detail.body).toBe(200);
  return { id, media: detail.json().media as { hls: string; mp4: string; strip: string } };
}

describe("movies on object storage", () => {
  it("hands out playlists whose segments are presigned bucket URLs a browser fetches directly", async () => {
    expect(t.app.services.storage.kind).toBe("s3");
    const { id, media } = await movieOnS3();
    const master = await get(media.hls);
    expect(master.statusCode, master.body).toBe(200);
    expect(master.headers["cache-control"]).toBe("private, no-store");
    // The variant is the API's, decided again when fetched; only the segments are the bucket's.
    const [variantUrl] = uris(master.body) as [string];
    expect(variantUrl.startsWith("/api/media/")).toBe(true);
    const variant = await get(variantUrl);
    expect(variant.statusCode, variant.body).toBe(200);
    const [segmentUrl] = uris(variant.body) as [string];
    expect(segmentUrl.startsWith(`${server.endpoint}/${server.bucket}/private/videos/`)).toBe(true);
    expect(expiresIn(segmentUrl)).toBe(SEGMENT_TTL);

    // Presigning is costly and the segment links name no viewer: every viewer let in gets the same for a while.
    const member = await newAccount(t, "user");
    const theirs = (await t.request({ method: "GET", url: `/user/assets/videos/${id}`, token: member.token })).json()
      .media.hls as string;
    const theirMaster = (await get(theirs)).body;
    expect(theirMaster).not.toBe(master.body);
    expect((await get(uris(theirMaster)[0] as string)).body).toBe(variant.body);

    const res = await fetch(segmentUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("video/mp2t");
    expect(Buffer.from(await res.arrayBuffer()).equals(segment)).toBe(true);
    // A player's range request is the bucket's to answer too.
    const part = await fetch(segmentUrl, { headers: { range: "bytes=188-375" } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(segment.subarray(188, 376))).toBe(true);
  });

  it("redirects the MP4 link to the bucket, never cached, once the viewer's access is checked", async () => {
    const { id, media } = await movieOnS3();
    const res = await get(media.mp4, { range: "bytes=0-99" });
    expect(res.statusCode).toBe(302);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.rawPayload.length).toBe(0);
    const location = String(res.headers.location);
    expect(location.startsWith(`${server.endpoint}/${server.bucket}/private/videos/${id}/video.mp4?`)).toBe(true);
    expect(expiresIn(location)).toBeLessThanOrEqual(SEGMENT_TTL);
    const whole = await fetch(location);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(Buffer.from(await whole.arrayBuffer()).equals(mp4)).toBe(true);

    // Made members-only: the same grant is refused before any redirect.
    const changed = await t.request({
      method: "PUT",
      url: `/performer/assets/videos/${id}`,
      token: performer.token,
      body: { access: "members" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const url of [media.mp4, media.hls]) {
      const refused = await get(url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("You no longer have access to this movie.");
    }
  });
});

describe("captions on object storage", () => {
  it("stores an uploaded WebVTT file in the bucket and answers its grant from the site's origin, not a redirect", async () => {
    const { id } = await movieOnS3();
    const vtt = "WEBVTT\n\n00:00.000 --> 00:01.500\nHola.\n";
    const form = multipart([
      { name: "language", data: "es" },
      { name: "file", filename: "es.vtt", contentType: "text/vtt", data: vtt },
    ]);
    const made = await t.request({
      method: "POST",
      url: `/performer/assets/videos/${id}/captions`,
      token: performer.token,
      body: form.body,
      headers: form.headers,
    });
    expect(made.statusCode, made.body).toBe(201);
    const keys = [];
    for await (const f of t.app.services.storage.list(`private/videos/${id}/captions`)) keys.push(f.key);
    expect(keys).toHaveLength(1);
    const detail = (await t.request({ method: "GET", url: `/user/assets/videos/${id}` })).json();
    const [track] = detail.media.captions as { url: string }[];
    // A <track> would not follow a redirect to the bucket's origin: the API answers the few bytes itself.
    const res = await get(track?.url as string);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/vtt; charset=utf-8");
    expect(res.body).toBe(vtt);
  });
});

describe("other private files on object storage", () => {
  it("redirects a product's download to the bucket with its file name", async () => {
    const made = await t.request({
      method: "POST",
      url: "/performer/assets/products",
      token: performer.token,
      body: { title: `Ebook ${Date.now().toString(36)}`, type: "digital", price: 4.99, status: "active" },
    });
    expect(made.statusCode, made.body).toBe(201);
    const product = made.json() as { _id: string; slug: string };
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    const { body, headers } = fileUpload(pdf, "book.pdf", "application/pdf");
    const up = await t.app.inject({
      method: "POST",
      url: `/performer/assets/products/${product._id}/file/upload`,
      payload: body,
      headers: { ...headers, authorization: `Bearer ${performer.token}` },
    });
    expect(up.statusCode, up.body).toBe(200);
    const link = await t.request({
      method: "GET",
      url: `/user/assets/products/${product._id}/download-link`,
      token: performer.token,
    });
    expect(link.statusCode, link.body).toBe(200);
    const res = await get(link.json().url);
    expect(res.statusCode).toBe(302);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const file = await fetch(String(res.headers.location));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${product.slug}.pdf"`);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it("redirects a photo's links to the bucket, and a public file without a public base URL", async () => {
    const made = await t.request({
      method: "POST",
      url: "/performer/assets/galleries",
      token: performer.token,
      body: { title: `Gallery ${Date.now().toString(36)}`, status: "active", access: "free" },
    });
    expect(made.statusCode, made.body).toBe(201);
    const galleryId = made.json()._id as string;
    await addPhoto(t, performer.token, galleryId, await pngOf(640, 480));
    const [photo] = (await get(`/user/assets/gallery/${galleryId}/photos`)).json().data as {
      url: string;
      thumbnail: { url: string };
    }[];
    const res = await get(photo?.url as string);
    expect(res.statusCode).toBe(302);
    const image = await fetch(String(res.headers.location));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");

    // A public file: the avatar the performer uploads.
    const avatar = fileUpload(await pngOf(300, 300));
    const set = await t.app.inject({
      method: "POST",
      url: "/users/avatar/upload",
      payload: avatar.body,
      headers: { ...avatar.headers, authorization: `Bearer ${performer.token}` },
    });
    expect(set.statusCode, set.body).toBe(200);
    const avatarUrl = (await t.request({ method: "GET", url: "/users/me", token: performer.token })).json()
      .avatar as string;
    expect(avatarUrl.startsWith("/api/files/")).toBe(true);
    const redirect = await get(avatarUrl);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers["cache-control"]).toBe("public, max-age=300");
    const location = String(redirect.headers.location);
    expect(location.startsWith(`${server.endpoint}/${server.bucket}/public/`)).toBe(true);
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await get("/api/files/avatars/../../private/x.webp")).statusCode).toBe(404);
  });
});
