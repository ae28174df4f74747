import sharp, { type Metadata } from "sharp";
import { unprocessable } from "./errors.ts";

const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

/**
 * Reads the format from the bytes themselves (never the client's name or type), refuses what is not an
 * image, and re-encodes square webp variants with metadata stripped.
 */
export async function squareWebpVariants(input: Buffer, sizes: readonly number[]): Promise<Map<number, Buffer>> {
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw unprocessable("The file is not an image. Upload a JPEG, PNG, WebP, GIF or AVIF picture.", [
      { path: "file", message: "not an image" },
    ]);
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) {
    throw unprocessable("This image format is not supported. Upload a JPEG, PNG, WebP, GIF or AVIF picture.", [
      { path: "file", message: `unsupported format ${meta.format ?? "unknown"}` },
    ]);
  }
  if ((meta.width ?? 0) > 12000 || (meta.height ?? 0) > 12000) {
    throw unprocessable("The image is larger than 12000 pixels on a side.", [
      { path: "file", message: "too many pixels" },
    ]);
  }
  const out = new Map<number, Buffer>();
  try {
    for (const size of sizes) {
      out.set(size, await sharp(input).rotate().resize(size, size, { fit: "cover" }).webp({ quality: 82 }).toBuffer());
    }
  } catch {
    throw unprocessable("The image could not be read; it may be damaged.", [
      { path: "file", message: "corrupt image" },
    ]);
  }
  return out;
}
