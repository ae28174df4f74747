import { z } from "zod";
import { entityId } from "./common.ts";
import { accountRef } from "./payments.ts";

/**
 * The admin's dashboard (issue 24 section 6): revenue by kind over a month (by day) or a year (by month), members
 * new, active and churned, the top performers and items, and the month's refund and chargeback ratios. Every figure
 * names the ledger rows behind it (`GET /admin/dashboard/rows` with the figure's filter).
 */

/** A month (`2026-11`, by day) or a year (`2026`, by month), in UTC. */
export const dashboardPeriod = z.string().regex(/^\d{4}(-(0[1-9]|1[0-2]))?$/, "a month (YYYY-MM) or a year (YYYY)");
export const dashboardQuery = z.strictObject({ period: dashboardPeriod.optional() });

/** The kinds revenue is split into: movies and galleries, site packages, performer subscriptions, tips, the store. */
export const revenueKinds = ["sales", "memberships", "subscriptions", "tips", "store"] as const;
export type RevenueKind = (typeof revenueKinds)[number];

/**
 * Card schemes act on a chargeback ratio near 1% of a month's payments: the dashboard warns from 0.75%, in time to
 * act (refund disputed members first, look at who is charging back).
 */
export const CHARGEBACK_WARNING_RATIO = 0.0075;

/** What a figure counts, for its rows (`GET /admin/dashboard/rows`). */
export const dashboardFigures = [
  "revenue",
  "payments",
  "refunds",
  "chargebacks",
  "new-members",
  "active-members",
  "churned-members",
  "performer",
  "item",
] as const;
export type DashboardFigure = (typeof dashboardFigures)[number];

const itemKinds = ["video", "gallery", "product", "subscription", "tip", "post", "message"] as const;

/** The filter that lists a figure's rows: the query of `GET /admin/dashboard/rows` (and of the admin's rows page). */
export const dashboardRowsQuery = z.strictObject({
  period: dashboardPeriod.optional(),
  figure: z.enum(dashboardFigures),
  /** `revenue` only: one kind. */
  kind: z.enum(revenueKinds).optional(),
  /** `revenue` only: one bucket, the day (`YYYY-MM-DD`) or month (`YYYY-MM`) it starts. */
  bucket: z
    .string()
    .regex(/^\d{4}-\d{2}(-\d{2})?$/)
    .optional(),
  /** `performer`: whose earning lines. */
  performerId: entityId.optional(),
  /** `item`: which item's order lines. */
  itemKind: z.enum(itemKinds).optional(),
  itemId: entityId.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type DashboardRowsQuery = z.infer<typeof dashboardRowsQuery>;
/** The filter of a figure's rows, as the dashboard gives it (the period added by whoever follows it). */
export type FigureFilter = Omit<Partial<DashboardRowsQuery>, "limit" | "offset" | "period"> & {
  figure: DashboardFigure;
};
const filter = z.object({
  figure: z.enum(dashboardFigures),
  kind: z.enum(revenueKinds).optional(),
  bucket: z.string().optional(),
  performerId: entityId.optional(),
  itemKind: z.enum(itemKinds).optional(),
  itemId: entityId.optional(),
});

/** One ledger row behind a figure: an order line, a payment, a refund, an account, a subscription, an earning. */
export const dashboardRow = z.object({
  /** The row's own id (the order line, transaction, account, subscription or earning line). */
  _id: entityId,
  at: z.string(),
  /** What it adds to the figure in money (null for counts of accounts or subscriptions). */
  amount: z.number().nullable(),
  title: z.string(),
  /** The payment it belongs to, when there is one (the admin's page of it: /admin/transactions/:id). */
  transactionId: entityId.nullable(),
  userId: entityId.nullable(),
});
export type DashboardRow = z.infer<typeof dashboardRow>;
export const dashboardRows = z.object({
  figure: z.enum(dashboardFigures),
  from: z.string(),
  to: z.string(),
  /** How many rows, and their amounts' sum (null for counts): the figure the dashboard shows. */
  total: z.number().int(),
  amount: z.number().nullable(),
  /** For the member figures, the accounts the rows belong to (a member with two subscriptions counts once). */
  members: z.number().int().nullable(),
  data: z.array(dashboardRow),
});
export type DashboardRows = z.infer<typeof dashboardRows>;

const byKind = z.object({
  sales: z.number(),
  memberships: z.number(),
  subscriptions: z.number(),
  tips: z.number(),
  store: z.number(),
});

export const dashboard = z.object({
  period: z.object({
    key: z.string(),
    interval: z.enum(["day", "month"]),
    from: z.string(),
    /** The end, excluded. */
    to: z.string(),
    /** What "now" is for the period: its end, or the moment asked when it is still running. */
    asOf: z.string(),
  }),
  currency: z.string(),
  revenue: z.object({
    /** Every bucket of the period, empty ones as zeros; `start` is the day or month (`YYYY-MM-DD`). */
    points: z.array(byKind.extend({ start: z.string(), total: z.number() })),
    totals: byKind.extend({ total: z.number() }),
    filters: z.object({
      total: filter,
      sales: filter,
      memberships: filter,
      subscriptions: filter,
      tips: filter,
      store: filter,
    }),
  }),
  members: z.object({
    new: z.number().int(),
    active: z.number().int(),
    churned: z.number().int(),
    filters: z.object({ new: filter, active: filter, churned: filter }),
  }),
  topPerformers: z.array(
    z.object({
      performer: accountRef.nullable(),
      performerId: entityId,
      gross: z.number(),
      net: z.number(),
      sales: z.number().int(),
      refunds: z.number().int(),
      filter,
    }),
  ),
  topItems: z.array(
    z.object({
      itemKind: z.enum(itemKinds),
      itemId: entityId,
      title: z.string(),
      gross: z.number(),
      count: z.number().int(),
      filter,
    }),
  ),
  ratios: z.object({
    payments: z.number().int(),
    paymentsAmount: z.number(),
    refunds: z.number().int(),
    refundsAmount: z.number(),
    /** Refunds over payments, by count (0..1) and by amount. */
    refundRatio: z.number(),
    refundAmountRatio: z.number(),
    chargebacks: z.number().int(),
    chargebacksAmount: z.number(),
    chargebackRatio: z.number(),
    chargebackAmountRatio: z.number(),
    threshold: z.number(),
    /** The chargeback ratio (by count) has reached the threshold. */
    warning: z.boolean(),
    filters: z.object({ payments: filter, refunds: filter, chargebacks: filter }),
  }),
});
export type Dashboard = z.infer<typeof dashboard>;
