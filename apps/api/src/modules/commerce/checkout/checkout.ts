import { ADDRESS_MESSAGES } from "@marquee/contracts/addresses";
import type { PurchaseProductsBody } from "@marquee/contracts/payments";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { conflict, unprocessable } from "../../../platform/errors.ts";
import type { Actor, Offer } from "../../catalogue/access.ts";
import type { Stock } from "../../products/stock.ts";
import type { SettingsService } from "../../settings/service.ts";
import { type AddressesService, checkCountry } from "../addresses/service.ts";
import type { Coupons } from "../coupons/coupons.ts";
import type { CheckoutRequest, PaymentGateway } from "../gateways/gateway.ts";
import type { ItemKind, Ledger, LedgerSettings, Tx } from "../ledger/ledger.ts";
import { transactions } from "../ledger/tables.ts";
import { discounted } from "../money.ts";
import { orderLines, orders } from "../orders/tables.ts";
import type { SubscribeTarget, Subscribing } from "../subscriptions/subscribing.ts";
import type { BillingInput, Taxes } from "../taxes/service.ts";
import { NOUN, type SellableKind, sellableOffer, storeLines, storeParts } from "./sold.ts";

/** What serialises one buyer's store checkouts. */
const STORE_LOCK = "store";

/** What the buyer is sent to: the gateway's payment page for the order's pending transaction. */
export interface Checkout {
  paymentUrl: string;
  orderId: string;
  transactionId: string;
}

/** One item sold by one checkout (see `checkout` in `createCheckouts`). */
export interface Sale {
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
  /**
   * What the order opens besides its line (a pending subscription); `taxed` gives a price as charged under the
   * checkout's tax plan (what each renewal will charge).
   */
  open?: (tx: Tx, orderId: string, taxed: (cents: number) => number) => Promise<void>;
  /** Where the buyer is, for the tax (commerce/taxes): the billing place given and the request's address. */
  billing?: BillingInput;
  /** Whether a pending order of the same item may be paid again for this sale (e.g. opened under the same offer). */
  reuses?: (tx: Tx, orderId: string) => Promise<boolean>;
}

/**
 * Checkouts (DESIGN section 6): an order, its lines and a pending transaction, with every amount from the database,
 * then the gateway's page; the ledger's events settle them.
 */
export function createCheckouts(deps: {
  db: Db;
  gateway: PaymentGateway;
  offers: Record<Offer["kind"], (viewer: Actor, idOrSlug: string) => Promise<Offer>>;
  coupons: Pick<Coupons, "attempt" | "usable" | "claim">;
  stock: Pick<Stock, "lock" | "hold">;
  /** The member's saved shipping addresses: the one a checkout ships to is remembered for the next. */
  addresses: Pick<AddressesService, "remember">;
  /** The store's hold settings: how long a checkout holds stock, and how many units one buyer's may hold. */
  settings: Pick<SettingsService, "get">;
  subscribing: Subscribing;
  ledger: Ledger;
  /** The site's public address: where the buyer comes back to from the gateway. */
  publicUrl: string;
  /** The tax step (commerce/taxes): applied to each line's price after the coupon. */
  taxes: Pick<Taxes, "plan" | "line" | "record" | "samePlan">;
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
  async function purchase(
    buyer: Actor,
    kind: SellableKind,
    idOrSlug: string,
    couponCode: string | undefined,
    ip: string,
    billing: Omit<BillingInput, "ip"> = {},
  ): Promise<Checkout> {
    if (couponCode) await deps.coupons.attempt(buyer.id, ip);
    const offer = await sellableOffer(deps.offers, buyer, kind, idOrSlug);
    const noun = NOUN[kind];
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
      billing: { ...billing, ip },
    });
  }

  /**
   * A site membership (`packageId`) or a performer subscription (`performerId`, monthly or yearly): the same
   * checkout, with the subscription opened pending beside the order; a free package or trial starts at once.
   */
  async function subscribe(
    buyer: Actor,
    target: SubscribeTarget & { couponCode?: string; billingCountry?: string; billingRegion?: string },
    ip: string,
  ): Promise<Checkout> {
    if (target.couponCode) await deps.coupons.attempt(buyer.id, ip);
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
          : { initialDays: offer.initialDays, renewDays: offer.renewDays, renewCents: offer.renewCents },
      couponCode: offer.trial || offer.promo ? undefined : target.couponCode,
      // Renewals charge the renewal price with the tax of this checkout's plan (the ledger splits it the same way).
      open: (tx, orderId, taxed) =>
        subscribing.open(tx, buyer.id, { ...offer, renewCents: taxed(offer.renewCents) }, orderId, gateway.name),
      billing: { billingCountry: target.billingCountry, billingRegion: target.billingRegion, ip },
      // A pending checkout is paid again only when it was opened under the same offer (or none).
      reuses: async (tx, orderId) => (await subscribing.offerOfOrder(tx, orderId)) === (offer.promo?.offerId ?? null),
    });
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
    // The tax step (issue 24 section 5): refused here, before anything is written, when the billing place is missing.
    const tax = await deps.taxes.plan(db, buyer.id, sale.billing);
    const made = await db.transaction(async (tx) => {
      await lockBuyerItems(tx, buyer.id, [sale.lockKey]);
      const pending = await pendingFor(tx, buyer.id, sale.kind, sale.itemId);
      const wanted = couponCode?.trim().toUpperCase() ?? null;
      let same: (typeof pending)[number] | undefined;
      for (const p of pending) {
        if (p.gateway !== gateway.name || p.couponCode !== wanted) continue;
        // The same tax plan, and for a subscription the same offer (or none): that order may be paid again.
        if (!(await deps.taxes.samePlan(tx, p.orderId, tax))) continue;
        if (sale.reuses && !(await sale.reuses(tx, p.orderId))) continue;
        same = p;
      }
      if (same) return { ...same, free: false, after: undefined };
      // Otherwise the new checkout replaces the pending one, whose coupon claim goes back first.
      for (const p of pending) {
        await supersede(tx, cfg, p.transactionId, p.amountCents, "Replaced by a new checkout.");
      }
      const coupon = couponCode ? await deps.coupons.usable(buyer.id, couponCode, tx) : null;
      // The tax is worked out on what is left after the coupon; the gross is what the gateway charges.
      const taxed = deps.taxes.line(coupon ? discounted(sale.priceCents, coupon.value) : sale.priceCents, tax);
      const totalCents = taxed.grossCents;
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
        // What the buyer pays for the line, the coupon's discount taken off and the tax in: its net (without the
        // tax) is what the performers share.
        totalCents,
        taxCents: taxed.taxCents,
      });
      await deps.taxes.record(tx, buyer.id, orderId, tax);
      await sale.open?.(tx, orderId, (cents) => deps.taxes.line(cents, tax).grossCents);
      return pay(tx, cfg, buyer.id, orderId, totalCents);
    });
    // The gateway charges each renewal with its tax, as the first payment.
    const recurring = sale.recurring && {
      ...sale.recurring,
      renewCents: deps.taxes.line(sale.recurring.renewCents, tax).grossCents,
    };
    return toGateway(made, currency, { description: sale.description, recurring });
  }

  /**
   * The order's pending transaction, inside the checkout's database transaction. A total of 0 has nothing to pay: it
   * is settled now, through the ledger like a payment, in that same database transaction.
   */
  async function pay(tx: Tx, cfg: LedgerSettings, buyerId: string, orderId: string, totalCents: number) {
    const { currency } = cfg;
    const [t] = await tx
      .insert(transactions)
      .values({ orderId, userId: buyerId, gateway: gateway.name, amountCents: totalCents, currency })
      .returning({ id: transactions.id });
    const transactionId = (t as { id: string }).id;
    if (totalCents > 0) return { orderId, transactionId, amountCents: totalCents, free: false, after: undefined };
    const settled = await record(tx, cfg, {
      id: `free:${transactionId}`,
      type: "paid",
      transactionId,
      amountCents: 0,
      currency,
      payload: { source: "ledger", reason: "Nothing to pay." },
    });
    if (settled.outcome !== "applied") throw conflict("This could not be started; try again.");
    return { orderId, transactionId, amountCents: 0, free: true, after: settled.after };
  }

  /**
   * After the database transaction: the buyer goes to the gateway's page for the pending transaction (its own id
   * kept when the gateway gives one), or straight to the success page when there was nothing to pay.
   */
  async function toGateway(
    made: { orderId: string; transactionId: string; amountCents: number; free: boolean; after?: () => void },
    currency: string,
    what: { description: string; recurring: CheckoutRequest["recurring"] },
  ): Promise<Checkout> {
    const back = returnUrls(made.transactionId);
    if (made.free) {
      made.after?.();
      return { paymentUrl: back.successUrl, orderId: made.orderId, transactionId: made.transactionId };
    }
    const page = await gateway.createCheckout({
      transactionId: made.transactionId,
      amountCents: made.amountCents,
      currency,
      ...what,
      ...back,
    });
    if (page.gatewayRef) {
      await db.update(transactions).set({ gatewayRef: page.gatewayRef }).where(eq(transactions.id, made.transactionId));
    }
    return { paymentUrl: page.paymentUrl, orderId: made.orderId, transactionId: made.transactionId };
  }

  /**
   * A store checkout: the cart's products at the database's prices and one pending transaction for them all. The
   * coupon applies to the whole order and its discount is spread over the lines to the cent (what each line's
   * performers share); the physical products' stock is held for `checkoutHoldMinutes` (at most
   * `checkoutHoldMaxUnits` units), taken when the payment arrives, and free again once the hold ends or the payment
   * fails or expires. A buyer has one store checkout pending at a time: a new one replaces the last, whose hold and
   * coupon go back first. A shipping address is required when something is shipped; the order keeps a copy and the
   * member's saved addresses remember it (unless `saveAddress` is false).
   */
  async function purchaseProducts(buyer: Actor, body: PurchaseProductsBody, ip: string): Promise<Checkout> {
    // A coupon code is counted against the buyer's and the address's tries before anything else is looked up.
    if (body.couponCode) await deps.coupons.attempt(buyer.id, ip);
    const lines = await storeLines(deps.offers, buyer, body.products);
    const shipped = lines.some((l) => l.offer.productType === "physical");
    const address = shipped ? body.shippingAddress : undefined;
    if (shipped) {
      if (!address) {
        // Each field the form asks for, each with the sentence it shows there.
        const required = ["recipientName", "line1", "city", "region", "postalCode", "country", "phone"] as const;
        throw unprocessable(
          "Where should we ship it? Enter the delivery address.",
          required.map((k) => ({ path: `body.shippingAddress.${k}`, message: ADDRESS_MESSAGES[k] })),
        );
      }
      checkCountry(address, "body.shippingAddress.country");
    }
    const originalCents = lines.reduce((n, l) => n + l.originalCents, 0);
    // One buyer holds a few units at most: their one pending store checkout (a new one replaces it) is capped.
    const [holdMinutes, maxUnits] = [
      await deps.settings.get("checkoutHoldMinutes"),
      await deps.settings.get("checkoutHoldMaxUnits"),
    ];
    const units = lines.reduce((n, l) => n + (l.offer.productType === "physical" ? l.quantity : 0), 0);
    if (units > maxUnits) {
      throw unprocessable(
        `One order can hold at most ${maxUnits} physical items while it is being paid; this cart has ${units}.`,
        [{ path: "body.products", message: `at most ${maxUnits} physical items` }],
      );
    }
    const cfg = await ledgerSettings();
    const { currency } = cfg;
    const tax = await deps.taxes.plan(db, buyer.id, {
      billingCountry: body.billingCountry,
      billingRegion: body.billingRegion,
      ip,
    });
    const made = await db.transaction(async (tx) => {
      await lockBuyerItems(tx, buyer.id, [STORE_LOCK]);
      const pending = await pendingStoreOrders(tx, buyer.id);
      await deps.stock.lock(tx, [...lines.map((l) => l.offer.id), ...pending.flatMap((p) => p.productIds)]);
      for (const p of pending) {
        await supersede(tx, cfg, p.transactionId, p.amountCents, "Replaced by a new store checkout.");
      }
      const coupon = body.couponCode ? await deps.coupons.usable(buyer.id, body.couponCode, tx) : null;
      // The coupon's total spread over the lines to the cent, then each line's tax on its part (rounded per line).
      const taxed = storeParts(lines, coupon?.value ?? null).map((part) => deps.taxes.line(part, tax));
      const totalCents = taxed.reduce((n, l) => n + l.grossCents, 0);
      await deps.stock.hold(
        tx,
        lines
          .filter((l) => l.offer.productType === "physical")
          .map((l) => ({ productId: l.offer.id, quantity: l.quantity })),
      );
      const [order] = await tx
        .insert(orders)
        .values({
          userId: buyer.id,
          status: "pending",
          currency,
          originalCents,
          totalCents,
          couponId: coupon?.id ?? null,
          ...(address
            ? {
                // The order keeps its own copy of where it goes.
                recipientName: address.recipientName,
                deliveryAddress: address.line1,
                addressLine2: address.line2 ?? null,
                city: address.city,
                region: address.region,
                postalCode: address.postalCode,
                country: address.country,
                phoneNumber: address.phone,
                // The stock is held for a few minutes: a buyer who does not pay by then no longer keeps others out.
                holdUntil: sql`now() + make_interval(mins => ${holdMinutes})`,
              }
            : {}),
        })
        .returning({ id: orders.id });
      const orderId = (order as { id: string }).id;
      if (coupon && !(await deps.coupons.claim(tx, coupon.id, buyer.id, orderId))) {
        throw conflict("This coupon has just been used up.");
      }
      // Saved once the order is made with it, so that a declined payment's second try finds it too.
      if (address && body.saveAddress) await deps.addresses.remember(tx, buyer.id, address);
      await deps.taxes.record(tx, buyer.id, orderId, tax);
      await tx.insert(orderLines).values(
        lines.map((l, i) => ({
          orderId,
          itemKind: "product" as const,
          itemId: l.offer.id,
          performerIds: l.offer.performerIds,
          title: l.offer.title,
          quantity: l.quantity,
          unitPriceCents: l.offer.priceCents,
          totalCents: (taxed[i] as { grossCents: number }).grossCents,
          taxCents: (taxed[i] as { taxCents: number }).taxCents,
          deliveryStatus: l.offer.productType === "physical" ? ("created" as const) : null,
        })),
      );
      return pay(tx, cfg, buyer.id, orderId, totalCents);
    });
    const count = lines.reduce((n, l) => n + l.quantity, 0);
    return toGateway(made, currency, {
      description: lines.length === 1 ? (lines[0]?.offer.title ?? "Order") : `${count} items from the store`,
      recurring: null,
    });
  }

  /** The buyer's pending store orders (one at most, see `purchaseProducts`), with their products. */
  async function pendingStoreOrders(tx: Tx, userId: string) {
    const rows = await tx
      .select({
        transactionId: transactions.id,
        amountCents: transactions.amountCents,
        productId: orderLines.itemId,
      })
      .from(orders)
      .innerJoin(orderLines, and(eq(orderLines.orderId, orders.id), eq(orderLines.itemKind, "product")))
      .innerJoin(transactions, and(eq(transactions.orderId, orders.id), eq(transactions.status, "pending")))
      .where(and(eq(orders.userId, userId), eq(orders.status, "pending")));
    const byTransaction = new Map<string, { transactionId: string; amountCents: number; productIds: string[] }>();
    for (const r of rows) {
      const entry = byTransaction.get(r.transactionId) ?? { ...r, productIds: [] };
      entry.productIds.push(r.productId);
      byTransaction.set(r.transactionId, entry);
    }
    return [...byTransaction.values()];
  }

  return {
    purchase,
    subscribe,
    purchaseProducts,
    /** One item of another module's making (a tip, commerce/tips): the same order, line, transaction and page. */
    single: (buyer: Actor, sale: Sale) => checkout(buyer, sale),
  };
}
