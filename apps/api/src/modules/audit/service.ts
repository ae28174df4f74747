import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { users } from "../users/tables.ts";
import { auditLog } from "./tables.ts";

/** Who did it: the signed-in account (null for the system itself) and the address the request came from. */
export interface AuditActor {
  userId: string | null;
  ip: string | null;
}

export interface AuditEntry {
  /** `<area>.<verb>`, e.g. `settings.update`, `verification.approve`, `video.take-down`. */
  action: string;
  /** What kind of thing it acted on: `setting`, `user`, `video`, `report`, ... */
  subjectType: string;
  subjectId?: string | null;
  /** The subject before and after the change (plain objects); secrets are redacted before they are stored. */
  before?: unknown;
  after?: unknown;
}

/** The actor of a request, for a route to hand to its service. */
export const actorOf = (req: FastifyRequest): AuditActor => ({ userId: req.user?.id ?? null, ip: req.ip ?? null });

/** An action the site takes by itself (a job, a sweep), not on anyone's request. */
export const systemActor: AuditActor = { userId: null, ip: null };

/** Field names whose values never enter the trail: passwords, hashes, keys, tokens, secrets, TOTP seeds. */
const SECRET = /pass(word)?|hash|secret|token|api[-_]?key|private[-_]?key|salt|totp|recovery|signature/i;
const REDACTED = "[redacted]";
const MAX_DEPTH = 6;

/** A JSON-safe copy with secret fields replaced, dates as ISO strings, bigint as strings, depth bounded. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === undefined) return null;
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return value;
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (depth >= MAX_DEPTH) return "[…]";
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (typeof v === "function") continue;
      out[k] = SECRET.test(k) && v !== null && v !== undefined && v !== "" ? REDACTED : redact(v, depth + 1);
    }
    return out;
  }
  return String(value);
}

/**
 * Appends one action to the trail. Pass the transaction the change runs in, so the record and the change commit
 * or roll back together. The actor's username is copied as it is now.
 */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.userId,
    actorName: actor.userId ? sql`(select ${users.username} from ${users} where ${users.id} = ${actor.userId})` : null,
    ip: actor.ip,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    before: entry.before === undefined ? null : redact(entry.before),
    after: entry.after === undefined ? null : redact(entry.after),
  });
}
