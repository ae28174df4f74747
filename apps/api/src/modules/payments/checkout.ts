import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { conflict, unprocessable } from "../../platform/errors.ts";
import type { Actor, Offer } from "../catalogue/access.ts";
import { orderLines, orders } from "../orders/tables.ts";
import type { Coupons } from "./coupons.ts";
import type { CheckoutRequest, PaymentGateway } from "./gateway.ts";
import type { ItemKind, Ledger, Tx } from "./ledger.ts";
import { discounted } from "./money.ts";
import type { SubscribeTarget, Subscribing } from "./subscribing.ts";
import { transactions } from "./tables.ts";

/** Sold on their own (pay-per-view); products go through the store's cart checkout instead. */
type SellableKind = Exclude<Offer["kind"], "product">;

const NOUN: Record<SellableKind, string> = { video: "movie", gallery: "gallery" };

/** What the buyer is sent to: the gateway's payment page for the order's pending transaction. */
export interface Checkout {
  paymentUrl: string;
  orderId: string;
  transactionId: string;
}

/**
 * Checkouts (DESIGN section 6): an order, its lines and a pending transaction, with every amount from the database,
 * then the gateway's page; the ledger's events settle them.
 */
export function createCheckouts(deps: {
  db: Db;
  gateway: PaymentGateway;
  offers: Record<SellableKind, (viewer: Actor, idOrSlug: string) => Promise<Offer>>;
  coupons: Pick<Coupons, "usable" | "claim">;
  subscribing: Subscribing;
  ledger: Ledger;
  /** The site's public address: where the buyer comes back to from the gateway. */
  publicUrl: string;
}) {
  const { db, gateway, subscribing } = deps;
  const { ledgerSettings, lockBuyerItems, pendingFor, supersede, record } = deps.ledger;

  const site = deps.publicUrl.replace(/\/+$/, "");
  /** Where the gateway sends the buyer back: the success page follows the transaction live. */
  const returnUrls = (transactionId: string) => ({
    successUrl: `${site}/payment/success?transaction=${transactionId}`,
    cancelUrl: `${site}/payment/cancel?transaction=${transactionId}`,
  });

  /** Pay-per-view: a movie or gallery sold on its own (`access: sale`). */
  async function purchase(buyer: Actor, kind: SellableKind, idOrSlug: string, couponCode?: string): Promise<Checkout> {
    const offer = await deps.offers[kind](buyer, idOrSlug);
    const noun = NOUN[kind];
    if (offer.decision.isBought) throw conflict(`You have already bought this ${noun}.`);
    if (offer.decision.canWatch) throw conflict(`You can already watch this ${noun}; there is nothing to buy.`);
    if (offer.decision.lock === "scheduled") throw unprocessable(`This ${noun} is not out yet.`);
    if (offer.decision.lock !== "sale" || !offer.listed || offer.priceCents <= 0) {
      throw unprocessable(`This ${noun} is not sold on its own.`);
    }
    return checkout(buyer, {
      kind,
      itemId: offer.id,
      lockKey: offer.id,
      title: offer.title,
      description: `${offer.title} (${noun})`,
      priceCents: offer.priceCents,
      performerIds: offer.performerIds,
      recurring: null,
      couponCode,
    });
  }

  /**
   * A site membership (`packageId`) or a performer subscription (`performerId`, monthly or yearly): the same
   * checkout, with the subscription opened pending beside the order; a free package or trial starts at once.
   */
  async function subscribe(buyer: Actor, target: SubscribeTarget & { couponCode?: string }): Promise<Checkout> {
    const offer = await subscribing.offerFor(buyer.id, target);
    return checkout(buyer, {
      kind: "subscription",
      itemId: offer.itemId,
      // One membership at a time, whichever package: checkouts of the site's packages wait for each other.
      lockKey: offer.kind === "site" ? "site-membership" : offer.itemId,
      title: offer.title,
      description: offer.title,
      priceCents: offer.priceCents,
      performerIds: offer.performerIds,
      recurring:
        offer.renewDays === null
          ? null
          : { initialDays: offer.initialDays, renewDays: offer.renewDays, renewCents: offer.priceCents },
      couponCode: offer.trial ? undefined : target.couponCode,
      open: (tx, orderId) => subscribing.open(tx, buyer.id, offer, orderId, gateway.name),
    });
  }

  interface Sale {
    kind: ItemKind;
    itemId: string;
    /** What serialises this buyer's checkouts of it (the item, or one key for all site memberships). */
    lockKey: string;
    title: string;
    description: string;
    priceCents: number;
    performerIds: string[];
    recurring: CheckoutRequest["recurring"];
    couponCode?: string;
    /** What the order opens besides its line (a pending subscription). */
    open?: (tx: Tx, orderId: string) => Promise<void>;
  }

  /**
   * A checkout of one item: an order, its line and a pending transaction, at the database's price less the coupon
   * checked again here, then the gateway's page. A second click with the same coupon (or none) pays the pending
   * order again; another coupon replaces it. A total of 0 is paid at once, without a gateway.
   */
  async function checkout(buyer: Actor, sale: Sale): Promise<Checkout> {
    const { couponCode } = sale;
    const cfg = await ledgerSettings();
    const { currency } = cfg;
    const made = await db.transaction(async (tx) => {
      await lockBuyerItems(tx, buyer.id, [sale.lockKey]);
      const pending = await pendingFor(tx, buyer.id, sale.kind, sale.itemId);
      const wanted = couponCode?.trim().toUpperCase() ?? null;
      const same = pending.find((p) => p.gateway === gateway.name && p.couponCode === wanted);
      if (same) return { ...same, free: false, after: undefined };
      // Otherwise the new checkout replaces the pending one, whose coupon claim goes back first.
      for (const p of pending) {
        await supersede(tx, cfg, p.transactionId, p.amountCents, "Replaced by a new checkout.");
      }
      const coupon = couponCode ? await deps.coupons.usable(buyer.id, couponCode, tx) : null;
      const totalCents = coupon ? discounted(sale.priceCents, coupon.value) : sale.priceCents;
      const [order] = await tx
        .insert(orders)
        .values({
          userId: buyer.id,
          status: "pending",
          currency,
          originalCents: sale.priceCents,
          totalCents,
          couponId: coupon?.id ?? null,
        })
        .returning({ id: orders.id });
      const orderId = (order as { id: string }).id;
      // The use is claimed with the order: a member cannot spend one coupon on several checkouts, nor several
      // members spend more uses than are left; a payment that fails or expires gives it back.
      if (coupon && !(await deps.coupons.claim(tx, coupon.id, buyer.id, orderId))) {
        throw conflict("This coupon has just been used up.");
      }
      await tx.insert(orderLines).values({
        orderId,
        itemKind: sale.kind,
        itemId: sale.itemId,
        performerIds: sale.performerIds,
        title: sale.title,
        quantity: 1,
        unitPriceCents: sale.priceCents,
        // What the line brought in, the coupon's discount taken off: what the performers share.
        totalCents,
      });
      await sale.open?.(tx, orderId);
      const [t] = await tx
        .insert(transactions)
        .values({ orderId, userId: buyer.id, gateway: gateway.name, amountCents: totalCents, currency })
        .returning({ id: transactions.id });
      const transactionId = (t as { id: string }).id;
      if (totalCents === 0) {
        // Nothing to pay: settled now, through the ledger like a payment, in this same database transaction.
        const settled = await record(tx, cfg, {
          id: `free:${transactionId}`,
          type: "paid",
          transactionId,
          amountCents: 0,
          payload: { source: "ledger", reason: "Nothing to pay." },
        });
        if (settled.outcome !== "applied") throw conflict("This could not be started; try again.");
        return { orderId, transactionId, amountCents: 0, free: true, after: settled.after };
      }
      return { orderId, transactionId, amountCents: totalCents, free: false, after: undefined };
    });
    const back = returnUrls(made.transactionId);
    if (made.free) {
      made.after?.();
      return { paymentUrl: back.successUrl, orderId: made.orderId, transactionId: made.transactionId };
    }
    const page = await gateway.createCheckout({
      transactionId: made.transactionId,
      amountCents: made.amountCents,
      currency,
      description: sale.description,
      recurring: sale.recurring,
      ...back,
    });
    if (page.gatewayRef) {
      await db.update(transactions).set({ gatewayRef: page.gatewayRef }).where(eq(transactions.id, made.transactionId));
    }
    return { paymentUrl: page.paymentUrl, orderId: made.orderId, transactionId: made.transactionId };
  }

  return { purchase, subscribe };
}
