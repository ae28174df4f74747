import { entityId } from "@marquee/contracts/common";
import {
  markPaidBody,
  myPayoutRequestsQuery,
  payoutBalance,
  payoutRequestList,
  payoutRequestResponse,
  payoutRequestsQuery,
  refuseBody,
  statement,
  statementMonth,
  statementQuery,
} from "@marquee/contracts/payouts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../../platform/access.ts";
import { actorOf } from "../../audit/service.ts";
import type { PayoutRequests } from "./payout-requests.ts";
import type { Statements } from "./statements.ts";

const params = z.strictObject({ id: entityId });

/** Payout requests and statements (issue 24 section 4): the performer's side and the admins' queue. */
export const payoutRequestsRoutes: FastifyPluginAsyncZod<{ requests: PayoutRequests; statements: Statements }> = async (
  app,
  { requests, statements },
) => {
  app.get("/performers/me/payout-balance", {
    config: { access: "performer" },
    schema: {
      tags: ["earnings"],
      description:
        "Your balance (the net of your unpaid lines), the payout minimum, your method's hold, your open request, and why you may not ask now (if so).",
      response: { 200: payoutBalance },
    },
    handler: async (req) => requests.balance(currentUser(req).id),
  });

  app.post("/performers/me/payout-requests", {
    config: { access: "performer" },
    schema: {
      tags: ["earnings"],
      description:
        "Asks to be paid your balance: the request covers your unpaid lines now, its amount fixed. 422 below the minimum, without payout details or while they are on hold; 409 with a request already open.",
      response: { 201: payoutRequestResponse },
    },
    handler: async (req, reply) => reply.status(201).send({ request: await requests.request(currentUser(req).id) }),
  });

  app.get("/performers/me/payout-requests", {
    config: { access: "performer" },
    schema: {
      tags: ["earnings"],
      description: "Your payout requests, newest first.",
      querystring: myPayoutRequestsQuery,
      response: { 200: payoutRequestList },
    },
    handler: async (req) => requests.search({ ...req.query, performerId: currentUser(req).id }),
  });

  app.get("/performers/me/payout-requests/:id", {
    config: { access: "performer" },
    schema: {
      tags: ["earnings"],
      description: "One of your payout requests (404 for anyone else's).",
      params,
      response: { 200: payoutRequestResponse },
    },
    handler: async (req) => ({ request: await requests.mine(currentUser(req).id, req.params.id) }),
  });

  app.get("/performers/me/statements", {
    config: { access: "performer" },
    schema: {
      tags: ["earnings"],
      description:
        "Your statement of a month (UTC; this month by default): opening balance, the month's lines by kind, payouts, closing balance.",
      querystring: statementQuery,
      response: { 200: statement },
    },
    handler: async (req) => statements.statement(currentUser(req).id, req.query.month),
  });

  app.get("/performers/me/statements/:month/csv", {
    config: { access: "performer" },
    schema: {
      tags: ["earnings"],
      description: "Your statement of a month as CSV.",
      params: z.strictObject({ month: statementMonth }),
    },
    handler: async (req, reply) =>
      reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="statement-${req.params.month}.csv"`)
        .header("Cache-Control", "no-store")
        .send(await statements.csv(currentUser(req).id, req.params.month)),
  });

  app.get("/admin/payout-requests", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      description: "Payout requests, newest first, by status and performer.",
      querystring: payoutRequestsQuery,
      response: { 200: payoutRequestList },
    },
    handler: async (req) => requests.search(req.query),
  });

  app.post("/admin/payout-requests/:id/approve", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      description: "Approves a requested payout (409 in any other state).",
      params,
      response: { 200: payoutRequestResponse },
    },
    handler: async (req) => ({
      request: await requests.approve({ ...actorOf(req), userId: currentUser(req).id }, req.params.id),
    }),
  });

  app.post("/admin/payout-requests/:id/paid", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      description:
        "Marks an approved request paid with the transfer's reference: exactly its lines are settled into a payout, in one transaction (409 when one was paid meanwhile).",
      params,
      body: markPaidBody,
      response: { 200: payoutRequestResponse },
    },
    handler: async (req) => ({
      request: await requests.markPaid(
        { ...actorOf(req), userId: currentUser(req).id },
        req.params.id,
        req.body.reference,
      ),
    }),
  });

  app.post("/admin/payout-requests/:id/refuse", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      description: "Refuses an open request with a reason the performer is told.",
      params,
      body: refuseBody,
      response: { 200: payoutRequestResponse },
    },
    handler: async (req) => ({
      request: await requests.refuse({ ...actorOf(req), userId: currentUser(req).id }, req.params.id, req.body.reason),
    }),
  });
};
