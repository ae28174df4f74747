import { readFile, stat } from "node:fs/promises";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, detailPaths, expectBadRequest, type TestContext } from "../../../test/harness.ts";
import { fileUpload, pngOf } from "../../../test/multipart.ts";

let t: TestContext;
let admin: string;
let user: string;
let performer: string;

beforeAll(async () => {
  t = await createTestContext();
  [admin, user, performer] = await Promise.all([t.login("admin"), t.login("user"), t.login("performer")]);
});
afterAll(() => t.close());

const upload = (key: string, data: Buffer | string, token = admin, filename = "picture.png", type = "image/png") => {
  const up = fileUpload(data, filename, type);
  return t.request({ method: "POST", url: `/admin/settings/${key}/upload`, token, body: up.body, headers: up.headers });
};

/** The stored file behind a public URL (`/api/files/site/...`). */
const fileOf = (url: string) => t.app.services.storage.diskPath(`public/${url.split("/files/")[1]}`) as string;

const publicSettings = async () => (await t.request({ method: "GET", url: "/settings/public" })).json();

const SCRIPTED_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20" viewBox="0 0 40 20">
  <script>alert(document.cookie)</script>
  <rect width="40" height="20" fill="#862e9c" onload="alert(1)"/>
  <a xlink:href="javascript:alert(2)"><circle cx="10" cy="10" r="5" fill="#fff"/></a>
</svg>`;

describe("POST /admin/settings/{key}/upload", () => {
  it("stores an uploaded logo as a webp, points the public setting at it and replaces the previous one", async () => {
    const res = await upload("logo", await pngOf(1200, 600));
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json();
    expect(row).toMatchObject({ key: "logo", isSet: true, public: true });
    expect(row.value).toMatch(/^\/api\/files\/site\/logo\/[a-z0-9]+\.webp$/);
    const meta = await sharp(fileOf(row.value)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 512, 256]);
    expect((await publicSettings()).logo).toBe(row.value);

    const again = await upload("logo", await pngOf(100, 100));
    expect(again.statusCode).toBe(200);
    // A small picture is not blown up, and the file it replaced is gone.
    expect((await sharp(fileOf(again.json().value)).metadata()).width).toBe(100);
    await expect(stat(fileOf(row.value))).rejects.toThrow();
  });

  it("records the change in the audit trail as a settings change", async () => {
    const res = await upload("logo", await pngOf(64, 64));
    const trail = await t.request({
      method: "GET",
      url: "/admin/audit",
      token: admin,
      query: { action: "settings.update", subjectId: "logo" },
    });
    expect(trail.statusCode, trail.body).toBe(200);
    expect(trail.json().data[0]).toMatchObject({ after: { value: res.json().value } });
  });

  it("makes a favicon a 192 px PNG square, whatever the upload's shape", async () => {
    const res = await upload("favicon", await pngOf(300, 100));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatch(/^\/api\/files\/site\/favicon\/[a-z0-9]+\.png$/);
    const meta = await sharp(fileOf(res.json().value)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 192, 192]);
    expect((await publicSettings()).favicon).toBe(res.json().value);
  });

  it("draws an SVG to pixels: none of its script, handlers or links is stored", async () => {
    const res = await upload("favicon", SCRIPTED_SVG, admin, "logo.svg", "image/svg+xml");
    expect(res.statusCode, res.body).toBe(200);
    const stored = await readFile(fileOf(res.json().value));
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 192, 192]);
    const text = stored.toString("latin1");
    for (const word of ["<svg", "script", "alert", "onload", "javascript"]) expect(text).not.toContain(word);

    const logo = await upload("logo", SCRIPTED_SVG, admin, "logo.svg", "image/svg+xml");
    expect(logo.statusCode).toBe(200);
    // A vector logo is drawn at the logo's size (its longest side 512 px), not at its nominal 40 px.
    const drawn = await sharp(fileOf(logo.json().value)).metadata();
    expect([drawn.format, drawn.width, drawn.height]).toEqual(["webp", 512, 256]);
  });

  it("refuses an ICO, a text file and a PDF with 422 naming the file, and leaves the setting alone", async () => {
    const before = (await publicSettings()).favicon;
    const ico = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]), Buffer.alloc(64)]);
    const refusedIco = await upload("favicon", ico, admin, "favicon.ico", "image/x-icon");
    expect(refusedIco.statusCode).toBe(422);
    expect(refusedIco.json().message).toBe(
      "ICO files are not supported. Upload a PNG, SVG, JPEG, WebP or GIF picture.",
    );
    expect(detailPaths(refusedIco)).toEqual(["file"]);

    const text = await upload("favicon", "just words, named like a picture", admin, "fav.png", "image/png");
    expect(text.statusCode).toBe(422);
    expect(text.json().message).toBe("The file is not an image. Upload a PNG, SVG, JPEG, WebP or GIF picture.");

    const pdf = await upload("logo", "%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n", admin, "logo.png", "image/png");
    expect(pdf.statusCode).toBe(422);
    expect(detailPaths(pdf)).toEqual(["file"]);
    expect((await publicSettings()).favicon).toBe(before);
  });

  it("takes only the picture settings, a file in a field named file, and admins", async () => {
    expectBadRequest(await upload("siteName", await pngOf(10, 10)), "params.key");
    expectBadRequest(await upload("menus", await pngOf(10, 10)), "params.key");
    expectBadRequest(
      await t.request({ method: "POST", url: "/admin/settings/logo/upload", token: admin, body: {} }),
      "file",
    );
    expect((await upload("logo", await pngOf(10, 10), "")).statusCode).toBe(401);
    expect((await upload("logo", await pngOf(10, 10), user)).statusCode).toBe(403);
    expect((await upload("logo", await pngOf(10, 10), performer)).statusCode).toBe(403);
  });

  it("keeps a URL given by hand: an upload after it does not remove a file it does not own", async () => {
    const put = await t.request({
      method: "PUT",
      url: "/admin/settings/loginPlaceholderImage",
      token: admin,
      body: { value: "/login-placeholder.webp" },
    });
    expect(put.statusCode).toBe(200);
    const res = await upload("loginPlaceholderImage", await pngOf(2400, 1200));
    expect(res.statusCode).toBe(200);
    const meta = await sharp(fileOf(res.json().value)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1920, 960]);
  });
});
