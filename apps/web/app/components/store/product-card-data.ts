/**
 * What a product card shows, picked from the API's product (loaders send only this to the browser), and where a
 * product lives on the site. Shared by the store pages, performer profiles and search.
 */
import type { Product, ProductType } from "@marquee/contracts/products";
import { msg } from "../../i18n/i18n.ts";
import type { PerformerLink } from "../catalogue/card-data.ts";

export type ProductCardData = Pick<Product, "_id" | "slug" | "title" | "type" | "price" | "stock" | "isBought"> & {
  image: { thumb: NonNullable<Product["image"]>["thumb"] } | null;
  performers: PerformerLink[];
};

export function productCardData(p: ProductCardData): ProductCardData {
  return {
    _id: p._id,
    slug: p.slug,
    title: p.title,
    type: p.type,
    price: p.price,
    stock: p.stock,
    isBought: p.isBought ?? false,
    image: p.image ? { thumb: p.image.thumb } : null,
    performers: p.performers.map(({ _id, username, name }) => ({ _id, username, name })),
  };
}

/** A product's page: by its slug, else its id (GET /user/assets/products/:id takes either). */
export const productPath = (p: { _id: string; slug?: string | null }) =>
  `/store/${encodeURIComponent(p.slug || p._id)}`;

/** How a product's type reads on its badges (cards and the product page). */
export const PRODUCT_TYPE_LABEL: Record<ProductType, string> = { physical: msg("Shipped"), digital: msg("Download") };

/**
 * A download the viewer bought: it is theirs for good, so it reads "Owned" instead of its price. Shipped goods keep
 * their price, as they can be ordered again.
 */
export const isOwned = (p: { type: ProductType; isBought?: boolean | undefined }) =>
  p.type === "digital" && p.isBought === true;

/** A shipped product with nothing left in stock (a download never runs out). */
export const isSoldOut = (p: { type: ProductType; stock: number | null }) =>
  p.type === "physical" && (p.stock ?? 0) <= 0;

/** What the stock line of a physical product says: sold out, a few left, or nothing worth saying. */
export function stockNote(p: { type: ProductType; stock: number | null }): string | null {
  if (p.type !== "physical") return null;
  if (isSoldOut(p)) return "Sold out";
  const stock = p.stock ?? 0;
  return stock <= 5 ? `Only ${stock} left` : null;
}
