import type { RealtimeNotifier } from "@marquee/contracts/realtime-events";
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { notFound, unprocessable } from "../../../platform/errors.ts";
import { type AuditActor, recordAudit } from "../../audit/service.ts";
import type { PerformersService } from "../../performers/service.ts";
import type { SettingsService } from "../../settings/service.ts";
import type { Accounts } from "../../users/accounts.ts";
import { commissionRates, earningLineOf } from "../earnings/earnings.ts";
import { earnings } from "../earnings/tables.ts";
import { orderLines } from "../orders/tables.ts";
import { type PayoutRow, payouts } from "../payouts/tables.ts";
import type { PayoutDetailsService } from "./payout-details.ts";

type Earning = typeof earnings.$inferSelect;
const major = (cents: number | string | null | undefined) => Number(cents ?? 0) / 100;
/** How many ids one `in (...)` list carries when the lines of a payout are marked. */
const CHUNK = 1000;

/**
 * What the admin does with the performers' earnings (issue 10): reads the lines of any performer, sees who is owed
 * money, pays a performer (a payout settles every unpaid line, sales and reversals, in one database transaction),
 * and sets a performer's own commission rate.
 */
export function createPayouts(deps: {
  db: Db;
  accounts: Pick<Accounts, "refs">;
  settings: Pick<SettingsService, "get">;
  performers: Pick<PerformersService, "setCommission">;
  /** Payouts wait for the performer's verification (modules/verification). */
  verification: { isVerified(userId: string): Promise<boolean> };
  /** Where performers want to be paid. */
  payoutDetails: Pick<PayoutDetailsService, "maskedOf">;
  /** Which of these accounts have two-factor sign-in on: a payout waits for it (issue 22). */
  twoFactorAmong: (userIds: string[]) => Promise<Set<string>>;
  /** Tells the performer they were paid (the realtime channel; a no-op without it). */
  notify?: RealtimeNotifier;
}) {
  const { db } = deps;

  /** Earning rows as admin lines, with what was sold and whose they are. */
  async function adminLines(rows: Array<{ e: Earning; title: string; itemKind: string; itemId: string }>) {
    const people = await deps.accounts.refs(rows.map((r) => r.e.performerId));
    return rows.map(({ e, ...line }) => ({
      ...earningLineOf(e, line),
      performerId: e.performerId,
      performer: people.get(e.performerId) ?? null,
      transactionId: e.transactionId,
      payoutId: e.payoutId,
    }));
  }

  /** The lines of any performer (or all), newest first, by paid state and dates. */
  async function searchEarnings(q: {
    limit: number;
    offset: number;
    performerId?: string;
    paid?: boolean;
    from?: Date;
    to?: Date;
  }) {
    const where = and(
      q.performerId ? eq(earnings.performerId, q.performerId) : undefined,
      q.paid === undefined ? undefined : eq(earnings.paid, q.paid),
      q.from ? gte(earnings.createdAt, q.from) : undefined,
      q.to ? lt(earnings.createdAt, q.to) : undefined,
    );
    const [rows, [count]] = await Promise.all([
      db
        .select({ e: earnings, title: orderLines.title, itemKind: orderLines.itemKind, itemId: orderLines.itemId })
        .from(earnings)
        .innerJoin(orderLines, eq(orderLines.id, earnings.orderLineId))
        .where(where)
        .orderBy(sql`${earnings.createdAt} desc`, sql`${earnings.id} desc`)
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(earnings).where(where),
    ]);
    return { total: count?.n ?? 0, data: await adminLines(rows) };
  }

  /** The lines of one transaction (its sales and their reversals), for the admin's view of it. */
  async function earningsOfTransactions(transactionIds: string[]) {
    if (!transactionIds.length) return [];
    const rows = await db
      .select({ e: earnings, title: orderLines.title, itemKind: orderLines.itemKind, itemId: orderLines.itemId })
      .from(earnings)
      .innerJoin(orderLines, eq(orderLines.id, earnings.orderLineId))
      .where(inArray(earnings.transactionId, transactionIds))
      .orderBy(sql`${earnings.createdAt} asc`, sql`${earnings.id} asc`);
    return adminLines(rows);
  }

  /** The performers the site owes money: the net of their unpaid lines above zero, most owed first. */
  async function due(q: { limit: number; offset: number }) {
    const owed = db
      .select({
        performerId: earnings.performerId,
        unpaid: sql<string>`sum(${earnings.netCents})`.as("unpaid"),
        lines: sql<number>`count(*)::int`.as("lines"),
        since: sql<Date>`min(${earnings.createdAt})`.as("since"),
      })
      .from(earnings)
      .where(eq(earnings.paid, false))
      .groupBy(earnings.performerId)
      .having(sql`sum(${earnings.netCents}) > 0`)
      .as("owed");
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(owed)
        .orderBy(sql`${owed.unpaid} desc`, sql`${owed.performerId} asc`)
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(owed),
    ]);
    const ids = rows.map((r) => r.performerId);
    const [people, details, secured] = await Promise.all([
      deps.accounts.refs(ids),
      deps.payoutDetails.maskedOf(ids),
      deps.twoFactorAmong(ids),
    ]);
    return {
      total: count?.n ?? 0,
      data: rows.map((r) => ({
        performerId: r.performerId,
        performer: people.get(r.performerId) ?? null,
        unpaid: major(r.unpaid),
        lines: Number(r.lines),
        since: new Date(r.since).toISOString(),
        twoFactorEnabled: secured.has(r.performerId),
        payoutDetails: details.get(r.performerId) ?? null,
      })),
    };
  }

  async function presentPayouts(rows: PayoutRow[]) {
    const ids = rows.map((r) => r.id);
    const [people, counts] = await Promise.all([
      deps.accounts.refs(rows.flatMap((r) => (r.paidBy ? [r.performerId, r.paidBy] : [r.performerId]))),
      ids.length
        ? db
            .select({ payoutId: earnings.payoutId, n: sql<number>`count(*)::int` })
            .from(earnings)
            .where(inArray(earnings.payoutId, ids))
            .groupBy(earnings.payoutId)
        : Promise.resolve([]),
    ]);
    const lines = new Map(counts.map((c) => [c.payoutId, Number(c.n)]));
    return rows.map((r) => ({
      _id: r.id,
      performerId: r.performerId,
      performer: people.get(r.performerId) ?? null,
      amount: r.amountCents / 100,
      currency: r.currency,
      note: r.note,
      paidBy: r.paidBy ? (people.get(r.paidBy) ?? null) : null,
      lines: lines.get(r.id) ?? 0,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  /** The payouts, newest first, of one performer or all, between optional dates. */
  async function searchPayouts(q: { limit: number; offset: number; performerId?: string; from?: Date; to?: Date }) {
    const where = and(
      q.performerId ? eq(payouts.performerId, q.performerId) : undefined,
      q.from ? gte(payouts.createdAt, q.from) : undefined,
      q.to ? lt(payouts.createdAt, q.to) : undefined,
    );
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(payouts)
        .where(where)
        .orderBy(sql`${payouts.createdAt} desc`, sql`${payouts.id} desc`)
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(payouts).where(where),
    ]);
    return { total: count?.n ?? 0, data: await presentPayouts(rows) };
  }

  /**
   * Pays a performer what they are owed: in one database transaction, every unpaid line of theirs (sales and the
   * negative reversals of refunds alike) is marked paid and linked to a new payout of their net sum. Two admins at
   * once make one payout: the performer's payouts are serialised by an advisory lock and the lines are locked, so
   * the second finds nothing left. Refused (422) when nothing is unpaid or the lines net to zero or less (a refund
   * after a payout is owed back by the next sales). The audit record (what was owed before, the payout after) is
   * written in the same transaction.
   */
  async function pay(actor: AuditActor & { userId: string }, body: { performerId: string; note?: string }) {
    const currency = await deps.settings.get("currency");
    if (!(await deps.accounts.refs([body.performerId])).size) throw notFound("Performer");
    if (!(await deps.verification.isVerified(body.performerId)))
      throw unprocessable(
        "This performer is not verified: payouts wait until their identity verification is approved (and not expired).",
        [{ path: "body.performerId", message: "not verified" }],
      );
    if (!(await deps.twoFactorAmong([body.performerId])).has(body.performerId)) {
      throw unprocessable(
        "This performer has not turned on two-factor sign-in: they must before a payout is made to them.",
        [{ path: "body.performerId", message: "has no two-factor sign-in" }],
      );
    }
    const made = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout:${body.performerId}`}))`);
      const open = await tx
        .select({ id: earnings.id, netCents: earnings.netCents })
        .from(earnings)
        .where(and(eq(earnings.performerId, body.performerId), eq(earnings.paid, false)))
        .orderBy(earnings.id)
        .for("update");
      const field = [{ path: "body.performerId", message: "nothing to pay" }];
      if (!open.length) throw unprocessable("This performer has no unpaid earnings.", field);
      const amountCents = open.reduce((sum, l) => sum + l.netCents, 0);
      if (amountCents <= 0) {
        throw unprocessable(
          `This performer's unpaid earnings add up to ${(amountCents / 100).toFixed(2)} ${currency}: there is nothing to pay until their sales are above their refunds.`,
          field,
        );
      }
      const [row] = await tx
        .insert(payouts)
        .values({
          performerId: body.performerId,
          amountCents,
          currency,
          note: body.note?.length ? body.note : null,
          paidBy: actor.userId,
        })
        .returning();
      const payout = row as PayoutRow;
      for (let i = 0; i < open.length; i += CHUNK) {
        const ids = open.slice(i, i + CHUNK).map((l) => l.id);
        await tx.update(earnings).set({ paid: true, payoutId: payout.id }).where(inArray(earnings.id, ids));
      }
      await recordAudit(tx, actor, {
        action: "payouts.pay",
        subjectType: "performer",
        subjectId: body.performerId,
        before: { owed: amountCents / 100, currency, unpaidLines: open.length, payout: null },
        after: {
          owed: 0,
          currency,
          unpaidLines: 0,
          payout: { _id: payout.id, amount: amountCents / 100, lines: open.length, note: payout.note },
        },
      });
      return payout;
    });
    deps.notify?.(made.performerId, "notification", {
      type: "payout",
      payoutId: made.id,
      amount: made.amountCents / 100,
      currency: made.currency,
    });
    return (await presentPayouts([made]))[0] as Awaited<ReturnType<typeof presentPayouts>>[number];
  }

  /** Sets a performer's own commission rate (null: the site's applies) and answers the rate now in force. */
  async function setCommission(performerId: string, rate: number | null, actor: AuditActor) {
    const saved = await deps.performers.setCommission(performerId, rate, actor);
    const rateOf = await commissionRates(db, [performerId], await deps.settings.get("performerCommission"));
    return { performerId, rate: saved.rate, effectiveRate: rateOf(performerId) };
  }

  return { searchEarnings, earningsOfTransactions, due, searchPayouts, pay, setCommission };
}
export type Payouts = ReturnType<typeof createPayouts>;
