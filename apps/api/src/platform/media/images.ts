import sharp, { type Metadata } from "sharp";
import { unprocessable } from "../errors.ts";

/**
 * libvips picks a loader from the bytes, and reads the header before the format can be checked; some loaders
 * read further files: an SVG loaded from a file renders the pictures and XIncludes it names, relative to its
 * directory. So, for the whole process, every loader is blocked but the raster ones uploads may use. SVG from a
 * buffer stays open: with no directory it can name no file, and the demo catalogue draws its pictures with it.
 */
sharp.block({ operation: ["VipsForeignLoad"] });
sharp.unblock({
  operation: [
    "VipsForeignLoadJpeg",
    "VipsForeignLoadPng",
    "VipsForeignLoadWebp",
    "VipsForeignLoadNsgif",
    "VipsForeignLoadHeif",
    "VipsForeignLoadTiff",
    "VipsForeignLoadSvgBuffer",
  ],
});

/**
 * One libvips thread per image: requests already run side by side on libuv's pool, and every extra thread keeps
 * buffers in glibc arenas that are never given back. Measured by bench:memory on PostgreSQL, together with
 * MALLOC_ARENA_MAX=2 (set by the start scripts): RSS settled after 20 camera pictures and a transcode fell from
 * 381 MB to 272 MB.
 */
sharp.concurrency(1);
/**
 * No libvips operation cache: it keeps up to 50 MB of past results for an operation repeated on the same input,
 * which never happens here (each upload is read once), and held that much in the API after the demo's pictures.
 */
sharp.cache(false);

/** Formats an upload may be in (as sharp names them), and how a refusal names them to a person. */
export interface ImageFormats {
  accepted: ReadonlySet<string>;
  names: string;
}
const ANY_PICTURE: ImageFormats = {
  accepted: new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]),
  names: "JPEG, PNG, WebP, GIF or AVIF",
};
const MAX_SIDE = 12000;
/** 50 megapixels: a flat 12000x12000 PNG weighs little but would cost seconds and much memory to decode. */
const MAX_PIXELS = 50_000_000;

export interface ImageSpec {
  /** The key of the variant in the result. */
  name: string;
  width: number;
  /** Without a height the aspect ratio is kept. */
  height?: number;
  /** `cover` crops to the box; `inside` fits within it, never enlarging; `contain` letterboxes. */
  fit: "cover" | "inside" | "contain";
  /** Gaussian blur sigma (0.3 to 1000). */
  blur?: number;
  /** webp quality, default 82. */
  quality?: number;
}

export interface ImageVariants {
  /** Source size as displayed (after EXIF rotation). */
  width: number;
  height: number;
  /** The source format read from its bytes. */
  format: string;
  variants: Map<string, Buffer>;
}

/**
 * Reads the format from the bytes themselves (never the client's name or type) and refuses what is not a
 * supported image or is too large, with 422 and a human message naming `field`. Only the header is read: a small
 * file that would decode to a huge picture (a decompression bomb) is refused before it is decoded.
 */
export async function readImage(
  input: Buffer | string,
  field = "file",
  formats: ImageFormats = ANY_PICTURE,
): Promise<{ width: number; height: number; format: string }> {
  const prefix = field === "file" ? "" : `${field}: `;
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw unprocessable(`${prefix}The file is not an image. Upload a ${formats.names} picture.`, [
      { path: field, message: "not an image" },
    ]);
  }
  if (!meta.format || !formats.accepted.has(meta.format)) {
    throw unprocessable(`${prefix}This image format is not supported. Upload a ${formats.names} picture.`, [
      { path: field, message: `unsupported format ${meta.format ?? "unknown"}` },
    ]);
  }
  if ((meta.width ?? 0) > MAX_SIDE || (meta.height ?? 0) > MAX_SIDE) {
    throw unprocessable(`${prefix}The image is larger than ${MAX_SIDE} pixels on a side.`, [
      { path: field, message: "too many pixels" },
    ]);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) {
    throw unprocessable(`${prefix}The image has more than ${MAX_PIXELS / 1_000_000} megapixels.`, [
      { path: field, message: "too many pixels" },
    ]);
  }
  // EXIF orientations 5 to 8 turn the picture a quarter: the displayed size is the stored one swapped.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  return { width: turned ? height : width, height: turned ? width : height, format: meta.format };
}

const corrupt = () =>
  unprocessable("The image could not be read; it may be damaged.", [{ path: "file", message: "corrupt image" }]);

/**
 * Re-encodes an uploaded image into webp variants: rotated by its EXIF orientation, metadata stripped
 * (sharp writes none unless asked), refused with 422 when it is not a supported image.
 */
export async function imageVariants(input: Buffer | string, specs: readonly ImageSpec[]): Promise<ImageVariants> {
  const source = await readImage(input);
  const variants = new Map<string, Buffer>();
  try {
    for (const spec of specs) {
      let img = sharp(input)
        .rotate()
        .resize({
          width: spec.width,
          height: spec.height,
          fit: spec.fit,
          withoutEnlargement: spec.fit === "inside",
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        });
      if (spec.blur) img = img.blur(Math.min(1000, Math.max(0.3, spec.blur)));
      variants.set(spec.name, await img.webp({ quality: spec.quality ?? 82 }).toBuffer());
    }
  } catch {
    throw corrupt();
  }
  return { ...source, variants };
}

/**
 * A small, heavily blurred webp of an image (at most 64 px on its long side) shown in place of a locked
 * photo: it keeps the colours and the layout and nothing else. The browser scales it up.
 */
export async function blurredPreview(input: Buffer | string): Promise<Buffer> {
  await readImage(input);
  try {
    return await sharp(input)
      .rotate()
      .resize({ width: 64, height: 64, fit: "inside" })
      .blur(6)
      .webp({ quality: 50 })
      .toBuffer();
  } catch {
    throw corrupt();
  }
}

/** A gallery photo's files: the full size (at most `fullMax` on a side), a `thumbWidth` thumbnail and the preview. */
export interface PhotoFiles {
  full: Buffer;
  thumb: Buffer;
  preview: Buffer;
  /** The full size's own dimensions. */
  width: number;
  height: number;
}

/**
 * A gallery photo's variants. The upload is decoded once, into the full size; the thumbnail and the blurred preview
 * come from that (rotated already, and at most `fullMax` px), which halves the work on a large camera picture.
 */
export async function photoFiles(input: Buffer | string, size: { fullMax: number; thumbWidth: number }) {
  const { variants } = await imageVariants(input, [
    { name: "full", width: size.fullMax, height: size.fullMax, fit: "inside" },
  ]);
  const full = variants.get("full") as Buffer;
  const thumb = (await imageVariants(full, [{ name: "thumb", width: size.thumbWidth, fit: "inside" }])).variants.get(
    "thumb",
  ) as Buffer;
  const preview = await blurredPreview(full);
  const meta = await sharp(full).metadata();
  return { full, thumb, preview, width: meta.width ?? 0, height: meta.height ?? 0 } satisfies PhotoFiles;
}

/** Square webp variants (`size` x `size`, cropped to cover), keyed by size; used for avatars. */
export async function squareWebpVariants(input: Buffer, sizes: readonly number[]): Promise<Map<number, Buffer>> {
  const { variants } = await imageVariants(
    input,
    sizes.map((size) => ({ name: String(size), width: size, height: size, fit: "cover" as const })),
  );
  return new Map(sizes.map((size) => [size, variants.get(String(size)) as Buffer]));
}
