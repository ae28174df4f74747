import { and, eq, inArray, ne } from "drizzle-orm";
import { orderLines, orders } from "../orders/tables.ts";
import {
  type Decision,
  type ItemKind,
  type LedgerDeps,
  type LedgerSettings,
  moneyMismatch,
  type OrderLineRow,
  pendingFor,
  productLines,
  recordEarnings,
  type Settling,
  type Tx,
} from "./ledger-common.ts";
import { takeBack } from "./ledger-refund.ts";
import { gatewayEvents, transactions } from "./tables.ts";

/** The ledger's payments (ledger.ts is its entry point). */

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

/** Whether the buyer already has what the line sells: the item bought, or the subscription still running. */
async function alreadyHas(
  deps: LedgerDeps,
  tx: Tx,
  userId: string,
  line: OrderLineRow,
  orderId: string,
): Promise<boolean> {
  if (line.itemKind === "product") return false;
  if (line.itemKind !== "subscription") return owns(tx, userId, line.itemKind, line.itemId, orderId);
  const target = line.performerIds.includes(line.itemId)
    ? ({ kind: "performer", id: line.itemId } as const)
    : ({ kind: "site" } as const);
  return (await deps.subscribing.activeOf(tx, userId, target)).length > 0;
}

/**
 * A `paid` event: the order paid, the earnings recorded, a subscription started, the buyer's other checkouts of the
 * same items ended through `supersede`, and a refund that came first applied now.
 */
export async function decidePaid(
  deps: LedgerDeps,
  s: Settling,
  supersede: (
    tx: Tx,
    cfg: LedgerSettings,
    transactionId: string,
    amountCents: number,
    reason: string,
  ) => Promise<unknown>,
): Promise<Decision> {
  const { gateway, notify, subscribing } = deps;
  const { tx, cfg, event, t, lines, base, setBoth } = s;
  if (t.status === "paid") return { ...base, outcome: "ignored", note: "Already paid." };
  if (t.status !== "pending") {
    return { ...base, outcome: "flagged", note: `Paid after the transaction was ${t.status}: not applied.` };
  }
  const mismatch = moneyMismatch(event, t);
  if (mismatch) return { ...base, outcome: "flagged", note: `Paid: ${mismatch}` };
  for (const line of lines) {
    if (await alreadyHas(deps, tx, t.userId, line, t.orderId)) {
      return {
        ...base,
        outcome: "flagged",
        note: `Paid for "${line.title}", which the buyer already owns: not applied (refund it).`,
      };
    }
  }
  // The stock is taken now. A payment that comes after its hold ended finds what others hold first: if the stock
  // went meanwhile, the money is not applied to an order that cannot be filled (flagged: the admin refunds it).
  const short = await deps.stock.take(tx, t.orderId, productLines(lines));
  if (short) {
    return {
      ...base,
      outcome: "flagged",
      note: `Paid after its stock hold ended, and "${short}" has sold out meanwhile: not applied (refund it).`,
    };
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
  await deps.taxes?.entered(tx, t.orderId, "sale");
  // A tip tells its performer itself (with its message) and moves their goal; it is no sale to announce.
  const tipLines = lines.filter((l) => l.itemKind === "tip");
  const tipped = tipLines.length && deps.tips ? await deps.tips.paid(tx, tipLines) : undefined;
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
    const told = await takeBack(deps, s);
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
      const sold = lines.filter((l) => l.itemKind !== "tip");
      for (const p of performers) {
        if (!sold.some((l) => l.performerIds.includes(p))) continue;
        notify(p, "notification", { type: started ? "subscriber" : "sale", orderId: t.orderId, title });
      }
      tipped?.();
      if (started?.kind === "performer" && started.performerId) deps.subscribed?.(started.userId, started.performerId);
    },
  };
}
