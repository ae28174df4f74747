import { z } from "zod";
import { image, slug } from "./catalogue.ts";
import { entityId, listQuery, listResponse, pagedQuery, pagedResponse, sortDirection } from "./common.ts";
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from "./input.ts";
import { storedLink } from "./stored-link.ts";

/**
 * Trimmed text up to `max` characters. PostgreSQL text cannot hold NUL (the API refuses it on every route; the
 * refinement tells forms that validate with this schema).
 */
const text = (max: number) => z.string().trim().max(max).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);

export const categoryGroups = ["performer", "video", "gallery", "product"] as const;
export const category = z.object({
  _id: entityId,
  name: z.string(),
  slug: z.string(),
  group: z.enum(categoryGroups),
  description: z.string(),
  ordering: z.number().int(),
  status: z.enum(["active", "inactive"]),
});
export type Category = z.infer<typeof category>;
export const searchCategoriesQuery = listQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  group: z.enum(categoryGroups).optional(),
  sortBy: z.enum(["ordering", "name"]).default("ordering"),
  sort: z.enum(["asc", "desc"]).default("asc"),
});
export type SearchCategoriesQuery = z.infer<typeof searchCategoriesQuery>;
/** Admins see every status. */
export const adminSearchCategoriesQuery = searchCategoriesQuery.extend({
  status: z.enum(["active", "inactive"]).optional(),
});
export type AdminSearchCategoriesQuery = z.infer<typeof adminSearchCategoriesQuery>;
export const categoryList = listResponse(category);
export const categoryBody = z.strictObject({
  name: text(80).min(1),
  slug: slug.optional(),
  group: z.enum(categoryGroups),
  description: text(2000).default(""),
  ordering: z.number().int().min(0).max(100_000).default(0),
  status: z.enum(["active", "inactive"]).default("active"),
});
export type CategoryBody = z.infer<typeof categoryBody>;
/** A partial update: fields left out keep their value (and defaults are not applied). */
export const updateCategoryBody = z.strictObject({
  name: categoryBody.shape.name.optional(),
  slug: slug.optional(),
  group: z.enum(categoryGroups).optional(),
  description: text(2000).optional(),
  ordering: z.number().int().min(0).max(100_000).optional(),
  status: z.enum(["active", "inactive"]).optional(),
});
export type UpdateCategoryBody = z.infer<typeof updateCategoryBody>;

export const postTypes = ["post", "page"] as const;
export const post = z.object({
  _id: entityId,
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Plain text with blank lines between paragraphs (rendered as paragraphs, never as HTML). */
  content: z.string(),
  type: z.enum(postTypes),
  status: z.enum(["draft", "published"]),
  image: image.nullable(),
  /** A seeded page (a legal page) whose words no admin has edited yet: shown with a "This is a template" banner. */
  template: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Post = z.infer<typeof post>;
export const searchPostsQuery = pagedQuery.extend({
  type: z.enum(postTypes).optional(),
  sortBy: z.enum(["newest", "title"]).default("newest"),
  /** Without it: newest first, titles A to Z. */
  sort: sortDirection.optional(),
});
export type SearchPostsQuery = z.infer<typeof searchPostsQuery>;
/** Admins see drafts too; `newest` sorts them by creation, as drafts have no publication date. */
export const adminSearchPostsQuery = searchPostsQuery.extend({
  status: z.enum(["draft", "published"]).optional(),
});
export type AdminSearchPostsQuery = z.infer<typeof adminSearchPostsQuery>;
export const postList = pagedResponse(post);
export const postBody = z.strictObject({
  title: text(200).min(1),
  slug: slug.optional(),
  summary: text(500).default(""),
  content: text(100_000).default(""),
  type: z.enum(postTypes).default("post"),
  status: z.enum(["draft", "published"]).default("draft"),
});
export type PostBody = z.infer<typeof postBody>;
/** A partial update: fields left out keep their value (and defaults are not applied). */
export const updatePostBody = z.strictObject({
  title: postBody.shape.title.optional(),
  slug: slug.optional(),
  summary: text(500).optional(),
  content: text(100_000).optional(),
  type: z.enum(postTypes).optional(),
  status: z.enum(["draft", "published"]).optional(),
});
export type UpdatePostBody = z.infer<typeof updatePostBody>;

export const bannerPositions = ["top", "middle", "bottom"] as const;
export const banner = z.object({
  _id: entityId,
  title: z.string(),
  description: z.string(),
  href: z.string().nullable(),
  position: z.enum(bannerPositions),
  image: image.nullable(),
  ordering: z.number().int(),
  status: z.enum(["active", "inactive"]),
});
export type Banner = z.infer<typeof banner>;
export const searchBannersQuery = listQuery.extend({
  position: z.enum(bannerPositions).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Banners run in their `ordering`, lowest first. */
  sort: sortDirection.default("asc"),
});
export type SearchBannersQuery = z.infer<typeof searchBannersQuery>;
export const adminSearchBannersQuery = searchBannersQuery.extend({
  status: z.enum(["active", "inactive"]).optional(),
});
export type AdminSearchBannersQuery = z.infer<typeof adminSearchBannersQuery>;
export const bannerList = listResponse(banner);
/** A banner links to a path on the site or an http(s) address (the one link rule, see links.ts). */
const href = storedLink({ max: 500 });
export const bannerBody = z.strictObject({
  title: text(200).min(1),
  description: text(1000).default(""),
  href: href.nullable().default(null),
  position: z.enum(bannerPositions).default("top"),
  ordering: z.number().int().min(0).max(100_000).default(0),
  status: z.enum(["active", "inactive"]).default("active"),
});
export type BannerBody = z.infer<typeof bannerBody>;
/** A partial update: fields left out keep their value (and defaults are not applied). */
export const updateBannerBody = z.strictObject({
  title: bannerBody.shape.title.optional(),
  description: text(1000).optional(),
  href: href.nullable().optional(),
  position: z.enum(bannerPositions).optional(),
  ordering: z.number().int().min(0).max(100_000).optional(),
  status: z.enum(["active", "inactive"]).optional(),
});
export type UpdateBannerBody = z.infer<typeof updateBannerBody>;

export const searchTotalQuery = z.strictObject({ q: z.string().trim().max(200).optional() });
export type SearchTotalQuery = z.infer<typeof searchTotalQuery>;
export const searchTotal = z.object({
  performers: z.number().int(),
  movies: z.number().int(),
  galleries: z.number().int(),
  products: z.number().int(),
});
