import { z } from "zod";
import { processingStatus } from "./catalogue.ts";
import { entityId } from "./common.ts";

/**
 * The vault (issue 25 section 2): a performer's library of uploaded photos and videos, processed by the media
 * pipeline once and attached to feed posts and messages by id, without uploading again.
 */

/** The largest photo a performer may upload to the vault. */
export const VAULT_PHOTO_MAX_BYTES = 25 * 1024 * 1024;
/** The largest video (a short one: posts and messages carry clips, movies are for the catalogue). */
export const VAULT_VIDEO_MAX_BYTES = 500 * 1024 * 1024;
/** The longest video the vault keeps, in seconds. */
export const VAULT_VIDEO_MAX_SECONDS = 600;
/** How many vault items one post or message may carry. */
export const ATTACHMENTS_MAX = 20;

export const vaultKinds = ["photo", "video"] as const;
export const vaultKind = z.enum(vaultKinds);
export type VaultKind = z.infer<typeof vaultKind>;

/**
 * One attachment as a viewer gets it. `preview` (public, blurred) always; `thumbnail` and `url` (a photo's full size,
 * a video's MP4) are signed links only when the viewer may open the post or message that carries it.
 */
export const attachment = z.object({
  _id: entityId,
  kind: vaultKind,
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationSec: z.number().nullable(),
  preview: z.string().nullable(),
  thumbnail: z.string().nullable(),
  url: z.string().nullable(),
});
export type Attachment = z.infer<typeof attachment>;

/** A vault item as its performer sees it in the studio. */
export const vaultItem = attachment.extend({
  status: processingStatus,
  error: z.string().nullable(),
  /** The name of the file it was uploaded from. */
  name: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
});
export type VaultItem = z.infer<typeof vaultItem>;

export const vaultQuery = z.strictObject({
  kind: vaultKind.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
  cursor: z.string().trim().min(1).max(400).optional(),
});
export type VaultQuery = z.infer<typeof vaultQuery>;
export const vaultList = z.object({ data: z.array(vaultItem), next: z.string().nullable() });
export type VaultList = z.infer<typeof vaultList>;

/** Attachments named by vault ids: each once, at most ATTACHMENTS_MAX. */
export const attachmentIds = z
  .array(entityId)
  .max(ATTACHMENTS_MAX, `At most ${ATTACHMENTS_MAX} attachments`)
  .refine((ids) => new Set(ids).size === ids.length, "Each attachment once");
