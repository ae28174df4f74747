import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { conflict, notFound } from "../../../platform/errors.ts";
import type { Actor } from "../../catalogue/access.ts";
import type { Accounts } from "../../users/accounts.ts";
import type { SandboxGateway } from "../gateways/sandbox.ts";
import { orderLines } from "../orders/tables.ts";
import { type TransactionRow, transactions } from "./tables.ts";

/**
 * Reading the ledger's transactions (a member's own, an admin's of everyone) and what the sandbox's page and an
 * admin's refund ask of one; the changes themselves go through the gateway's events (service.ts).
 */
export function createPaymentHistory(deps: { db: Db; accounts: Pick<Accounts, "refs">; sandbox?: SandboxGateway }) {
  const { db } = deps;

  const itemsOf = (orderIds: string[]) =>
    orderIds.length
      ? db
          .select({
            orderId: orderLines.orderId,
            itemKind: orderLines.itemKind,
            itemId: orderLines.itemId,
            title: orderLines.title,
          })
          .from(orderLines)
          .where(inArray(orderLines.orderId, orderIds))
      : Promise.resolve([]);

  /** The buyer's own transaction (404 for anyone else's: whether it exists is theirs to know). */
  async function ownTransaction(userId: string, transactionId: string) {
    const [t] = await db
      .select()
      .from(transactions)
      .where(and(eq(transactions.id, transactionId), eq(transactions.userId, userId)));
    if (!t) throw notFound("Transaction");
    return t;
  }

  /** What the sandbox payment page shows: the amount and what it pays for. */
  async function sandboxView(userId: string, transactionId: string) {
    const t = await ownTransaction(userId, transactionId);
    const items = (await itemsOf([t.orderId])).map(({ orderId: _, ...l }) => l);
    return { transactionId: t.id, status: t.status, amount: t.amountCents / 100, currency: t.currency, items };
  }

  /**
   * The buyer's decision on the sandbox page, as the signed callback the sandbox gateway sends to the webhook route.
   * The event id is the decision on the transaction, so a second click is the same event delivered twice.
   */
  async function sandboxCallback(userId: string, transactionId: string, decision: "approve" | "decline") {
    if (!deps.sandbox) throw notFound("Sandbox payment");
    const t = await ownTransaction(userId, transactionId);
    if (t.gateway !== "sandbox") throw notFound("Sandbox payment");
    if (t.status !== "pending") throw conflict(`This payment is already ${t.status}.`);
    return deps.sandbox.signed({
      id: `${decision}:${t.id}`,
      type: decision === "approve" ? "paid" : "failed",
      transactionId: t.id,
      // As a real gateway does, the sandbox names the subscription an approval starts (used when it renews).
      subscriptionRef: decision === "approve" ? `sandbox-sub:${t.id}` : null,
      amountCents: t.amountCents,
      currency: t.currency,
    });
  }

  /**
   * Transactions, newest first, with what they paid for: a member's own; an admin's view of everyone's (filtered by
   * `userId`, with who paid). `status` narrows either.
   */
  async function searchTransactions(
    viewer: Actor,
    q: { limit: number; offset: number; status?: TransactionRow["status"]; userId?: string; id?: string },
  ) {
    const admin = viewer.role === "admin";
    const where = and(
      admin ? (q.userId ? eq(transactions.userId, q.userId) : undefined) : eq(transactions.userId, viewer.id),
      q.status ? eq(transactions.status, q.status) : undefined,
      q.id ? eq(transactions.id, q.id) : undefined,
    );
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(transactions)
        .where(where)
        .orderBy(sql`${transactions.createdAt} desc`, sql`${transactions.id} desc`)
        .limit(q.limit)
        .offset(q.offset),
      db.select({ total: sql<number>`count(*)::int` }).from(transactions).where(where),
    ]);
    const [lines, buyers] = await Promise.all([
      itemsOf(rows.map((r) => r.orderId)),
      admin ? deps.accounts.refs(rows.map((r) => r.userId)) : Promise.resolve(null),
    ]);
    return {
      total: count?.total ?? 0,
      data: rows.map((r) => ({
        _id: r.id,
        orderId: r.orderId,
        status: r.status,
        gateway: r.gateway,
        amount: r.amountCents / 100,
        currency: r.currency,
        items: lines.filter((l) => l.orderId === r.orderId).map(({ orderId: _, ...l }) => l),
        ...(buyers ? { buyer: buyers.get(r.userId) ?? null } : {}),
        createdAt: r.createdAt.toISOString(),
        paidAt: r.paidAt?.toISOString() ?? null,
      })),
    };
  }

  return { searchTransactions, sandboxView, sandboxCallback };
}
