import { and, eq } from "drizzle-orm";
import type { GatewayEvent } from "../gateways/gateway.ts";
import { orderLines, orders } from "../orders/tables.ts";
import {
  type Decision,
  type LedgerDeps,
  type LedgerSettings,
  lockBuyerItems,
  moneyMismatch,
  recordEarnings,
  type Tx,
} from "./ledger-common.ts";
import { transactions } from "./tables.ts";

/** The ledger's subscription renewals, failed renewals and cancellations (ledger.ts is its entry point). */

/**
 * A renewal paid, failed, or stopped, for the subscription the gateway names: a renewal is an order and a paid
 * transaction of its own (the performer earns on it) and moves the expiry on from the old one.
 */
export async function decideSubscription(
  deps: LedgerDeps,
  tx: Tx,
  cfg: LedgerSettings,
  event: GatewayEvent,
): Promise<Decision> {
  const { gateway, notify, subscribing } = deps;
  if (!event.subscriptionRef) return { outcome: "flagged", note: "The event names no subscription." };
  const found = await subscribing.byRef(tx, gateway.name, event.subscriptionRef, false);
  if (!found) return { outcome: "flagged", note: "No such subscription." };
  await lockBuyerItems(tx, found.userId, [found.kind === "site" ? "site-membership" : (found.performerId ?? "")]);
  const s = await subscribing.byRef(tx, gateway.name, event.subscriptionRef, true);
  if (!s) return { outcome: "flagged", note: "No such subscription." };
  const until = s.expiresAt?.toISOString() ?? null;
  // A performer subscription's notices name the performer.
  const about = await subscribing.about(tx, s);
  const tell =
    (status: string, expiresAt = until) =>
    () =>
      notify(s.userId, "notification", { type: "subscription", status, subscriptionId: s.id, expiresAt, ...about });
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
      const [firstOrder] = await tx
        .select({ currency: orders.currency })
        .from(orders)
        .where(eq(orders.id, first.orderId));
      // A renewal is paid at the subscription's price, in the currency it was bought in.
      const currency = firstOrder?.currency ?? cfg.currency;
      const mismatch = moneyMismatch(event, { amountCents: s.priceCents, currency });
      if (mismatch) return { outcome: "flagged", note: `Renewal: ${mismatch}` };
      const amountCents = s.priceCents;
      const paidAt = new Date();
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
      // On a taxed site the charge holds the tax of the first order's plan: the performers share its net.
      const taxed = (await deps.taxes?.renewal(tx, first.orderId, orderId, amountCents)) ?? null;
      const [line] = await tx
        .insert(orderLines)
        .values({
          ...copyOf(first),
          orderId,
          unitPriceCents: taxed && !taxed.pricesIncludeTax ? taxed.netCents : amountCents,
          totalCents: amountCents,
          taxCents: taxed?.taxCents ?? 0,
        })
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
      if (taxed) await deps.taxes?.entered(tx, orderId, "sale");
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

/** A line as a new row's values: without its id and the columns the database works out (net and gross). */
function copyOf(line: typeof orderLines.$inferSelect) {
  const { id: _id, netCents: _net, grossCents: _gross, ...rest } = line;
  return rest;
}
