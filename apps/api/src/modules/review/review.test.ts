import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, expectBadRequest, newAccount, type TestContext } from "../../../test/harness.ts";
import { addPhoto, pngOf } from "../../../test/multipart.ts";
import { SOCKET_WAIT_MS } from "../../../test/sockets.ts";
import { auditLog } from "../audit/tables.ts";
import { videos } from "../videos/tables.ts";

/**
 * Review before publication (issue 22 section 2), through HTTP: the setting (none, first N, everything — the
 * default of a new site), what an item waiting for review shows to each role on every public path, approval (now
 * and at a scheduled date), refusal with its reason, notification and mail, take-downs in the studio, role checks.
 */

let t: TestContext;
let url: string;
let admin: string;
let member: string;
let visitorSocketUser: string;
let owner: Awaited<ReturnType<typeof newAccount>>;
let otherPerformer: Awaited<ReturnType<typeof newAccount>>;
const word = `rv${Date.now().toString(36)}`;
let seq = 0;

type Token = string | undefined;
const get = (path: string, token?: Token, query?: Record<string, string>) =>
  t.request({ method: "GET", url: path, token, query });

async function setMode(mode: "none" | "first" | "all", first?: number) {
  const res = await t.request({
    method: "PUT",
    url: "/admin/settings/reviewMode",
    token: admin,
    body: { value: mode },
  });
  expect(res.statusCode, res.body).toBe(200);
  if (first !== undefined) {
    const n = await t.request({
      method: "PUT",
      url: "/admin/settings/reviewFirstItems",
      token: admin,
      body: { value: first },
    });
    expect(n.statusCode, n.body).toBe(200);
  }
}

/** A movie published (active) by `token`'s performer, its media in place as the processing job leaves it. */
async function publishMovie(token: string, body: Record<string, unknown> = {}) {
  const res = await t.request({
    method: "POST",
    url: "/performer/assets/videos",
    token,
    body: { title: `Movie ${word} ${seq++}`, status: "active", ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json()._id as string;
  await storeRenditions(id);
  // What the processing job leaves (videos.media.test.ts runs it for real): processed, media in place. Whether it
  // is listed is the service's business: the next write decides it.
  await t.database.db
    .update(videos)
    .set({ processingStatus: "ready", mediaKey: `private/videos/${id}`, durationSec: 3 })
    .where(eq(videos.id, id));
  return id;
}

async function storeRenditions(id: string) {
  const { storage } = t.app.services;
  const dir = `private/videos/${id}`;
  await storage.put(
    `${dir}/hls/master.m3u8`,
    Buffer.from('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS="avc1.42e01e"\n360p/index.m3u8\n'),
  );
  await storage.put(
    `${dir}/hls/360p/index.m3u8`,
    Buffer.from("#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nseg_0000.ts\n#EXT-X-ENDLIST\n"),
  );
  await storage.put(`${dir}/hls/360p/seg_0000.ts`, randomBytes(188 * 4));
  await storage.put(`${dir}/video.mp4`, randomBytes(1024));
}

const studioMovie = async (id: string, token: string) => {
  const res = await get(`/performer/assets/videos/${id}/view`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { status: string; moderation: { state: string; reason: string | null } | null };
};
const queue = async (token = admin) => {
  const res = await get("/admin/review", token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { kind: string; _id: string; title: string; submittedAt: string }[]; total: number };
};
const queued = async (id: string) => (await queue()).data.some((i) => i._id === id);
const approve = (kind: string, id: string, token = admin) =>
  t.request({ method: "POST", url: `/admin/review/${kind}/${id}/approve`, token });
const refuse = (kind: string, id: string, reason: unknown, token = admin) =>
  t.request({ method: "POST", url: `/admin/review/${kind}/${id}/refuse`, token, body: { reason } });
const publicIds = async (path: string, token?: Token) =>
  ((await get(path, token, { q: word, limit: "100" })).json().data as { _id: string }[]).map((d) => d._id);

function socketFor(token: string): Promise<Socket> {
  const socket = connect(url, { path: "/socket.io", auth: { token }, transports: ["websocket"], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}
const sockets: Socket[] = [];
const joinRoom = (socket: Socket, objectType: string, objectId: string) =>
  socket.timeout(SOCKET_WAIT_MS).emitWithAck("object:join", { objectType, objectId }) as Promise<{ ok: boolean }>;

beforeAll(async () => {
  // The site's own default: nothing about review is set.
  t = await createTestContext({ REALTIME: "true" }, {}, { reviewMode: "default" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  [admin, member] = await Promise.all([t.login("admin"), t.login("member")]);
  visitorSocketUser = (await newAccount(t, "user")).token;
  owner = await newAccount(t, "performer");
  otherPerformer = await newAccount(t, "performer");
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

describe("a new site reviews everything performers publish", () => {
  let movie: string;

  it("says so in the settings, and a published movie waits in the queue, In review in the studio", async () => {
    const settings = (await get("/admin/settings", admin, { group: "review" })).json() as {
      key: string;
      value: unknown;
      isSet: boolean;
    }[];
    expect(settings.find((s) => s.key === "reviewMode")).toMatchObject({ value: "all", isSet: false });
    expect(settings.find((s) => s.key === "reviewFirstItems")).toMatchObject({ value: 3 });

    movie = await publishMovie(owner.token);
    const studio = await studioMovie(movie, owner.token);
    expect(studio.status).toBe("active");
    expect(studio.moderation).toMatchObject({ state: "in-review", reason: null });
    expect(await queued(movie)).toBe(true);
  });

  it("is seen by its performer and admins only, on every public and member path", async () => {
    for (const token of [undefined, member, otherPerformer.token]) {
      expect((await get(`/user/assets/videos/${movie}`, token)).statusCode).toBe(404);
      expect((await get(`/user/assets/videos/${movie}/media`, token)).statusCode).toBe(404);
      expect((await get(`/pages/movies/${movie}`, token)).statusCode).toBe(404);
      expect(await publicIds("/user/assets/videos/search", token)).not.toContain(movie);
      const total = (await get("/search/total", token, { q: word })).json();
      expect(total.movies).toBe(0);
      const home = (await get("/pages/home", token)).body;
      expect(home).not.toContain(movie);
      const profile = await get(`/user/assets/videos/search`, token, { performerIds: owner.id });
      expect(profile.json().data).toEqual([]);
    }
    // Comments and reactions cannot reach it either.
    const comment = await t.request({
      method: "POST",
      url: "/comments",
      token: member,
      body: { objectType: "video", objectId: movie, content: "first" },
    });
    expect(comment.statusCode).toBe(404);

    for (const token of [owner.token, admin]) {
      const res = await get(`/user/assets/videos/${movie}`, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ canWatch: true, media: { hls: expect.any(String) } });
    }
    // The admin's player plays it through the normal media route.
    const media = (await get(`/user/assets/videos/${movie}`, admin)).json().media as { hls: string };
    const master = await t.app.inject({ method: "GET", url: media.hls });
    expect(master.statusCode, master.body).toBe(200);
  });

  it("keeps members and other users out of its realtime room; its performer may join", async () => {
    const memberSocket = await socketFor(member);
    expect(await joinRoom(memberSocket, "video", movie)).toMatchObject({ ok: false });
    const userSocket = await socketFor(visitorSocketUser);
    expect(await joinRoom(userSocket, "video", movie)).toMatchObject({ ok: false });
    const ownerSocket = await socketFor(owner.token);
    expect(await joinRoom(ownerSocket, "video", movie)).toMatchObject({ ok: true });
  });

  it("goes out when an admin approves it, and its performer is told", async () => {
    const res = await approve("video", movie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: "video", _id: movie, state: "approved", reason: null, listed: true });
    expect(await queued(movie)).toBe(false);
    expect((await get(`/user/assets/videos/${movie}`)).statusCode).toBe(200);
    expect(await publicIds("/user/assets/videos/search")).toContain(movie);
    expect((await studioMovie(movie, owner.token)).moderation).toBeNull();
    await t.app.services.notifications.settled();
    const told = (await get("/notifications", owner.token)).json().data as { type: string; text: string }[];
    expect(told[0]).toMatchObject({
      type: "review",
      text: expect.stringMatching(/was approved and is on the site\.$/),
    });
    // The audit trail has who decided what, from where, with the movie before and after.
    const [audited] = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, movie));
    expect(audited).toMatchObject({
      action: "review.approve",
      subjectType: "video",
      actorName: "admin",
      ip: "127.0.0.1",
      before: { status: "active", listed: false, reviewState: "pending" },
      after: { status: "active", listed: true, reviewState: "approved" },
    });
    // A second decision on it is refused: it is not waiting any more.
    expect((await approve("video", movie)).statusCode).toBe(409);
  });

  it("stops a member's playback when a movie that is out goes to review", async () => {
    // Out without review (the site reviewed nothing then), played by a member.
    await setMode("none");
    const out = await publishMovie(owner.token);
    await t.request({ method: "PUT", url: `/performer/assets/videos/${out}`, token: owner.token, body: {} });
    const media = (await get(`/user/assets/videos/${out}`, member)).json().media as { hls: string };
    expect((await t.app.inject({ method: "GET", url: media.hls })).statusCode).toBe(200);
    // The site now reviews everything: unpublished and published again, it waits, and the links handed out stop.
    await setMode("all");
    for (const status of ["inactive", "active"]) {
      const res = await t.request({
        method: "PUT",
        url: `/performer/assets/videos/${out}`,
        token: owner.token,
        body: { status },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await studioMovie(out, owner.token)).moderation?.state).toBe("in-review");
    const refused = await t.app.inject({ method: "GET", url: media.hls });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("You no longer have access to this movie.");
    expect((await get(`/user/assets/videos/${out}`, member)).statusCode).toBe(404);
  });
});

describe("the setting", () => {
  it("none: what a performer publishes goes out at once", async () => {
    await setMode("none");
    const id = await publishMovie(otherPerformer.token);
    // The processing job's last write lists it; here the performer's next edit does the same.
    await t.request({ method: "PUT", url: `/performer/assets/videos/${id}`, token: otherPerformer.token, body: {} });
    expect((await studioMovie(id, otherPerformer.token)).moderation).toBeNull();
    expect(await queued(id)).toBe(false);
    expect((await get(`/user/assets/videos/${id}`)).statusCode).toBe(200);
  });

  it("first N: a performer's items wait until N of them were approved, then go out at once", async () => {
    await setMode("first", 2);
    const fresh = await newAccount(t, "performer");
    const first = await publishMovie(fresh.token);
    expect((await studioMovie(first, fresh.token)).moderation?.state).toBe("in-review");
    expect((await approve("video", first)).statusCode).toBe(200);

    const gallery = await t.request({
      method: "POST",
      url: "/performer/assets/galleries",
      token: fresh.token,
      body: { title: `Gallery ${word}`, status: "active" },
    });
    expect(gallery.statusCode, gallery.body).toBe(201);
    const galleryId = gallery.json()._id as string;
    expect(gallery.json().moderation).toMatchObject({ state: "in-review" });
    // A gallery with no photo cannot be approved: there is nothing to look at.
    const empty = await approve("gallery", galleryId);
    expect(empty.statusCode).toBe(422);
    await addPhoto(t, fresh.token, galleryId, await pngOf(64, 48));
    expect((await get(`/user/assets/galleries/${galleryId}/view`, member)).statusCode).toBe(404);
    const photosOut = await get("/user/assets/photos", member, { performerIds: fresh.id });
    expect(photosOut.json().data).toEqual([]);
    // The admin sees the photos while it waits.
    const photos = await get(`/user/assets/gallery/${galleryId}/photos`, admin);
    expect(photos.json().data).toHaveLength(1);
    expect((await approve("gallery", galleryId)).statusCode).toBe(200);
    expect((await get(`/user/assets/galleries/${galleryId}/view`, member)).statusCode).toBe(200);

    // Two approved: the third goes out without review.
    const third = await t.request({
      method: "POST",
      url: "/performer/assets/products",
      token: fresh.token,
      body: { title: `Poster ${word}`, type: "physical", price: 12, stock: 3, status: "active" },
    });
    expect(third.statusCode, third.body).toBe(201);
    expect(third.json().moderation).toBeNull();
    expect((await get(`/user/assets/products/${third.json()._id}`)).statusCode).toBe(200);

    // Another performer with none approved still waits.
    const newcomer = await newAccount(t, "performer");
    const waiting = await publishMovie(newcomer.token);
    expect((await studioMovie(waiting, newcomer.token)).moderation?.state).toBe("in-review");
  });

  it("all: even a performer with approved items waits, and an admin's own items go out at once", async () => {
    await setMode("all");
    const again = await publishMovie(owner.token);
    expect((await studioMovie(again, owner.token)).moderation?.state).toBe("in-review");
    const byAdmin = await t.request({
      method: "POST",
      url: "/performer/assets/videos",
      token: admin,
      body: { title: `Admin movie ${word}`, status: "active", performerIds: [owner.id] },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json().moderation).toBeNull();
    expect(await queued(byAdmin.json()._id)).toBe(false);
  });

  it("refuses a value it does not know", async () => {
    const res = await t.request({
      method: "PUT",
      url: "/admin/settings/reviewMode",
      token: admin,
      body: { value: "sometimes" },
    });
    expectBadRequest(res, "body.value");
  });
});

describe("the queue", () => {
  it("lists what waits oldest first, across movies, galleries and products", async () => {
    const a = await publishMovie(otherPerformer.token);
    const product = await t.request({
      method: "POST",
      url: "/performer/assets/products",
      token: otherPerformer.token,
      body: { title: `Mug ${word}`, type: "physical", price: 9, stock: 5, status: "active" },
    });
    expect(product.json().moderation).toMatchObject({ state: "in-review" });
    const b = product.json()._id as string;
    const list = await queue();
    const order = list.data.map((i) => i._id);
    expect(order.indexOf(a)).toBeLessThan(order.indexOf(b));
    const times = list.data.map((i) => i.submittedAt);
    expect([...times].sort()).toEqual(times);
    expect(list.data.find((i) => i._id === b)).toMatchObject({ kind: "product", title: `Mug ${word}` });
    expect((await get(`/user/assets/products/${b}`, member)).statusCode).toBe(404);
    expect(await publicIds("/user/assets/products/search")).not.toContain(b);
  });

  it("approves a movie scheduled for later: announced now, released at its date", async () => {
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const id = await publishMovie(owner.token, { scheduledAt: at });
    expect((await get(`/user/assets/videos/${id}`)).statusCode).toBe(404);
    const res = await approve("video", id);
    expect(res.json()).toMatchObject({ state: "approved", listed: true, scheduledAt: at });
    const seen = (await get(`/user/assets/videos/${id}`, member)).json();
    expect(seen).toMatchObject({ canWatch: false, lock: "scheduled", media: null });
    await t.app.services.notifications.settled();
    const told = (await get("/notifications", owner.token)).json().data as { text: string }[];
    // The date as the pages write it: "26 Dec 2026".
    const d = new Date(at);
    const month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][d.getUTCMonth()];
    const day = `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}`;
    expect(told[0]?.text).toMatch(new RegExp(`was approved; it comes out on ${day}\\.$`));
  });

  it("refuses with a reason: the performer sees it in the studio, is notified and mailed; saving sends it back", async () => {
    const id = await publishMovie(owner.token);
    expectBadRequest(await refuse("video", id, "  "), "body.reason");
    const res = await refuse("video", id, "The release of the second person is missing.");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: "refused", reason: "The release of the second person is missing." });
    const studio = await studioMovie(id, owner.token);
    expect(studio.moderation).toEqual({
      state: "refused",
      reason: "The release of the second person is missing.",
      at: expect.any(String),
    });
    expect((await get(`/user/assets/videos/${id}`)).statusCode).toBe(404);
    expect(await queued(id)).toBe(false);
    await t.app.services.notifications.settled();
    const told = (await get("/notifications", owner.token)).json().data as { type: string; text: string }[];
    expect(told[0]).toMatchObject({
      type: "review",
      text: expect.stringMatching(/was refused: The release of the second person is missing\.\.$/),
    });
    const mail = t.mailer.outbox.findLast((m) => m.to === `${owner.username}@example.test`);
    expect(mail?.subject).toMatch(/^Your movie “.+” was not approved$/);
    expect(mail?.text).toContain("The release of the second person is missing.");
    const [audited] = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, id));
    expect(audited).toMatchObject({
      action: "review.refuse",
      actorName: "admin",
      after: { reviewState: "refused", reviewReason: "The release of the second person is missing." },
    });

    // The performer answers the refusal: saved while active, it waits again.
    const saved = await t.request({
      method: "PUT",
      url: `/performer/assets/videos/${id}`,
      token: owner.token,
      body: { description: "Both releases are on file now." },
    });
    expect(saved.json().moderation).toMatchObject({ state: "in-review" });
    expect(await queued(id)).toBe(true);
  });

  it("is for admins only", async () => {
    const id = await publishMovie(owner.token);
    expect((await get("/admin/review")).statusCode).toBe(401);
    for (const token of [member, owner.token, otherPerformer.token]) {
      expect((await get("/admin/review", token)).statusCode).toBe(403);
      expect((await approve("video", id, token)).statusCode).toBe(403);
      expect((await refuse("video", id, "no", token)).statusCode).toBe(403);
    }
    expect(await queued(id)).toBe(true);
    expectBadRequest(await approve("poster", id), "params.kind");
    expectBadRequest(await approve("video", "not-an-id"), "params.id");
    expect((await approve("video", "0193a9c4-0000-7000-8000-000000000000")).statusCode).toBe(404);
  });
});

describe("a take-down", () => {
  it("shows its performer the status and the reason in the studio, with a notification; a restore too", async () => {
    await setMode("none");
    const id = await publishMovie(owner.token);
    await t.request({ method: "PUT", url: `/performer/assets/videos/${id}`, token: owner.token, body: {} });
    const down = await t.request({
      method: "POST",
      url: `/admin/assets/video/${id}/take-down`,
      token: admin,
      body: { reason: "Reported as copied from another site." },
    });
    expect(down.statusCode, down.body).toBe(200);
    const studio = await studioMovie(id, owner.token);
    expect(studio.status).toBe("active");
    expect(studio.moderation).toMatchObject({ state: "taken-down", reason: "Reported as copied from another site." });
    const listed = (await get("/performer/assets/videos/search", owner.token, { q: word, limit: "100" })).json()
      .data as { _id: string; moderation: { state: string } | null }[];
    expect(listed.find((v) => v._id === id)?.moderation?.state).toBe("taken-down");
    await t.app.services.notifications.settled();
    const told = (await get("/notifications", owner.token)).json().data as { type: string; text: string }[];
    expect(told[0]).toMatchObject({
      type: "takedown",
      text: expect.stringMatching(/was taken down: Reported as copied from another site\.\.$/),
    });

    await t.request({ method: "DELETE", url: `/admin/assets/video/${id}/take-down`, token: admin });
    // Both are in the audit trail, with the movie before and after.
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, id));
    expect(trail.map((r) => r.action).sort()).toEqual(["catalogue.restore", "catalogue.take-down"]);
    expect(trail.find((r) => r.action === "catalogue.take-down")).toMatchObject({
      actorName: "admin",
      before: { listed: true, takedown: null },
      after: { listed: false, takedown: { reason: "Reported as copied from another site." } },
    });
    expect((await studioMovie(id, owner.token)).moderation).toBeNull();
    await t.app.services.notifications.settled();
    const back = (await get("/notifications", owner.token)).json().data as { text: string }[];
    expect(back[0]?.text).toMatch(/is back on the site\.$/);
  });
});
