import { bucketStart, EARNING_TIMELINE_MAX_BUCKETS, type EarningInterval } from "@marquee/contracts/payments";
import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { badRequest } from "../../../platform/errors.ts";
import { ownCommissionRates } from "../../performers/commerce-port.ts";
import type { SettingsService } from "../../settings/service.ts";
import { users } from "../../users/tables.ts";
import { earnings } from "../earnings/tables.ts";
import { orderLines } from "../orders/tables.ts";
import { tips } from "../tips/tables.ts";

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
  const rates = await ownCommissionRates(tx, performerIds);
  return (id) => rates.get(id) ?? siteRate;
}

/** A sale's line type in earnings: tips, paid posts and paid messages each have their own (issues 24 and 25). */
const lineType = (kind: string): "sale" | "tip" | "post" | "message" =>
  kind === "tip" || kind === "post" || kind === "message" ? kind : "sale";

/** An earning row as a line of the answers, with what was sold (major units). */
export function earningLineOf(
  e: typeof earnings.$inferSelect,
  line: { title: string; itemKind: string; itemId: string },
  /** A tip line's giver and message (commerce/tips), shown to its performer. */
  tip?: { from: string; message: string | null } | null,
) {
  return {
    _id: e.id,
    type: e.reversalOf ? ("refund" as const) : lineType(line.itemKind),
    title: line.title,
    itemKind: line.itemKind,
    itemId: line.itemId,
    ...(tip ? { tip } : {}),
    gross: e.grossCents / 100,
    commissionRate: Number(e.commissionRate),
    commission: e.commissionCents / 100,
    net: e.netCents / 100,
    paid: e.paid,
    createdAt: e.createdAt.toISOString(),
  };
}

const DAY = 86_400_000;

/** How many buckets of `interval` start before `to`, counting from the one that holds `from`. */
export function bucketCount(from: Date, to: Date, interval: EarningInterval): number {
  const start = bucketStart(from, interval);
  if (to <= start) return 0;
  if (interval !== "month") return Math.ceil((to.getTime() - start.getTime()) / ((interval === "day" ? 1 : 7) * DAY));
  const last = bucketStart(new Date(to.getTime() - 1), "month");
  return (last.getUTCFullYear() - start.getUTCFullYear()) * 12 + last.getUTCMonth() - start.getUTCMonth() + 1;
}

/**
 * The range and interval of a timeline from what was asked: `to` now by default; `from` thirty days before `to` by
 * day, else twelve months before; without an interval, a day up to 62 days, a week up to a year, else a month.
 * Refused (400, naming the field) when `from` is after `to` or the range has more than the cap of buckets.
 */
export function timelineRange(
  q: { from?: Date; to?: Date; interval?: EarningInterval },
  now = new Date(),
): { from: Date; to: Date; interval: EarningInterval } {
  const to = q.to ?? now;
  let from = q.from;
  if (!from) {
    from = new Date(to);
    if (q.interval === "day") from.setUTCDate(from.getUTCDate() - 30);
    else from.setUTCFullYear(from.getUTCFullYear() - 1);
  }
  if (from > to) {
    throw badRequest("`from` is after `to`.", [{ path: "querystring.from", message: "must not be after `to`" }]);
  }
  const days = (to.getTime() - from.getTime()) / DAY;
  const interval = q.interval ?? (days <= 62 ? "day" : days <= 366 ? "week" : "month");
  // A default range starts with a whole bucket, so its first bar is not a part of one.
  if (!q.from) from = bucketStart(from, interval);
  const n = bucketCount(from, to, interval);
  if (n > EARNING_TIMELINE_MAX_BUCKETS) {
    const message = `gives ${n} buckets of a ${interval}; at most ${EARNING_TIMELINE_MAX_BUCKETS}: choose a longer interval or a shorter range`;
    throw badRequest(`This range ${message}.`, [
      { path: q.interval ? "querystring.interval" : "querystring.from", message },
    ]);
  }
  return { from, to, interval };
}

/** A performer's own earnings: totals between two dates, the lines (sales, tips and their reversals) and a timeline. */
export function createEarnings(db: Db, settings: Pick<SettingsService, "get">) {
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
          .select({
            e: earnings,
            title: orderLines.title,
            itemKind: orderLines.itemKind,
            itemId: orderLines.itemId,
            message: tips.message,
            tipperName: users.name,
            tipperUsername: users.username,
          })
          .from(earnings)
          .innerJoin(orderLines, eq(orderLines.id, earnings.orderLineId))
          // A tip's giver and message, for its lines.
          .leftJoin(tips, and(eq(orderLines.itemKind, "tip"), eq(tips.id, orderLines.itemId)))
          .leftJoin(users, eq(users.id, tips.userId))
          .where(where)
          .orderBy(sql`${earnings.createdAt} desc`, sql`${earnings.id} desc`)
          .limit(q.limit)
          .offset(q.offset),
        db.select({ n: sql<string>`count(*)` }).from(earnings).where(where),
      ]);
      return {
        total: Number(count?.n ?? 0),
        data: rows.map(({ e, message, tipperName, tipperUsername, ...line }) =>
          earningLineOf(
            e,
            line,
            tipperUsername ? { from: tipperName || tipperUsername, message: message ?? null } : null,
          ),
        ),
      };
    },

    /**
     * Gross, commission, net and the count of sales and refunds in every bucket of the range, empty ones as zeros:
     * one query, grouped in the database, the buckets a UTC `generate_series` (refunds are negative lines, so they
     * lower the bucket they were made in). The buckets add up to `stats` over the same range.
     */
    async timeline(performerId: string, q: { from?: Date; to?: Date; interval?: EarningInterval }) {
      const { from, to, interval } = timelineRange(q);
      const [currency, result] = await Promise.all([
        settings.get("currency"),
        db.execute(sql`
          with lines as (
            select date_trunc(${interval}, ${earnings.createdAt} at time zone 'UTC') as start,
                   sum(${earnings.grossCents}) as gross,
                   sum(${earnings.commissionCents}) as commission,
                   sum(${earnings.netCents}) as net,
                   count(*) filter (where ${earnings.reversalOf} is null) as sales,
                   count(*) filter (where ${earnings.reversalOf} is not null) as refunds
            from ${earnings}
            where ${within(performerId, from, to)}
            group by 1
          )
          select to_char(b.start, 'YYYY-MM-DD') as start,
                 coalesce(l.gross, 0) as gross,
                 coalesce(l.commission, 0) as commission,
                 coalesce(l.net, 0) as net,
                 coalesce(l.sales, 0) as sales,
                 coalesce(l.refunds, 0) as refunds
          from generate_series(
                 date_trunc(${interval}, ${from.toISOString()}::timestamptz at time zone 'UTC'),
                 ${to.toISOString()}::timestamptz at time zone 'UTC' - interval '1 microsecond',
                 ${`1 ${interval}`}::interval
               ) as b(start)
          left join lines l on l.start = b.start
          order by b.start`),
      ]);
      const rows = (result as unknown as { rows: Record<string, string | number>[] }).rows;
      return {
        interval,
        currency,
        from: from.toISOString(),
        to: to.toISOString(),
        points: rows.map((r) => ({
          start: String(r.start),
          gross: major(r.gross ?? 0),
          commission: major(r.commission ?? 0),
          net: major(r.net ?? 0),
          sales: Number(r.sales),
          refunds: Number(r.refunds),
        })),
      };
    },
  };
}
