import sharp from "sharp";
import { imageVariants } from "./media/images.ts";
import type { Storage } from "./storage.ts";

/**
 * Webp variants of an uploaded catalogue image (performer covers, post images, banners), written to public
 * storage. The format is read from the bytes (never the client's name or type); what is not a supported image
 * is refused with 422 and a human message (both by the media pipeline's `imageVariants`).
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

/** Encodes every spec to webp (EXIF-rotated, metadata stripped) and stores it as `<prefix>-<name>.webp`. */
export async function storeWebpVariants(
  storage: Storage,
  prefix: string,
  input: Buffer,
  specs: readonly WebpSpec[],
): Promise<StoredVariant[]> {
  const { variants } = await imageVariants(
    input,
    specs.map((s) => ({ name: s.name, width: s.width, height: s.height, fit: s.height ? "cover" : "inside" })),
  );
  const out: StoredVariant[] = [];
  for (const spec of specs) {
    const data = variants.get(spec.name) as Buffer;
    // The size actually encoded: an image narrower than the spec is never enlarged.
    const { width = spec.width, height = spec.height ?? 0 } = await sharp(data).metadata();
    const key = `${prefix}-${spec.name}.webp`;
    await storage.put(key, data);
    out.push({ name: spec.name, key, width, height });
  }
  return out;
}

/** Removes the variants stored under `prefix` (the names of the specs they were made with). */
export async function removeWebpVariants(storage: Storage, prefix: string, specs: readonly WebpSpec[]) {
  for (const spec of specs) await storage.remove(`${prefix}-${spec.name}.webp`);
}
