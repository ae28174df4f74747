import type { AdminAssetsQuery } from "@marquee/contracts/admin-assets";
import { type AnyColumn, and, arrayContains, eq, isNotNull, isNull } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { matchText } from "../../platform/fulltext.ts";
import { cappedCount, type Keyset, keysetClauses } from "../../platform/paging.ts";
import { cleanTerm } from "../../platform/slugs.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";

/** The public sorts of a catalogue list. */
export type CatalogueSort = "newest" | "oldest" | "popular" | "price";
export type SortColumns = Record<"releasedAt" | "views" | "priceCents" | "id", AnyColumn>;

/**
 * The keyset of a public sort over a catalogue table (or a subquery with the same columns): `newest`/`oldest` on
 * the release date, `popular` on views, `price` on the price; `sort` turns each around.
 */
export function catalogueKeyset(sortBy: CatalogueSort, sort: "asc" | "desc", on: SortColumns): Keyset {
  const flip = sort === "asc" ? "desc" : "asc";
  const base = { name: `${sortBy}:${sort}`, id: on.id };
  switch (sortBy) {
    case "newest":
      return { ...base, key: on.releasedAt, kind: "timestamp", direction: sort };
    case "oldest":
      return { ...base, key: on.releasedAt, kind: "timestamp", direction: flip };
    case "popular":
      return { ...base, key: on.views, kind: "int", direction: sort };
    case "price":
      return { ...base, key: on.priceCents, kind: "int", direction: sort };
  }
}

/** The studio's keyset: by creation, newest first unless `oldest` (then `sort` turns it around). */
export function studioKeyset(
  sortBy: "newest" | "oldest",
  sort: "asc" | "desc",
  on: Record<"createdAt" | "id", AnyColumn>,
): Keyset {
  const direction = sortBy === "oldest" ? (sort === "asc" ? "desc" : "asc") : sort;
  return { name: `studio-${sortBy}:${sort}`, key: on.createdAt, kind: "timestamp", id: on.id, direction };
}

/** The admin's catalogue list: newest first across every kind, so pages of several kinds merge on one key. */
export const ADMIN_SORT = "admin-newest";

/** The columns every catalogue table has that the admin's filters read. */
interface AdminColumns {
  id: AnyColumn;
  createdAt: AnyColumn;
  performerIds: AnyColumn;
  status: AnyColumn;
  access: AnyColumn;
  takenDownAt: AnyColumn;
  search: AnyColumn;
}

/**
 * One kind's share of a page of the admin's list: the first `take` rows after the cursor matching the filters, and
 * how many match (capped). Every kind sorts on the same `(createdAt, id)`, so their shares merge into the page.
 */
export async function adminRows<R>(db: Db, table: PgTable & AdminColumns, q: AdminAssetsQuery, take: number) {
  const where = and(
    q.performerId ? arrayContains(table.performerIds, [q.performerId]) : undefined,
    q.status ? eq(table.status, q.status) : undefined,
    q.access ? eq(table.access, q.access) : undefined,
    q.takenDown === undefined ? undefined : q.takenDown ? isNotNull(table.takenDownAt) : isNull(table.takenDownAt),
    matchText(table.search, cleanTerm(q.q)),
  );
  const keyset: Keyset = { name: ADMIN_SORT, key: table.createdAt, kind: "timestamp", id: table.id, direction: "desc" };
  const { after, orderBy } = keysetClauses(keyset, q.cursor);
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(and(where, after))
      .orderBy(...orderBy)
      .limit(take),
    cappedCount(db, table, where),
  ]);
  return { rows: rows as R[], ...counted };
}

/** The take-down as the admin's list shows it. */
export const takedownOf = (row: { takenDownAt: Date | null; takenDownReason: string | null }) =>
  row.takenDownAt ? { at: row.takenDownAt.toISOString(), reason: row.takenDownReason ?? "" } : null;

/** A take-down or restore in the audit trail (issue 22 section 5), in the transaction that makes it. */
export function recordTakedown(
  tx: Db,
  actor: AuditActor,
  kind: "video" | "gallery",
  before: TakedownRow,
  after: TakedownRow,
) {
  const view = (r: TakedownRow) => ({ title: r.title, status: r.status, listed: r.listed, takedown: takedownOf(r) });
  return recordAudit(tx, actor, {
    action: after.takenDownAt ? "catalogue.take-down" : "catalogue.restore",
    subjectType: kind,
    subjectId: after.id,
    before: view(before),
    after: view(after),
  });
}
type TakedownRow = {
  id: string;
  title: string;
  status: string;
  listed: boolean;
  takenDownAt: Date | null;
  takenDownReason: string | null;
};

/** An admin's edit of a movie or gallery from the catalogue screen in the audit trail, in its transaction. */
export function recordAssetEdit(
  tx: Db,
  actor: AuditActor,
  kind: "video" | "gallery",
  before: TakedownRow & EditedRow,
  after: TakedownRow & EditedRow,
) {
  const view = (r: TakedownRow & EditedRow) => ({
    title: r.title,
    status: r.status,
    access: r.access,
    price: r.priceCents === null ? null : r.priceCents / 100,
    listed: r.listed,
  });
  return recordAudit(tx, actor, {
    action: "catalogue.update",
    subjectType: kind,
    subjectId: after.id,
    before: view(before),
    after: view(after),
  });
}
type EditedRow = { access: string; priceCents: number | null };
