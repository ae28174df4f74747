import { z } from "zod";
import { accessKind, assetStatus, image, performerRef, processingStatus } from "./catalogue.ts";
import { entityId } from "./common.ts";

/**
 * Review before publication (issue 22 section 2): what a performer publishes (movies, galleries, store products)
 * waits in the admins' queue, oldest first, when the site's `reviewMode` says so; an admin approves it (it goes out,
 * or at its scheduled date) or refuses it with a reason its performers are told. Posts are written by admins only
 * and are never reviewed; neither is what an admin publishes.
 */
export const reviewKinds = ["video", "gallery", "product"] as const;
export const reviewKind = z.enum(reviewKinds);
export type ReviewKind = z.infer<typeof reviewKind>;

export const reviewItem = z.object({
  kind: reviewKind,
  _id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  status: assetStatus,
  /** Movies and galleries; null for a product (always sold). */
  access: accessKind.nullable(),
  /** In major units; null when not for sale. */
  price: z.number().nullable(),
  performers: z.array(performerRef),
  /** The movie's thumbnail, the gallery's cover, the product's first picture. */
  thumbnail: image.nullable(),
  /** When it entered the queue: the queue is oldest first. */
  submittedAt: z.string(),
  /** A movie announced for this date: approved, it is released then. */
  scheduledAt: z.string().nullable(),
  /** Movies: where their media is (only a processed movie can be approved). */
  processing: processingStatus.nullable(),
  /** Galleries: photos the public would see. */
  photosCount: z.number().int().nullable(),
  /** The item's own page, which opens for admins while it waits (the movie plays, the photos show). */
  link: z.string(),
  createdAt: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItem>;

export const reviewQueueQuery = z.strictObject({
  kind: reviewKind.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const reviewQueue = z.object({ data: z.array(reviewItem), total: z.number().int() });
export type ReviewQueue = z.infer<typeof reviewQueue>;

export const reviewParams = z.strictObject({ kind: reviewKind, id: entityId });

export const refuseBody = z.strictObject({
  reason: z.string().trim().min(1, "Say why it is refused").max(1000),
});

/** What a decision left: approved (listed now, or at `scheduledAt`) or refused with its reason. */
export const reviewDecision = z.object({
  kind: reviewKind,
  _id: z.uuid(),
  title: z.string(),
  state: z.enum(["approved", "refused"]),
  reason: z.string().nullable(),
  /** Whether members and visitors see it now (an announced movie is listed as "coming"). */
  listed: z.boolean(),
  scheduledAt: z.string().nullable(),
});
export type ReviewDecision = z.infer<typeof reviewDecision>;
