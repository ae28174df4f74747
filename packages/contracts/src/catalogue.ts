import { z } from "zod";
import { entityId } from "./common.ts";

/** Who may watch an item (DESIGN section 5). `sale` items carry a price. */
export const accessKinds = ["free", "members", "sale"] as const;
export const accessKind = z.enum(accessKinds);
export type AccessKind = z.infer<typeof accessKind>;

/** Lifecycle an owner controls. Only `active` items are listed to the public. */
export const assetStatuses = ["draft", "active", "inactive"] as const;
export const assetStatus = z.enum(assetStatuses);

/** Where the media of an item is in its processing. */
export const processingStatuses = ["none", "pending", "processing", "ready", "failed"] as const;
export const processingStatus = z.enum(processingStatuses);
export const processing = z.object({ status: processingStatus, error: z.string().nullable() });

/** The lowest and highest price of an item for sale, in major units of the site currency. */
export const PRICE_MIN = 0.5;
export const PRICE_MAX = 10_000;

/** A price in the site currency, in major units with at most two decimals. */
export const price = z.coerce
  .number()
  .min(PRICE_MIN, "The lowest price is 0.50")
  .max(PRICE_MAX, "The highest price is 10000")
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), "Use at most two decimals");

export const slug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, digits and single dashes")
  // Pages are found by id or slug: a slug shaped like an id would never be found by its slug.
  .refine(
    (s) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(s),
    "A slug cannot look like an id",
  );

export const tag = z.string().trim().toLowerCase().min(1).max(40);

/** An admin took the item off the site: when, and why (its performers see this in the studio). */
export const takedown = z.object({ at: z.string(), reason: z.string() });

/**
 * Where an item stands with the site's moderators, as its performers see it in the studio (issue 22): waiting for
 * review, refused with the reviewer's reason, or taken down with the admin's reason. null: nothing holds it back
 * (whether it is listed then follows its status). `at`: when it was submitted, refused or taken down.
 */
export const moderationStates = ["in-review", "refused", "taken-down"] as const;
export const moderation = z.object({
  state: z.enum(moderationStates),
  reason: z.string().nullable(),
  at: z.string(),
});
export type Moderation = z.infer<typeof moderation>;

/** Why a viewer cannot watch an item, so the page can offer the right way in. */
export const lockReasons = ["members", "sale", "scheduled", "processing"] as const;
export const lockReason = z.enum(lockReasons);

export const image = z.object({
  url: z.string(),
  srcSet: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Image = z.infer<typeof image>;

export const performerRef = z.object({
  _id: entityId,
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type PerformerRef = z.infer<typeof performerRef>;

export const categoryRef = z.object({ _id: entityId, name: z.string(), slug: z.string() });
export type CategoryRef = z.infer<typeof categoryRef>;

/**
 * On a card in a list: the viewer holds a paid order line for the item ("Owned" instead of its price). False for
 * visitors; absent where a list is not made for a viewer (the admin's and the studio's own lists).
 */
export const ownedFlag = z.boolean().optional();

export const viewerFlags = z.object({
  isLiked: z.boolean(),
  isFavourited: z.boolean(),
  isWatchedLater: z.boolean(),
  isBought: z.boolean(),
  canWatch: z.boolean(),
  /** null when `canWatch`; else what stands between the viewer and the item. */
  lock: lockReason.nullable(),
});
