import { randomUUID } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { conflict, notFound, unprocessable } from "../../platform/errors.ts";
import type { Actor, Offer } from "../catalogue/access.ts";
import { orderLines, orders } from "../orders/tables.ts";
import { subscriptions } from "../subscriptions/tables.ts";

type OrderLineRow = typeof orderLines.$inferSelect;
type ItemKind = OrderLineRow["itemKind"];
/** What the ledger needs of the settings while it writes. */
interface LedgerSettings {
  currency: string;
  commission: number;
}

import type { SettingsService } from "../settings/service.ts";
import type { Accounts } from "../users/accounts.ts";
import type { Coupons } from "./coupons.ts";
import { commissionRates } from "./earnings.ts";
import type { CheckoutRequest, GatewayEvent, PaymentGateway, WebhookDelivery } from "./gateway.ts";
import { createPaymentHistory } from "./history.ts";
import { discounted, earning, shares } from "./money.ts";
import type { SandboxGateway } from "./sandbox.ts";
import { createSubscribing, type SubscribeTarget } from "./subscribing.ts";
import { coupons, earnings, gatewayEvents, transactions } from "./tables.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Job names: the hourly reconciliation of payments left pending. */
export const PAYMENT_JOBS = { reconcile: "payments.reconcile", lapse: "subscriptions.lapse" } as const;

/** How long a checkout may stay pending (a closed tab, a lost callback) before the reconciliation expires it. */
export const PENDING_TTL_MS = 24 * 3600_000;
/** A checkout pending this long is asked about at a gateway that can be asked (a webhook may have been lost). */
export const LOOKUP_AFTER_MS = 3600_000;
type Notify = (userId: string, event: string, payload: unknown) => void;
type SellableKind = Offer["kind"];

const NOUN: Record<SellableKind, string> = { video: "movie", gallery: "gallery" };

/** What the buyer is sent to: the gateway's payment page for the order's pending transaction. */
export interface Checkout {
  paymentUrl: string;
  orderId: string;
  transactionId: string;
}

/**
 * The ledger (DESIGN section 6): a checkout makes an order, its lines and a pending transaction, with every amount
 * from the database; the gateway's events settle it. Each event is applied in one database transaction together
 * with its own record under a unique (gateway, event id): the same event delivered again, concurrently or late
 * changes nothing that is already true.
 */
export function createPaymentsService(deps: {
  db: Db;
  gateway: PaymentGateway;
  settings: Pick<SettingsService, "get">;
  offers: Record<SellableKind, (viewer: Actor, idOrSlug: string) => Promise<Offer>>;
  coupons: Pick<Coupons, "usable" | "claim" | "release">;
  notify: Notify;
  accounts: Pick<Accounts, "refs">;
  log?: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  now?: () => Date;
  /** The sandbox's signer, when the sandbox is the gateway: its payment page's decisions are signed with it. */
  sandbox?: SandboxGateway;
  /** The site's public address: where the buyer comes back to from the gateway. */
  publicUrl: string;
}) {
  const { db, gateway, settings, notify } = deps;
  const subscribing = createSubscribing({ db, now: deps.now });

  /**
   * Serialises the checkouts and payments of one buyer for the given items (PostgreSQL advisory locks held until the
   * database transaction ends, taken in one order), so two clicks or two payments at once cannot both go through.
   */
  async function lockBuyerItems(tx: Tx, userId: string, itemIds: string[]) {
    for (const itemId of [...new Set(itemIds)].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${userId}:${itemId}`}))`);
    }
  }

  /** The buyer's pending transactions for an item, but `except` (one at most exists, see `purchase`). */
  async function pendingFor(tx: Tx, userId: string, kind: ItemKind, itemId: string, except?: string) {
    return tx
      .select({
        orderId: orders.id,
        couponCode: coupons.code,
        transactionId: transactions.id,
        gateway: transactions.gateway,
        amountCents: transactions.amountCents,
      })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .innerJoin(transactions, and(eq(transactions.orderId, orders.id), eq(transactions.status, "pending")))
      .leftJoin(coupons, eq(coupons.id, orders.couponId))
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.status, "pending"),
          eq(orderLines.itemKind, kind),
          eq(orderLines.itemId, itemId),
          except ? ne(transactions.id, except) : undefined,
        ),
      );
  }

  /** Whether the buyer has a paid order with a line for the item (what `decideAccess` reads as bought). */
  async function owns(tx: Tx, userId: string, kind: ItemKind, itemId: string, except: string) {
    const [row] = await tx
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.status, "paid"),
          eq(orderLines.itemKind, kind),
          eq(orderLines.itemId, itemId),
          ne(orders.id, except),
        ),
      )
      .limit(1);
    return !!row;
  }

  /**
   * Ends a pending transaction that another one replaces (a new checkout with another coupon, or a payment of the
   * same item through another checkout), through the ledger under its own event id: its coupon claim is given back
   * and a payment arriving for it later is flagged, not applied.
   */
  const supersede = (tx: Tx, cfg: LedgerSettings, transactionId: string, amountCents: number, reason: string) =>
    record(tx, cfg, {
      id: `superseded:${transactionId}`,
      type: "expired",
      transactionId,
      amountCents,
      payload: { source: "ledger", reason },
    });

  /**
   * The settings the ledger reads, taken before its database transaction opens: on the embedded database (one
   * connection) a read outside the transaction while it is open would wait for it forever.
   */
  const ledgerSettings = async (): Promise<LedgerSettings> => ({
    currency: await settings.get("currency"),
    commission: await settings.get("performerCommission"),
  });

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

  /** One earning per performer of each line (their share of the line, less the site's commission). */
  async function recordEarnings(tx: Tx, cfg: LedgerSettings, transactionId: string, lines: OrderLineRow[]) {
    const rate = await commissionRates(
      tx,
      lines.flatMap((l) => l.performerIds),
      cfg.commission,
    );
    const rows = lines.flatMap((line) =>
      shares(line.totalCents, line.performerIds).map(([performerId, gross]) => ({
        performerId,
        orderLineId: line.id,
        transactionId,
        ...earning(gross, rate(performerId)),
      })),
    );
    if (rows.length) await tx.insert(earnings).values(rows).onConflictDoNothing();
    return { performers: [...new Set(rows.map((r) => r.performerId))] };
  }

  /** A refund or chargeback: each sale earning of the order gets its reversing line (negative amounts). */
  async function reverseEarnings(tx: Tx, orderId: string, transactionId: string) {
    const sold = await tx
      .select()
      .from(earnings)
      .innerJoin(orderLines, eq(orderLines.id, earnings.orderLineId))
      .where(and(eq(orderLines.orderId, orderId), sql`${earnings.reversalOf} is null`));
    if (!sold.length) return [];
    await tx
      .insert(earnings)
      .values(
        sold.map(({ earnings: e }) => ({
          performerId: e.performerId,
          orderLineId: e.orderLineId,
          transactionId,
          reversalOf: e.id,
          grossCents: -e.grossCents,
          commissionRate: e.commissionRate,
          commissionCents: -e.commissionCents,
          netCents: -e.netCents,
        })),
      )
      .onConflictDoNothing();
    return [...new Set(sold.map(({ earnings: e }) => e.performerId))];
  }

  type Outcome = { outcome: "applied" | "ignored" | "flagged"; note?: string; after?: () => void };

  /** Applies one event, in its own database transaction; the parties are told once it is committed. */
  async function applyEvent(event: GatewayEvent): Promise<Outcome["outcome"] | "duplicate"> {
    // Most redeliveries come after the first copy committed: one read answers them, without a transaction. A copy
    // that races the first one is caught by the unique insert in `record`.
    const [seen] = await db
      .select({ id: gatewayEvents.id })
      .from(gatewayEvents)
      .where(and(eq(gatewayEvents.gateway, gateway.name), eq(gatewayEvents.eventId, event.id)));
    if (seen) return "duplicate";
    const cfg = await ledgerSettings();
    const { outcome, after } = await db.transaction((tx) => record(tx, cfg, event));
    after?.();
    return outcome;
  }

  /**
   * Records the event under its unique id and applies what it implies, unless that is already true (ignored) or
   * contradicted (flagged), in the caller's database transaction. A duplicate changes nothing.
   */
  async function record(
    tx: Tx,
    cfg: LedgerSettings,
    event: GatewayEvent,
  ): Promise<{ outcome: Outcome["outcome"] | "duplicate"; after?: () => void }> {
    const [stored] = await tx
      .insert(gatewayEvents)
      .values({
        gateway: gateway.name,
        eventId: event.id,
        type: event.type,
        outcome: "ignored",
        payload: event.payload ?? {},
      })
      .onConflictDoNothing()
      .returning({ id: gatewayEvents.id });
    if (!stored) return { outcome: "duplicate" };
    const decided = await decide(tx, cfg, event);
    await tx
      .update(gatewayEvents)
      .set({ outcome: decided.outcome, note: decided.note ?? null, transactionId: decided.transactionId ?? null })
      .where(eq(gatewayEvents.id, stored.id));
    return decided;
  }

  async function decide(
    tx: Tx,
    cfg: LedgerSettings,
    event: GatewayEvent,
  ): Promise<Outcome & { transactionId?: string }> {
    if (event.type === "renewed" || event.type === "renewal_failed" || event.type === "cancelled") {
      return decideSubscription(tx, cfg, event);
    }
    if (!event.transactionId && !event.gatewayRef)
      return { outcome: "flagged", note: "The event names no transaction." };
    const mine = and(
      event.transactionId
        ? eq(transactions.id, event.transactionId)
        : eq(transactions.gatewayRef, event.gatewayRef ?? ""),
      eq(transactions.gateway, gateway.name),
    );
    const [found] = await tx
      .select({ userId: transactions.userId, orderId: transactions.orderId })
      .from(transactions)
      .where(mine);
    if (!found) return { outcome: "flagged", note: "No such transaction." };
    // The buyer's items are locked before the transaction's row, in the order a checkout takes them.
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, found.orderId));
    await lockBuyerItems(
      tx,
      found.userId,
      lines.map((l) => l.itemId),
    );
    const [t] = await tx.select().from(transactions).where(mine).for("update");
    if (!t) return { outcome: "flagged", note: "No such transaction." };
    const base = { transactionId: t.id };
    const now = new Date();
    const setBoth = async (status: "paid" | "failed" | "expired" | "refunded") => {
      await tx
        .update(transactions)
        .set({ status, ...(status === "paid" ? { paidAt: now } : {}) })
        .where(eq(transactions.id, t.id));
      const orderStatus = status === "expired" ? "failed" : status;
      await tx
        .update(orders)
        .set({ status: orderStatus, ...(status === "paid" ? { paidAt: now } : {}) })
        .where(eq(orders.id, t.orderId));
    };
    /**
     * A refund or chargeback: the order refunded, the earnings reversed, a subscription ended (its renewals stopped
     * at the gateway once committed). Answers what to tell, after the commit.
     */
    const takeBack = async () => {
      await setBoth("refunded");
      const performers = await reverseEarnings(tx, t.orderId, t.id);
      const ended: Array<{ renews: boolean; gatewaySubscriptionId: string | null } | null> = [];
      for (const line of lines) {
        if (line.itemKind === "subscription") ended.push(await subscribing.end(tx, t.userId, line.itemId));
      }
      return () => {
        for (const s of ended) if (s?.renews && s.gatewaySubscriptionId) stopAtGateway(s.gatewaySubscriptionId);
        notify(t.userId, "notification", {
          type: "payment",
          status: "refunded",
          orderId: t.orderId,
          transactionId: t.id,
        });
        for (const p of performers) notify(p, "notification", { type: "refund", orderId: t.orderId });
      };
    };
    switch (event.type) {
      case "paid": {
        if (t.status === "paid") return { ...base, outcome: "ignored", note: "Already paid." };
        if (t.status !== "pending") {
          return { ...base, outcome: "flagged", note: `Paid after the transaction was ${t.status}: not applied.` };
        }
        if (event.amountCents !== null && event.amountCents !== t.amountCents) {
          return {
            ...base,
            outcome: "flagged",
            note: `Paid ${event.amountCents} cents for a transaction of ${t.amountCents}: not applied.`,
          };
        }
        for (const line of lines) {
          if (await alreadyHas(tx, t.userId, line, t.orderId)) {
            return {
              ...base,
              outcome: "flagged",
              note: `Paid for "${line.title}", which the buyer already owns: not applied (refund it).`,
            };
          }
        }
        await setBoth("paid");
        // The gateway's id of the payment, when the checkout had none (CCBill names it only now): its refund or
        // chargeback may name nothing else. Kept unless another transaction holds it already (never, from a gateway).
        if (!t.gatewayRef && event.gatewayRef) {
          const [taken] = await tx
            .select({ id: transactions.id })
            .from(transactions)
            .where(and(eq(transactions.gateway, gateway.name), eq(transactions.gatewayRef, event.gatewayRef)));
          if (!taken) {
            await tx.update(transactions).set({ gatewayRef: event.gatewayRef }).where(eq(transactions.id, t.id));
          }
        }
        const { performers } = await recordEarnings(tx, cfg, t.id, lines);
        const started = await subscribing.activate(tx, t.orderId, event.subscriptionRef ?? null);
        // The buyer's other checkouts of the same items end here: paying one of them too would be paying twice.
        for (const line of lines) {
          if (line.itemKind === "product") continue;
          for (const other of await pendingFor(tx, t.userId, line.itemKind, line.itemId, t.id)) {
            await supersede(
              tx,
              cfg,
              other.transactionId,
              other.amountCents,
              "The buyer paid for the item through another checkout.",
            );
          }
        }
        // The gateway's refund of this payment came first (deliveries out of order): it is applied now.
        const [early] = await tx
          .select({ id: gatewayEvents.id })
          .from(gatewayEvents)
          .where(
            and(
              eq(gatewayEvents.transactionId, t.id),
              inArray(gatewayEvents.type, ["refunded", "chargeback"]),
              eq(gatewayEvents.outcome, "flagged"),
            ),
          )
          .limit(1);
        if (early) {
          const told = await takeBack();
          await tx
            .update(gatewayEvents)
            .set({ outcome: "applied", note: "Applied when its payment arrived, after it." })
            .where(eq(gatewayEvents.id, early.id));
          return {
            ...base,
            outcome: "applied",
            note: "Paid and refunded at once: the refund had come first.",
            after: told,
          };
        }
        const title = lines.map((l) => l.title).join(", ");
        return {
          ...base,
          outcome: "applied",
          after: () => {
            notify(t.userId, "notification", {
              type: "payment",
              status: "paid",
              orderId: t.orderId,
              transactionId: t.id,
              title,
              ...(started ? { expiresAt: started.expiresAt.toISOString() } : {}),
            });
            for (const p of performers) {
              notify(p, "notification", { type: started ? "subscriber" : "sale", orderId: t.orderId, title });
            }
          },
        };
      }
      case "failed":
      case "expired": {
        if (t.status !== "pending") return { ...base, outcome: "ignored", note: `Already ${t.status}.` };
        await setBoth(event.type);
        await deps.coupons.release(tx, t.orderId);
        await subscribing.drop(tx, t.orderId);
        return {
          ...base,
          outcome: "applied",
          after: () => notify(t.userId, "notification", { type: "payment", status: event.type, orderId: t.orderId }),
        };
      }
      case "chargeback":
      case "refunded": {
        if (t.status === "refunded") return { ...base, outcome: "ignored", note: "Already refunded." };
        if (t.status !== "paid") {
          // Remembered (flagged, with its transaction): a payment arriving after it is taken back at once.
          return { ...base, outcome: "flagged", note: `Refund of a ${t.status} transaction.` };
        }
        return {
          ...base,
          outcome: "applied",
          note: event.type === "chargeback" ? "Chargeback." : undefined,
          after: await takeBack(),
        };
      }
    }
  }

  /** Asks the gateway to stop renewing a subscription the ledger ended; a failure is logged, the admin can retry. */
  function stopAtGateway(subscriptionRef: string) {
    gateway.cancelSubscription(subscriptionRef).catch((err: unknown) => {
      deps.log?.error({ err, subscriptionRef }, "the gateway did not stop the renewals of an ended subscription");
    });
  }

  /** Whether the buyer already has what the line sells: the item bought, or the subscription still running. */
  async function alreadyHas(tx: Tx, userId: string, line: OrderLineRow, orderId: string) {
    if (line.itemKind === "product") return false;
    if (line.itemKind !== "subscription") return owns(tx, userId, line.itemKind, line.itemId, orderId);
    const target = line.performerIds.includes(line.itemId)
      ? ({ kind: "performer", id: line.itemId } as const)
      : ({ kind: "site" } as const);
    return (await subscribing.activeOf(tx, userId, target)).length > 0;
  }

  /**
   * A renewal paid, failed, or stopped, for the subscription the gateway names: a renewal is an order and a paid
   * transaction of its own (the performer earns on it) and moves the expiry on from the old one.
   */
  async function decideSubscription(
    tx: Tx,
    cfg: LedgerSettings,
    event: GatewayEvent,
  ): Promise<Outcome & { transactionId?: string }> {
    if (!event.subscriptionRef) return { outcome: "flagged", note: "The event names no subscription." };
    const found = await subscribing.byRef(tx, gateway.name, event.subscriptionRef, false);
    if (!found) return { outcome: "flagged", note: "No such subscription." };
    await lockBuyerItems(tx, found.userId, [found.kind === "site" ? "site-membership" : (found.performerId ?? "")]);
    const s = await subscribing.byRef(tx, gateway.name, event.subscriptionRef, true);
    if (!s) return { outcome: "flagged", note: "No such subscription." };
    const until = s.expiresAt?.toISOString() ?? null;
    const tell =
      (status: string, expiresAt = until) =>
      () =>
        notify(s.userId, "notification", { type: "subscription", status, subscriptionId: s.id, expiresAt });
    switch (event.type) {
      case "renewal_failed":
        return {
          outcome: "applied",
          note: `Renewal failed; access lasts until ${until}.`,
          after: tell("renewal_failed"),
        };
      case "cancelled":
        if (!s.renews) return { outcome: "ignored", note: "Already not renewing." };
        await subscribing.stopRenewal(tx, s);
        return { outcome: "applied", after: tell("cancelled") };
      default: {
        if (!s.renews) {
          return {
            outcome: "flagged",
            note: `Renewal of a subscription that no longer renews (${s.status}): refund it.`,
          };
        }
        const [first] = await tx
          .select()
          .from(orderLines)
          .where(eq(orderLines.orderId, s.orderId ?? ""))
          .limit(1);
        if (!first) return { outcome: "flagged", note: "The subscription's first order is missing." };
        const amountCents = event.amountCents ?? s.priceCents;
        const paidAt = new Date();
        const { currency } = cfg;
        const ref = event.gatewayRef ?? event.id;
        const [known] = await tx
          .select({ id: transactions.id })
          .from(transactions)
          .where(and(eq(transactions.gateway, gateway.name), eq(transactions.gatewayRef, ref)));
        if (known) return { transactionId: known.id, outcome: "ignored", note: "This renewal is already recorded." };
        const [order] = await tx
          .insert(orders)
          .values({
            userId: s.userId,
            status: "paid",
            currency,
            originalCents: amountCents,
            totalCents: amountCents,
            paidAt,
          })
          .returning({ id: orders.id });
        const orderId = (order as { id: string }).id;
        const [line] = await tx
          .insert(orderLines)
          .values({ ...first, id: undefined, orderId, unitPriceCents: amountCents, totalCents: amountCents })
          .returning();
        const [t] = await tx
          .insert(transactions)
          .values({
            orderId,
            userId: s.userId,
            gateway: gateway.name,
            gatewayRef: ref,
            status: "paid",
            amountCents,
            currency,
            paidAt,
          })
          .returning({ id: transactions.id });
        const transactionId = (t as { id: string }).id;
        const { performers } = await recordEarnings(tx, cfg, transactionId, line ? [line] : []);
        const expiresAt = (await subscribing.extend(tx, s)).toISOString();
        return {
          transactionId,
          outcome: "applied",
          after: () => {
            tell("renewed", expiresAt)();
            for (const p of performers) notify(p, "notification", { type: "sale", orderId, title: first.title });
          },
        };
      }
    }
  }

  /**
   * An admin's refund of a paid transaction, asked of the gateway; the gateway's refund event then reverses the
   * grant and the earnings like any other event (the sandbox sends it at once). Answers the status it is in now.
   */
  async function refund(transactionId: string) {
    const [t] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
    if (!t) throw notFound("Transaction");
    if (t.status !== "paid") throw conflict(`Only a paid transaction can be refunded; this one is ${t.status}.`);
    if (t.gateway !== gateway.name) {
      throw conflict(`This payment went through ${t.gateway}, which is not the site's gateway now: refund it there.`);
    }
    await gateway.refund({ id: t.id, gatewayRef: t.gatewayRef, amountCents: t.amountCents, currency: t.currency });
    const [now] = await db.select({ status: transactions.status }).from(transactions).where(eq(transactions.id, t.id));
    return { transactionId: t.id, status: now?.status ?? t.status };
  }

  /** A member's subscription (their own; an admin any), 404 for anyone else's. */
  async function subscriptionOf(actor: Actor, id: string) {
    const [s] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    if (!s || (s.userId !== actor.id && actor.role !== "admin")) throw notFound("Subscription");
    return s;
  }

  /**
   * Stops a subscription's renewals (the member's own, or an admin's choice): asked of the gateway first, then
   * recorded through the ledger at once, so the member sees it now and the gateway's own event changes nothing.
   * Access lasts until the paid period ends.
   */
  async function cancelSubscription(actor: Actor, id: string) {
    const s = await subscriptionOf(actor, id);
    const until = s.expiresAt?.toISOString().slice(0, 10);
    if (s.status === "pending") throw conflict("This subscription has not started.");
    if (!s.renews || !s.gatewaySubscriptionId) {
      throw conflict(
        s.status === "expired"
          ? "This subscription has ended."
          : `This subscription does not renew; it ends on ${until}.`,
      );
    }
    if (s.gateway !== gateway.name) {
      throw conflict(`This subscription renews through ${s.gateway}, which is not the site's gateway now.`);
    }
    await gateway.cancelSubscription(s.gatewaySubscriptionId);
    await applyEvent({
      id: `cancel:${s.gatewaySubscriptionId}`,
      type: "cancelled",
      transactionId: null,
      subscriptionRef: s.gatewaySubscriptionId,
      amountCents: null,
      payload: { source: "member", by: actor.id },
    });
    return s.id;
  }

  /** Cancel without an id: the member's renewing site membership, or their subscription to `performerId`. */
  async function cancelCurrent(actor: Actor, performerId?: string) {
    const [s] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, actor.id),
          performerId ? eq(subscriptions.performerId, performerId) : eq(subscriptions.kind, "site"),
          eq(subscriptions.renews, true),
          inArray(subscriptions.status, ["active"]),
        ),
      )
      .limit(1);
    if (!s) throw notFound(performerId ? "Renewing subscription" : "Renewing membership");
    return cancelSubscription(actor, s.id);
  }

  /**
   * The sandbox's simulations, from the admin's screen, so every path can be tried by hand: a renewal, a failed
   * renewal, a chargeback of the subscription's last payment. Each goes through the webhook like a real event.
   */
  async function simulate(id: string, event: "renewed" | "renewal_failed" | "chargeback") {
    if (!deps.sandbox || gateway.name !== "sandbox") throw conflict("Only the sandbox gateway can simulate events.");
    const [s] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    if (!s) throw notFound("Subscription");
    if (!s.gatewaySubscriptionId || s.gateway !== "sandbox") {
      throw conflict("This subscription has no sandbox subscription to act on (it does not renew).");
    }
    const ref = s.gatewaySubscriptionId;
    const nonce = randomUUID();
    if (event === "chargeback") {
      const [last] = await db
        .select({ id: transactions.id, amountCents: transactions.amountCents })
        .from(transactions)
        .innerJoin(orderLines, eq(orderLines.orderId, transactions.orderId))
        .where(
          and(
            eq(transactions.userId, s.userId),
            eq(transactions.status, "paid"),
            eq(orderLines.itemKind, "subscription"),
            eq(orderLines.itemId, s.packageId ?? s.performerId ?? ""),
          ),
        )
        .orderBy(sql`${transactions.paidAt} desc`)
        .limit(1);
      if (!last) throw conflict("This subscription has no paid transaction to charge back.");
      await deps.sandbox.send({
        id: `chargeback:${nonce}`,
        type: "chargeback",
        transactionId: last.id,
        amountCents: last.amountCents,
      });
    } else {
      await deps.sandbox.send({
        id: `${event}:${nonce}`,
        type: event,
        transactionId: null,
        subscriptionRef: ref,
        gatewayRef: event === "renewed" ? `sandbox-renewal:${nonce}` : null,
        amountCents: event === "renewed" ? s.priceCents : null,
      });
    }
    return s.id;
  }

  /** An admin grants a site membership by hand, for `days`, with the reason (kept with who gave it). */
  async function grantMembership(
    admin: Actor & { username: string },
    input: { userId: string; packageId?: string; days: number; reason: string },
  ) {
    if (!(await deps.accounts.refs([input.userId])).size) throw notFound("Member");
    const id = await subscribing.grant({ ...input, note: `Granted by ${admin.username}: ${input.reason}` });
    notify(input.userId, "notification", { type: "subscription", status: "granted", subscriptionId: id });
    return id;
  }

  /**
   * An admin revokes a membership or subscription by hand: its renewals are stopped at the gateway first (as a
   * member's cancel is), then access ends now, with the reason kept. Money is not given back: that is a refund.
   */
  async function revokeSubscription(admin: Actor & { username: string }, id: string, reason: string) {
    const [s] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    if (!s) throw notFound("Subscription");
    if (s.renews && s.gatewaySubscriptionId) await cancelSubscription(admin, id);
    const ended = await subscribing.revoke(id, `Revoked by ${admin.username}: ${reason}`);
    notify(ended.userId, "notification", { type: "subscription", status: "revoked", subscriptionId: id });
    return id;
  }

  /** Subscriptions whose paid period ended without a renewal become expired; their members are told. */
  async function lapse() {
    const lapsed = await subscribing.expireLapsed();
    for (const s of lapsed) {
      notify(s.userId, "notification", { type: "subscription", status: "expired", subscriptionId: s.id });
    }
    if (lapsed.length) deps.log?.info({ lapsed: lapsed.length }, "subscriptions lapsed");
    return { lapsed: lapsed.length };
  }

  /** A delivery to this gateway's webhook route: authenticated and read by the adapter, then applied event by event. */
  async function receive(delivery: WebhookDelivery) {
    // An event the ledger has no use for (a Stripe event type it does not read) is answered with nothing received:
    // a 200, so the gateway stops sending it (the port's rule, gateway.ts).
    const events = await gateway.parseWebhook(delivery);
    const outcomes = [];
    for (const event of events) outcomes.push({ id: event.id, outcome: await applyEvent(event) });
    return { received: outcomes };
  }

  /**
   * Settles the transactions left pending (a closed tab, a lost webhook), and logs what it did. A gateway that can be
   * asked (Stripe's `lookup`) is asked about each one pending for more than LOOKUP_AFTER_MS: what it answers (paid,
   * expired) is applied through the ledger like its webhook, under the event id the lookup gives, so the late webhook
   * itself changes nothing. What stays pending longer than PENDING_TTL_MS expires (recorded under its own event id,
   * so a second run or a late gateway event changes nothing), unless the gateway could not be asked: then it waits
   * for the next run rather than risk expiring a payment that went through.
   */
  async function reconcile(): Promise<{ paid: number; expired: number; unreachable: number }> {
    const now = (deps.now?.() ?? new Date()).getTime();
    const ttlCutoff = new Date(now - PENDING_TTL_MS);
    const cutoff = gateway.lookup ? new Date(now - LOOKUP_AFTER_MS) : ttlCutoff;
    const stale = await db
      .select({
        id: transactions.id,
        amountCents: transactions.amountCents,
        gatewayRef: transactions.gatewayRef,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .where(
        and(
          eq(transactions.status, "pending"),
          eq(transactions.gateway, gateway.name),
          sql`${transactions.createdAt} < ${cutoff}`,
        ),
      )
      .orderBy(transactions.createdAt)
      .limit(1000);
    const done = { paid: 0, expired: 0, unreachable: 0 };
    for (const t of stale) {
      let known: GatewayEvent | null = null;
      if (gateway.lookup) {
        try {
          known = await gateway.lookup({ id: t.id, gatewayRef: t.gatewayRef });
        } catch (err) {
          done.unreachable++;
          deps.log?.error({ err, transactionId: t.id }, "the gateway could not be asked about a pending payment");
          continue;
        }
      }
      if (known) {
        if ((await applyEvent(known)) === "applied" && (known.type === "paid" || known.type === "expired")) {
          done[known.type]++;
        }
        continue;
      }
      if (t.createdAt >= ttlCutoff) continue;
      const outcome = await applyEvent({
        id: `reconcile-expired:${t.id}`,
        type: "expired",
        transactionId: t.id,
        amountCents: t.amountCents,
        payload: { source: "reconciliation", pendingSince: t.createdAt.toISOString() },
      });
      if (outcome === "applied") done.expired++;
    }
    if (stale.length) deps.log?.info({ pending: stale.length, ...done }, "payments left pending were reconciled");
    return done;
  }

  return {
    /** The gateway payments go through. */
    gatewayName: gateway.name,
    purchase,
    subscribe,
    cancelSubscription,
    cancelCurrent,
    simulate,
    grantMembership,
    revokeSubscription,
    lapse,
    refund,
    receive,
    applyEvent,
    reconcile,
    ...createPaymentHistory({ db, accounts: deps.accounts, sandbox: deps.sandbox }),
    async registerJobs(jobs: { work(name: string, handler: () => Promise<void>): Promise<void> }) {
      await jobs.work(PAYMENT_JOBS.reconcile, async () => {
        await reconcile();
      });
      await jobs.work(PAYMENT_JOBS.lapse, async () => {
        await lapse();
      });
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
