import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandling } from "./errors.ts";
import { streamSingleFileToDisk } from "./uploads.ts";

const MAX = 64 * 1024;
let app: FastifyInstance;
let dir: string;
let n = 0;

function multipartBody(parts: { name: string; filename?: string; data: Buffer | string }[]) {
  const boundary = `----marquee${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ""}`;
    const type = p.filename ? "Content-Type: application/octet-stream\r\n" : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "marquee-upload-"));
  app = Fastify();
  registerErrorHandling(app);
  // As in app.ts: the plugin-wide limit is the (smaller) image limit; the function passes its own.
  await app.register(multipart, { limits: { fileSize: 1024, files: 1 } });
  app.post("/upload", async (req) => {
    const dest = path.join(dir, "nested", `upload-${++n}.bin`);
    const { bytes } = await streamSingleFileToDisk(req, MAX, dest);
    return { bytes, dest };
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

const leftovers = async () => readdir(path.join(dir, "nested")).catch(() => [] as string[]);

describe("streamSingleFileToDisk", () => {
  it("writes the file part to disk, above the plugin-wide limit and up to its own", async () => {
    const data = randomBytes(MAX);
    const res = await app.inject({
      method: "POST",
      url: "/upload",
      ...multipartBody([
        { name: "title", data: "ignored" },
        { name: "file", filename: "../../evil.mp4", data },
      ]),
    });
    expect(res.statusCode).toBe(200);
    const { bytes, dest } = res.json() as { bytes: number; dest: string };
    expect(bytes).toBe(MAX);
    expect((await readFile(dest)).equals(data)).toBe(true);
    await rm(dest);
  });

  it("refuses a file over the limit with 413 and leaves nothing behind", async () => {
    const before = await leftovers();
    const res = await app.inject({
      method: "POST",
      url: "/upload",
      ...multipartBody([{ name: "file", filename: "big.mp4", data: randomBytes(MAX + 1) }]),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      statusCode: 413,
      error: "Payload Too Large",
      details: [{ path: "file", message: "too large" }],
    });
    expect(await leftovers()).toEqual(before);
  });

  it("refuses a request that is not multipart with 400", async () => {
    const res = await app.inject({ method: "POST", url: "/upload", payload: { file: "x" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ details: [{ path: "file", message: "required" }] });
  });

  it("refuses a multipart request without a file part named file with 400", async () => {
    const other = await app.inject({
      method: "POST",
      url: "/upload",
      ...multipartBody([{ name: "attachment", filename: "a.mp4", data: "abc" }]),
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ details: [{ path: "file", message: "required" }] });

    const none = await app.inject({
      method: "POST",
      url: "/upload",
      ...multipartBody([{ name: "title", data: "no file" }]),
    });
    expect(none.statusCode).toBe(400);
  });

  it("refuses a malformed multipart body with 400, never a 5xx, and leaves nothing behind", async () => {
    const before = await leftovers();
    const whole = multipartBody([{ name: "file", filename: "a.bin", data: randomBytes(4096) }]);
    const bodies = [
      // Cut short: no closing boundary.
      { payload: whole.payload.subarray(0, 2000), headers: whole.headers },
      // No boundary in the content type.
      { payload: whole.payload, headers: { "content-type": "multipart/form-data" } },
      // Not multipart at all behind a multipart content type.
      { payload: Buffer.from("garbage"), headers: whole.headers },
    ];
    for (const body of bodies) {
      const res = await app.inject({ method: "POST", url: "/upload", ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details?.[0]?.path).toBe("file");
    }
    expect(await leftovers()).toEqual(before);
  });

  it("refuses an empty file with 400 and leaves nothing behind", async () => {
    const before = await leftovers();
    const res = await app.inject({
      method: "POST",
      url: "/upload",
      ...multipartBody([{ name: "file", filename: "empty.mp4", data: Buffer.alloc(0) }]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ details: [{ path: "file", message: "empty" }] });
    expect(await leftovers()).toEqual(before);
  });
});
