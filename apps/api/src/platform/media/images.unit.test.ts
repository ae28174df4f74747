import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { squareWebpVariants as reexported } from "../images.ts";
import { blurredPreview, imageVariants, squareWebpVariants } from "./images.ts";

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3a6" } });

const notAnImage = { statusCode: 422, details: [{ path: "file", message: "not an image" }] };

describe("imageVariants", () => {
  it("makes webp variants of each spec and reports the source size", async () => {
    const input = await picture(1200, 800).jpeg().toBuffer();
    const { width, height, format, variants } = await imageVariants(input, [
      { name: "cover", width: 300, height: 300, fit: "cover" },
      { name: "inside", width: 600, fit: "inside" },
      { name: "big", width: 4000, fit: "inside" },
      { name: "blurred", width: 100, fit: "inside", blur: 10 },
    ]);
    expect({ width, height, format }).toEqual({ width: 1200, height: 800, format: "jpeg" });
    expect([...variants.keys()]).toEqual(["cover", "inside", "big", "blurred"]);
    const meta = async (name: string) => sharp(variants.get(name)).metadata();
    expect(await meta("cover")).toMatchObject({ format: "webp", width: 300, height: 300 });
    expect(await meta("inside")).toMatchObject({ format: "webp", width: 600, height: 400 });
    expect(await meta("big")).toMatchObject({ width: 1200, height: 800 }); // never enlarged
    expect(await meta("blurred")).toMatchObject({ width: 100, height: 67 });
  });

  it("reads a file path as well as a buffer", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "marquee-img-"));
    try {
      const file = path.join(dir, "upload");
      await writeFile(file, await picture(50, 40).png().toBuffer());
      const { width, height, format, variants } = await imageVariants(file, [{ name: "x", width: 25, fit: "inside" }]);
      expect({ width, height, format }).toEqual({ width: 50, height: 40, format: "png" });
      expect(await sharp(variants.get("x")).metadata()).toMatchObject({ width: 25, height: 20 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("turns the picture by its EXIF orientation and strips the metadata", async () => {
    // Stored 200x100, EXIF orientation 6: displayed 100x200.
    const input = await picture(200, 100)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "someone", Artist: "gps-leaker" } } })
      .toBuffer();
    const { width, height, variants } = await imageVariants(input, [{ name: "v", width: 1000, fit: "inside" }]);
    expect({ width, height }).toEqual({ width: 100, height: 200 });
    const out = await sharp(variants.get("v")).metadata();
    expect(out).toMatchObject({ width: 100, height: 200 });
    expect(out.exif).toBeUndefined();
    expect(out.orientation).toBeUndefined();
    expect(variants.get("v")?.includes("gps-leaker")).toBe(false);
  });

  it("refuses what is not an image, whatever it is called", async () => {
    await expect(imageVariants(Buffer.from("GIF89a but not really"), [])).rejects.toMatchObject(notAnImage);
    await expect(imageVariants(Buffer.alloc(0), [])).rejects.toMatchObject(notAnImage);
    await expect(imageVariants(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), [])).rejects.toMatchObject({
      statusCode: 422,
    });
  });

  it("refuses a vector or document format that can name other files, before rendering it", async () => {
    // An uploaded picture is read as one of the raster formats from its own bytes only (like the video tools).
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xi="http://www.w3.org/2001/XInclude" width="64" height="64">
      <image href="file:///etc/passwd" width="64" height="64"/><xi:include href="/etc/hostname" parse="text"/></svg>`;
    for (const input of [Buffer.from(svg), Buffer.from(`<?xml version="1.0"?>\n${svg}`)]) {
      await expect(imageVariants(input, [{ name: "v", width: 64, fit: "inside" }])).rejects.toMatchObject({
        statusCode: 422,
        details: [{ path: "file", message: "unsupported format svg" }],
      });
      await expect(blurredPreview(input)).rejects.toMatchObject({ statusCode: 422 });
    }
    await expect(imageVariants(Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n"), [])).rejects.toMatchObject(notAnImage);
  });

  it("refuses an image over 12000 pixels on a side", async () => {
    const input = await sharp({ create: { width: 12001, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    await expect(imageVariants(input, [])).rejects.toMatchObject({
      statusCode: 422,
      details: [{ path: "file", message: "too many pixels" }],
    });
  });
});

describe("blurredPreview", () => {
  it("is a tiny blurred webp that keeps the aspect ratio", async () => {
    // Sharp stripes: a blurred preview has no sharp edges left.
    const stripes = await sharp({
      create: { width: 800, height: 400, channels: 3, background: "#000" },
    })
      .composite(
        Array.from({ length: 20 }, (_, i) => ({
          input: { create: { width: 20, height: 400, channels: 3 as const, background: "#fff" } },
          left: i * 40,
          top: 0,
        })),
      )
      .png()
      .toBuffer();
    const preview = await blurredPreview(stripes);
    const meta = await sharp(preview).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 64, height: 32 });
    expect(preview.length).toBeLessThan(2000);
    const { channels } = await sharp(preview).stats();
    // The stripes averaged out: no pixel stays near pure black or pure white.
    expect(channels[0]?.min).toBeGreaterThan(40);
    expect(channels[0]?.max).toBeLessThan(215);
  });

  it("refuses what is not an image", async () => {
    await expect(blurredPreview(Buffer.from("nope"))).rejects.toMatchObject(notAnImage);
  });
});

describe("squareWebpVariants", () => {
  it("makes square webp avatars keyed by size, also through platform/images.ts", async () => {
    expect(reexported).toBe(squareWebpVariants);
    const input = await picture(300, 200).png().toBuffer();
    const out = await squareWebpVariants(input, [64, 256]);
    expect([...out.keys()]).toEqual([64, 256]);
    expect(await sharp(out.get(64)).metadata()).toMatchObject({ format: "webp", width: 64, height: 64 });
    expect(await sharp(out.get(256)).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
  });
});

describe("what libvips may load", () => {
  it("reads the accepted formats from a file and from a buffer", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "marquee-img-"));
    try {
      for (const format of ["jpeg", "png", "webp", "gif", "avif", "tiff"] as const) {
        const data = await picture(40, 30).toFormat(format).toBuffer();
        const file = path.join(dir, `upload-${format}`);
        await writeFile(file, data);
        for (const input of [data, file]) {
          const { width, height, variants } = await imageVariants(input, [{ name: "x", width: 20, fit: "inside" }]);
          expect({ format, width, height }).toEqual({ format, width: 40, height: 30 });
          expect(await sharp(variants.get("x")).metadata()).toMatchObject({ format: "webp", width: 20 });
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("never renders an SVG file, which would read the files it names", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "marquee-img-"));
    try {
      // A picture of someone else's beside an uploaded SVG that names it.
      await writeFile(path.join(dir, "secret.png"), await picture(20, 20).png().toBuffer());
      const svg = path.join(dir, "upload");
      await writeFile(
        svg,
        '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><image href="secret.png" width="20" height="20"/></svg>',
      );
      // Even a caller that skipped imageVariants' format check gets nothing out of it.
      await expect(sharp(svg).png().toBuffer()).rejects.toThrow(/unsupported image format/);
      await expect(imageVariants(svg, [{ name: "x", width: 20, fit: "inside" }])).rejects.toMatchObject(notAnImage);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("loads none of libvips' other formats (PPM, its own .v)", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "marquee-img-"));
    try {
      const ppm = path.join(dir, "upload.ppm");
      await writeFile(ppm, Buffer.concat([Buffer.from("P6\n2 2\n255\n"), Buffer.alloc(12, 200)]));
      const vips = path.join(dir, "upload.v");
      await picture(4, 4).toFile(vips);
      for (const input of [ppm, await readFile(ppm), vips]) {
        await expect(imageVariants(input, [])).rejects.toMatchObject(notAnImage);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
