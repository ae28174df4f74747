import type { CouponQuote, CouponQuoteBody, PurchaseProductsBody } from "@marquee/contracts/payments";
import { AppError, unprocessable } from "../../../platform/errors.ts";
import type { Actor, Offer } from "../../catalogue/access.ts";
import type { Coupons } from "../coupons/coupons.ts";
import { discounted } from "../money.ts";
import type { Subscribing } from "../subscriptions/subscribing.ts";
import { sellableOffer, storeLines, storeParts } from "./sold.ts";

const FIELD = "body.couponCode";

/**
 * What a coupon makes of one item's price before the member leaves the page (issue 23): the item's price from the
 * database, the coupon checked as a checkout checks it, nothing written. The checkout applies it again and claims
 * its use; a quote never does. Every reason the code cannot be used is a 422 naming the field.
 */
export function createQuotes(deps: {
  offers: Record<Offer["kind"], (viewer: Actor, idOrSlug: string) => Promise<Offer>>;
  coupons: Pick<Coupons, "attempt" | "usable">;
  subscribing: Pick<Subscribing, "offerFor">;
}) {
  /**
   * What one item sells for at checkout now (0 for a free package or trial), or why it cannot be bought (its own
   * error): what a coupon's or the tax's quote starts from.
   */
  async function priceOf(buyer: Actor, body: Pick<CouponQuoteBody, "kind" | "id" | "period">) {
    if (body.kind === "video" || body.kind === "gallery") {
      const offer = await sellableOffer(deps.offers, buyer, body.kind, body.id);
      return { title: offer.title, priceCents: offer.priceCents };
    }
    const target =
      body.kind === "package"
        ? { packageId: body.id }
        : { performerId: body.id, type: body.period as "monthly" | "yearly" };
    const offer = await deps.subscribing.offerFor(buyer.id, target);
    return { title: offer.title, priceCents: offer.trial ? 0 : offer.priceCents };
  }

  /** The item as the checkout would sell it: its title and price, or why it cannot be bought (its own error). */
  async function itemOf(buyer: Actor, body: CouponQuoteBody) {
    const offer = await priceOf(buyer, body);
    if (offer.priceCents <= 0) {
      throw unprocessable("This is free: there is nothing to take a coupon off.", [
        { path: FIELD, message: "nothing to take it off" },
      ]);
    }
    return { title: offer.title, priceCents: offer.priceCents };
  }

  async function couponOf(buyer: Actor, code: string) {
    try {
      return await deps.coupons.usable(buyer.id, code);
    } catch (e) {
      if (!(e instanceof AppError) || ![404, 409, 422].includes(e.statusCode)) throw e;
      const message = e.statusCode === 404 ? "There is no coupon with this code." : e.message;
      throw unprocessable(message, [{ path: FIELD, message }]);
    }
  }

  /** The item's price less the coupon, as the checkout would take it off; the code counts as one tried. */
  async function couponed(buyer: Actor, body: CouponQuoteBody, ip: string) {
    await deps.coupons.attempt(buyer.id, ip);
    const item = await itemOf(buyer, body);
    const coupon = await couponOf(buyer, body.couponCode);
    return { item, coupon, priceCents: discounted(item.priceCents, coupon.value) };
  }

  return {
    priceOf,
    /** What the tax is worked out on: the price the checkout charges, less the coupon when a code is given. */
    async taxablePrice(buyer: Actor, body: Omit<CouponQuoteBody, "couponCode"> & { couponCode?: string }, ip: string) {
      if (!body.couponCode) return priceOf(buyer, body);
      const { item, priceCents } = await couponed(buyer, { ...body, couponCode: body.couponCode }, ip);
      return { title: item.title, priceCents };
    },
    /**
     * What a store checkout's tax is worked out on: each cart line's price after the coupon (spread over the lines
     * to the cent), as purchaseProducts charges them; the code checked and counted as a coupon quote's is.
     */
    async taxableStore(
      buyer: Actor,
      body: { products: PurchaseProductsBody["products"]; couponCode?: string },
      ip: string,
    ) {
      if (body.couponCode) await deps.coupons.attempt(buyer.id, ip);
      const lines = await storeLines(deps.offers, buyer, body.products);
      const coupon = body.couponCode ? await couponOf(buyer, body.couponCode) : null;
      const count = lines.reduce((n, l) => n + l.quantity, 0);
      return {
        title: lines.length === 1 ? (lines[0]?.offer.title ?? "Order") : `${count} items from the store`,
        parts: storeParts(lines, coupon?.value ?? null),
      };
    },
    async quote(buyer: Actor, body: CouponQuoteBody, ip: string): Promise<CouponQuote> {
      const { item, coupon, priceCents } = await couponed(buyer, body, ip);
      return {
        code: coupon.code,
        value: coupon.value,
        title: item.title,
        originalPrice: item.priceCents / 100,
        price: priceCents / 100,
      };
    },
  };
}
export type Quotes = ReturnType<typeof createQuotes>;
