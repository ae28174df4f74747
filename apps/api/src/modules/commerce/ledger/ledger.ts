import { and, eq } from "drizzle-orm";
import type { GatewayEvent } from "../gateways/gateway.ts";
import { orderLines, orders } from "../orders/tables.ts";
import {
  type Decision,
  type LedgerDeps,
  type LedgerSettings,
  lockBuyerItems,
  type Outcome,
  pendingFor,
  type Settling,
  type Tx,
} from "./ledger-common.ts";
import { decideFailed } from "./ledger-failed.ts";
import { decidePaid } from "./ledger-paid.ts";
import { decideRefund } from "./ledger-refund.ts";
import { decideSubscription } from "./ledger-renewal.ts";
import { gatewayEvents, transactions } from "./tables.ts";

export type { ItemKind, LedgerSettings, Notify, TipLedgerHooks, Tx } from "./ledger-common.ts";

/**
 * The ledger's core (DESIGN section 6): the gateway's events settle orders. Each event is applied in one database
 * transaction together with its own record under a unique (gateway, event id): the same event delivered again,
 * concurrently or late changes nothing that is already true. A paid event grants, records the earnings and uses the
 * coupon; a refund or chargeback takes it all back; what contradicts the ledger is recorded and flagged.
 *
 * This file records the events and hands each to the file of its kind: ledger-paid.ts, ledger-failed.ts,
 * ledger-refund.ts (refunds and chargebacks) and ledger-renewal.ts (a subscription's renewals and cancellation);
 * ledger-common.ts has what they share.
 */
export function createLedger(deps: LedgerDeps) {
  const { db, gateway, settings } = deps;

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
    tipCommission: await settings.get("tipCommission"),
  });

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

  /** Finds and locks the transaction the event is about, then decides the event by its kind. */
  async function decide(tx: Tx, cfg: LedgerSettings, event: GatewayEvent): Promise<Decision> {
    if (event.type === "renewed" || event.type === "renewal_failed" || event.type === "cancelled") {
      return decideSubscription(deps, tx, cfg, event);
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
    const now = new Date();
    const settling: Settling = {
      tx,
      cfg,
      event,
      t,
      lines,
      base: { transactionId: t.id },
      async setBoth(status) {
        await tx
          .update(transactions)
          .set({ status, ...(status === "paid" ? { paidAt: now } : {}) })
          .where(eq(transactions.id, t.id));
        const orderStatus = status === "expired" ? "failed" : status;
        await tx
          .update(orders)
          .set({ status: orderStatus, ...(status === "paid" ? { paidAt: now } : {}) })
          .where(eq(orders.id, t.orderId));
      },
    };
    switch (event.type) {
      case "paid":
        return decidePaid(deps, settling, supersede);
      case "failed":
      case "expired":
        return decideFailed(deps, settling, event.type);
      case "chargeback":
      case "refunded":
        return decideRefund(deps, settling);
    }
  }

  return { ledgerSettings, lockBuyerItems, pendingFor, supersede, record, applyEvent };
}
export type Ledger = ReturnType<typeof createLedger>;
