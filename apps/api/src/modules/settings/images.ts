import { randomBytes } from "node:crypto";
import type { ImageSettingKey } from "@marquee/contracts/settings";
import sharp from "sharp";
import { unprocessable } from "../../platform/errors.ts";
import { type ImageFormats, readImage } from "../../platform/media/images.ts";
import { isStorageKey, type Storage } from "../../platform/storage.ts";
import type { AuditActor } from "../audit/service.ts";
import type { SettingsService } from "./service.ts";

/**
 * Pictures of the site itself (logo, favicon, login page image), uploaded on Admin → Settings instead of given as
 * URLs. Whatever comes in is decoded and re-encoded, so what is stored is only pixels:
 * - raster pictures (JPEG, PNG, WebP, GIF, AVIF) are read by their bytes, never their name or type;
 * - an SVG may carry script, links and references to other files. It is not stored as sent and not "cleaned":
 *   it is drawn to pixels from memory (libvips' buffer loader names no file and fetches nothing), so the stored file
 *   can carry nothing but the picture;
 * - ICO is refused with a sentence saying what to upload instead (browsers take PNG favicons everywhere).
 */
const SITE_PICTURE: ImageFormats = {
  accepted: new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "svg"]),
  names: "PNG, SVG, JPEG, WebP or GIF",
};

interface Output {
  /** The longest side (logo, login image) or the square's side (favicon), in pixels. */
  size: number;
  square: boolean;
  format: "webp" | "png";
}

/**
 * - logo: shown at 28 to 34 px (twice that on dense screens) and in link previews: at most 512 px a side;
 * - favicon: a 192 px PNG square (the size Android asks for; browsers scale it down for tabs), the picture
 *   letterboxed on transparency;
 * - the login page's image fills half a large screen: at most 1920 px a side.
 */
const OUTPUTS: Record<ImageSettingKey, Output> = {
  logo: { size: 512, square: false, format: "webp" },
  favicon: { size: 192, square: true, format: "png" },
  loginPlaceholderImage: { size: 1920, square: false, format: "webp" },
};

/** ICO's header: reserved 0, type 1 (icon). sharp has no loader for it. */
const isIco = (file: Buffer) => file.length >= 4 && file.readUInt32BE(0) === 0x00000100;

/** A vector picture is drawn at the density that makes its longest side `target` pixels (within libvips' range). */
function svgDensity(width: number, height: number, target: number): number {
  const longest = Math.max(width, height, 1);
  return Math.min(2400, Math.max(10, (72 * target) / longest));
}

async function encode(file: Buffer, out: Output): Promise<Buffer> {
  const source = await readImage(file, "file", SITE_PICTURE);
  const vector = source.format === "svg";
  const input = vector
    ? sharp(file, { density: svgDensity(source.width, source.height, out.size) })
    : sharp(file, { animated: false });
  const resized = input.rotate().resize({
    width: out.size,
    height: out.size,
    fit: out.square ? "contain" : "inside",
    // A small raster picture is not blown up (it would only blur); a vector one is drawn at the size.
    withoutEnlargement: !out.square && !vector,
    background: { r: 0, g: 0, b: 0, alpha: 0 },
  });
  try {
    return out.format === "png" ? await resized.png().toBuffer() : await resized.webp({ quality: 90 }).toBuffer();
  } catch {
    throw unprocessable("The image could not be read; it may be damaged.", [
      { path: "file", message: "corrupt image" },
    ]);
  }
}

export function createSiteImages(deps: { storage: Storage; settings: SettingsService }) {
  const { storage, settings } = deps;
  const folder = (key: ImageSettingKey) => `public/site/${key.toLowerCase()}/`;

  /** The storage key of a setting's value when it is a file uploaded here; null for a URL given by hand. */
  function uploadedKey(key: ImageSettingKey, value: unknown): string | null {
    if (typeof value !== "string") return null;
    const base = storage.publicUrl(folder(key));
    if (!value.startsWith(base)) return null;
    const name = value.slice(base.length);
    const stored = `${folder(key)}${name}`;
    return /^[a-z0-9]+\.(webp|png)$/.test(name) && isStorageKey(stored) ? stored : null;
  }

  return {
    /**
     * Stores an uploaded picture for `key` and makes the setting point at it (recorded in the audit trail as a
     * settings change); the file it replaces goes once that is saved, the new one if it is not.
     */
    async upload(key: ImageSettingKey, file: Buffer, actor: AuditActor) {
      if (isIco(file)) {
        throw unprocessable(`ICO files are not supported. Upload a ${SITE_PICTURE.names} picture.`, [
          { path: "file", message: "unsupported format ico" },
        ]);
      }
      const out = OUTPUTS[key];
      const data = await encode(file, out);
      const storageKey = `${folder(key)}${Date.now().toString(36)}${randomBytes(4).toString("hex")}.${out.format}`;
      const previous = uploadedKey(key, await settings.get(key));
      await storage.put(storageKey, data);
      let row: Awaited<ReturnType<SettingsService["update"]>>;
      try {
        row = await settings.update(key, storage.publicUrl(storageKey), actor);
      } catch (err) {
        await storage.remove(storageKey);
        throw err;
      }
      if (previous && previous !== storageKey) await storage.remove(previous);
      return row;
    },
  };
}
export type SiteImages = ReturnType<typeof createSiteImages>;
