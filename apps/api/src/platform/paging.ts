import { TOTAL_CAP } from "@marquee/contracts/common";
import { type AnyColumn, type SQL, type Subquery, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { badRequest } from "./errors.ts";

/**
 * Keyset paging (DESIGN section 4): a list sorted on `(key, id)` continues after the last row of the previous
 * page, so a deep page costs the same as the first. The cursor is opaque to clients: base64url JSON of
 * `[sortName, key, id]`; a cursor made for another sort is refused. Timestamps are stored to the millisecond
 * (precision 3), the precision a cursor carries, so no row is repeated or skipped between pages.
 */
export type KeyKind = "timestamp" | "int" | "text";

export interface Keyset {
  /** Names the sort (e.g. `newest`) so a cursor cannot be replayed against another one. */
  name: string;
  key: AnyColumn | SQL;
  kind: KeyKind;
  id: AnyColumn;
  direction: "asc" | "desc";
}

type KeyValue = string | number;

const invalidCursor = () =>
  badRequest("The cursor is not valid for this list; start again from the first page.", [
    { path: "querystring.cursor", message: "invalid cursor" },
  ]);

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isIsoInstant(value: string): boolean {
  // Milliseconds (`toISOString`) or microseconds (PostgreSQL's own text of the stored value).
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(?:\d{3})?Z$/.test(value) || value.startsWith("0000")) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 23) === value.slice(0, 23);
}

export function encodeCursor(name: string, key: KeyValue, id: string): string {
  return Buffer.from(JSON.stringify([name, key, id])).toString("base64url");
}

export function decodeCursor(cursor: string, keyset: Pick<Keyset, "name" | "kind">): [KeyValue, string] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalidCursor();
  const [name, key, id] = parsed as unknown[];
  if (name !== keyset.name || typeof id !== "string" || !UUID_RE.test(id)) throw invalidCursor();
  if (keyset.kind === "int" && !(typeof key === "number" && Number.isSafeInteger(key))) throw invalidCursor();
  // PostgreSQL text cannot hold NUL: such a key could only come from a forged cursor.
  if (keyset.kind === "text" && !(typeof key === "string" && key.length <= 400 && !key.includes("\u0000")))
    throw invalidCursor();
  // Cursors carry `Date#toISOString()`: anything else ("1", year -5, 30 February) would only make PostgreSQL fail.
  if (keyset.kind === "timestamp" && !(typeof key === "string" && isIsoInstant(key))) throw invalidCursor();
  return [key as KeyValue, id];
}

const castOf: Record<KeyKind, string> = { timestamp: "timestamptz", int: "bigint", text: "text" };

/** The WHERE part that continues after the cursor (undefined on the first page) and the ORDER BY. */
export function keysetClauses(keyset: Keyset, cursor: string | undefined): { after?: SQL; orderBy: SQL[] } {
  const dir = keyset.direction === "desc" ? sql`desc` : sql`asc`;
  const orderBy = [sql`${keyset.key} ${dir}`, sql`${keyset.id} ${dir}`];
  if (!cursor) return { orderBy };
  const [key, id] = decodeCursor(cursor, keyset);
  const cmp = keyset.direction === "desc" ? sql`<` : sql`>`;
  const cast = sql.raw(castOf[keyset.kind]);
  return { after: sql`(${keyset.key}, ${keyset.id}) ${cmp} (${key}::${cast}, ${id}::uuid)`, orderBy };
}

/** The cursor of the page after `rows`, or null when the page was not full. */
export function nextCursor<T>(rows: T[], limit: number, name: string, keyOf: (row: T) => [KeyValue | Date, string]) {
  if (rows.length < limit) return null;
  const [key, id] = keyOf(rows[rows.length - 1] as T);
  return encodeCursor(name, key instanceof Date ? key.toISOString() : key, id);
}

/**
 * Counts the rows of `matches` (a select of the matching rows, with whatever joins the list needs) up to
 * TOTAL_CAP: a bounded cost however large the tables grow.
 */
export async function cappedCountOf(db: Db, matches: { limit(n: number): { as(alias: string): Subquery } }) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches.limit(TOTAL_CAP + 1).as("capped"));
  const n = row?.n ?? 0;
  return { total: Math.min(n, TOTAL_CAP), totalCapped: n > TOTAL_CAP };
}

/** `cappedCountOf` the rows of one table. */
export function cappedCount(db: Db, table: PgTable, where: SQL | undefined) {
  return cappedCountOf(db, db.select({ one: sql`1` }).from(table).where(where));
}

/**
 * A list read by another list that shows no total (the feed merges four lists on one keyset) asks for none with
 * `uncounted`: its total then stays 0, and the count query is never run.
 */
export interface Uncounted {
  uncounted?: boolean;
}
const NOT_COUNTED = { total: 0, totalCapped: false };

/** `count()` unless the caller asked for no total. */
export function countUnless(q: Uncounted, count: () => Promise<{ total: number; totalCapped: boolean }>) {
  return q.uncounted ? Promise.resolve(NOT_COUNTED) : count();
}
