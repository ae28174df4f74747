import sharp, { type Metadata } from "sharp";
import { unprocessable } from "./errors.ts";
import type { Storage } from "./storage.ts";

/**
 * Webp variants of an uploaded catalogue image (performer covers, post images, banners), written to public
 * storage. The format is read from the bytes (never the client's name or type); what is not a supported image
 * is refused with 422 and a human message. Kept small so it can sit on top of the shared media pipeline's
 * `imageVariants` once that lands, without its callers changing.
 */
export interface WebpSpec {
  name: string;
  width: number;
  /** With a height the image is cropped to the box; without one the aspect ratio is kept, never enlarged. */
  height?: number;
}

export interface StoredVariant {
  name: string;
  key: string;
  width: number;
  height: number;
}

const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
const MAX_SIDE = 12000;

async function sniff(input: Buffer) {
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
  if ((meta.width ?? 0) > MAX_SIDE || (meta.height ?? 0) > MAX_SIDE) {
    throw unprocessable(`The image is larger than ${MAX_SIDE} pixels on a side.`, [
      { path: "file", message: "too many pixels" },
    ]);
  }
}

/** Encodes every spec to webp (EXIF-rotated, metadata stripped) and stores it as `<prefix>-<name>.webp`. */
export async function storeWebpVariants(
  storage: Storage,
  prefix: string,
  input: Buffer,
  specs: readonly WebpSpec[],
): Promise<StoredVariant[]> {
  await sniff(input);
  const encoded: { spec: WebpSpec; data: Buffer; width: number; height: number }[] = [];
  try {
    for (const spec of specs) {
      const { data, info } = await sharp(input)
        .rotate()
        .resize(
          spec.height
            ? { width: spec.width, height: spec.height, fit: "cover" }
            : { width: spec.width, fit: "inside", withoutEnlargement: true },
        )
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      encoded.push({ spec, data, width: info.width, height: info.height });
    }
  } catch {
    throw unprocessable("The image could not be read; it may be damaged.", [
      { path: "file", message: "corrupt image" },
    ]);
  }
  const out: StoredVariant[] = [];
  for (const e of encoded) {
    const key = `${prefix}-${e.spec.name}.webp`;
    await storage.put(key, e.data);
    out.push({ name: e.spec.name, key, width: e.width, height: e.height });
  }
  return out;
}

/** Removes the variants stored under `prefix` (the names of the specs they were made with). */
export async function removeWebpVariants(storage: Storage, prefix: string, specs: readonly WebpSpec[]) {
  for (const spec of specs) await storage.remove(`${prefix}-${spec.name}.webp`);
}
