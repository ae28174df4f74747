import type { Decision, LedgerDeps, Settling } from "./ledger-common.ts";

/** The ledger's failed and expired payments (ledger.ts is its entry point). */

/**
 * A `failed` or `expired` event: the pending order ends, its coupon claim and subscription given back; its stock hold
 * stops counting with it (products/stock.ts).
 */
export async function decideFailed(
  deps: LedgerDeps,
  { tx, t, base, setBoth }: Settling,
  /** The event's type. */
  type: "failed" | "expired",
): Promise<Decision> {
  if (t.status !== "pending") return { ...base, outcome: "ignored", note: `Already ${t.status}.` };
  await setBoth(type);
  await deps.coupons.release(tx, t.orderId);
  await deps.subscribing.drop(tx, t.orderId);
  return {
    ...base,
    outcome: "applied",
    after: () => deps.notify(t.userId, "notification", { type: "payment", status: type, orderId: t.orderId }),
  };
}
