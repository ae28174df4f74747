import type { FastifyPluginAsync } from "fastify";
import type { Config } from "../config.ts";
import { auditRoutes } from "../modules/audit/routes.ts";
import { reportsRoutes } from "../modules/reports/routes.ts";
import { reviewRoutes } from "../modules/review/routes.ts";
import { verificationRoutes } from "../modules/verification/routes.ts";
import type { Services } from "../services.ts";

/** Trust and safety (issue 22): performers' verification, review before publication, reports, the audit trail. */
export const trustArea: FastifyPluginAsync<{ services: Services; config: Config }> = async (
  app,
  { services, config },
) => {
  await app.register(verificationRoutes, {
    verification: services.verification,
    imageMaxBytes: config.uploadImageMaxBytes,
  });
  await app.register(reviewRoutes, { review: services.review });
  await app.register(reportsRoutes, { reports: services.reports });
  await app.register(auditRoutes, { trail: services.auditTrail });
};
