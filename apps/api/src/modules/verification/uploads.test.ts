import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, detailPaths, newAccount, type TestContext } from "../../../test/harness.ts";
import { multipart, type Part, pngOf } from "../../../test/multipart.ts";
import { coPerformerReleases, performerApplications } from "./tables.ts";

/**
 * An attacker's pass on the verification uploads (ID images, selfie, a release's PDF and ID images): every bad form is
 * a 400, 413 or 422 naming the field and the reason, never a 5xx, and leaves nothing stored: no row, no file.
 */

let t: TestContext;
let admin: string;
let png: Buffer;
const MAX_BYTES = 1024 * 1024;

beforeAll(async () => {
  // A small upload limit keeps the oversized bodies small.
  t = await createTestContext({ UPLOAD_IMAGE_MAX_MB: "1" });
  admin = await t.login("admin");
  png = await pngOf(60, 40);
});
afterAll(() => t.close());

const FIELDS = { legalName: "Robin Realname", dateOfBirth: "1990-04-12", country: "GB" };
const image = (name: string, data: Buffer | string, filename = `${name}.jpg`, contentType = "image/jpeg"): Part => ({
  name,
  data,
  filename,
  contentType,
});
const threeImages = () => ["documentFront", "documentBack", "selfie"].map((n) => image(n, png));
const textParts = (fields: Record<string, string>): Part[] =>
  Object.entries(fields).map(([name, data]) => ({ name, data }));

const send = (url: string, token: string, payload: Buffer | string, headers: Record<string, string>) =>
  t.app.inject({ method: "POST", url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
const sendParts = (url: string, token: string, parts: Part[]) => {
  const { body, headers } = multipart(parts);
  return send(url, token, body, headers);
};

/** The answer is the refusal expected, naming `field` with `reason`. */
function expectRefused(res: Awaited<ReturnType<typeof send>>, status: number, field: string, reason: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const details = (res.json().details ?? []) as { path: string; message: string }[];
  expect(detailPaths(res), res.body).toContain(field);
  expect(details.find((d) => d.path === field)?.message).toMatch(reason);
}

/** Nothing of `userId`'s application was kept: no row, no file. */
async function nothingStoredFor(userId: string) {
  const rows = await t.database.db.select().from(performerApplications).where(eq(performerApplications.userId, userId));
  expect(rows).toEqual([]);
  expect(existsSync(path.join(t.mediaDir, "private/verification", userId))).toBe(false);
}

/** A PNG of `width` x `height` in one colour: a few hundred KB whatever its size, megapixels when decoded. */
const flatPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();

describe("an application's uploads", () => {
  let user: Awaited<ReturnType<typeof newAccount>>;
  const apply = (parts: Part[]) => sendParts("/verification/applications", user.token, parts);
  const withFiles = (...files: Part[]) => [...textParts(FIELDS), ...files];
  const replacing = (name: string, part: Part) => withFiles(...threeImages().map((p) => (p.name === name ? part : p)));

  beforeAll(async () => {
    user = await newAccount(t, "user", "attacker");
  });

  it("refuses an oversized file (413) and an oversized field (400), naming each", async () => {
    expectRefused(
      await apply(replacing("selfie", image("selfie", Buffer.alloc(MAX_BYTES + 1, 1)))),
      413,
      "selfie",
      "too large",
    );
    expectRefused(
      await apply([...textParts({ ...FIELDS, legalName: "A".repeat(5000) }), ...threeImages()]),
      400,
      "body.legalName",
      "too long",
    );
    const manyFields = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, "x"]));
    expectRefused(await apply(withFiles(...threeImages(), ...textParts(manyFields))), 400, "body", "too many fields");
    await nothingStoredFor(user.id);
  });

  it("refuses a body that is not a form, or not a readable one", async () => {
    const url = "/verification/applications";
    expectRefused(
      await send(url, user.token, JSON.stringify(FIELDS), { "content-type": "application/json" }),
      400,
      "body",
      "multipart required",
    );
    expectRefused(
      await send(url, user.token, "legalName=x", { "content-type": "text/plain" }),
      400,
      "body",
      "multipart required",
    );
    expectRefused(
      await send(url, user.token, "garbage", { "content-type": "multipart/form-data" }),
      400,
      "body",
      "malformed multipart body",
    );
    const { body, headers } = multipart(withFiles(...threeImages()));
    expectRefused(
      await send(url, user.token, body.subarray(0, body.length - 200), headers),
      400,
      "body",
      "malformed multipart body",
    );
    const huge = await send(url, user.token, JSON.stringify({ x: "y".repeat(2 * 1024 * 1024) }), {
      "content-type": "application/json",
    });
    expect(huge.statusCode).toBe(413);
    await nothingStoredFor(user.id);
  });

  it("sniffs each file: an SVG, an HTML page or a PDF named .jpg, text, an empty or a cut file is refused", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const cases: [Part, number, string | RegExp][] = [
      [image("documentFront", svg), 422, "unsupported format svg"],
      [image("documentFront", "<!doctype html><html><script>alert(1)</script></html>"), 422, "not an image"],
      [image("documentFront", "%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF"), 422, "not an image"],
      [image("documentFront", "GIF89a<script>alert(1)</script>"), 422, /not an image|corrupt image/],
      [image("documentFront", png.subarray(0, 60)), 422, /not an image|corrupt image/],
      [image("documentFront", Buffer.alloc(0)), 400, "empty file"],
    ];
    for (const [part, status, reason] of cases)
      expectRefused(await apply(replacing("documentFront", part)), status, "documentFront", reason);
    await nothingStoredFor(user.id);
  });

  it("refuses a decompression bomb: 100 megapixels in a small PNG, or one side too long", async () => {
    const bomb = await flatPng(10_000, 10_000);
    expect(bomb.length).toBeLessThan(MAX_BYTES);
    expectRefused(
      await apply(replacing("selfie", image("selfie", bomb, "selfie.png", "image/png"))),
      422,
      "selfie",
      "too many pixels",
    );
    const long = await flatPng(20_000, 2);
    expectRefused(
      await apply(replacing("selfie", image("selfie", long, "selfie.png", "image/png"))),
      422,
      "selfie",
      "too many pixels",
    );
    await nothingStoredFor(user.id);
  });

  it("refuses a field or a file sent twice, and a file in a field that takes none", async () => {
    expectRefused(
      await apply([...textParts(FIELDS), { name: "legalName", data: "Someone Else" }, ...threeImages()]),
      400,
      "body.legalName",
      "sent more than once",
    );
    expectRefused(
      await apply(withFiles(image("documentFront", png), ...threeImages())),
      400,
      "documentFront",
      "sent more than once",
    );
    expectRefused(
      await apply(withFiles(...threeImages(), image("legalName", png))),
      400,
      "legalName",
      "unexpected file",
    );
    await nothingStoredFor(user.id);
  });

  it("ignores the client's file name: a path in it goes nowhere, and what is kept is a re-encoded JPEG", async () => {
    const polyglot = Buffer.concat([png, Buffer.from("<html><script>alert(1)</script></html>")]);
    const filed = await apply(
      withFiles(
        image("documentFront", polyglot, "../../../../etc/passwd", "text/html"),
        image("documentBack", png, "..\\..\\win.ini"),
        image("selfie", png, "/absolute/selfie.png"),
      ),
    );
    expect(filed.statusCode, filed.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(performerApplications)
      .where(eq(performerApplications.userId, user.id));
    expect(row?.documentFrontKey).toMatch(
      new RegExp(`^private/verification/${user.id}/[a-z0-9]+/documentfront\\.jpg$`),
    );
    const folder = path.join(t.mediaDir, "private/verification", user.id);
    const files = await readdir(folder, { recursive: true });
    expect(
      files
        .filter((f) => f.endsWith(".jpg"))
        .sort()
        .map((f) => path.basename(f)),
    ).toEqual(["documentback.jpg", "documentfront.jpg", "selfie.jpg"]);
    const kept = await readFile(path.join(t.mediaDir, row?.documentFrontKey as string));
    expect((await sharp(kept).metadata()).format).toBe("jpeg");
    expect(kept.includes("<script>")).toBe(false);
  });
});

describe("an admin's filing for someone", () => {
  it("goes through the same checks", async () => {
    const user = await newAccount(t, "user", "filedfor");
    const res = await sendParts("/admin/verifications", admin, [
      ...textParts({ ...FIELDS, userId: user.id }),
      ...threeImages().map((p) =>
        p.name === "selfie" ? image("selfie", "<svg xmlns='http://www.w3.org/2000/svg'/>") : p,
      ),
    ]);
    expectRefused(res, 422, "selfie", /^(not an image|unsupported format svg)$/);
    await nothingStoredFor(user.id);
  });
});

describe("a release's uploads", () => {
  let owner: Awaited<ReturnType<typeof newAccount>>;
  let url: string;
  let gid: string;
  const releaseFields = { displayName: "Guest", legalName: "Guest Legalname", dateOfBirth: "1991-02-03" };
  const ids = () => [image("documentFront", png), image("documentBack", png)];
  const pdfPart = (data: Buffer | string, filename = "release.pdf"): Part => ({
    name: "consentPdf",
    data,
    filename,
    contentType: "application/pdf",
  });
  const REAL_PDF = "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n";

  async function nothingStored() {
    const rows = await t.database.db.select().from(coPerformerReleases).where(eq(coPerformerReleases.itemId, gid));
    expect(rows).toEqual([]);
    expect(existsSync(path.join(t.mediaDir, "private/releases/gallery", gid))).toBe(false);
  }

  beforeAll(async () => {
    owner = await newAccount(t, "performer", "owner");
    const created = await t.request({
      method: "POST",
      url: "/performer/assets/galleries",
      token: owner.token,
      body: { title: "Duo", performerIds: [owner.id], status: "draft" },
    });
    expect(created.statusCode, created.body).toBe(201);
    gid = created.json()._id;
    url = `/performer/people/gallery/${gid}/releases`;
  });

  it("refuses a PDF that is not one: HTML, a picture, a header and nothing else, an empty file, an oversized one", async () => {
    const post = (pdf: Part) => sendParts(url, owner.token, [...textParts(releaseFields), ...ids(), pdf]);
    const cases: [Part, number, string][] = [
      [pdfPart("<!doctype html><html><script>alert(1)</script></html>"), 422, "not a PDF"],
      [pdfPart(png), 422, "not a PDF"],
      [pdfPart("%PDF-<html><script>alert(1)</script></html>"), 422, "not a PDF"],
      [pdfPart(Buffer.alloc(0)), 400, "empty file"],
      [pdfPart(Buffer.concat([Buffer.from(REAL_PDF), Buffer.alloc(MAX_BYTES)])), 413, "too large"],
    ];
    for (const [part, status, reason] of cases) expectRefused(await post(part), status, "consentPdf", reason);
    expectRefused(
      await sendParts(url, owner.token, [
        ...textParts(releaseFields),
        image("documentFront", "<svg/>"),
        ids()[1] as Part,
        pdfPart(REAL_PDF),
      ]),
      422,
      "documentFront",
      /^(not an image|unsupported format svg)$/,
    );
    expectRefused(
      await sendParts(url, owner.token, [
        ...textParts(releaseFields),
        ...ids(),
        pdfPart(REAL_PDF),
        pdfPart(REAL_PDF, "again.pdf"),
      ]),
      400,
      "consentPdf",
      "sent more than once",
    );
    expectRefused(
      await sendParts(url, owner.token, [
        ...textParts(releaseFields),
        ...ids(),
        image("documentBack", await flatPng(10_000, 10_000), "b.png", "image/png"),
      ]),
      400,
      "documentBack",
      "sent more than once",
    );
    await nothingStored();

    // A real one, under a file name with a path in it, is kept under the site's own name.
    const kept = await post(pdfPart(REAL_PDF, "../../../consent.pdf"));
    expect(kept.statusCode, kept.body).toBe(201);
    const [row] = await t.database.db.select().from(coPerformerReleases).where(eq(coPerformerReleases.itemId, gid));
    expect(row?.consentPdfKey).toMatch(new RegExp(`^private/releases/gallery/${gid}/[a-z0-9]+/consent\\.pdf$`));
  });

  it("refuses a decompression bomb as an ID image", async () => {
    const res = await sendParts(url, owner.token, [
      ...textParts(releaseFields),
      image("documentFront", await flatPng(10_000, 10_000), "front.png", "image/png"),
      ids()[1] as Part,
      pdfPart(REAL_PDF),
    ]);
    expectRefused(res, 422, "documentFront", "too many pixels");
  });
});
