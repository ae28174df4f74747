import {
  adminReport,
  adminReportList,
  adminReportsQuery,
  answerReportBody,
  appealBody,
  askPerformerBody,
  counterNotice,
  fileReportBody,
  performerReport,
  performerReportList,
  reportFiled,
  reportParams,
  reportsExportQuery,
  resolveReportBody,
} from "@marquee/contracts/reports";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../platform/access.ts";
import { actorOf } from "../audit/service.ts";
import type { ReportsService } from "./service.ts";

const admin = { access: "admin", geo: "open", maintenance: "open" } as const;
const tags = ["reports"];

export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.post("/reports", {
    config: { access: "public" },
    schema: {
      tags,
      summary: "Report a movie, gallery, product, post or performer profile",
      description:
        "Open to visitors (with `email`, and the captcha when configured). `non_consent` and `underage` hide the item at once, pending review. `copyright` needs `dmca`, `other` needs `details`. Throttled per client address and email.",
      body: fileReportBody,
      response: { 201: reportFiled },
    },
    handler: async (req, reply) => {
      const user = req.user ? { id: req.user.id, role: req.user.role, email: req.user.email } : null;
      return reply.status(201).send(await reports.filing.file(user, req.body, req.ip));
    },
  });

  app.post("/reports/appeal", {
    config: { access: "public" },
    schema: {
      tags,
      summary: "Appeal the dismissal of a report (the person depicted: reference and the email it was filed with)",
      body: appealBody,
      response: { 200: z.object({ reference: z.string(), dueAt: z.string() }) },
    },
    handler: async (req) => reports.filing.appeal(req.body, req.ip),
  });

  app.get("/admin/reports", {
    config: admin,
    schema: {
      tags,
      summary: "The reports queue, the soonest due first",
      querystring: adminReportsQuery,
      response: { 200: adminReportList },
    },
    handler: async (req) => reports.queue.list(req.query),
  });

  app.get("/admin/reports/export", {
    config: admin,
    schema: {
      tags,
      summary: "The reports filed in one month and their outcomes, as CSV",
      querystring: reportsExportQuery,
    },
    handler: async (req, reply) => {
      const csv = await reports.exportMonth(req.query.month);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="reports-${req.query.month}.csv"`)
        .send(csv);
    },
  });

  app.post("/admin/reports/:id/take-down", {
    config: admin,
    schema: {
      tags,
      summary: "Take the reported item down (resolves every open report on it)",
      params: reportParams,
      body: resolveReportBody,
      response: { 200: adminReport },
    },
    handler: async (req) => reports.queue.takeDown(currentUser(req), actorOf(req), req.params.id, req.body.reason),
  });

  app.post("/admin/reports/:id/dismiss", {
    config: admin,
    schema: {
      tags,
      summary: "Dismiss the report with a reason (the item stays, or comes back)",
      params: reportParams,
      body: resolveReportBody,
      response: { 200: adminReport },
    },
    handler: async (req) => reports.queue.dismiss(currentUser(req), actorOf(req), req.params.id, req.body.reason),
  });

  app.post("/admin/reports/:id/ask", {
    config: admin,
    schema: {
      tags,
      summary: "Ask the item's performers about the report",
      params: reportParams,
      body: askPerformerBody,
      response: { 200: adminReport },
    },
    handler: async (req) => reports.queue.ask(actorOf(req), req.params.id, req.body.question),
  });

  app.get("/performer/reports", {
    config: { access: "performer" },
    schema: {
      tags,
      summary: "Reports about the performer's items that they are asked about, and DMCA notices that took one down",
      response: { 200: performerReportList },
    },
    handler: async (req) => reports.queue.performerList(currentUser(req)),
  });

  app.post("/performer/reports/:id/answer", {
    config: { access: "performer" },
    schema: {
      tags,
      summary: "Answer the admin's question about a report",
      params: reportParams,
      body: answerReportBody,
      response: { 200: performerReport },
    },
    handler: async (req) => reports.queue.answer(currentUser(req), req.params.id, req.body.answer),
  });

  app.post("/performer/reports/:id/counter-notice", {
    config: { access: "performer" },
    schema: {
      tags,
      summary: "Answer a DMCA notice that took the item down with a counter-notice",
      params: reportParams,
      body: counterNotice,
      response: { 200: performerReport },
    },
    handler: async (req) => reports.queue.counter(currentUser(req), req.params.id, req.body),
  });
};
