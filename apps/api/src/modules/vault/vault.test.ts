import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { VaultItem, VaultList } from "@marquee/contracts/vault";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, detailPaths, newAccount, type TestContext } from "../../../test/harness.ts";
import { fileUpload, pngOf } from "../../../test/multipart.ts";
import { AppError } from "../../platform/errors.ts";
import { runTool } from "../../platform/media/probe.ts";

/**
 * The performer's vault (issue 25 section 2) through HTTP: uploads sniffed and processed by the media pipeline, the
 * owner's list with its cursor, deletion, and the service functions posts and messages attach items with.
 */

const NOT_MEDIA =
  "The file is not a photo or video we accept. Upload a JPEG, PNG, WebP, GIF or AVIF picture, or a video.";
const PHOTO_TOO_LARGE = "The photo is larger than 25 MB.";
const TOO_LONG = "The video is longer than 10 minutes. Upload a shorter clip.";
const NO_ACCESS = "You do not have access to this media.";
const ATTACHED = "This item is attached to a post or message.";

let t: TestContext;
let work: string;
let clip: Buffer;
let longClip: Buffer;
let performer: { id: string; token: string };
let other: { id: string; token: string };
let member: { id: string; token: string };
/** Items a test marks as attached, through the vault's attachment port. */
const attached = new Set<string>();
/** Viewers a test lets in, through the vault's viewers port (`<viewer>:<item>`). */
const letIn = new Set<string>();

const upload = (token: string, data: Buffer, filename = "picture.png", type = "image/png") => {
  const { body, headers } = fileUpload(data, filename, type);
  return t.app.inject({
    method: "POST",
    url: "/vault",
    payload: body,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
};

async function uploaded(token: string, data: Buffer, filename?: string, type?: string): Promise<VaultItem> {
  const res = await upload(token, data, filename, type);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as VaultItem;
}

async function list(token: string, query: Record<string, string> = {}): Promise<VaultList> {
  const res = await t.request({ method: "GET", url: "/vault", token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as VaultList;
}

const itemIn = async (token: string, id: string) =>
  (await list(token, { limit: "100" })).data.find((i) => i._id === id);

/** A URL the API made (root-relative under /api), fetched through inject. */
const fetchUrl = (url: string) => {
  expect(url.startsWith("/api/")).toBe(true);
  return t.app.inject({ method: "GET", url });
};

async function ffmpeg(file: string, args: string[]) {
  await runTool("ffmpeg", ["-hide_banner", "-loglevel", "error", ...args, file], 120_000);
  return readFile(file);
}

beforeAll(async () => {
  t = await createTestContext();
  work = await mkdtemp(path.join(tmpdir(), "marquee-vault-"));
  clip = await ffmpeg(path.join(work, "clip.mp4"), [
    ...["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-t", "2"],
    ...["-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast"],
  ]);
  // Eleven minutes of a tiny still picture: a few kilobytes.
  longClip = await ffmpeg(path.join(work, "long.mp4"), [
    ...["-f", "lavfi", "-i", "color=c=blue:size=32x32:rate=1", "-t", "660"],
    ...["-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast"],
  ]);
  [performer, other, member] = await Promise.all([
    newAccount(t, "performer", "vault"),
    newAccount(t, "performer", "vaultother"),
    newAccount(t, "user", "vaultfan"),
  ]);
  t.app.services.vault.addAttachmentChecks(async (id) => attached.has(id));
  t.app.services.vault.addViewers(async (viewer, itemId) => letIn.has(`${viewer?.id}:${itemId}`));
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("POST /vault", () => {
  it("takes a photo: processing at first, then ready with a signed thumbnail, full size and a public blurred preview", async () => {
    const item = await uploaded(performer.token, await pngOf(900, 600), "  Beach day.png  ");
    expect(item).toMatchObject({
      kind: "photo",
      status: "processing",
      error: null,
      name: "Beach day.png",
      width: 900,
      height: 600,
      preview: null,
      thumbnail: null,
      url: null,
    });
    await t.jobs.idle();
    const ready = await itemIn(performer.token, item._id);
    expect(ready).toMatchObject({ status: "ready", error: null, width: 900, height: 600 });
    expect(ready?.thumbnail).toMatch(/^\/api\/media\/.+\/private\/vault\/[0-9a-f-]+\/thumb\.webp$/);
    expect(ready?.url).toMatch(/\/private\/vault\/[0-9a-f-]+\/full\.webp$/);
    expect(ready?.preview).toBe(`/api/files/vault/${item._id}/preview.webp`);
    for (const url of [ready?.thumbnail, ready?.url, ready?.preview]) {
      const res = await fetchUrl(url as string);
      expect(res.statusCode, url as string).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
    }
    // The uploaded original goes once the variants are made.
    expect(
      await stat(t.app.services.storage.diskPath(`private/vault-sources/${item._id}`) as string).catch(() => null),
    ).toBeNull();
  });

  it("takes a video: ready with its duration, a poster thumbnail, the MP4 and a blurred public preview", async () => {
    const item = await uploaded(performer.token, clip, "clip.mp4", "video/mp4");
    expect(item).toMatchObject({ kind: "video", status: "processing", name: "clip.mp4", width: 320, height: 180 });
    expect(item.durationSec).toBeCloseTo(2, 0);
    await t.jobs.idle();
    const ready = await itemIn(performer.token, item._id);
    expect(ready).toMatchObject({ status: "ready", error: null, sizeBytes: clip.length });
    expect(ready?.thumbnail).toMatch(/\/private\/vault\/[0-9a-f-]+\/poster-thumb\.webp$/);
    expect(ready?.url).toMatch(/\/private\/vault\/[0-9a-f-]+\/video\/video\.mp4$/);
    expect(ready?.preview).toBe(`/api/files/vault/${item._id}/preview.webp`);
    const mp4 = await fetchUrl(ready?.url as string);
    expect(mp4.statusCode).toBe(200);
    expect(mp4.headers["content-type"]).toBe("video/mp4");
    expect((await fetchUrl(ready?.preview as string)).statusCode).toBe(200);
    expect((await fetchUrl(ready?.thumbnail as string)).statusCode).toBe(200);
    // The preview is a small blurred picture, kept only where it is public.
    const disk = (key: string) => t.app.services.storage.diskPath(key) as string;
    const preview = await sharp(disk(`public/vault/${item._id}/preview.webp`)).metadata();
    expect(preview).toMatchObject({ format: "webp" });
    expect(Math.max(preview.width ?? 0, preview.height ?? 0)).toBeLessThanOrEqual(64);
    expect(await stat(disk(`private/vault/${item._id}/poster-preview.webp`)).catch(() => null)).toBeNull();
    expect(await stat(disk(`private/vault-sources/${item._id}`)).catch(() => null)).toBeNull();
  }, 60_000);

  it("keeps a video longer than ten minutes as failed, with why", async () => {
    const item = await uploaded(performer.token, longClip, "long.mp4", "video/mp4");
    expect(item).toMatchObject({ kind: "video", status: "failed", error: TOO_LONG, url: null, thumbnail: null });
    await t.jobs.idle();
    expect(await itemIn(performer.token, item._id)).toMatchObject({ status: "failed", error: TOO_LONG });
  });

  it("refuses a file that is neither a photo nor a video with 422 naming the file", async () => {
    for (const data of [Buffer.from("just some words\n"), randomBytes(4096)]) {
      const res = await upload(performer.token, data, "notes.txt", "text/plain");
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ statusCode: 422, message: NOT_MEDIA });
      expect(detailPaths(res)).toEqual(["file"]);
    }
  });

  it("refuses a photo over 25 MB with 422 naming the file", async () => {
    const big = Buffer.concat([await pngOf(32, 32), Buffer.alloc(25 * 1024 * 1024 + 1)]);
    const res = await upload(performer.token, big, "huge.png");
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ message: PHOTO_TOO_LARGE });
    expect(detailPaths(res)).toEqual(["file"]);
  });

  it("is for performers: a member is refused, and nobody signed in", async () => {
    const res = await upload(member.token, await pngOf(10, 10));
    expect(res.statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/vault", token: member.token })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/vault" })).statusCode).toBe(401);
  });
});

describe("GET /vault", () => {
  it("lists the performer's own items newest first, by cursor and by kind", async () => {
    const own = await newAccount(t, "performer", "vaultlist");
    const ids: string[] = [];
    for (const colour of [10, 20, 30])
      ids.push((await uploaded(own.token, await pngOf(20, 20, { r: colour, g: 0, b: 0 })))._id);
    const video = await uploaded(own.token, clip, "clip.mp4", "video/mp4");
    await t.jobs.idle();
    const first = await list(own.token, { limit: "2" });
    expect(first.data.map((i) => i._id)).toEqual([video._id, ids[2]]);
    expect(first.next).toEqual(expect.any(String));
    const second = await list(own.token, { limit: "2", cursor: first.next as string });
    expect(second.data.map((i) => i._id)).toEqual([ids[1], ids[0]]);
    const third = await list(own.token, { limit: "2", cursor: second.next as string });
    expect(third).toEqual({ data: [], next: null });
    expect((await list(own.token, { kind: "video" })).data.map((i) => i._id)).toEqual([video._id]);
    expect((await list(own.token, { kind: "photo" })).data.map((i) => i._id)).toEqual([ids[2], ids[1], ids[0]]);
    // Nobody else's items show.
    expect((await list(other.token)).data.map((i) => i._id)).not.toContain(ids[0]);
    const bad = await t.request({ method: "GET", url: "/vault", token: own.token, query: { cursor: "nonsense" } });
    expect(bad.statusCode).toBe(400);
  }, 60_000);
});

describe("DELETE /vault/:id", () => {
  it("deletes the owner's item with its files; another performer gets 404; an attached one is kept with 409", async () => {
    const item = await uploaded(performer.token, await pngOf(40, 40));
    await t.jobs.idle();
    const disk = (key: string) => t.app.services.storage.diskPath(key) as string;
    expect((await stat(disk(`private/vault/${item._id}/full.webp`))).isFile()).toBe(true);

    const foreign = await t.request({ method: "DELETE", url: `/vault/${item._id}`, token: other.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: "Vault item not found" });
    expect((await t.request({ method: "DELETE", url: `/vault/${item._id}`, token: member.token })).statusCode).toBe(
      403,
    );

    attached.add(item._id);
    const kept = await t.request({ method: "DELETE", url: `/vault/${item._id}`, token: performer.token });
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toMatchObject({ message: ATTACHED });
    attached.delete(item._id);

    const res = await t.request({ method: "DELETE", url: `/vault/${item._id}`, token: performer.token });
    expect(res.statusCode).toBe(204);
    expect(await itemIn(performer.token, item._id)).toBeUndefined();
    expect(await stat(disk(`private/vault/${item._id}`)).catch(() => null)).toBeNull();
    expect(await stat(disk(`public/vault/${item._id}`)).catch(() => null)).toBeNull();
    expect((await t.request({ method: "DELETE", url: `/vault/${item._id}`, token: performer.token })).statusCode).toBe(
      404,
    );
  });
});

describe("the service other modules attach items with", () => {
  it("ownedReady answers the performer's ready items in order and refuses anyone else's with 422 naming the field", async () => {
    const a = await uploaded(performer.token, await pngOf(30, 30));
    const b = await uploaded(performer.token, await pngOf(31, 31));
    const theirs = await uploaded(other.token, await pngOf(32, 32));
    const failed = await uploaded(performer.token, longClip, "long.mp4", "video/mp4");
    const { vault } = t.app.services;
    await t.jobs.idle();
    await expect(vault.ownedReady(performer.id, [a._id, failed._id])).rejects.toMatchObject({
      statusCode: 422,
      message: "Attachment 2 could not be processed.",
      details: [{ path: "body.attachmentIds", message: `${failed._id}: failed` }],
    });
    expect((await vault.ownedReady(performer.id, [b._id, a._id])).map((r) => r.id)).toEqual([b._id, a._id]);
    const refused = await vault.ownedReady(performer.id, [a._id, theirs._id]).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      statusCode: 422,
      message: "Attachment 2 is not in your vault.",
      details: [{ path: "body.attachmentIds", message: `${theirs._id}: not found` }],
    });
    expect(await vault.ownedReady(performer.id, [])).toEqual([]);
    // In the transaction that saves an attachment: the rows are locked until it ends.
    const locked = await t.database.db.transaction((tx) => vault.ownedReady(performer.id, [a._id], tx));
    expect(locked.map((r) => r.id)).toEqual([a._id]);
  });

  it("present gives the blurred preview to a locked viewer, and links only a viewer let in can open", async () => {
    const item = await uploaded(performer.token, await pngOf(50, 50));
    await t.jobs.idle();
    const { vault } = t.app.services;
    const rows = await vault.rowsOf([item._id]);
    const [locked] = vault.present(rows, false, member.id);
    expect((await vault.attachmentsById([item._id, item._id], false, member.id)).get(item._id)).toEqual(locked);
    expect(locked).toEqual({
      _id: item._id,
      kind: "photo",
      width: 50,
      height: 50,
      durationSec: null,
      preview: `/api/files/vault/${item._id}/preview.webp`,
      thumbnail: null,
      url: null,
    });
    const [open] = vault.present(rows, true, member.id);
    // The link is the member's; the vault lets them in only once a module says so, checked at every fetch.
    const refused = await fetchUrl(open?.url as string);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: NO_ACCESS });
    letIn.add(`${member.id}:${item._id}`);
    expect((await fetchUrl(open?.url as string)).statusCode).toBe(200);
    letIn.delete(`${member.id}:${item._id}`);
    expect((await fetchUrl(open?.thumbnail as string)).statusCode).toBe(403);
  });
});
