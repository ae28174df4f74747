import { entityId } from "@marquee/contracts/common";
import {
  adminEarningList,
  adminEarningsQuery,
  commissionAnswer,
  commissionBody,
  gatewayEvent,
  gatewayEventList,
  handleEventBody,
  paymentEventsQuery,
  payout,
  payoutBody,
  payoutDueList,
  payoutDueQuery,
  payoutList,
  payoutsQuery,
  transactionDetail,
} from "@marquee/contracts/payments";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../../platform/access.ts";
import { actorOf } from "../../audit/service.ts";
import type { Payouts } from "../payouts/payouts.ts";
import type { LedgerInspection } from "./inspect.ts";

const tags = ["admin"];
const byId = z.strictObject({ id: entityId });
const dateOf = (iso?: string) => (iso ? new Date(iso) : undefined);

/** The admin's side of the ledger: earnings of any performer, payouts, commissions, transactions and their events. */
export const paymentsAdminRoutes: FastifyPluginAsyncZod<{ payouts: Payouts; inspection: LedgerInspection }> = async (
  app,
  { payouts, inspection },
) => {
  app.put("/admin/performers/:id/commission", {
    config: { access: "admin" },
    schema: {
      tags,
      description:
        "A performer's own commission rate, the share of each sale the site keeps (0..0.95, at most four decimals); null lets the site's `performerCommission` setting apply. Sales already recorded keep their rate.",
      params: byId,
      body: commissionBody,
      response: { 200: commissionAnswer },
    },
    handler: async (req) => payouts.setCommission(req.params.id, req.body.rate, actorOf(req)),
  });

  app.get("/admin/earnings/search", {
    config: { access: "admin" },
    schema: {
      tags,
      description:
        "Earning lines of any performer (`performerId`) or all, newest first, by paid state and dates, with whose they are.",
      querystring: adminEarningsQuery,
      response: { 200: adminEarningList },
    },
    handler: async (req) =>
      payouts.searchEarnings({
        limit: req.query.limit,
        offset: req.query.offset,
        performerId: req.query.performerId,
        paid: req.query.paid,
        from: dateOf(req.query.from),
        to: dateOf(req.query.to),
      }),
  });

  app.get("/admin/payouts/due", {
    config: { access: "admin" },
    schema: {
      tags,
      description: "The performers the site owes: the net of their unpaid lines (refunds netted) when above zero.",
      querystring: payoutDueQuery,
      response: { 200: payoutDueList },
    },
    handler: async (req) => payouts.due(req.query),
  });

  app.get("/admin/payouts/search", {
    config: { access: "admin" },
    schema: {
      tags,
      description: "Payouts made, newest first, of one performer or all, between optional dates.",
      querystring: payoutsQuery,
      response: { 200: payoutList },
    },
    handler: async (req) =>
      payouts.searchPayouts({
        limit: req.query.limit,
        offset: req.query.offset,
        performerId: req.query.performerId,
        from: dateOf(req.query.from),
        to: dateOf(req.query.to),
      }),
  });

  app.post("/admin/payouts", {
    config: { access: "admin" },
    schema: {
      tags,
      description:
        "Marks every unpaid earning line of the performer paid (sales and refund reversals) and records a payout of their net sum, in one database transaction; 422 when nothing is unpaid or the lines net to zero or less. Two at once make one payout.",
      body: payoutBody,
      response: { 201: payout },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await payouts.pay({ ...actorOf(req), userId: currentUser(req).id }, req.body)),
  });

  app.get("/admin/transactions/:id", {
    config: { access: "admin" },
    schema: {
      tags,
      description:
        "One transaction with its order and lines, the buyer, the earnings lines (reversals included) and every gateway event recorded for it (outcome applied, ignored or flagged, with its note).",
      params: byId,
      response: { 200: transactionDetail },
    },
    handler: async (req) => inspection.transactionDetail(req.params.id),
  });

  app.get("/admin/payment-events/search", {
    config: { access: "admin" },
    schema: {
      tags,
      description: "Gateway events site-wide, newest first, by `outcome` (`flagged`: what an admin must act on).",
      querystring: paymentEventsQuery,
      response: { 200: gatewayEventList },
    },
    handler: async (req) => inspection.searchEvents(req.query),
  });

  app.post("/admin/payment-events/:id/handle", {
    config: { access: "admin" },
    schema: {
      tags,
      description:
        "Marks a flagged gateway event dealt with, with how (`resolution`): it leaves the list of what needs attention. 409 when it is not flagged or already handled.",
      params: byId,
      body: handleEventBody,
      response: { 200: gatewayEvent },
    },
    handler: async (req) =>
      inspection.handleEvent({ ...actorOf(req), userId: currentUser(req).id }, req.params.id, req.body.resolution),
  });
};
