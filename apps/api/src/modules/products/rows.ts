import type { Kind } from "../catalogue/editing.ts";
import { heldByReview } from "../catalogue/review.ts";
import type { ProductRow } from "./tables.ts";

export const PRODUCT: Kind = { noun: "product", title: "Product", categoryGroup: "product" };

/** The webp sizes of a product picture (each fits inside the square, never enlarged). */
export const PRODUCT_IMAGE_SIZES = [
  { name: "thumb", width: 320, height: 320, fit: "inside" },
  { name: "medium", width: 800, height: 800, fit: "inside" },
  { name: "large", width: 1600, height: 1600, fit: "inside" },
] as const;
export type ProductImageSize = (typeof PRODUCT_IMAGE_SIZES)[number]["name"];

/** The most pictures one product may have. */
export const PRODUCT_IMAGES_MAX = 20;

/** Where a product's digital file lives: private, one product per signed scope (see signed-urls.ts). */
export const productFileDir = (productId: string) => `private/product-files/${productId}`;
/** Where a product's pictures live (public: a product's pictures are its shop window). */
export const productImageDir = (productId: string) => `public/products/${productId}`;

/**
 * Listed: active, sellable (a digital product needs its file), not taken down, not held by a report and not held by
 * review (waiting or refused). The public sees listed products only.
 */
export const isListed = (
  p: Pick<ProductRow, "status" | "type" | "fileKey" | "reviewState" | "takenDownAt" | "heldAt">,
) => p.status === "active" && !p.takenDownAt && !p.heldAt && (p.type === "physical" || !!p.fileKey) && !heldByReview(p);
