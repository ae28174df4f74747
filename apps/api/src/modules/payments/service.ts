import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, unprocessable } from "../../platform/errors.ts";
import type { Actor, Offer } from "../catalogue/access.ts";
import { orderLines, orders } from "../orders/tables.ts";
import type { SettingsService } from "../settings/service.ts";
import type { Accounts } from "../users/accounts.ts";
import type { Coupons } from "./coupons.ts";
import type { GatewayEvent, PaymentGateway, WebhookDelivery } from "./gateway.ts";
import { createPaymentHistory } from "./history.ts";
import { discounted, earning, shares } from "./money.ts";
import type { SandboxGateway } from "./sandbox.ts";
import { earnings, gatewayEvents, transactions } from "./tables.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Job names: the hourly reconciliation of payments left pending. */
export const PAYMENT_JOBS = { reconcile: "payments.reconcile" } as const;

/** How long a checkout may stay pending (a closed tab, a lost callback) before the reconciliation expires it. */
export const PENDING_TTL_MS = 24 * 3600_000;
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
  coupons: Pick<Coupons, "usable" | "recordUse">;
  notify: Notify;
  accounts: Pick<Accounts, "refs">;
  log?: { info(obj: object, msg?: string): void };
  now?: () => Date;
  /** The sandbox's signer, when the sandbox is the gateway: its payment page's decisions are signed with it. */
  sandbox?: SandboxGateway;
}) {
  const { db, gateway, settings, notify } = deps;

  /** A pending checkout of the same item by the same buyer: a second click pays the first order, not a new one. */
  async function pendingCheckout(userId: string, offer: Offer, totalCents: number) {
    const [row] = await db
      .select({ orderId: orders.id, transactionId: transactions.id, amountCents: transactions.amountCents })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .innerJoin(transactions, and(eq(transactions.orderId, orders.id), eq(transactions.status, "pending")))
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.status, "pending"),
          eq(orderLines.itemKind, offer.kind),
          eq(orderLines.itemId, offer.id),
          eq(transactions.amountCents, totalCents),
          eq(transactions.gateway, gateway.name),
        ),
      )
      .limit(1);
    return row;
  }

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
    const description = `${offer.title} (${noun})`;
    // The coupon is checked again here, whatever the page showed, and the total comes from the database's price.
    const coupon = couponCode ? await deps.coupons.usable(buyer.id, couponCode) : null;
    const totalCents = coupon ? discounted(offer.priceCents, coupon.value) : offer.priceCents;
    const pending = await pendingCheckout(buyer.id, offer, totalCents);
    if (pending) {
      const again = await gateway.createCheckout({
        transactionId: pending.transactionId,
        amountCents: pending.amountCents,
        currency: await settings.get("currency"),
        description,
      });
      return { paymentUrl: again.paymentUrl, orderId: pending.orderId, transactionId: pending.transactionId };
    }
    const currency = await settings.get("currency");
    const { orderId, transactionId } = await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          userId: buyer.id,
          status: "pending",
          currency,
          originalCents: offer.priceCents,
          totalCents,
          couponId: coupon?.id ?? null,
        })
        .returning({ id: orders.id });
      const id = (order as { id: string }).id;
      await tx.insert(orderLines).values({
        orderId: id,
        itemKind: kind,
        itemId: offer.id,
        performerIds: offer.performerIds,
        title: offer.title,
        quantity: 1,
        unitPriceCents: offer.priceCents,
        // What the line brought in, the coupon's discount taken off: what the performers share.
        totalCents,
      });
      const [t] = await tx
        .insert(transactions)
        .values({ orderId: id, userId: buyer.id, gateway: gateway.name, amountCents: totalCents, currency })
        .returning({ id: transactions.id });
      return { orderId: id, transactionId: (t as { id: string }).id };
    });
    const made = await gateway.createCheckout({ transactionId, amountCents: totalCents, currency, description });
    if (made.gatewayRef) {
      await db.update(transactions).set({ gatewayRef: made.gatewayRef }).where(eq(transactions.id, transactionId));
    }
    return { paymentUrl: made.paymentUrl, orderId, transactionId };
  }

  /** One earning per performer of each line (their share of the line, less the site's commission). */
  async function recordEarnings(tx: Tx, orderId: string, transactionId: string) {
    const rate = await settings.get("performerCommission");
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const rows = lines.flatMap((line) =>
      shares(line.totalCents, line.performerIds).map(([performerId, gross]) => ({
        performerId,
        orderLineId: line.id,
        transactionId,
        ...earning(gross, rate),
      })),
    );
    if (rows.length) await tx.insert(earnings).values(rows).onConflictDoNothing();
    return { lines, performers: [...new Set(rows.map((r) => r.performerId))] };
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

  /** Applies one event: what it implies, unless that is already true (ignored) or contradicted (flagged). */
  async function applyEvent(event: GatewayEvent): Promise<Outcome["outcome"] | "duplicate"> {
    let after: (() => void) | undefined;
    const result = await db.transaction(async (tx) => {
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
      if (!stored) return "duplicate" as const;
      const decided = await decide(tx, event);
      await tx
        .update(gatewayEvents)
        .set({ outcome: decided.outcome, note: decided.note ?? null, transactionId: decided.transactionId ?? null })
        .where(eq(gatewayEvents.id, stored.id));
      after = decided.after;
      return decided.outcome;
    });
    // Told only once the money is in the ledger for good.
    after?.();
    return result;
  }

  async function decide(tx: Tx, event: GatewayEvent): Promise<Outcome & { transactionId?: string }> {
    if (!event.transactionId) return { outcome: "flagged", note: "The event names no transaction." };
    const [t] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.id, event.transactionId), eq(transactions.gateway, gateway.name)))
      .for("update");
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
    switch (event.type) {
      case "paid": {
        if (t.status === "paid") return { ...base, outcome: "ignored", note: "Already paid." };
        if (t.status === "expired" || t.status === "refunded") {
          return { ...base, outcome: "flagged", note: `Paid after the transaction was ${t.status}: not applied.` };
        }
        if (event.amountCents !== null && event.amountCents !== t.amountCents) {
          return {
            ...base,
            outcome: "flagged",
            note: `Paid ${event.amountCents} cents for a transaction of ${t.amountCents}: not applied.`,
          };
        }
        await setBoth("paid");
        const { lines, performers } = await recordEarnings(tx, t.orderId, t.id);
        const [order] = await tx.select({ couponId: orders.couponId }).from(orders).where(eq(orders.id, t.orderId));
        if (order?.couponId) await deps.coupons.recordUse(tx, order.couponId, t.userId, t.orderId);
        const title = lines.map((l) => l.title).join(", ");
        return {
          ...base,
          outcome: "applied",
          after: () => {
            notify(t.userId, "notification", { type: "payment", status: "paid", orderId: t.orderId, title });
            for (const p of performers) notify(p, "notification", { type: "sale", orderId: t.orderId, title });
          },
        };
      }
      case "failed":
      case "expired": {
        if (t.status !== "pending") return { ...base, outcome: "ignored", note: `Already ${t.status}.` };
        await setBoth(event.type);
        return {
          ...base,
          outcome: "applied",
          after: () => notify(t.userId, "notification", { type: "payment", status: event.type, orderId: t.orderId }),
        };
      }
      case "refunded": {
        if (t.status === "refunded") return { ...base, outcome: "ignored", note: "Already refunded." };
        if (t.status !== "paid") return { ...base, outcome: "flagged", note: `Refund of a ${t.status} transaction.` };
        await setBoth("refunded");
        const performers = await reverseEarnings(tx, t.orderId, t.id);
        return {
          ...base,
          outcome: "applied",
          after: () => {
            notify(t.userId, "notification", { type: "payment", status: "refunded", orderId: t.orderId });
            for (const p of performers) notify(p, "notification", { type: "refund", orderId: t.orderId });
          },
        };
      }
    }
  }

  /** A delivery to this gateway's webhook route: authenticated and read by the adapter, then applied event by event. */
  async function receive(delivery: WebhookDelivery) {
    const events = gateway.parseWebhook(delivery);
    if (!events.length) throw badRequest("The delivery carries no event.");
    const outcomes = [];
    for (const event of events) outcomes.push({ id: event.id, outcome: await applyEvent(event) });
    return { received: outcomes };
  }

  /**
   * Expires the transactions left pending longer than PENDING_TTL_MS, through the ledger like a gateway's expiry
   * (recorded under its own event id, so a second run or a late gateway event changes nothing), and logs what it did.
   * A gateway that can be asked (Stripe) will be asked first; the sandbox has nothing more to say.
   */
  async function reconcile(): Promise<{ expired: number }> {
    const cutoff = new Date((deps.now?.() ?? new Date()).getTime() - PENDING_TTL_MS);
    const stale = await db
      .select({ id: transactions.id, amountCents: transactions.amountCents })
      .from(transactions)
      .where(
        and(
          eq(transactions.status, "pending"),
          eq(transactions.gateway, gateway.name),
          sql`${transactions.createdAt} < ${cutoff}`,
        ),
      )
      .limit(1000);
    let expired = 0;
    for (const t of stale) {
      const outcome = await applyEvent({
        id: `reconcile-expired:${t.id}`,
        type: "expired",
        transactionId: t.id,
        amountCents: t.amountCents,
        payload: { source: "reconciliation", pendingSince: "more than 24 hours" },
      });
      if (outcome === "applied") expired++;
    }
    if (stale.length) deps.log?.info({ pending: stale.length, expired }, "payments left pending were expired");
    return { expired };
  }

  return {
    purchase,
    receive,
    applyEvent,
    reconcile,
    ...createPaymentHistory({ db, accounts: deps.accounts, sandbox: deps.sandbox }),
    async registerJobs(jobs: { work(name: string, handler: () => Promise<void>): Promise<void> }) {
      await jobs.work(PAYMENT_JOBS.reconcile, async () => {
        await reconcile();
      });
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
