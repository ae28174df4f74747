import {
  CHARGEBACK_WARNING_RATIO,
  type Dashboard,
  type DashboardRowsQuery,
  type FigureFilter,
  type RevenueKind,
  revenueKinds,
} from "@marquee/contracts/dashboard";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { unprocessable } from "../../../platform/errors.ts";
import type { SettingsService } from "../../settings/service.ts";
import type { Accounts } from "../../users/accounts.ts";

/**
 * The admin's dashboard (issue 24 section 6), read from the ledger's own tables, in UTC. The definitions, which the
 * dashboard's screen repeats and its test recomputes from the raw rows:
 *
 * - **Revenue** is what members paid in the period, without the tax collected with it (which is owed to the tax
 *   authorities: /admin/taxes reports it): the net of the order lines of every payment (`transactions`) whose
 *   `paid_at` falls in it, refunded later or not (refunds are shown apart, on the day they happen). Lines are after
 *   any coupon, so a payment's lines' net and tax add up to its amount. The kind is the line's: movies and galleries are
 *   `sales`, products `store`, tips `tips`, and a subscription line `memberships` when it sells a site package
 *   (its item is a `subscription_packages` row) or `subscriptions` when it is a performer's (renewals included).
 * - **Payments**: those transactions (paid in the period, status `paid` or `refunded` now).
 * - **Refunds** and **chargebacks**: the gateway events of that type the ledger applied in the period, each with the
 *   amount of the payment it took back. The ratios are their counts (and amounts) over the period's payments.
 * - **New members**: accounts created in the period.
 * - **Active members**: accounts with a live membership or performer subscription at the period's end (now, for the
 *   running period): started by then and expiring after it (or with no expiry while active).
 * - **Churned members**: accounts whose membership or subscription ended in the period (its expiry, moved on by each
 *   renewal, or the moment a refund ended it, fell in the period up to now) and who have none live at its end.
 * - **Top performers**: their earning lines made in the period, sales less the reversals of refunds, by gross.
 * - **Top items**: the revenue's order lines (tips aside) grouped by item, by their net (the column is still called `gross`: before commission).
 */

type Range = { key: string; interval: "day" | "month"; from: Date; to: Date; asOf: Date };

/** A period key's range: `2026-11` is that month (by day), `2026` that year (by month); none is this month. */
export function periodRange(key: string | undefined, now = new Date()): Range {
  const k = key ?? now.toISOString().slice(0, 7);
  const [y, m] = k.split("-").map(Number) as [number, number | undefined];
  const from = new Date(Date.UTC(y, m ? m - 1 : 0, 1));
  const to = m ? new Date(Date.UTC(y, m, 1)) : new Date(Date.UTC(y + 1, 0, 1));
  if (from.getTime() > now.getTime()) {
    throw unprocessable("That period has not started yet.", [{ path: "querystring.period", message: "in the future" }]);
  }
  if (y < 2000)
    throw unprocessable("That period is too long ago.", [{ path: "querystring.period", message: "too early" }]);
  return { key: k, interval: m ? "day" : "month", from, to, asOf: to.getTime() < now.getTime() ? to : now };
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const cents = (v: unknown) => Number(v ?? 0);
const major = (v: unknown) => cents(v) / 100;
const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);

/** A line's revenue kind (see above). */
const KIND = sql.raw(`case
  when ol.item_kind in ('video', 'gallery') then 'sales'
  when ol.item_kind = 'product' then 'store'
  when ol.item_kind = 'tip' then 'tips'
  when exists (select 1 from subscription_packages sp where sp.id = ol.item_id) then 'memberships'
  else 'subscriptions' end`);

/** The revenue's order lines: of the payments made in the range (`ol`, `tr`, with their `kind`). */
const revenueLines = (r: Range) => sql`
  select ol.id, ol.item_kind, ol.item_id, ol.title, ol.net_cents, tr.id as transaction_id, tr.user_id,
         tr.paid_at, ${KIND} as kind
  from order_lines ol
  join transactions tr on tr.order_id = ol.order_id
  where tr.status in ('paid', 'refunded') and tr.paid_at >= ${ts(r.from)} and tr.paid_at < ${ts(r.to)}`;

const paymentsIn = (r: Range) => sql`
  select tr.id, tr.paid_at as at, tr.amount_cents, tr.status, tr.user_id from transactions tr
  where tr.status in ('paid', 'refunded') and tr.paid_at >= ${ts(r.from)} and tr.paid_at < ${ts(r.to)}`;

/** The applied refunds or chargebacks of the range, one per payment (the first applied event). */
const takenBack = (r: Range, type: "refunded" | "chargeback") => sql`
  select distinct on (tr.id) tr.id, ge.created_at as at, tr.amount_cents, tr.user_id
  from gateway_events ge join transactions tr on tr.id = ge.transaction_id
  where ge.type = ${type} and ge.outcome = 'applied'
    and ge.created_at >= ${ts(r.from)} and ge.created_at < ${ts(r.to)}
  order by tr.id, ge.created_at`;

const newMembers = (r: Range) => sql`
  select u.id, u.created_at as at, u.username from users u
  where u.created_at >= ${ts(r.from)} and u.created_at < ${ts(r.to)}`;

/** The subscriptions live at the range's end (`asOf`). */
const liveAt = (r: Range) => sql`
  select s.id, s.user_id, s.started_at, s.expires_at, s.kind from subscriptions s
  where s.status <> 'pending' and s.started_at is not null and s.started_at <= ${ts(r.asOf)}
    and (s.expires_at > ${ts(r.asOf)} or (s.expires_at is null and s.status in ('active', 'cancelled')))`;

/** The subscriptions that ended in the range, of members with none live at its end. */
const endedIn = (r: Range) => sql`
  select s.id, s.user_id, s.expires_at as at, s.kind from subscriptions s
  where s.status <> 'pending' and s.started_at is not null
    and s.expires_at >= ${ts(r.from)} and s.expires_at < ${ts(r.asOf)}
    and not exists (select 1 from (${liveAt(r)}) live where live.user_id = s.user_id)`;

const earningsIn = (r: Range) => sql`
  select e.id, e.performer_id, e.transaction_id, e.gross_cents, e.net_cents, e.reversal_of, e.created_at as at,
         ol.title
  from earnings e join order_lines ol on ol.id = e.order_line_id
  where e.created_at >= ${ts(r.from)} and e.created_at < ${ts(r.to)}`;

type Rows = Record<string, unknown>[];

export function createDashboard(deps: { db: Db; settings: SettingsService; accounts: Pick<Accounts, "refs"> }) {
  const { db } = deps;
  const all = async (q: SQL) => (await db.execute(q)) as unknown as { rows: Rows };
  const rowsOf = async (q: SQL) => (await all(q)).rows;
  const one = async (q: SQL) => (await rowsOf(q))[0] ?? {};

  async function dashboard(period: string | undefined, now = new Date()): Promise<Dashboard> {
    const r = periodRange(period, now);
    const unit = r.interval;
    const [currency, buckets, totals, members, performers, items, payments, refunds, chargebacks] = await Promise.all([
      deps.settings.get("currency"),
      rowsOf(sql`
        with lines as (select date_trunc(${unit}, paid_at at time zone 'UTC') as start, kind, net_cents
                       from (${revenueLines(r)}) l)
        select to_char(b.start, 'YYYY-MM-DD') as start, l.kind, coalesce(sum(l.net_cents), 0) as cents
        from generate_series(${r.from.toISOString()}::timestamptz at time zone 'UTC',
                             ${r.to.toISOString()}::timestamptz at time zone 'UTC' - interval '1 microsecond',
                             ${`1 ${unit}`}::interval) as b(start)
        left join lines l on l.start = b.start
        group by 1, 2 order by 1`),
      rowsOf(sql`select kind, sum(net_cents) as cents from (${revenueLines(r)}) l group by kind`),
      one(sql`select (select count(*) from (${newMembers(r)}) n) as new,
                     (select count(distinct user_id) from (${liveAt(r)}) a) as active,
                     (select count(distinct user_id) from (${endedIn(r)}) c) as churned`),
      rowsOf(sql`
        select performer_id, sum(gross_cents) as gross, sum(net_cents) as net,
               count(*) filter (where reversal_of is null) as sales,
               count(*) filter (where reversal_of is not null) as refunds
        from (${earningsIn(r)}) e group by performer_id
        order by sum(gross_cents) desc, performer_id limit 5`),
      rowsOf(sql`
        select item_kind, item_id, max(title) as title, sum(net_cents) as gross, count(*) as n
        from (${revenueLines(r)}) l where item_kind <> 'tip' group by item_kind, item_id
        order by sum(net_cents) desc, count(*) desc, item_id limit 5`),
      one(sql`select count(*) as n, coalesce(sum(amount_cents), 0) as cents from (${paymentsIn(r)}) p`),
      one(sql`select count(*) as n, coalesce(sum(amount_cents), 0) as cents from (${takenBack(r, "refunded")}) p`),
      one(sql`select count(*) as n, coalesce(sum(amount_cents), 0) as cents from (${takenBack(r, "chargeback")}) p`),
    ]);
    const zero = () => Object.fromEntries(revenueKinds.map((k) => [k, 0])) as Record<RevenueKind, number>;
    const points = new Map<string, Record<RevenueKind, number> & { total: number }>();
    for (const row of buckets) {
      const start = String(row.start);
      const p = points.get(start) ?? { ...zero(), total: 0 };
      if (row.kind) {
        p[row.kind as RevenueKind] += cents(row.cents);
        p.total += cents(row.cents);
      }
      points.set(start, p);
    }
    const sum = { ...zero(), total: 0 };
    for (const row of totals) {
      sum[row.kind as RevenueKind] = cents(row.cents);
      sum.total += cents(row.cents);
    }
    const inMajor = <T extends Record<string, number>>(o: T) =>
      Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v / 100])) as T;
    const people = await deps.accounts.refs(performers.map((p) => String(p.performer_id)));
    const nPay = cents(payments.n);
    const nRef = cents(refunds.n);
    const nCb = cents(chargebacks.n);
    const chargebackRatio = ratio(nCb, nPay);
    return {
      period: {
        key: r.key,
        interval: r.interval,
        from: r.from.toISOString(),
        to: r.to.toISOString(),
        asOf: r.asOf.toISOString(),
      },
      currency,
      revenue: {
        points: [...points].map(([start, p]) => ({ start, ...inMajor(p) })),
        totals: inMajor(sum),
        filters: {
          total: { figure: "revenue" },
          ...(Object.fromEntries(revenueKinds.map((kind) => [kind, { figure: "revenue", kind }])) as Record<
            RevenueKind,
            FigureFilter
          >),
        },
      },
      members: {
        new: cents(members.new),
        active: cents(members.active),
        churned: cents(members.churned),
        filters: {
          new: { figure: "new-members" },
          active: { figure: "active-members" },
          churned: { figure: "churned-members" },
        },
      },
      topPerformers: performers.map((p) => ({
        performerId: String(p.performer_id),
        performer: people.get(String(p.performer_id)) ?? null,
        gross: major(p.gross),
        net: major(p.net),
        sales: cents(p.sales),
        refunds: cents(p.refunds),
        filter: { figure: "performer", performerId: String(p.performer_id) },
      })),
      topItems: items.map((i) => ({
        itemKind: i.item_kind as Dashboard["topItems"][number]["itemKind"],
        itemId: String(i.item_id),
        title: String(i.title),
        gross: major(i.gross),
        count: cents(i.n),
        filter: {
          figure: "item",
          itemKind: i.item_kind as Dashboard["topItems"][number]["itemKind"],
          itemId: String(i.item_id),
        },
      })),
      ratios: {
        payments: nPay,
        paymentsAmount: major(payments.cents),
        refunds: nRef,
        refundsAmount: major(refunds.cents),
        refundRatio: ratio(nRef, nPay),
        refundAmountRatio: ratio(cents(refunds.cents), cents(payments.cents)),
        chargebacks: nCb,
        chargebacksAmount: major(chargebacks.cents),
        chargebackRatio,
        chargebackAmountRatio: ratio(cents(chargebacks.cents), cents(payments.cents)),
        threshold: CHARGEBACK_WARNING_RATIO,
        warning: nPay > 0 && chargebackRatio >= CHARGEBACK_WARNING_RATIO,
        filters: {
          payments: { figure: "payments" },
          refunds: { figure: "refunds" },
          chargebacks: { figure: "chargebacks" },
        },
      },
    };
  }

  /** The rows behind one figure (its filter), newest first, with their count and the sum the figure shows. */
  async function rows(q: DashboardRowsQuery, now = new Date()) {
    const r = periodRange(q.period, now);
    const need = (field: "performerId" | "itemKind" | "itemId") => {
      if (!q[field]) {
        throw unprocessable(`The ${q.figure} figure needs ${field}.`, [
          { path: `querystring.${field}`, message: "required" },
        ]);
      }
    };
    // Each source: id, at, amount_cents (null for counts), title, transaction_id, user_id.
    let source: SQL;
    switch (q.figure) {
      case "revenue": {
        const bucket = q.bucket ? `${q.bucket}${q.bucket.length === 7 ? "-01" : ""}` : null;
        // A day that is no day of its month (`2026-02-31`) is refused here, not by the database.
        const day = bucket ? new Date(`${bucket}T00:00:00Z`) : null;
        if (bucket && (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== bucket)) {
          throw unprocessable("That bucket is no date.", [{ path: "querystring.bucket", message: "no date" }]);
        }
        source = sql`select id, paid_at as at, net_cents as amount_cents, title, transaction_id, user_id
          from (${revenueLines(r)}) l
          where ${q.kind ? sql`kind = ${q.kind}` : sql`true`}
            and ${
              bucket ? sql`date_trunc(${r.interval}, paid_at at time zone 'UTC') = ${bucket}::timestamp` : sql`true`
            }`;
        break;
      }
      case "payments":
        source = sql`select id, at, amount_cents, status as title, id as transaction_id, user_id
          from (${paymentsIn(r)}) p`;
        break;
      case "refunds":
      case "chargebacks":
        source = sql`select id, at, amount_cents, ${q.figure === "refunds" ? "Refund" : "Chargeback"}::text as title,
            id as transaction_id, user_id
          from (${takenBack(r, q.figure === "refunds" ? "refunded" : "chargeback")}) p`;
        break;
      case "new-members":
        source = sql`select id, at, null::int as amount_cents, username as title, null::uuid as transaction_id,
            id as user_id from (${newMembers(r)}) n`;
        break;
      case "active-members":
        source = sql`select id, started_at as at, null::int as amount_cents, kind as title,
            null::uuid as transaction_id, user_id from (${liveAt(r)}) a`;
        break;
      case "churned-members":
        source = sql`select id, at, null::int as amount_cents, kind as title, null::uuid as transaction_id, user_id
          from (${endedIn(r)}) c`;
        break;
      case "performer":
        need("performerId");
        source = sql`select id, at, gross_cents as amount_cents, title, transaction_id, null::uuid as user_id
          from (${earningsIn(r)}) e where performer_id = ${q.performerId}`;
        break;
      case "item":
        need("itemKind");
        need("itemId");
        source = sql`select id, paid_at as at, net_cents as amount_cents, title, transaction_id, user_id
          from (${revenueLines(r)}) l where item_kind = ${q.itemKind} and item_id = ${q.itemId}`;
        break;
    }
    const [page, summary] = await Promise.all([
      rowsOf(sql`select * from (${source}) s order by at desc, id desc limit ${q.limit} offset ${q.offset}`),
      // Members are counted once however many subscriptions they have; the rows list each subscription.
      one(sql`select count(*) as n, count(distinct user_id) as members, sum(amount_cents) as cents
              from (${source}) s`),
    ]);
    const money = !["new-members", "active-members", "churned-members"].includes(q.figure);
    return {
      figure: q.figure,
      from: r.from.toISOString(),
      to: r.to.toISOString(),
      total: cents(summary.n),
      amount: money ? major(summary.cents) : null,
      members: money ? null : cents(summary.members),
      data: page.map((row) => ({
        _id: String(row.id),
        at: new Date(row.at as string | Date).toISOString(),
        amount: row.amount_cents == null ? null : major(row.amount_cents),
        title: String(row.title ?? ""),
        transactionId: row.transaction_id ? String(row.transaction_id) : null,
        userId: row.user_id ? String(row.user_id) : null,
      })),
    };
  }

  return { dashboard, rows };
}
export type DashboardService = ReturnType<typeof createDashboard>;
