import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { expect } from "vitest";
import type { TestContext } from "./harness.ts";

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, as a browser would send it; pass as `payload` and `headers`. */
export function multipart(parts: Part[]) {
  const boundary = `----marquee${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ""}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A single `file` part. */
export const fileUpload = (data: Buffer | string, filename = "picture.png", contentType = "image/png") =>
  multipart([{ name: "file", filename, contentType, data }]);

/** A real PNG of the given size, in one colour. */
export const pngOf = (width: number, height: number, colour = { r: 200, g: 40, b: 90 }) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/**
 * Adds a photo to a gallery as `token` through the upload route, then waits until the media job has made it (the
 * upload answers it still processing). Answers the photo's id.
 */
export async function addPhoto(
  t: Pick<TestContext, "app" | "jobs">,
  token: string,
  galleryId: string,
  picture: Buffer,
): Promise<string> {
  const { body, headers } = fileUpload(picture);
  const res = await t.app.inject({
    method: "POST",
    url: `/performer/assets/galleries/${galleryId}/photos/upload`,
    payload: body,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.jobs.idle();
  return (res.json() as { _id: string })._id;
}
