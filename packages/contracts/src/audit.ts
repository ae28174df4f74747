import { z } from "zod";

/**
 * The audit trail's screen (issue 22 section 5): the filters, one entry as the screen shows it, and the export.
 * `actor` is a username or an account id; `action` an action (`settings.update`) or its area (`settings`);
 * `from` and `to` are dates (`to` takes in the whole day, UTC) or instants.
 */
const day = z.iso.date();
const instant = z.iso.datetime({ offset: true });
const when = z.union([day, instant], { error: "Use a date (2026-11-26) or a date and time (2026-11-26T10:00:00Z)" });

export const auditFilters = z.strictObject({
  actor: z.string().trim().min(1).max(120).optional(),
  action: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/, "An action such as settings.update, or its area such as settings")
    .max(80)
    .optional(),
  subjectType: z.string().trim().toLowerCase().min(1).max(60).optional(),
  subjectId: z.string().trim().min(1).max(200).optional(),
  from: when.optional(),
  to: when.optional(),
});
export type AuditFilters = z.infer<typeof auditFilters>;

export const auditQuery = auditFilters.extend({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().trim().min(1).max(400).optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

/** One field the action changed: its value before and after (null: it was not there). */
export const auditChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type AuditChange = z.infer<typeof auditChange>;

export const auditEntry = z.object({
  _id: z.uuid(),
  at: z.string(),
  /** null: the site itself (a job), not an account. */
  actor: z.object({ _id: z.string(), username: z.string().nullable() }).nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  changes: z.array(auditChange),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.object({
  data: z.array(auditEntry),
  /** Opaque cursor of the next (older) page, or null on the last one. */
  next: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPage>;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields an action changed, for people to read: each top-level field whose value differs between before and
 * after (nested objects one level down, as `value.title`); a created subject lists what it was made with, a
 * deleted one what it had. Values that are not objects are one field, `value`.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (!isObject(before) && !isObject(after)) {
    return same(before, after) ? [] : [{ field: "value", before: before ?? null, after: after ?? null }];
  }
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const out: AuditChange[] = [];
  for (const field of [...new Set([...Object.keys(b), ...Object.keys(a)])]) {
    const [vb, va] = [b[field], a[field]];
    if (same(vb, va)) continue;
    if (isObject(vb) && isObject(va)) {
      for (const inner of auditChanges(vb, va)) {
        out.push({ field: `${field}.${inner.field}`, before: inner.before, after: inner.after });
      }
      continue;
    }
    out.push({ field, before: vb ?? null, after: va ?? null });
  }
  return out;
}
