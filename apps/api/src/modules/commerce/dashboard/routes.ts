import { dashboard, dashboardQuery, dashboardRows, dashboardRowsQuery } from "@marquee/contracts/dashboard";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { DashboardService } from "./dashboard.ts";

const tags = ["admin"];

/** The admin's dashboard and the ledger rows behind each of its figures (issue 24 section 6). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, deps) => {
  app.get("/admin/dashboard", {
    config: { access: "admin" },
    schema: {
      tags,
      description:
        "The dashboard of a month (`period=2026-11`, by day) or a year (`period=2026`, by month), this month when none is given, in UTC: revenue by kind (sales, memberships, subscriptions, tips, store) per bucket, members new, active and churned, the top performers and items, and the refund and chargeback ratios with a warning from 0.75%. Each figure gives its `filter`: the query of GET /admin/dashboard/rows that lists its ledger rows. 422 for a period not started yet.",
      querystring: dashboardQuery,
      response: { 200: dashboard },
    },
    handler: async (req) => deps.dashboard.dashboard(req.query.period),
  });

  app.get("/admin/dashboard/rows", {
    config: { access: "admin" },
    schema: {
      tags,
      description:
        "The ledger rows behind one dashboard figure (`figure` and the filter the dashboard gave it), newest first, with how many there are and the sum of their amounts, which is the figure shown. 422 naming the field a figure needs (`performerId`, `itemKind`, `itemId`).",
      querystring: dashboardRowsQuery,
      response: { 200: dashboardRows },
    },
    handler: async (req) => deps.dashboard.rows(req.query),
  });
};
