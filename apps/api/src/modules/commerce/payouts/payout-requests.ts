import type { PayoutBalance, PayoutBlocker, PayoutRequest, PayoutRequestStatus } from "@marquee/contracts/payouts";
import type { RealtimeNotifier } from "@marquee/contracts/realtime-events";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { AppError, notFound, unprocessable } from "../../../platform/errors.ts";
import { type AuditActor, recordAudit } from "../../audit/service.ts";
import type { SettingsService } from "../../settings/service.ts";
import type { Accounts } from "../../users/accounts.ts";
import { earnings } from "../earnings/tables.ts";
import type { PayoutDetailsService } from "./payout-details.ts";
import { type PayoutRequestRow, payoutRequestLines, payoutRequests, payouts } from "./tables.ts";

const OPEN = ["requested", "approved"] as const;
const CHUNK = 1000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

const conflict = (message: string, path: string) =>
  new AppError(409, "Conflict", message, [{ path, message: "conflicts with the request's state" }]);

/**
 * Payout requests (issue 24 section 4): a performer asks to be paid their balance, the net of their unpaid lines, once
 * it reaches the `payoutMinimum` setting and their saved method is past its hold; the request covers exactly the
 * lines unpaid at that moment. An admin approves it, then marks it paid with a reference (the lines settled into a
 * payout in one transaction, audited), or refuses it with a reason (the performer is notified and may ask again).
 */
export function createPayoutRequests(deps: {
  db: Db;
  accounts: Pick<Accounts, "refs">;
  settings: Pick<SettingsService, "get">;
  payoutDetails: Pick<PayoutDetailsService, "usable">;
  verification: { isVerified(userId: string): Promise<boolean> };
  twoFactorAmong: (userIds: string[]) => Promise<Set<string>>;
  notify?: RealtimeNotifier;
}) {
  const { db } = deps;

  /** The performer's unpaid lines (the ones a new request would cover). */
  const unpaidOf = (tx: Db | Tx, performerId: string) =>
    tx
      .select({ id: earnings.id, netCents: earnings.netCents })
      .from(earnings)
      .where(and(eq(earnings.performerId, performerId), eq(earnings.paid, false)))
      .orderBy(earnings.id);

  async function present(rows: PayoutRequestRow[]): Promise<PayoutRequest[]> {
    const ids = rows.map((r) => r.id);
    const [people, counts] = await Promise.all([
      deps.accounts.refs(rows.flatMap((r) => (r.decidedBy ? [r.performerId, r.decidedBy] : [r.performerId]))),
      ids.length
        ? db
            .select({ requestId: payoutRequestLines.requestId, n: sql<number>`count(*)::int` })
            .from(payoutRequestLines)
            .where(inArray(payoutRequestLines.requestId, ids))
            .groupBy(payoutRequestLines.requestId)
        : Promise.resolve([]),
    ]);
    const lines = new Map(counts.map((c) => [c.requestId, Number(c.n)]));
    return rows.map((r) => ({
      _id: r.id,
      performerId: r.performerId,
      performer: people.get(r.performerId) ?? null,
      status: r.status,
      amount: r.amountCents / 100,
      currency: r.currency,
      lines: lines.get(r.id) ?? 0,
      method: { method: r.method, accountHint: r.accountHint },
      reason: r.reason,
      reference: r.reference,
      payoutId: r.payoutId,
      decidedBy: r.decidedBy ? (people.get(r.decidedBy) ?? null) : null,
      createdAt: r.createdAt.toISOString(),
      approvedAt: iso(r.approvedAt),
      paidAt: iso(r.paidAt),
      refusedAt: iso(r.refusedAt),
    }));
  }
  const one = async (row: PayoutRequestRow) => (await present([row]))[0] as PayoutRequest;

  async function openOf(tx: Db | Tx, performerId: string) {
    const [row] = await tx
      .select()
      .from(payoutRequests)
      .where(and(eq(payoutRequests.performerId, performerId), inArray(payoutRequests.status, [...OPEN])));
    return row ?? null;
  }

  /** Why the performer may not ask now (the first reason), or null. */
  function blockerOf(s: {
    open: unknown;
    method: { heldUntil: Date | null } | null;
    balanceCents: number;
    minimumCents: number;
  }): PayoutBlocker | null {
    if (s.open) return "open-request";
    if (s.balanceCents <= 0 || s.balanceCents < s.minimumCents) return "below-minimum";
    if (!s.method) return "no-method";
    if (s.method.heldUntil && s.method.heldUntil > new Date()) return "method-on-hold";
    return null;
  }

  async function balance(performerId: string): Promise<PayoutBalance> {
    const [currency, minimum, holdDays, lines, open, method] = await Promise.all([
      deps.settings.get("currency"),
      deps.settings.get("payoutMinimum"),
      deps.settings.get("payoutMethodHoldDays"),
      unpaidOf(db, performerId),
      openOf(db, performerId),
      deps.payoutDetails.usable(performerId),
    ]);
    const balanceCents = lines.reduce((sum, l) => sum + l.netCents, 0);
    const heldUntil = method?.heldUntil && method.heldUntil > new Date() ? method.heldUntil : null;
    return {
      balance: balanceCents / 100,
      currency,
      minimum,
      holdDays,
      methodHeldUntil: iso(heldUntil),
      open: open ? await one(open) : null,
      blocker: blockerOf({ open, method, balanceCents, minimumCents: Math.round(minimum * 100) }),
    };
  }

  /**
   * Asks to be paid the balance. Refused (422) below the minimum, without a saved method or while it is on hold, and
   * (409) with a request already open; the performer's requests and payouts are serialised by the same advisory lock
   * as the admin's payouts, so two at once make one request.
   */
  async function request(performerId: string): Promise<PayoutRequest> {
    const [currency, minimum, method] = await Promise.all([
      deps.settings.get("currency"),
      deps.settings.get("payoutMinimum"),
      deps.payoutDetails.usable(performerId),
    ]);
    const minimumCents = Math.round(minimum * 100);
    const row = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout:${performerId}`}))`);
      if (await openOf(tx, performerId))
        throw conflict("You already have a payout request open: wait until it is paid or refused.", "payoutRequest");
      const lines = await unpaidOf(tx, performerId).for("update");
      const amountCents = lines.reduce((sum, l) => sum + l.netCents, 0);
      if (amountCents <= 0 || amountCents < minimumCents)
        throw unprocessable(
          `Your balance of ${money(Math.max(amountCents, 0), currency)} is below the payout minimum of ${money(minimumCents, currency)}.`,
          [{ path: "balance", message: "below the payout minimum" }],
        );
      if (!method)
        throw unprocessable("Save your payout details before you ask to be paid.", [
          { path: "payoutDetails", message: "none saved" },
        ]);
      if (method.heldUntil && method.heldUntil > new Date())
        throw unprocessable(
          `Your payout method was changed recently: it can be used from ${method.heldUntil.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
          [{ path: "payoutDetails", message: "on hold" }],
        );
      const [made] = await tx
        .insert(payoutRequests)
        .values({ performerId, amountCents, currency, method: method.method, accountHint: method.accountHint })
        .returning();
      const request = made as PayoutRequestRow;
      for (let i = 0; i < lines.length; i += CHUNK) {
        await tx
          .insert(payoutRequestLines)
          .values(lines.slice(i, i + CHUNK).map((l) => ({ requestId: request.id, earningId: l.id })));
      }
      return request;
    });
    return one(row);
  }

  async function search(q: { limit: number; offset: number; performerId?: string; status?: PayoutRequestStatus }) {
    const where = and(
      q.performerId ? eq(payoutRequests.performerId, q.performerId) : undefined,
      q.status ? eq(payoutRequests.status, q.status) : undefined,
    );
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(payoutRequests)
        .where(where)
        .orderBy(sql`${payoutRequests.createdAt} desc`, sql`${payoutRequests.id} desc`)
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(payoutRequests).where(where),
    ]);
    return { total: count?.n ?? 0, data: await present(rows) };
  }

  /** One of the performer's own requests: 404 for anyone else's. */
  async function mine(performerId: string, id: string) {
    const [row] = await db
      .select()
      .from(payoutRequests)
      .where(and(eq(payoutRequests.id, id), eq(payoutRequests.performerId, performerId)));
    if (!row) throw notFound("Payout request");
    return one(row);
  }

  /** Locks the request in `tx` and checks its state is one of `from`; 404 when there is none. */
  async function locked(tx: Tx, id: string, from: readonly PayoutRequestStatus[], doing: string) {
    const [row] = await tx.select().from(payoutRequests).where(eq(payoutRequests.id, id)).for("update");
    if (!row) throw notFound("Payout request");
    if (!from.includes(row.status))
      throw conflict(`This payout request is ${row.status}: it cannot be ${doing}.`, "params.id");
    return row;
  }

  async function approve(actor: AuditActor & { userId: string }, id: string) {
    const row = await db.transaction(async (tx) => {
      const before = await locked(tx, id, ["requested"], "approved");
      const [after] = await tx
        .update(payoutRequests)
        .set({ status: "approved", approvedAt: new Date(), decidedBy: actor.userId })
        .where(eq(payoutRequests.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: "payouts.approve-request",
        subjectType: "performer",
        subjectId: before.performerId,
        before: { request: id, status: before.status, amount: before.amountCents / 100 },
        after: { request: id, status: "approved", amount: before.amountCents / 100 },
      });
      return after as PayoutRequestRow;
    });
    return one(row);
  }

  /**
   * Pays an approved request: in one transaction, exactly its lines are marked paid into a new payout of its amount
   * (the note names the reference), the request becomes paid, and the audit record is written. Refused (409) when a
   * line was settled meanwhile (an admin's correction the old way): refuse the request and let the performer ask
   * again. The performer must still be verified and have two-factor sign-in on, as for any payout.
   */
  async function markPaid(actor: AuditActor & { userId: string }, id: string, reference: string) {
    const [probe] = await db.select().from(payoutRequests).where(eq(payoutRequests.id, id));
    if (!probe) throw notFound("Payout request");
    if (!(await deps.verification.isVerified(probe.performerId)))
      throw unprocessable(
        "This performer is not verified: payouts wait until their identity verification is approved (and not expired).",
        [{ path: "params.id", message: "not verified" }],
      );
    if (!(await deps.twoFactorAmong([probe.performerId])).has(probe.performerId))
      throw unprocessable(
        "This performer has not turned on two-factor sign-in: they must before a payout is made to them.",
        [{ path: "params.id", message: "has no two-factor sign-in" }],
      );
    const row = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout:${probe.performerId}`}))`);
      const before = await locked(tx, id, ["approved"], "marked paid");
      const lines = await tx
        .select({ id: earnings.id, netCents: earnings.netCents, paid: earnings.paid })
        .from(earnings)
        .innerJoin(payoutRequestLines, eq(payoutRequestLines.earningId, earnings.id))
        .where(eq(payoutRequestLines.requestId, id))
        .orderBy(earnings.id)
        .for("update", { of: earnings });
      const sum = lines.reduce((n, l) => n + l.netCents, 0);
      if (lines.some((l) => l.paid) || sum !== before.amountCents)
        throw conflict(
          "Some of this request's earning lines were paid meanwhile: refuse this request and let the performer ask again.",
          "params.id",
        );
      const [made] = await tx
        .insert(payouts)
        .values({
          performerId: before.performerId,
          amountCents: before.amountCents,
          currency: before.currency,
          note: reference,
          paidBy: actor.userId,
        })
        .returning();
      const payout = made as typeof payouts.$inferSelect;
      for (let i = 0; i < lines.length; i += CHUNK) {
        const ids = lines.slice(i, i + CHUNK).map((l) => l.id);
        await tx.update(earnings).set({ paid: true, payoutId: payout.id }).where(inArray(earnings.id, ids));
      }
      const [after] = await tx
        .update(payoutRequests)
        .set({ status: "paid", paidAt: new Date(), reference, payoutId: payout.id, decidedBy: actor.userId })
        .where(eq(payoutRequests.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: "payouts.pay-request",
        subjectType: "performer",
        subjectId: before.performerId,
        before: { request: id, status: before.status, amount: before.amountCents / 100, payout: null },
        after: {
          request: id,
          status: "paid",
          reference,
          payout: { _id: payout.id, amount: payout.amountCents / 100, lines: lines.length },
        },
      });
      return after as PayoutRequestRow;
    });
    deps.notify?.(row.performerId, "notification", {
      type: "payout",
      payoutId: row.payoutId,
      amount: row.amountCents / 100,
      currency: row.currency,
    });
    return one(row);
  }

  /** Refuses an open request with a reason the performer is told; its lines are theirs to ask for again. */
  async function refuse(actor: AuditActor & { userId: string }, id: string, reason: string) {
    const row = await db.transaction(async (tx) => {
      const before = await locked(tx, id, OPEN, "refused");
      const [after] = await tx
        .update(payoutRequests)
        .set({ status: "refused", refusedAt: new Date(), reason, decidedBy: actor.userId })
        .where(eq(payoutRequests.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: "payouts.refuse-request",
        subjectType: "performer",
        subjectId: before.performerId,
        before: { request: id, status: before.status, amount: before.amountCents / 100 },
        after: { request: id, status: "refused", reason },
      });
      return after as PayoutRequestRow;
    });
    deps.notify?.(row.performerId, "notification", {
      type: "payout_refused",
      requestId: row.id,
      amount: row.amountCents / 100,
      currency: row.currency,
      reason,
    });
    return one(row);
  }

  return { balance, request, search, mine, approve, markPaid, refuse };
}
export type PayoutRequests = ReturnType<typeof createPayoutRequests>;
