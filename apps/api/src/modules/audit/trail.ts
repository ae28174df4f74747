import { pipeline, Readable } from "node:stream";
import { type AuditEntry, type AuditFilters, type AuditQuery, auditChanges } from "@marquee/contracts/audit";
import { stringify } from "csv-stringify";
import { and, eq, gte, like, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { badRequest } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { type Keyset, keysetClauses, nextCursor } from "../../platform/paging.ts";
import { type AuditRow, auditLog } from "./tables.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows read per query while a CSV export streams: memory stays bounded whatever the trail holds. */
export const EXPORT_BATCH = 500;

const newestFirst: Keyset = { name: "audit", key: auditLog.at, kind: "timestamp", id: auditLog.id, direction: "desc" };

/** A `from`/`to` filter as an instant: a date alone starts that day (UTC); for `to`, the whole day is in. */
function instant(value: string, end: boolean): Date {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const at = new Date(dateOnly ? `${value}T00:00:00.000Z` : value);
  return dateOnly && end ? new Date(at.getTime() + DAY_MS) : at;
}

/** `like` pattern text with its wildcards taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(f: AuditFilters): SQL | undefined {
  const where: SQL[] = [];
  if (f.actor) {
    const name = sql`lower(${auditLog.actorName}) = ${f.actor.toLowerCase()}`;
    where.push(isUuid(f.actor) ? (or(eq(auditLog.actorId, f.actor.toLowerCase()), name) as SQL) : name);
  }
  if (f.action) {
    // An area (`settings`) takes in its actions (`settings.update`); a full action only itself.
    where.push(or(eq(auditLog.action, f.action), like(auditLog.action, `${literal(f.action)}.%`)) as SQL);
  }
  if (f.subjectType) where.push(eq(auditLog.subjectType, f.subjectType));
  if (f.subjectId) where.push(eq(auditLog.subjectId, f.subjectId));
  const from = f.from ? instant(f.from, false) : null;
  const to = f.to ? instant(f.to, true) : null;
  if (from && to && from.getTime() >= to.getTime()) {
    throw badRequest("The date range ends before it starts.", [
      { path: "querystring.to", message: "must be after from" },
    ]);
  }
  if (from) where.push(gte(auditLog.at, from));
  if (to) where.push(lt(auditLog.at, to));
  return where.length ? and(...where) : undefined;
}

export function toEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId ? { _id: row.actorId, username: row.actorName } : null,
    ip: row.ip,
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    before: row.before ?? null,
    after: row.after ?? null,
    changes: auditChanges(row.before, row.after),
  };
}

const cell = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

/** The audit trail's reading side: the admin screen's pages and the CSV export. Writing is service.ts's. */
export function createAuditTrail(db: Db) {
  async function page(filters: AuditFilters, limit: number, cursor?: string) {
    const { after, orderBy } = keysetClauses(newestFirst, cursor);
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(conditions(filters), after))
      .orderBy(...orderBy)
      .limit(limit);
    return { rows, next: nextCursor(rows, limit, newestFirst.name, (r) => [r.at, r.id]) };
  }

  return {
    async search(q: AuditQuery) {
      const { actor, action, subjectType, subjectId, from, to } = q;
      const { rows, next } = await page({ actor, action, subjectType, subjectId, from, to }, q.limit, q.cursor);
      return { data: rows.map(toEntry), next };
    },

    /**
     * The filtered trail as CSV, newest first, read EXPORT_BATCH rows at a time as the client takes them (a
     * stream with backpressure): neither the rows nor the file are ever held whole. The filters are checked
     * before the first byte, so a bad one is a 400, not a broken download.
     */
    exportCsv(filters: AuditFilters): Readable {
      conditions(filters);
      async function* rows() {
        let cursor: string | undefined;
        do {
          const batch = await page(filters, EXPORT_BATCH, cursor);
          for (const row of batch.rows) {
            const entry = toEntry(row);
            yield {
              at: entry.at,
              actor: entry.actor?.username ?? (entry.actor ? entry.actor._id : "system"),
              actor_id: entry.actor?._id ?? "",
              ip: entry.ip ?? "",
              action: entry.action,
              subject_type: entry.subjectType,
              subject_id: entry.subjectId ?? "",
              changes: entry.changes.map((c) => `${c.field}: ${cell(c.before)} -> ${cell(c.after)}`).join("; "),
              before: cell(entry.before),
              after: cell(entry.after),
            };
          }
          cursor = batch.next ?? undefined;
        } while (cursor);
      }
      const columns = [
        "at",
        "actor",
        "actor_id",
        "ip",
        "action",
        "subject_type",
        "subject_id",
        "changes",
        "before",
        "after",
      ];
      // A cell a spreadsheet would read as a formula (=, +, -, @) is kept as text.
      const csv = stringify({
        header: true,
        columns,
        cast: { string: (v) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v) },
      });
      // A failed read ends the download as failed (never as a short file that looks whole).
      pipeline(Readable.from(rows()), csv, () => {});
      return csv;
    },
  };
}
export type AuditTrail = ReturnType<typeof createAuditTrail>;
