import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { qualified } from "../../db/qualified.ts";
import { type VaultItemRow, vaultItems } from "./tables.ts";

/** The light jobs that take a media worker's result into a vault item. */
export const VAULT_JOBS = {
  photoProcessed: "vault.photo-processed",
  transcoded: "vault.transcoded",
} as const;

/** A photo's full size fits this box; its thumbnail (and a video's poster thumbnail) is this wide. */
export const VAULT_FULL_MAX = 2048;
export const VAULT_THUMB_WIDTH = 480;

/** Where an item's files live. The uploaded original stays apart: no link ever names it, and it goes once processed. */
export const keysOf = (id: string) => ({
  media: `private/vault/${id}`,
  preview: `public/vault/${id}/preview.webp`,
  source: `private/vault-sources/${id}/source`,
  sourceDir: `private/vault-sources/${id}`,
  /** A video's renditions (the transcode's `out`). */
  video: `private/vault/${id}/video`,
  /** A video's poster thumbnails: `<poster>-thumb.webp` (private) and `<poster>-preview.webp` (blurred, moved public). */
  poster: `private/vault/${id}/poster`,
});

/** The private files a viewer who may open an item gets links to: its thumbnail and its full size or MP4. */
/** What an attachment is presented from: the columns `attachedColumn` reads of each item. */
export type AttachedItem = Pick<
  VaultItemRow,
  "id" | "kind" | "status" | "width" | "height" | "durationSec" | "previewKey" | "mediaKey"
>;

/** `attachedColumn`'s value as the driver hands it over (parsed JSON, or its text). */
const attachedItems = (value: AttachedItem[] | string | null): AttachedItem[] =>
  typeof value === "string" ? (JSON.parse(value) as AttachedItem[]) : (value ?? []);

/**
 * The vault items an id array column names (a message's `attachment_ids`), as `AttachedItem`s, for a module to read
 * them in its own list query rather than in one more. Order is not kept: look the items up by id.
 */
export function attachedColumn(ids: AnyPgColumn): SQL<AttachedItem[]> {
  return sql`(select coalesce(json_agg(json_build_object(
    'id', v.id, 'kind', v.kind, 'status', v.status, 'width', v.width, 'height', v.height,
    'durationSec', v.duration_sec, 'previewKey', v.preview_key, 'mediaKey', v.media_key)), '[]'::json)
    from ${vaultItems} v where v.id = any(${qualified(ids)}))`.mapWith(attachedItems);
}

export function openKeysOf(row: Pick<VaultItemRow, "id" | "kind" | "mediaKey">) {
  if (row.kind === "photo") return { thumbnail: `${row.mediaKey}/thumb.webp`, url: `${row.mediaKey}/full.webp` };
  return { thumbnail: `${row.mediaKey}/poster-thumb.webp`, url: `${row.mediaKey}/video/video.mp4` };
}

/** The poster specs a video's transcode makes: a private thumbnail and the blurred preview a locked viewer sees. */
export const POSTER_SPECS = [
  { name: "thumb", width: VAULT_THUMB_WIDTH, height: VAULT_THUMB_WIDTH, fit: "inside" },
  { name: "preview", width: 64, height: 64, fit: "inside", blur: 6, quality: 50 },
] as const;

/** The longest a kept file name may be. */
const NAME_MAX = 200;

/** A file name as the studio shows it: control characters out, trimmed, at most NAME_MAX characters. */
export function displayName(filename: string, kind: VaultItemRow["kind"]): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const clean = filename.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return [...clean].slice(0, NAME_MAX).join("").trim() || (kind === "photo" ? "photo" : "video");
}
