import {
  type DeliveryStatus,
  NEXT_DELIVERY_STATUS,
  type Order,
  type OrderStatus,
  orderStatuses,
} from "@marquee/contracts/orders";
import type { TFunction } from "../i18n/i18n.ts";
import { msg, tFor } from "../i18n/i18n.ts";

/** How an order's status reads, with its badge colour. */
export const ORDER_STATUS: Record<OrderStatus, { label: string; color: string }> = {
  created: { label: msg("Created"), color: "gray" },
  pending: { label: msg("Awaiting payment"), color: "yellow" },
  paid: { label: msg("Paid"), color: "teal" },
  failed: { label: msg("Not paid"), color: "red" },
  refunded: { label: msg("Refunded"), color: "grape" },
};

/** How a physical line's delivery status reads, with its badge colour. */
export const DELIVERY_STATUS: Record<DeliveryStatus, { label: string; color: string }> = {
  created: { label: msg("Order received"), color: "gray" },
  processing: { label: msg("Being prepared"), color: "blue" },
  shipped: { label: msg("Shipped"), color: "indigo" },
  delivered: { label: msg("Delivered"), color: "teal" },
  refunded: { label: msg("Refunded"), color: "grape" },
};

/**
 * The one step a seller may take next on a line of a paid order (the API refuses any other), with the button's
 * label and whether it needs a shipping code; null when there is nothing to do.
 */
export function nextDeliveryStep(
  line: { deliveryStatus: DeliveryStatus | null },
  orderStatus: OrderStatus,
): { status: DeliveryStatus; label: string; needsShippingCode: boolean } | null {
  if (orderStatus !== "paid" || !line.deliveryStatus) return null;
  const status = NEXT_DELIVERY_STATUS[line.deliveryStatus];
  if (!status) return null;
  const label =
    status === "processing"
      ? msg("Start preparing")
      : status === "shipped"
        ? msg("Mark shipped")
        : msg("Mark delivered");
  return { status, label, needsShippingCode: status === "shipped" };
}

/** The delivery filter of a list in its URL: a status, or `all`. */
export const DELIVERY_FILTERS = ["all", "created", "processing", "shipped", "delivered", "refunded"] as const;
export type DeliveryFilter = (typeof DELIVERY_FILTERS)[number];

/** What a buyer is told when a line of theirs moves on (the `delivery` notification), or null for anything else. */
export function deliveryNews(payload: unknown, t: TFunction = tFor("en")): string | null {
  if (!payload || typeof payload !== "object") return null;
  const { type, title, deliveryStatus, shippingCode } = payload as Record<string, unknown>;
  if (type !== "delivery" || typeof title !== "string" || typeof deliveryStatus !== "string") return null;
  const status = DELIVERY_STATUS[deliveryStatus as DeliveryStatus];
  if (!status) return null;
  const code =
    deliveryStatus === "shipped" && typeof shippingCode === "string" && shippingCode ? ` (${shippingCode})` : "";
  return t("“{{title}}”: {{status}}{{code}}.", { title, status: t(status.label).toLowerCase(), code });
}

/** The status filter of a list of orders in its URL: a status, or `all`. */
export const ORDER_FILTERS = ["all", ...orderStatuses] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

/**
 * What an admin's refund of an order asks (use-refund.tsx): its payment when that is paid, with the order's lines as
 * what it paid for and the buyer; null when there is nothing to refund (never paid, or refunded already).
 */
export function orderRefund(order: Pick<Order, "transaction" | "lines" | "buyer">) {
  const t = order.transaction;
  if (t?.status !== "paid") return null;
  return { _id: t._id, amount: t.amount, items: order.lines.map((l) => ({ title: l.title })), buyer: order.buyer };
}

/** Who sells a line, by name ("—" when nobody is known). */
export function sellerNames(line: { sellers?: ReadonlyArray<{ name: string }> }): string {
  return line.sellers?.map((s) => s.name).join(", ") || "—";
}

/** Where an order line's item is on the site: a movie, gallery or product page; null for a subscription. */
export function orderLineLink(line: { itemKind: string; itemId: string }): string | null {
  if (line.itemKind === "video") return `/movies/${line.itemId}`;
  if (line.itemKind === "gallery") return `/galleries/${line.itemId}`;
  if (line.itemKind === "product") return `/store/${line.itemId}`;
  return null;
}

/** What a library entry is, in a word, for its badge. */
export const LIBRARY_KIND: Record<string, string> = {
  video: msg("Movie"),
  gallery: msg("Gallery"),
  product: msg("Product"),
  performer: msg("Subscription"),
  membership: msg("Membership"),
};

/**
 * A shipping address as it is written on a parcel, line by line: the recipient, the street lines, the town with its
 * region and postal code, the country, then the phone. Orders from before issue 23 have no name, town or country.
 */
export function addressLines(a: NonNullable<Order["delivery"]>): string[] {
  const town = [a.city, a.region].filter(Boolean).join(", ");
  return [
    a.recipientName,
    a.line1,
    a.line2,
    [town, a.postalCode].filter(Boolean).join(" "),
    a.countryName ?? a.country,
    `Phone: ${a.phone}`,
  ].filter((l): l is string => !!l);
}

/** What the page of a paid order that ships says: who it goes to, and where. */
export function shippingSentence(d: NonNullable<Order["delivery"]>, t: TFunction = tFor("en")): string {
  const to = [d.recipientName, d.city].filter(Boolean).join(", ");
  return to ? t("We'll ship your order to {{to}}.", { to }) : t("We'll ship your order to the address below.");
}
