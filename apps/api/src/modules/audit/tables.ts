import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { idColumn } from "../../db/columns.ts";

/**
 * The audit trail (issue 22): one row per admin action — who (id and the username they had then), when, from which
 * address, what (`<area>.<verb>`), on which subject, and the subject before and after. Append-only: the migration
 * installs a trigger that refuses UPDATE, DELETE and TRUNCATE, so no code path (nor a stray SQL console) rewrites it.
 * No foreign key to users on purpose: a deleted account's actions stay recorded under the name it had.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: idColumn(),
    at: timestamp("at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    actorId: uuid("actor_id"),
    actorName: text("actor_name"),
    ip: text("ip"),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id"),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at, t.id),
    index("audit_log_actor_idx").on(t.actorId, t.at),
    index("audit_log_action_idx").on(t.action, t.at),
    index("audit_log_subject_idx").on(t.subjectType, t.subjectId, t.at),
  ],
);
export type AuditRow = typeof auditLog.$inferSelect;
