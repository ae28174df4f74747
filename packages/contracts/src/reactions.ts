import { z } from "zod";
import { entityId, pagedQuery, pagedResponse } from "./common.ts";
import { gallery } from "./galleries.ts";
import { video } from "./videos.ts";

/** What members react to, and how (DESIGN section 5). Comments take likes only. */
export const reactionObjectTypes = ["video", "gallery", "product", "performer", "comment", "feed-post"] as const;
export const reactionObjectType = z.enum(reactionObjectTypes);
export type ReactionObjectType = z.infer<typeof reactionObjectType>;

export const reactionActions = ["like", "favourite", "watch_later"] as const;
export const reactionAction = z.enum(reactionActions);
export type ReactionAction = z.infer<typeof reactionAction>;

/** One reaction of the signed-in user: the body of POST and DELETE /reactions (DELETE takes the query too). */
export const reactionKey = z.strictObject({
  objectType: reactionObjectType,
  objectId: entityId,
  action: reactionAction,
});
export type ReactionKey = z.infer<typeof reactionKey>;

/** The object's counters after a change: only those the object keeps (a comment has no favourites, ...). */
export const reactionCounts = z.object({
  likes: z.number().int().optional(),
  favourites: z.number().int().optional(),
  comments: z.number().int().optional(),
});
export type ReactionCounts = z.infer<typeof reactionCounts>;

/** The answer of POST and DELETE /reactions: whether the reaction is now there, and the object's counters. */
export const reactionState = reactionKey.extend({
  active: z.boolean(),
  counts: reactionCounts,
});
export type ReactionState = z.infer<typeof reactionState>;

export const reaction = z.object({
  _id: entityId,
  objectType: reactionObjectType,
  objectId: entityId,
  action: reactionAction,
  createdAt: z.string(),
});
export type Reaction = z.infer<typeof reaction>;

/** The signed-in user's own reactions, newest first, filtered by action and kind of object. */
export const searchReactionsQuery = pagedQuery.omit({ q: true }).extend({
  action: reactionAction.optional(),
  objectType: reactionObjectType.optional(),
});
export type SearchReactionsQuery = z.infer<typeof searchReactionsQuery>;
export const reactionList = pagedResponse(reaction);

/** The user's favourites or watch-later list of one kind (`action` defaults to favourite). */
export const reactedItemsQuery = pagedQuery.omit({ q: true }).extend({
  action: z.enum(["favourite", "watch_later", "like"]).default("favourite"),
});
export type ReactedItemsQuery = z.infer<typeof reactedItemsQuery>;

/** A reaction with its movie as the catalogue lists it. Items the user may no longer open are left out. */
export const reactedVideo = reaction.extend({ video });
export const reactedVideoList = pagedResponse(reactedVideo);
export const reactedGallery = reaction.extend({ gallery });
export const reactedGalleryList = pagedResponse(reactedGallery);

/** Realtime, to room `object:<objectId>` when a reaction changed the object's counters. */
export const reactionUpdatedEvent = z.object({
  objectId: entityId,
  objectType: reactionObjectType,
  counts: reactionCounts,
});
export type ReactionUpdatedEvent = z.infer<typeof reactionUpdatedEvent>;
