/**
 * The store's rules on the web side: the /store filters in the URL and the API query they stand for, and the cart
 * page's lines checked against the products as they are now (sold out, short of stock, gone, or repriced since they
 * were added), with the estimate of what checkout will charge. The server prices the order again from its database.
 */
import { discounted, toCents } from "@marquee/contracts/money";
import type { Product } from "@marquee/contracts/products";
import { isSoldOut } from "../components/store/product-card-data.ts";
import { msg } from "../i18n/i18n.ts";
import { type CartItem, DEFAULT_QUANTITY, MAX_QUANTITY } from "../state/cart.ts";

export const PRODUCTS_SEARCH_PATH = "/user/assets/products/search";
/** The resource route the browser's cart is merged and saved through for a signed-in member (routes/cart.sync.ts). */
export const CART_SYNC_PATH = "/cart/sync";
/** The resource route the cart page reads its products as they are now from (routes/cart.products.ts). */
export const CART_PRODUCTS_PATH = "/cart/products";
/** The resource route a bought download's signed link comes from (routes/store.download.ts). */
export const downloadPath = (productId: string) => `/store/download/${encodeURIComponent(productId)}`;
/** Products per page on /store. */
export const STORE_PAGE_SIZE = 24;

export const STORE_SORTS = [
  { value: "newest", label: msg("Newest") },
  { value: "price-asc", label: msg("Price: low to high") },
  { value: "price-desc", label: msg("Price: high to low") },
  { value: "popular", label: msg("Most viewed") },
] as const;
export type StoreSort = (typeof STORE_SORTS)[number]["value"];

export const STORE_TYPES = [
  { value: "physical", label: msg("Shipped to you") },
  { value: "digital", label: msg("Downloads") },
] as const;
export type StoreType = (typeof STORE_TYPES)[number]["value"];

export interface StoreFilters {
  q: string;
  type: StoreType | null;
  sort: StoreSort;
}

const oneOf = <T extends string>(list: readonly { value: T }[], value: string | null): T | null =>
  list.find((o) => o.value === value)?.value ?? null;

/** The filters an address names; anything unknown falls back to "all, newest first". */
export function parseStoreFilters(params: URLSearchParams): StoreFilters {
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    type: oneOf(STORE_TYPES, params.get("type")),
    sort: oneOf(STORE_SORTS, params.get("sort")) ?? "newest",
  };
}

/** The address of a filtered /store, without the defaults: `?q=mug&type=physical`. */
export function storeFiltersToSearch(f: StoreFilters): string {
  const params = new URLSearchParams();
  if (f.q) params.set("q", f.q);
  if (f.type) params.set("type", f.type);
  if (f.sort !== "newest") params.set("sort", f.sort);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** GET /user/assets/products/search's query for these filters. */
export function storeFiltersToApiQuery(f: StoreFilters): Record<string, string | number> {
  const query: Record<string, string | number> = { limit: STORE_PAGE_SIZE };
  if (f.q) query.q = f.q;
  if (f.type) query.type = f.type;
  if (f.sort === "price-asc" || f.sort === "price-desc") {
    query.sortBy = "price";
    query.sort = f.sort === "price-asc" ? "asc" : "desc";
  } else {
    query.sortBy = f.sort;
  }
  return query;
}

/** What stands between a cart line and checkout. */
export type LineProblem =
  /** The product is no longer sold (taken down, made a draft, deleted). */
  | "unavailable"
  /** A physical product with no stock left. */
  | "sold-out"
  /** Fewer left than the line asks for. */
  | "short";

export interface CartLine {
  _id: string;
  quantity: number;
  product: Product | null;
  problem: LineProblem | null;
  /** The price when the line was added, when it has changed since. */
  priceWas: number | null;
  /** What the line costs now, in cents (0 for a line that cannot be bought). */
  cents: number;
}

/** The most of a product a line may hold: its stock for physical goods, one for a download. */
export function maxQuantity(product: Pick<Product, "type" | "stock">): number {
  if (product.type === "digital") return 1;
  return Math.max(0, Math.min(MAX_QUANTITY, product.stock ?? 0));
}

/** Each cart item against its product as the API answers it now (`products`: the listed ones found). */
export function cartLines(items: CartItem[], products: Product[]): CartLine[] {
  const byId = new Map(products.map((p) => [p._id, p]));
  return items.map((item) => {
    const product = byId.get(item._id) ?? null;
    // A download is bought once, whatever a stored line says.
    const quantity = product?.type === "digital" ? 1 : (item.quantity ?? DEFAULT_QUANTITY);
    let problem: LineProblem | null = null;
    if (!product) problem = "unavailable";
    else if (isSoldOut(product)) problem = "sold-out";
    else if (quantity > maxQuantity(product)) problem = "short";
    const priceWas =
      product && item.price !== undefined && toCents(item.price) !== toCents(product.price) ? item.price : null;
    return {
      _id: item._id,
      quantity,
      product,
      problem,
      priceWas,
      cents: product ? toCents(product.price) * quantity : 0,
    };
  });
}

export interface CartSummary {
  /** Lines that can be bought as they are. */
  count: number;
  subtotalCents: number;
  /** What the coupon takes off (0 without one). */
  discountCents: number;
  totalCents: number;
  /** A physical product is in the cart: checkout asks where to ship it. */
  needsDelivery: boolean;
  /** Every line can be bought and there is at least one. */
  ready: boolean;
}

/** The cart's totals as checkout will charge them, the coupon (a fraction) over the whole order. */
export function cartSummary(lines: CartLine[], couponValue: number | null): CartSummary {
  const subtotalCents = lines.reduce((sum, l) => sum + (l.problem ? 0 : l.cents), 0);
  const totalCents = couponValue ? discounted(subtotalCents, couponValue) : subtotalCents;
  return {
    count: lines.filter((l) => !l.problem).length,
    subtotalCents,
    discountCents: subtotalCents - totalCents,
    totalCents,
    needsDelivery: lines.some((l) => l.product?.type === "physical"),
    ready: lines.length > 0 && lines.every((l) => !l.problem),
  };
}

/** What POST /payment/purchase-products takes for the cart (ids and quantities only; the server prices them). */
export function purchaseLines(lines: CartLine[]): { _id: string; quantity: number }[] {
  return lines.filter((l) => !l.problem).map((l) => ({ _id: l._id, quantity: l.quantity }));
}
