import type { Statement } from "@marquee/contracts/payouts";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import type { SettingsService } from "../../settings/service.ts";
import { earnings } from "../earnings/tables.ts";
import { orderLines } from "../orders/tables.ts";
import { payouts } from "./tables.ts";

/** Where the kinds of lines go in a statement: sales of each kind first, then anything new, refunds last. */
const ORDER = ["video", "gallery", "product", "subscription", "tip", "post", "message"];
const rank = (kind: string) => (kind === "refund" ? 1000 : ORDER.indexOf(kind) < 0 ? 500 : ORDER.indexOf(kind));

/** The first instant of a UTC month (`YYYY-MM`) and of the next. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return { from: new Date(Date.UTC(y, m - 1, 1)), to: new Date(Date.UTC(y, m, 1)) };
}
export const monthOf = (d: Date) => d.toISOString().slice(0, 7);

/**
 * A performer's monthly statements (issue 24 section 4), read straight from the ledger's rows: the balance at the
 * start of the month (every net line before it, less every payout before it), the month's earning lines grouped by
 * kind (the sold item's kind, `refund` for a reversal: a new kind of line is a new row), the month's payouts, and
 * the closing balance. All sums are in cents in the database, so the statement is exact.
 */
export function createStatements(deps: { db: Db; settings: Pick<SettingsService, "get"> }) {
  const { db } = deps;
  const kind = sql<string>`case when ${earnings.reversalOf} is not null then 'refund' else ${orderLines.itemKind} end`;

  async function statement(performerId: string, month = monthOf(new Date())): Promise<Statement> {
    const { from, to } = monthRange(month);
    const cents = (v: unknown) => Number(v ?? 0);
    const [currency, [earnedBefore], [paidBefore], rows, paid, months] = await Promise.all([
      deps.settings.get("currency"),
      db
        .select({ net: sql<string>`coalesce(sum(${earnings.netCents}), 0)` })
        .from(earnings)
        .where(and(eq(earnings.performerId, performerId), lt(earnings.createdAt, from))),
      db
        .select({ amount: sql<string>`coalesce(sum(${payouts.amountCents}), 0)` })
        .from(payouts)
        .where(and(eq(payouts.performerId, performerId), lt(payouts.createdAt, from))),
      db
        .select({
          kind,
          count: sql<number>`count(*)::int`,
          gross: sql<string>`sum(${earnings.grossCents})`,
          commission: sql<string>`sum(${earnings.commissionCents})`,
          net: sql<string>`sum(${earnings.netCents})`,
        })
        .from(earnings)
        .innerJoin(orderLines, eq(orderLines.id, earnings.orderLineId))
        .where(and(eq(earnings.performerId, performerId), gte(earnings.createdAt, from), lt(earnings.createdAt, to)))
        .groupBy(kind),
      db
        .select()
        .from(payouts)
        .where(and(eq(payouts.performerId, performerId), gte(payouts.createdAt, from), lt(payouts.createdAt, to)))
        .orderBy(payouts.createdAt, payouts.id),
      db.execute(sql`
        select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month from ${earnings}
          where performer_id = ${performerId}
        union
        select to_char(created_at at time zone 'UTC', 'YYYY-MM') from ${payouts} where performer_id = ${performerId}`),
    ]);
    const sorted = rows
      .map((r) => ({
        kind: r.kind,
        count: Number(r.count),
        gross: cents(r.gross),
        commission: cents(r.commission),
        net: cents(r.net),
      }))
      .sort((a, b) => rank(a.kind) - rank(b.kind) || a.kind.localeCompare(b.kind));
    const openingCents = cents(earnedBefore?.net) - cents(paidBefore?.amount);
    const sum = (pick: (r: (typeof sorted)[number]) => number) => sorted.reduce((n, r) => n + pick(r), 0);
    const netCents = sum((r) => r.net);
    const paidCents = paid.reduce((n, p) => n + p.amountCents, 0);
    const listed = new Set((months as unknown as { rows: Array<{ month: string }> }).rows.map((r) => String(r.month)));
    listed.add(monthOf(new Date()));
    return {
      month,
      currency,
      from: from.toISOString(),
      to: to.toISOString(),
      opening: openingCents / 100,
      rows: sorted.map((r) => ({
        kind: r.kind,
        count: r.count,
        gross: r.gross / 100,
        commission: r.commission / 100,
        net: r.net / 100,
      })),
      gross: sum((r) => r.gross) / 100,
      commission: sum((r) => r.commission) / 100,
      net: netCents / 100,
      payouts: paid.map((p) => ({
        _id: p.id,
        amount: p.amountCents / 100,
        note: p.note,
        createdAt: p.createdAt.toISOString(),
      })),
      paidOut: paidCents / 100,
      closing: (openingCents + netCents - paidCents) / 100,
      months: [...listed].sort().reverse(),
    };
  }

  /** The statement as CSV (one row per kind of line and per payout; amounts with two decimals, a dot). */
  async function csv(performerId: string, month: string): Promise<string> {
    const s = await statement(performerId, month);
    const cell = (v: string | number) => {
      const text = typeof v === "number" ? v.toFixed(2) : v;
      return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    };
    const out: Array<Array<string | number>> = [
      ["section", "description", "date", "count", "gross", "commission", "net", "currency"],
      ["opening", "Opening balance", s.from.slice(0, 10), "", "", "", s.opening, s.currency],
      ...s.rows.map((r) => [
        r.kind === "refund" ? "refunds" : "earnings",
        r.kind,
        "",
        String(r.count),
        r.gross,
        r.commission,
        r.net,
        s.currency,
      ]),
      ...s.payouts.map((p) => [
        "payout",
        p.note ?? "Payout",
        p.createdAt.slice(0, 10),
        "",
        "",
        "",
        -p.amount,
        s.currency,
      ]),
      [
        "closing",
        "Closing balance",
        new Date(Date.parse(s.to) - 1).toISOString().slice(0, 10),
        "",
        "",
        "",
        s.closing,
        s.currency,
      ],
    ];
    return `${out.map((r) => r.map(cell).join(",")).join("\r\n")}\r\n`;
  }

  return { statement, csv };
}
export type Statements = ReturnType<typeof createStatements>;
