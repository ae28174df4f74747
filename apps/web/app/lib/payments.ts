/** Where the buy buttons post: the checkout resource route (routes/payment.checkout.ts). */
export const CHECKOUT_PATH = "/payment/checkout";

/** The page a paid movie or gallery is watched on: where a buyer comes back to. */
export function itemPath(item: { itemKind: string; itemId: string }): string | null {
  if (item.itemKind === "video") return `/movies/${item.itemId}`;
  if (item.itemKind === "gallery") return `/galleries/${item.itemId}`;
  return null;
}
