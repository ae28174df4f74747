import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { type AuditEntry, actorOf, recordAudit } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Records an admin action `req` made (the audit trail), with the caller and their address. Routes whose service
     * runs the change in a transaction of its own record it there instead (recordAudit with the transaction).
     */
    audit(req: FastifyRequest, entry: AuditEntry): Promise<void>;
  }
}

export function registerAudit(app: FastifyInstance, db: Db): void {
  app.decorate("audit", (req: FastifyRequest, entry: AuditEntry) => recordAudit(db, actorOf(req), entry));
}
