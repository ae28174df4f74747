import type { RealtimeNotifier } from "@marquee/contracts/realtime-events";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import type { SettingsService } from "../../settings/service.ts";
import type { Coupons } from "../coupons/coupons.ts";
import { coupons } from "../coupons/tables.ts";
import { commissionRates } from "../earnings/earnings.ts";
import { earnings } from "../earnings/tables.ts";
import type { GatewayEvent, PaymentGateway } from "../gateways/gateway.ts";
import { earning, shares } from "../money.ts";
import { orderLines, orders } from "../orders/tables.ts";
import type { Subscribing } from "../subscriptions/subscribing.ts";
import type { Taxes } from "../taxes/service.ts";
import { transactions } from "./tables.ts";

/** What the ledger's files share (ledger.ts is its entry point): its types and the helpers of more than one event. */

export type { Tx };
export type OrderLineRow = typeof orderLines.$inferSelect;
export type ItemKind = OrderLineRow["itemKind"];
/** What the ledger needs of the settings while it writes. */
export interface LedgerSettings {
  currency: string;
  commission: number;
  /** The share of a tip the site keeps: the `tipCommission` setting, site-wide (performers' own rates are for sales). */
  tipCommission: number;
}
export type Notify = RealtimeNotifier;

/** What the ledger is made with (see `createLedger`). */
export interface LedgerDeps {
  db: Db;
  gateway: PaymentGateway;
  settings: Pick<SettingsService, "get">;
  coupons: Pick<Coupons, "release">;
  notify: Notify;
  subscribing: Subscribing;
  /** The physical stock: taken when a store order is paid, given back when it is refunded (products/stock.ts). */
  stock: {
    take(tx: Tx, orderId: string, lines: readonly { productId: string; quantity: number }[]): Promise<string | null>;
    release(tx: Tx, lines: readonly { productId: string; quantity: number }[]): Promise<void>;
  };
  log?: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /**
   * What tips add when their order is paid or refunded (commerce/tips/ledger-hooks.ts), inside the event's database
   * transaction: answers what to tell once it is committed (the performer's notice, the goal's live progress).
   */
  tips?: TipLedgerHooks;
  /** A member's subscription to a performer started (paid), told after its commit: the welcome message (issue 25). */
  subscribed?: (userId: string, performerId: string) => void;
  /** The tax ledger (commerce/taxes): an order's lines entered when paid, reversed when refunded. */
  taxes?: Pick<Taxes, "entered" | "renewal">;
}

/** See `LedgerDeps.tips`: called with the order's `tip` lines only, never with none. */
export interface TipLedgerHooks {
  paid(tx: Tx, lines: OrderLineRow[]): Promise<() => void>;
  refunded(tx: Tx, lines: OrderLineRow[]): Promise<() => void>;
}

export type Outcome = { outcome: "applied" | "ignored" | "flagged"; note?: string; after?: () => void };
/** What the ledger decided about one event, and the transaction it is about. */
export type Decision = Outcome & { transactionId?: string };

/**
 * One event about one of the ledger's transactions, while it is decided: the transaction's row (locked) and its
 * order's lines, and a way to set the status of both the transaction and its order.
 */
export interface Settling {
  tx: Tx;
  cfg: LedgerSettings;
  event: GatewayEvent;
  t: typeof transactions.$inferSelect;
  lines: OrderLineRow[];
  base: { transactionId: string };
  setBoth(status: "paid" | "failed" | "expired" | "refunded"): Promise<void>;
}

/**
 * Why an event that moves money may not be applied: its amount or currency missing, or not the ones expected (the
 * transaction's, or for a renewal the subscription's). null when both are there and equal. A gateway's check that
 * passed when a field was missing applied a sale with no price, or one paid in another currency.
 */
export function moneyMismatch(
  event: Pick<GatewayEvent, "amountCents" | "currency">,
  expected: { amountCents: number; currency: string },
): string | null {
  const want = `${expected.amountCents} cents ${expected.currency}`;
  if (event.amountCents === null || event.amountCents === undefined) {
    return `The event gives no amount (expected ${want}): not applied.`;
  }
  if (!event.currency) return `The event gives no currency (expected ${want}): not applied.`;
  const currency = event.currency.toUpperCase();
  if (event.amountCents !== expected.amountCents || currency !== expected.currency.toUpperCase()) {
    return `${event.amountCents} cents ${currency} for ${want}: not applied.`;
  }
  return null;
}

/** The store lines of an order, as the stock counts them. */
export const productLines = (lines: readonly OrderLineRow[]) =>
  lines.filter((l) => l.itemKind === "product").map((l) => ({ productId: l.itemId, quantity: l.quantity }));

/**
 * Serialises the checkouts and payments of one buyer for the given items (PostgreSQL advisory locks held until the
 * database transaction ends, taken in one order), so two clicks or two payments at once cannot both go through.
 */
export async function lockBuyerItems(tx: Tx, userId: string, itemIds: string[]) {
  for (const itemId of [...new Set(itemIds)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${userId}:${itemId}`}))`);
  }
}

/** The buyer's pending transactions for an item, but `except` (one at most exists, see `purchase`). */
export async function pendingFor(tx: Tx, userId: string, kind: ItemKind, itemId: string, except?: string) {
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

/** One earning per performer of each line (their share of the line, less the site's commission). */
export async function recordEarnings(tx: Tx, cfg: LedgerSettings, transactionId: string, lines: OrderLineRow[]) {
  const rate = await commissionRates(
    tx,
    lines.flatMap((l) => l.performerIds),
    cfg.commission,
  );
  // A tip is at the site's tip commission, whoever the performer (DESIGN section 5, issue 24). Earnings are shares
  // of the line's net: the tax the buyer paid is the site's to file, never the performers' (issue 24 section 5).
  const rows = lines.flatMap((line) =>
    shares(line.netCents, line.performerIds).map(([performerId, gross]) => ({
      performerId,
      orderLineId: line.id,
      transactionId,
      ...earning(gross, line.itemKind === "tip" ? cfg.tipCommission : rate(performerId)),
    })),
  );
  if (rows.length) await tx.insert(earnings).values(rows).onConflictDoNothing();
  return { performers: [...new Set(rows.map((r) => r.performerId))] };
}

/** Asks the gateway to stop renewing a subscription the ledger ended; a failure is logged, the admin can retry. */
export function stopAtGateway(deps: Pick<LedgerDeps, "gateway" | "log">, subscriptionRef: string) {
  deps.gateway.cancelSubscription(subscriptionRef).catch((err: unknown) => {
    deps.log?.error({ err, subscriptionRef }, "the gateway did not stop the renewals of an ended subscription");
  });
}
