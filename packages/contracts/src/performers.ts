import { z } from "zod";
import { categoryRef, image } from "./catalogue.ts";
import { entityId, pagedQuery, pagedResponse, repeated, sortDirection } from "./common.ts";
import { performerAttributes } from "./site.ts";
import { genders } from "./users.ts";

const attr = <K extends keyof typeof performerAttributes>(k: K) => z.enum(performerAttributes[k]);

export const performerAttributesShape = z.object({
  ethnicity: attr("ethnicities").nullable(),
  bodyType: attr("bodyTypes").nullable(),
  hairColor: attr("hairColors").nullable(),
  eyeColor: attr("eyeColors").nullable(),
  height: attr("heights").nullable(),
  sexualOrientation: attr("sexualOrientations").nullable(),
});

export const performerStats = z.object({
  views: z.number().int(),
  likes: z.number().int(),
  videos: z.number().int(),
  galleries: z.number().int(),
  products: z.number().int(),
  subscribers: z.number().int(),
  followers: z.number().int(),
});

export const performer = z.object({
  _id: entityId,
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  avatarSrcSet: z.string().nullable(),
  /** The wide cover (1600x500); `coverImage` carries it with its sizes and the 800 px variant. */
  cover: z.string().nullable(),
  coverImage: image.nullable(),
  bio: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  country: z.string().nullable(),
  languages: z.array(z.string()),
  attributes: performerAttributesShape,
  categories: z.array(categoryRef),
  stats: performerStats,
  monthlyPrice: z.number().nullable(),
  yearlyPrice: z.number().nullable(),
  status: z.enum(["active", "inactive"]),
  createdAt: z.string(),
  /** On a card in a list: the viewer has an active subscription to them (false for visitors). */
  isSubscribed: z.boolean().optional(),
});
export type Performer = z.infer<typeof performer>;

/** The profile page: the performer plus what the viewer has with them. */
export const performerProfile = performer.extend({
  isSubscribed: z.boolean(),
  subscriptionExpiresAt: z.string().nullable(),
  /** The viewer likes this performer (false for visitors). */
  isLiked: z.boolean(),
});
export type PerformerProfile = z.infer<typeof performerProfile>;

export const performerSortBy = z.enum(["newest", "popular", "name"]);

export const searchPerformersQuery = pagedQuery.extend({
  sortBy: performerSortBy.default("newest"),
  /** Without it: newest and most viewed first, names A to Z. */
  sort: sortDirection.optional(),
  gender: z.enum(genders).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, "Use an ISO 3166-1 alpha-2 code")
    .optional(),
  categoryIds: repeated(entityId),
  ethnicity: attr("ethnicities").optional(),
  bodyType: attr("bodyTypes").optional(),
  hairColor: attr("hairColors").optional(),
  eyeColor: attr("eyeColors").optional(),
  height: attr("heights").optional(),
  sexualOrientation: attr("sexualOrientations").optional(),
});
export type SearchPerformersQuery = z.infer<typeof searchPerformersQuery>;

/** Admins list every performer, by profile status (the switch they flip); `all` by default. */
export const performerStatusFilter = z.enum(["active", "inactive", "all"]);
export const adminSearchPerformersQuery = searchPerformersQuery.extend({
  status: performerStatusFilter.default("all"),
});
export type AdminSearchPerformersQuery = z.infer<typeof adminSearchPerformersQuery>;
export const performerList = pagedResponse(performer);

/** What admins see of a performer besides the public profile: their own commission rate (null: the site's). */
export const adminPerformer = performer.extend({ commissionRate: z.number().nullable() });
export type AdminPerformer = z.infer<typeof adminPerformer>;
export const adminPerformerList = pagedResponse(adminPerformer);

/** A subscription price in major units with at most two decimals (stored in cents). */
const subscriptionPrice = (max: number) =>
  z
    .number()
    .min(1)
    .max(max)
    .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), "Use at most two decimals");

/** What a performer edits of their own profile (the account fields stay on PUT /users). */
export const updatePerformerBody = z.strictObject({
  languages: z
    .array(z.string().regex(/^[a-z]{2,3}$/))
    .max(10)
    .optional(),
  ethnicity: attr("ethnicities").nullable().optional(),
  bodyType: attr("bodyTypes").nullable().optional(),
  hairColor: attr("hairColors").nullable().optional(),
  eyeColor: attr("eyeColors").nullable().optional(),
  height: attr("heights").nullable().optional(),
  sexualOrientation: attr("sexualOrientations").nullable().optional(),
  categoryIds: z.array(entityId).max(20).optional(),
  monthlyPrice: subscriptionPrice(1000).nullable().optional(),
  yearlyPrice: subscriptionPrice(10_000).nullable().optional(),
});
export type UpdatePerformerBody = z.infer<typeof updatePerformerBody>;

/** Admins can also switch a profile on or off. */
export const adminUpdatePerformerBody = updatePerformerBody.extend({
  status: z.enum(["active", "inactive"]).optional(),
});

export type AdminUpdatePerformerBody = z.infer<typeof adminUpdatePerformerBody>;

/** Admins make an existing account a performer. */
export const createPerformerBody = z.strictObject({ userId: entityId });
export type CreatePerformerBody = z.infer<typeof createPerformerBody>;
