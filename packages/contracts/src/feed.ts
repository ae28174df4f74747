import { z } from "zod";
import { performerRef, price } from "./catalogue.ts";
import { entityId } from "./common.ts";
import { gallery } from "./galleries.ts";
import { product } from "./products.ts";
import { attachment, attachmentIds } from "./vault.ts";
import { video } from "./videos.ts";

/**
 * Following, feed posts and the feed (issue 25 section 1). A member follows a performer for free; `/feed` shows
 * what is new from the performers they follow or subscribe to: movies, galleries, products and feed posts.
 */

// ---- Following ----

/** A performer's follow state for the viewer, as the profile's button shows it. */
export const followState = z.object({
  performerId: entityId,
  following: z.boolean(),
  followers: z.number().int(),
});
export type FollowState = z.infer<typeof followState>;

/** One of a performer's followers, as their studio lists them. */
export const follower = z.object({
  _id: entityId,
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  /** They also hold a live subscription to the performer. */
  subscribed: z.boolean(),
  followedAt: z.string(),
});
export type Follower = z.infer<typeof follower>;
export const followersQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(24),
  cursor: z.string().trim().min(1).max(400).optional(),
});
export const followerList = z.object({ data: z.array(follower), total: z.number().int(), next: z.string().nullable() });
export type FollowerList = z.infer<typeof followerList>;

// ---- Feed posts ----

/** The longest text of a feed post. */
export const FEED_POST_MAX = 5000;
export const POLL_OPTION_MAX = 100;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 6;
/** How long a poll may stay open, in days. */
export const POLL_DAYS_MAX = 30;

/** Who opens a post: everyone, the performer's subscribers, or whoever paid its price. */
export const feedPostAccesses = ["free", "subscribers", "paid"] as const;
export const feedPostAccess = z.enum(feedPostAccesses);
export type FeedPostAccess = z.infer<typeof feedPostAccess>;

export const pollBody = z.strictObject({
  options: z
    .array(z.string().trim().min(1, "Write the option").max(POLL_OPTION_MAX))
    .min(POLL_OPTIONS_MIN, `At least ${POLL_OPTIONS_MIN} options`)
    .max(POLL_OPTIONS_MAX, `At most ${POLL_OPTIONS_MAX} options`)
    .refine((o) => new Set(o.map((x) => x.toLowerCase())).size === o.length, "Each option once"),
  /** Days it stays open; null: until the post is deleted. */
  days: z.number().int().min(1).max(POLL_DAYS_MAX).nullable().default(null),
});
export type PollBody = z.infer<typeof pollBody>;

const postText = z.string().trim().max(FEED_POST_MAX, `At most ${FEED_POST_MAX} characters`);

/** A new post: some text or at least one attachment. `price` only (and always) for a paid post. */
export const createFeedPostBody = z.strictObject({
  text: postText.default(""),
  access: feedPostAccess.default("free"),
  price: price.nullable().optional(),
  attachmentIds: attachmentIds.default([]),
  poll: pollBody.nullable().optional(),
});
export type CreateFeedPostBody = z.infer<typeof createFeedPostBody>;

/** An edit: its text, and who opens it (a post someone paid for stays paid, at its price). */
export const updateFeedPostBody = z.strictObject({
  text: postText.optional(),
  access: feedPostAccess.optional(),
  price: price.nullable().optional(),
});
export type UpdateFeedPostBody = z.infer<typeof updateFeedPostBody>;

export const pollOption = z.object({ _id: entityId, text: z.string(), votes: z.number().int() });
export const poll = z.object({
  options: z.array(pollOption),
  totalVotes: z.number().int(),
  /** The viewer's choice; null when they have not voted. */
  myVote: entityId.nullable(),
  endsAt: z.string().nullable(),
  closed: z.boolean(),
});
export type Poll = z.infer<typeof poll>;
export const pollVoteBody = z.strictObject({ optionId: entityId });

export const feedPost = z.object({
  _id: entityId,
  performer: performerRef,
  text: z.string(),
  access: feedPostAccess,
  /** Paid posts: the price in the site currency. */
  price: z.number().nullable(),
  currency: z.string(),
  /** The viewer may not open it: `subscribers` (subscribe to open), `sale` (pay `price`). Its text shows anyway. */
  lock: z.enum(["subscribers", "sale"]).nullable(),
  /** A paid post the viewer bought. */
  isBought: z.boolean(),
  attachments: z.array(attachment),
  poll: poll.nullable(),
  stats: z.object({ likes: z.number().int(), comments: z.number().int() }),
  isLiked: z.boolean(),
  /** The viewer is its performer (or an admin): they may edit and delete it. */
  isMine: z.boolean(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type FeedPost = z.infer<typeof feedPost>;

export const feedPostsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(12),
  cursor: z.string().trim().min(1).max(400).optional(),
});
export type FeedPostsQuery = z.infer<typeof feedPostsQuery>;
export const feedPostList = z.object({ data: z.array(feedPost), next: z.string().nullable() });
export type FeedPostList = z.infer<typeof feedPostList>;

// ---- The feed ----

export const feedEntry = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("post"), at: z.string(), post: feedPost }),
  z.object({ kind: z.literal("video"), at: z.string(), video }),
  z.object({ kind: z.literal("gallery"), at: z.string(), gallery }),
  z.object({ kind: z.literal("product"), at: z.string(), product }),
]);
export type FeedEntry = z.infer<typeof feedEntry>;
export const feedQuery = feedPostsQuery;
export type FeedQuery = FeedPostsQuery;
/** A page of the feed, newest first; `performers`: how many performers it follows (0: suggest some). */
export const feedPage = z.object({
  data: z.array(feedEntry),
  next: z.string().nullable(),
  performers: z.number().int(),
});
export type FeedPage = z.infer<typeof feedPage>;

// ---- News by email ----

export const digestFrequencies = ["off", "daily", "weekly"] as const;
export const digestFrequency = z.enum(digestFrequencies);
export type DigestFrequency = z.infer<typeof digestFrequency>;
export const digestSettings = z.object({ frequency: digestFrequency });
export const digestSettingsBody = z.strictObject({ frequency: digestFrequency });
/** The one-click unsubscribe link's token (RFC 8058), as the mail's `List-Unsubscribe` carries it. */
export const unsubscribeQuery = z.strictObject({ token: z.string().trim().min(1).max(500) });
