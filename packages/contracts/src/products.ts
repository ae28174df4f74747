import { z } from "zod";
import { assetStatus, categoryRef, image, moderation, ownedFlag, performerRef, price, slug } from "./catalogue.ts";
import { entityId, pagedQuery, pagedResponse, repeated } from "./common.ts";

/** `physical` goods are shipped and have a stock; `digital` goods are downloaded after payment (DESIGN section 5). */
export const productTypes = ["physical", "digital"] as const;
export const productType = z.enum(productTypes);
export type ProductType = z.infer<typeof productType>;

/** The most units a physical product can have in stock. */
export const STOCK_MAX = 1_000_000;

const description = z.string().trim().max(10_000);
const stock = z.coerce.number().int("Stock is a whole number").min(0, "Stock cannot be negative").max(STOCK_MAX);

/** A product picture in its sizes: `thumb` for grids, `medium` for the page, `large` for a zoomed view. */
export const productImage = z.object({
  _id: entityId,
  position: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  thumb: image,
  medium: image,
  large: image,
});
export type ProductImage = z.infer<typeof productImage>;

export const product = z.object({
  _id: entityId,
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  type: productType,
  price: z.number(),
  /** Units left of a physical product; null for a digital one. */
  stock: z.number().int().nullable(),
  status: assetStatus,
  publishedAt: z.string().nullable(),
  /** The first picture, or null when there is none yet. */
  image: productImage.nullable(),
  performers: z.array(performerRef),
  categories: z.array(categoryRef),
  stats: z.object({ views: z.number().int(), likes: z.number().int(), comments: z.number().int() }),
  createdAt: z.string(),
  isBought: ownedFlag,
});
export type Product = z.infer<typeof product>;

export const productDetail = product.extend({
  images: z.array(productImage),
  /** The seller: the performer who listed the product (its first performer), as their public profile shows them. */
  seller: performerRef.nullable(),
  /** A paid order of the viewer holds this product. */
  isBought: z.boolean(),
  /** The viewer likes it (false for visitors). */
  isLiked: z.boolean(),
});
export type ProductDetail = z.infer<typeof productDetail>;

/** The digital file as its seller sees it (never its location). */
export const productFile = z.object({ sizeBytes: z.number().int(), contentType: z.string(), name: z.string() });

export const studioProduct = productDetail.extend({
  file: productFile.nullable(),
  /** In review or refused (with the reason), as the studio shows it; null when nothing holds it back. */
  moderation: moderation.nullable(),
  updatedAt: z.string(),
});
export type StudioProduct = z.infer<typeof studioProduct>;

/** `newest`/`oldest` by publication, `price` and `popular` (views) follow `sort` (default `desc`). */
export const productSortBy = z.enum(["newest", "oldest", "price", "popular"]);

export const searchProductsQuery = pagedQuery
  .extend({
    sortBy: productSortBy.default("newest"),
    /** One seller's products (`performerIds` takes several). */
    performerId: entityId.optional(),
    performerIds: repeated(entityId),
    categoryIds: repeated(entityId),
    type: productType.optional(),
    /** Price range in major units, both ends included. */
    priceMin: z.coerce.number().min(0).max(100_000).optional(),
    priceMax: z.coerce.number().min(0).max(100_000).optional(),
    excludedId: entityId.optional(),
    /** Just these products (a cart's lines, at most MAX_CART_PRODUCTS); those no longer listed are left out. */
    ids: repeated(entityId),
  })
  .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    message: "priceMin is above priceMax",
    path: ["priceMax"],
  });
export type SearchProductsQuery = z.infer<typeof searchProductsQuery>;
export const productList = pagedResponse(product);

export const searchStudioProductsQuery = pagedQuery.extend({
  sortBy: z.enum(["newest", "oldest"]).default("newest"),
  status: assetStatus.optional(),
  type: productType.optional(),
  /** Admins only: whose products. Performers always see their own. */
  performerId: entityId.optional(),
});
export type SearchStudioProductsQuery = z.infer<typeof searchStudioProductsQuery>;
export const studioProductList = pagedResponse(studioProduct);

const productFields = {
  title: z.string().trim().min(1, "Title is required").max(200),
  slug: slug.optional(),
  description: description.default(""),
  type: productType,
  price,
  /** Required for a physical product, refused for a digital one. */
  stock: stock.nullable().optional(),
  status: assetStatus.default("draft"),
  categoryIds: z.array(entityId).max(20).default([]),
  /** Admins pick the performers; a performer's own product always includes themself. */
  performerIds: z.array(entityId).min(1).max(20).optional(),
};
export const createProductBody = z.strictObject(productFields);
export type CreateProductBody = z.infer<typeof createProductBody>;
export const updateProductBody = z.strictObject({
  title: productFields.title.optional(),
  slug: slug.optional(),
  description: description.optional(),
  price: price.optional(),
  stock: stock.nullable().optional(),
  status: assetStatus.optional(),
  categoryIds: z.array(entityId).max(20).optional(),
  performerIds: z.array(entityId).min(1).max(20).optional(),
});
export type UpdateProductBody = z.infer<typeof updateProductBody>;

/** The new order of a product's pictures: every one of its image ids, once each. */
export const reorderProductImagesBody = z.strictObject({ imageIds: z.array(entityId).min(1).max(100) });

/** A signed link to a bought digital product's file, working until `expiresAt`. */
export const downloadLink = z.object({ url: z.string(), expiresAt: z.string() });
export type DownloadLink = z.infer<typeof downloadLink>;
