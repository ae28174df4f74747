import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderLines, orders } from "../orders/tables.ts";
import type { SettingsService } from "../settings/service.ts";
import type { Coupons } from "./coupons.ts";
import { commissionRates } from "./earnings.ts";
import type { GatewayEvent, PaymentGateway } from "./gateway.ts";
import { earning, shares } from "./money.ts";
import type { Subscribing } from "./subscribing.ts";
import { coupons, earnings, gatewayEvents, transactions } from "./tables.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type OrderLineRow = typeof orderLines.$inferSelect;
export type ItemKind = OrderLineRow["itemKind"];
/** What the ledger needs of the settings while it writes. */
export interface LedgerSettings {
  currency: string;
  commission: number;
}
export type Notify = (userId: string, event: string, payload: unknown) => void;

/** The store lines of an order, as the stock counts them. */
const productLines = (lines: readonly OrderLineRow[]) =>
  lines.filter((l) => l.itemKind === "product").map((l) => ({ productId: l.itemId, quantity: l.quantity }));

/**
 * The ledger's core (DESIGN section 6): the gateway's events settle orders. Each event is applied in one database
 * transaction together with its own record under a unique (gateway, event id): the same event delivered again,
 * concurrently or late changes nothing that is already true. A paid event grants, records the earnings and uses the
 * coupon; a refund or chargeback takes it all back; what contradicts the ledger is recorded and flagged.
 */
export function createLedger(deps: {
  db: Db;
  gateway: PaymentGateway;
  settings: Pick<SettingsService, "get">;
  coupons: Pick<Coupons, "release">;
  notify: Notify;
  subscribing: Subscribing;
  /** The physical stock a store order holds: given back when its payment fails or expires, or it is refunded. */
  stock: { release(tx: Tx, lines: readonly { productId: string; quantity: number }[]): Promise<void> };
  log?: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}) {
  const { db, gateway, settings, notify, subscribing } = deps;

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
      await deps.stock.release(tx, productLines(lines));
      // Nothing of it is shipped any more: its physical lines say so to the buyer and the seller.
      await tx
        .update(orderLines)
        .set({ deliveryStatus: "refunded" })
        .where(and(eq(orderLines.orderId, t.orderId), isNotNull(orderLines.deliveryStatus)));
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
        await deps.stock.release(tx, productLines(lines));
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

  return { ledgerSettings, lockBuyerItems, pendingFor, supersede, record, applyEvent };
}
export type Ledger = ReturnType<typeof createLedger>;
