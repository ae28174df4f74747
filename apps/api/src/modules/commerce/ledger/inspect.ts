import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { conflict, notFound } from "../../../platform/errors.ts";
import { type AuditActor, recordAudit } from "../../audit/service.ts";
import type { Accounts } from "../../users/accounts.ts";
import { coupons } from "../coupons/tables.ts";
import { orderLines, orders } from "../orders/tables.ts";
import type { Payouts } from "../payouts/payouts.ts";
import { gatewayEvents, transactions } from "./tables.ts";

type EventRow = typeof gatewayEvents.$inferSelect;
type Outcome = EventRow["outcome"];

type Ref = { _id: string; username: string; name: string };

const presentEvent = (e: EventRow, people: Map<string, Ref>) => ({
  _id: e.id,
  gateway: e.gateway,
  eventId: e.eventId,
  type: e.type,
  outcome: e.outcome,
  note: e.note,
  transactionId: e.transactionId,
  payload: e.payload,
  receivedAt: e.receivedAt.toISOString(),
  handled: e.handledAt
    ? {
        at: e.handledAt.toISOString(),
        by: (e.handledBy && people.get(e.handledBy)) || null,
        resolution: e.resolution ?? "",
      }
    : null,
});

/**
 * The admin's look into the ledger: one transaction with everything that hangs on it (order, lines, buyer, earnings,
 * every gateway event recorded for it), and the gateway events site-wide by outcome, the flagged ones being what an
 * admin has to act on (a payment after an expiry, an amount that does not match, an item paid for twice).
 */
export function createLedgerInspection(deps: {
  db: Db;
  accounts: Pick<Accounts, "refs">;
  payouts: Pick<Payouts, "earningsOfTransactions">;
}) {
  const { db } = deps;

  async function transactionDetail(id: string) {
    const [row] = await db
      .select({ t: transactions, o: orders, couponCode: coupons.code })
      .from(transactions)
      .innerJoin(orders, eq(orders.id, transactions.orderId))
      .leftJoin(coupons, eq(coupons.id, orders.couponId))
      .where(eq(transactions.id, id));
    if (!row) throw notFound("Transaction");
    const { t, o } = row;
    const [lines, events, earned] = await Promise.all([
      db.select().from(orderLines).where(eq(orderLines.orderId, o.id)).orderBy(asc(orderLines.createdAt)),
      db
        .select()
        .from(gatewayEvents)
        .where(eq(gatewayEvents.transactionId, t.id))
        .orderBy(asc(gatewayEvents.receivedAt), asc(gatewayEvents.id)),
      deps.payouts.earningsOfTransactions([t.id]),
    ]);
    const people = await deps.accounts.refs([
      t.userId,
      ...lines.flatMap((l) => l.performerIds),
      ...events.flatMap((e) => (e.handledBy ? [e.handledBy] : [])),
    ]);
    return {
      _id: t.id,
      orderId: t.orderId,
      status: t.status,
      gateway: t.gateway,
      gatewayRef: t.gatewayRef,
      amount: t.amountCents / 100,
      currency: t.currency,
      items: lines.map((l) => ({ itemKind: l.itemKind, itemId: l.itemId, title: l.title })),
      buyer: people.get(t.userId) ?? null,
      createdAt: t.createdAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
      paidAt: t.paidAt?.toISOString() ?? null,
      order: {
        _id: o.id,
        status: o.status,
        original: o.originalCents / 100,
        total: o.totalCents / 100,
        couponCode: row.couponCode ?? null,
      },
      lines: lines.map((l) => ({
        _id: l.id,
        itemKind: l.itemKind,
        itemId: l.itemId,
        title: l.title,
        quantity: l.quantity,
        unitPrice: l.unitPriceCents / 100,
        total: l.totalCents / 100,
        performers: l.performerIds.flatMap((p) => {
          const ref = people.get(p);
          return ref ? [ref] : [];
        }),
      })),
      // Also the reversals, which a refund records under the same transaction.
      earnings: earned,
      events: events.map((e) => presentEvent(e, people)),
    };
  }

  /** Gateway events, newest first, by outcome (`flagged`: what the admin must act on) and whether handled. */
  async function searchEvents(q: { limit: number; offset: number; outcome?: Outcome; handled?: "true" | "false" }) {
    const where = and(
      q.outcome ? eq(gatewayEvents.outcome, q.outcome) : undefined,
      q.handled === "true" ? isNotNull(gatewayEvents.handledAt) : undefined,
      q.handled === "false" ? isNull(gatewayEvents.handledAt) : undefined,
    );
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(gatewayEvents)
        .where(where)
        .orderBy(desc(gatewayEvents.receivedAt), desc(gatewayEvents.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(gatewayEvents).where(where),
    ]);
    const people = await deps.accounts.refs(rows.flatMap((e) => (e.handledBy ? [e.handledBy] : [])));
    return { total: count?.n ?? 0, data: rows.map((e) => presentEvent(e, people)) };
  }

  /**
   * An admin marks a flagged event dealt with, saying how (checked with the gateway, refunded the member): it leaves
   * the list of what needs attention and keeps the note. Only flagged events, and once: a second admin's click is a
   * 409, not an overwrite of the first one's words.
   */
  async function handleEvent(actor: AuditActor & { userId: string }, id: string, resolution: string) {
    // Marked and recorded in the audit trail in one transaction.
    const row = await db.transaction(async (tx) => {
      const [handled] = await tx
        .update(gatewayEvents)
        .set({ handledAt: sql`now()`, handledBy: actor.userId, resolution })
        .where(and(eq(gatewayEvents.id, id), eq(gatewayEvents.outcome, "flagged"), isNull(gatewayEvents.handledAt)))
        .returning();
      if (handled) {
        await recordAudit(tx, actor, {
          action: "payments.event-handled",
          subjectType: "payment-event",
          subjectId: id,
          before: { handled: false, resolution: null },
          after: { handled: true, resolution },
        });
      }
      return handled;
    });
    if (row) return presentEvent(row, await deps.accounts.refs([actor.userId]));
    const [existing] = await db
      .select({ outcome: gatewayEvents.outcome, handledAt: gatewayEvents.handledAt })
      .from(gatewayEvents)
      .where(eq(gatewayEvents.id, id));
    if (!existing) throw notFound("Gateway event");
    throw conflict(
      existing.outcome !== "flagged"
        ? `This event was ${existing.outcome}, not flagged: there is nothing to handle.`
        : "This event was already marked handled.",
    );
  }

  return { transactionDetail, searchEvents, handleEvent };
}
export type LedgerInspection = ReturnType<typeof createLedgerInspection>;
