import { z } from "zod";
import { entityId } from "./common.ts";

/** What a member holds: a movie, gallery or product bought, a performer subscription, or the site membership. */
export const libraryKinds = ["video", "gallery", "product", "performer", "membership"] as const;

export const libraryEntry = z.object({
  /** Unique in the list: the item for a purchase, the subscription for a subscription. */
  _id: z.string(),
  kind: z.enum(libraryKinds),
  /** The movie, gallery, product, performer or membership package. */
  itemId: entityId,
  title: z.string(),
  /** Where the item is on the site. */
  link: z.string(),
  /** When it was bought (the last paid order of it) or the subscription started. */
  acquiredAt: z.string(),
  /** Subscriptions: until when they give access; null for purchases. */
  expiresAt: z.string().nullable(),
  /** Subscriptions: active, cancelled (access until `expiresAt`) or expired; null for purchases. */
  status: z.enum(["active", "cancelled", "expired"]).nullable(),
});
export type LibraryEntry = z.infer<typeof libraryEntry>;

export const libraryQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type LibraryQuery = z.infer<typeof libraryQuery>;

export const libraryList = z.object({ data: z.array(libraryEntry), total: z.number().int() });
export type LibraryList = z.infer<typeof libraryList>;
