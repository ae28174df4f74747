import { and, eq, isNotNull, sql } from "drizzle-orm";
import { earnings } from "../earnings/tables.ts";
import { orderLines } from "../orders/tables.ts";
import {
  type Decision,
  type LedgerDeps,
  moneyMismatch,
  productLines,
  type Settling,
  stopAtGateway,
  type Tx,
} from "./ledger-common.ts";

/** The ledger's refunds and chargebacks (ledger.ts is its entry point). */

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

/**
 * A refund or chargeback: the order refunded, the earnings reversed, a subscription ended (its renewals stopped
 * at the gateway once committed). Answers what to tell, after the commit.
 */
export async function takeBack(deps: LedgerDeps, { tx, t, lines, setBoth }: Settling) {
  const { notify, subscribing } = deps;
  await setBoth("refunded");
  await deps.stock.release(tx, productLines(lines));
  // Nothing of it is shipped any more: its physical lines say so to the buyer and the seller.
  await tx
    .update(orderLines)
    .set({ deliveryStatus: "refunded" })
    .where(and(eq(orderLines.orderId, t.orderId), isNotNull(orderLines.deliveryStatus)));
  const performers = await reverseEarnings(tx, t.orderId, t.id);
  // The tax goes back with the money: the tax ledger's rows of the order are reversed.
  await deps.taxes?.entered(tx, t.orderId, "refund");
  const tipLines = lines.filter((l) => l.itemKind === "tip");
  const untipped = tipLines.length && deps.tips ? await deps.tips.refunded(tx, tipLines) : undefined;
  const ended: Array<{ renews: boolean; gatewaySubscriptionId: string | null } | null> = [];
  for (const line of lines) {
    if (line.itemKind === "subscription") ended.push(await subscribing.end(tx, t.userId, line.itemId));
  }
  // The notices name what was refunded: the buyer's whole order, each performer's own lines of it.
  const titles = (of: typeof lines) => of.map((l) => l.title).join(", ");
  return () => {
    for (const s of ended) if (s?.renews && s.gatewaySubscriptionId) stopAtGateway(deps, s.gatewaySubscriptionId);
    notify(t.userId, "notification", {
      type: "payment",
      status: "refunded",
      orderId: t.orderId,
      transactionId: t.id,
      title: titles(lines),
    });
    for (const p of performers) {
      const theirs = lines.filter((l) => l.performerIds.includes(p));
      notify(p, "notification", { type: "refund", orderId: t.orderId, title: titles(theirs.length ? theirs : lines) });
    }
    untipped?.();
  };
}

/** A `refunded` or `chargeback` event. */
export async function decideRefund(deps: LedgerDeps, s: Settling): Promise<Decision> {
  const { event, t, base } = s;
  if (t.status === "refunded") return { ...base, outcome: "ignored", note: "Already refunded." };
  if (t.status !== "paid") {
    // Remembered (flagged, with its transaction): a payment arriving after it is taken back at once.
    return { ...base, outcome: "flagged", note: `Refund of a ${t.status} transaction.` };
  }
  // The ledger takes back whole payments: a refund of another amount (or of none said) is the admin's to look at.
  const mismatch = moneyMismatch(event, t);
  if (mismatch)
    return {
      ...base,
      outcome: "flagged",
      note: `${event.type === "chargeback" ? "Chargeback" : "Refund"}: ${mismatch}`,
    };
  return {
    ...base,
    outcome: "applied",
    note: event.type === "chargeback" ? "Chargeback." : undefined,
    after: await takeBack(deps, s),
  };
}
