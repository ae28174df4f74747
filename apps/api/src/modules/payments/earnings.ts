import { and, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderLines } from "../orders/tables.ts";
import { performers } from "../performers/tables.ts";
import { earnings } from "./tables.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The commission rate of each of `performerIds` (DESIGN section 5): the performer's own, else the site's
 * `performerCommission` setting (`siteRate`, read by the caller before its transaction opens). Read through `tx`, so
 * a sale is recorded at the rates of the moment it is applied; the earning row keeps the rate it used.
 */
export async function commissionRates(
  tx: Tx | Db,
  performerIds: readonly string[],
  siteRate: number,
): Promise<(id: string) => number> {
  const ids = [...new Set(performerIds)];
  const own = ids.length
    ? await tx
        .select({ id: performers.id, rate: performers.commissionRate })
        .from(performers)
        .where(inArray(performers.id, ids))
    : [];
  const rates = new Map(own.flatMap((r) => (r.rate === null ? [] : [[r.id, Number(r.rate)] as const])));
  return (id) => rates.get(id) ?? siteRate;
}

/** An earning row as a line of the answers, with what was sold (major units). */
export function earningLineOf(
  e: typeof earnings.$inferSelect,
  line: { title: string; itemKind: string; itemId: string },
) {
  return {
    _id: e.id,
    type: e.reversalOf ? ("refund" as const) : ("sale" as const),
    title: line.title,
    itemKind: line.itemKind,
    itemId: line.itemId,
    gross: e.grossCents / 100,
    commissionRate: Number(e.commissionRate),
    commission: e.commissionCents / 100,
    net: e.netCents / 100,
    paid: e.paid,
    createdAt: e.createdAt.toISOString(),
  };
}

/** A performer's own earnings: totals between two dates, and the lines (sales and their reversals). */
export function createEarnings(db: Db) {
  const within = (performerId: string, from?: Date, to?: Date) =>
    and(
      eq(earnings.performerId, performerId),
      from ? gte(earnings.createdAt, from) : undefined,
      to ? lt(earnings.createdAt, to) : undefined,
    ) as SQL;
  const major = (cents: number | string | null) => Number(cents ?? 0) / 100;

  return {
    /** Gross, commission and net, and how much of the net is paid out or still owed (refunds already netted). */
    async stats(performerId: string, from?: Date, to?: Date) {
      const [row] = await db
        .select({
          gross: sql<string>`coalesce(sum(${earnings.grossCents}), 0)`,
          commission: sql<string>`coalesce(sum(${earnings.commissionCents}), 0)`,
          net: sql<string>`coalesce(sum(${earnings.netCents}), 0)`,
          paid: sql<string>`coalesce(sum(${earnings.netCents}) filter (where ${earnings.paid}), 0)`,
          lines: sql<string>`count(*)`,
        })
        .from(earnings)
        .where(within(performerId, from, to));
      const net = major(row?.net ?? 0);
      const paid = major(row?.paid ?? 0);
      return {
        gross: major(row?.gross ?? 0),
        commission: major(row?.commission ?? 0),
        net,
        paid,
        unpaid: Math.round((net - paid) * 100) / 100,
        lines: Number(row?.lines ?? 0),
      };
    },

    /** The lines, newest first, with what was sold. */
    async search(performerId: string, q: { limit: number; offset: number; from?: Date; to?: Date }) {
      const where = within(performerId, q.from, q.to);
      const [rows, [count]] = await Promise.all([
        db
          .select({ e: earnings, title: orderLines.title, itemKind: orderLines.itemKind, itemId: orderLines.itemId })
          .from(earnings)
          .innerJoin(orderLines, eq(orderLines.id, earnings.orderLineId))
          .where(where)
          .orderBy(sql`${earnings.createdAt} desc`, sql`${earnings.id} desc`)
          .limit(q.limit)
          .offset(q.offset),
        db.select({ n: sql<string>`count(*)` }).from(earnings).where(where),
      ]);
      return {
        total: Number(count?.n ?? 0),
        data: rows.map(({ e, ...line }) => earningLineOf(e, line)),
      };
    },
  };
}
