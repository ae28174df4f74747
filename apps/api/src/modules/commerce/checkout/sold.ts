import type { PurchaseProductsBody } from "@marquee/contracts/payments";
import { AppError, conflict, unprocessable } from "../../../platform/errors.ts";
import type { Actor, Offer } from "../../catalogue/access.ts";
import { allocate, discounted } from "../money.ts";

/**
 * What checkouts sell, as the database prices it now: a movie or gallery on its own, and the cart's products. The
 * checkouts (checkout.ts) and their quotes (quote.ts) both start from these.
 */

/** Sold on their own (pay-per-view); products go through the store's cart checkout instead. */
export type SellableKind = Exclude<Offer["kind"], "product">;

export const NOUN: Record<SellableKind, string> = { video: "movie", gallery: "gallery" };

/** A movie or gallery the buyer may buy now, or why not (409 bought or open already, 422 not sold on its own). */
export async function sellableOffer(
  offers: Record<Offer["kind"], (viewer: Actor, idOrSlug: string) => Promise<Offer>>,
  buyer: Actor,
  kind: SellableKind,
  idOrSlug: string,
): Promise<Offer> {
  const offer = await offers[kind](buyer, idOrSlug);
  const noun = NOUN[kind];
  if (offer.decision.isBought) throw conflict(`You have already bought this ${noun}.`);
  if (offer.decision.canWatch) throw conflict(`You can already watch this ${noun}; there is nothing to buy.`);
  if (offer.decision.lock === "scheduled") throw unprocessable(`This ${noun} is not out yet.`);
  if (offer.decision.lock !== "sale" || !offer.listed || offer.priceCents <= 0) {
    throw unprocessable(`This ${noun} is not sold on its own.`);
  }
  return offer;
}

/**
 * The cart's products as a store checkout sells them, at the database's prices: each refused with a 422 (or a 409 for
 * a download bought already) naming its line when it is not for sale, and a download at most once.
 */
export async function storeLines(
  offers: Pick<Record<Offer["kind"], (viewer: Actor, idOrSlug: string) => Promise<Offer>>, "product">,
  buyer: Actor,
  products: PurchaseProductsBody["products"],
) {
  const sold: Offer[] = [];
  for (const [i, line] of products.entries()) {
    const field = (message: string) => [{ path: `body.products.${i}._id`, message }];
    const offer = await offers.product(buyer, line._id).catch((err: unknown) => {
      if (err instanceof AppError && err.statusCode === 404) {
        throw unprocessable("A product in the cart is not sold here (any more).", field("no such product"));
      }
      throw err;
    });
    if (!offer.listed || offer.priceCents <= 0) {
      throw unprocessable(`“${offer.title}” is not for sale now.`, field("not for sale"));
    }
    if (offer.productType === "digital") {
      if (offer.decision.isBought) throw conflict(`You have already bought “${offer.title}”.`, field("bought"));
      if (line.quantity > 1) {
        throw unprocessable(`“${offer.title}” is a download: one is enough.`, [
          { path: `body.products.${i}.quantity`, message: "one download" },
        ]);
      }
    }
    sold.push(offer);
  }
  return sold.map((offer, i) => {
    const quantity = products[i]?.quantity ?? 1;
    return { offer, quantity, originalCents: offer.priceCents * quantity };
  });
}

/** The store lines' prices after the coupon: its discount spread over them to the cent (what each line is taxed on). */
export const storeParts = (lines: { originalCents: number }[], couponValue: number | null) => {
  const originalCents = lines.reduce((n, l) => n + l.originalCents, 0);
  return allocate(
    couponValue === null ? originalCents : discounted(originalCents, couponValue),
    lines.map((l) => l.originalCents),
  );
};
