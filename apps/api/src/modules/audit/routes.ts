import { auditFilters, auditPage, auditQuery } from "@marquee/contracts/audit";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AuditTrail } from "./trail.ts";

const admin = { access: "admin", geo: "open", maintenance: "open" } as const;

/** Admin → Audit trail: the filtered trail, page by page, and the same set as a CSV download. */
export const auditRoutes: FastifyPluginAsyncZod<{ trail: AuditTrail }> = async (app, { trail }) => {
  app.get("/admin/audit", {
    config: admin,
    schema: {
      tags: ["admin"],
      summary: "The audit trail, newest first, filtered by actor, action, subject and dates",
      querystring: auditQuery,
      response: { 200: auditPage },
    },
    handler: async (req) => trail.search(req.query),
  });

  app.get("/admin/audit/export.csv", {
    config: admin,
    schema: {
      tags: ["admin"],
      summary: "The filtered audit trail as CSV (streamed)",
      querystring: auditFilters,
    },
    handler: async (req, reply) => {
      const stream = trail.exportCsv(req.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="audit-${day}.csv"`)
        .header("Cache-Control", "no-store")
        .send(stream);
    },
  });
};
