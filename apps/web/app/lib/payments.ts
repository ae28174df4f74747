import type { Locale } from "@marquee/contracts/locales";
import type { CouponQuote } from "@marquee/contracts/payments";
import { formatPrice } from "../components/catalogue/format.ts";
import type { TFunction } from "../i18n/i18n.ts";
import { tFor } from "../i18n/i18n.ts";
import { errorMessage } from "./api.ts";
import { fieldErrorsFrom } from "./form-errors.ts";
import { isUuid } from "./list-params.ts";

/** What a coupon tried before checkout makes of the price: "Coupon SUMMER20 (20% off): $7.99 instead of $9.99". */
export function quoteLine(q: CouponQuote, symbol = "$", t: TFunction = tFor("en"), locale: Locale = "en"): string {
  return t("Coupon {{code}} ({{off}}% off): {{price}} instead of {{original}}", {
    code: q.code,
    off: Math.round(q.value * 100),
    price: formatPrice(q.price, symbol, locale),
    original: formatPrice(q.originalPrice, symbol, locale),
  });
}

/** Why a coupon cannot be used, as the field shows it: the API's reason for `couponCode`, else its message. */
export const couponError = (e: unknown): string => fieldErrorsFrom(e).couponCode ?? errorMessage(e);

/** A payment's status as a badge colour (admin transactions and orders). */
export const PAYMENT_STATUS_COLORS: Record<string, string> = {
  created: "gray",
  pending: "yellow",
  paid: "teal",
  failed: "red",
  expired: "gray",
  refunded: "grape",
};

/** Where the buy and subscribe buttons post: the checkout resource route (routes/payment.checkout.ts). */
export const CHECKOUT_PATH = "/payment/checkout";

/** The page a paid movie or gallery is watched on, or what a subscription opens: where a buyer goes next. */
export function itemPath(item: { itemKind: string; itemId: string }): string | null {
  if (item.itemKind === "video") return `/movies/${item.itemId}`;
  if (item.itemKind === "gallery") return `/galleries/${item.itemId}`;
  if (item.itemKind === "post") return `/feed/${item.itemId}`;
  // A paid message opens in its conversation, found from the inbox.
  if (item.itemKind === "message") return "/messages";
  return null;
}

/** Where a member who did not pay goes back to try again: the cart for store orders, else what they wanted. */
export function retryLink(
  item: { itemKind: string; itemId: string; title: string } | undefined,
  t: TFunction = tFor("en"),
): {
  to: string;
  label: string;
} {
  if (!item) return { to: "/", label: t("Back to the site") };
  if (item.itemKind === "product") return { to: "/cart", label: t("Back to your cart") };
  return {
    to: itemPath(item) ?? (item.itemKind === "subscription" ? "/membership" : "/"),
    label: t("Back to {{title}}", { title: item.title }),
  };
}

/**
 * The API call a checkout form stands for: a movie or gallery bought, a membership package, or a performer's
 * monthly or yearly subscription; null for anything else. The coupon, when typed, goes along.
 */
export function checkoutCall(form: Record<string, string>): { path: string; body?: Record<string, string> } | null {
  const id = form.id ?? "";
  if (!isUuid(id)) return null;
  const couponCode = (form.couponCode ?? "").trim();
  const coupon: Record<string, string> = couponCode ? { couponCode } : {};
  // The billing place the tax depends on (commerce/taxes), when the form asked for it.
  for (const key of ["billingCountry", "billingRegion"] as const) {
    const value = (form[key] ?? "").trim();
    if (value) coupon[key] = value;
  }
  switch (form.kind) {
    case "video":
    case "gallery":
      return { path: `/payment/purchase-${form.kind}/${id}`, body: Object.keys(coupon).length ? coupon : undefined };
    case "package":
      return { path: "/payment/subscribe", body: { packageId: id, ...coupon } };
    case "offer":
      // An offer's link (routes/offers.$id.tsx): its terms are the price; a coupon sent with it is refused by the API.
      return { path: "/payment/subscribe", body: { offerId: id, ...coupon } };
    case "post":
      // A paid feed post (components/social/FeedPostCard.tsx): bought like a movie, at its own price.
      return { path: `/feed-posts/${id}/unlock`, body: Object.keys(coupon).length ? coupon : undefined };
    case "message":
      // A paid message's media (components/messages/MessageBubble.tsx): bought at its own price, by its recipient.
      return { path: `/messages/${id}/unlock`, body: Object.keys(coupon).length ? coupon : undefined };
    case "performer":
      if (form.period !== "monthly" && form.period !== "yearly") return null;
      return { path: "/payment/subscribe", body: { performerId: id, type: form.period, ...coupon } };
    default:
      return null;
  }
}
