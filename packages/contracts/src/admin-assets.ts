import { z } from "zod";
import { accessKind, assetStatus, image, performerRef, price, processingStatus, takedown } from "./catalogue.ts";
import { entityId, pagedQuery, pagedResponse } from "./common.ts";

/**
 * The admin's catalogue screen (issue 9): every movie and gallery of every performer in one list, newest first,
 * with edit and take-down. (Not `lib/admin-catalogue.ts` in the web app: that one is the categories, posts,
 * banners and performers forms.)
 */
export const assetKinds = ["video", "gallery"] as const;
export const assetKind = z.enum(assetKinds);
export type AssetKind = z.infer<typeof assetKind>;

export const adminAssetsQuery = pagedQuery.extend({
  kind: assetKind.optional(),
  performerId: entityId.optional(),
  status: assetStatus.optional(),
  access: accessKind.optional(),
  /** `true`: only taken-down items; `false`: none of them; left out: both. */
  takenDown: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});
export type AdminAssetsQuery = z.infer<typeof adminAssetsQuery>;

export const adminAsset = z.object({
  kind: assetKind,
  _id: entityId,
  slug: z.string(),
  title: z.string(),
  access: accessKind,
  price: z.number().nullable(),
  status: assetStatus,
  /** Whether members and visitors see it in the catalogue now. */
  listed: z.boolean(),
  /** Movies: where their media is; galleries: null (photos are processed on upload). */
  processing: processingStatus.nullable(),
  /** Movies: the thumbnail; galleries: the cover. */
  thumbnail: image.nullable(),
  performers: z.array(performerRef),
  takedown: takedown.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminAsset = z.infer<typeof adminAsset>;
export const adminAssetList = pagedResponse(adminAsset);

export const assetParams = z.strictObject({ kind: assetKind, id: entityId });

export const takedownBody = z.strictObject({
  reason: z.string().trim().min(1, "Say why it is taken down").max(500),
});

/** What an admin may change from the catalogue screen; the rest is edited in the studio like any owner. */
export const updateAdminAssetBody = z
  .strictObject({
    title: z.string().trim().min(1, "Title is required").max(200),
    status: assetStatus,
    access: accessKind,
    price: price.nullable(),
  })
  .partial();
export type UpdateAdminAssetBody = z.infer<typeof updateAdminAssetBody>;
