import type { AccessKind } from "@marquee/contracts/catalogue";
import { eq, or, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { isUniqueViolation, slugify } from "../../platform/slugs.ts";
import { type Actor, ownsOrAdmin } from "./access.ts";

/** How an item kind is named in messages, and the category group it files under. */
export interface Kind {
  /** "movie", "gallery" */
  noun: string;
  /** `Movie`, `Gallery`: the 404's subject. */
  title: string;
  categoryGroup: "video" | "gallery" | "product";
}

/** The item itself: 404 when there is none, 403 when it belongs to other performers (admins manage every item). */
export function assertEditable<T extends { performerIds: readonly string[] }>(
  actor: Actor,
  row: T | undefined,
  kind: Kind,
): T {
  if (!row) throw notFound(kind.title);
  if (!ownsOrAdmin(actor, row)) throw forbidden(`This ${kind.noun} belongs to another performer.`);
  return row;
}

// ---- slug ---------------------------------------------------------------------------------------------------------

/** Paths under `/user/assets/<kind>/` that a slug must not shadow. */
const RESERVED_SLUGS = new Set(["search"]);
const SLUG_MAX = 100;

/** A chosen slug that would shadow a route or read as an id is refused (a page is found by id or slug). */
export function assertSlugAllowed(slug: string) {
  if (isUuid(slug) || RESERVED_SLUGS.has(slug))
    throw badRequest("This slug is reserved; choose another", [{ path: "body.slug", message: "reserved" }]);
}

export const slugTaken = (kind: Kind) =>
  conflict(`This slug is already used by another ${kind.noun}`, [{ path: "body.slug", message: "already used" }]);

/** The slug a title starts from: never empty, never reserved, never shaped like an id. */
function baseSlug(title: string, kind: Kind) {
  const base = slugify(title, SLUG_MAX) || kind.noun;
  return RESERVED_SLUGS.has(base) || isUuid(base) ? `${base}-${kind.noun}` : base;
}

/** A free slug from the title: `title`, else `title-2`, `title-3`, ... */
export async function freeSlug(db: Db, table: PgTable, column: AnyPgColumn, title: string, kind: Kind) {
  const base = baseSlug(title, kind);
  const rows = await db
    .select({ slug: sql<string>`${column}` })
    .from(table)
    .where(or(eq(column, base), sql`${column} ~ ${`^${base}-[0-9]+$`}`));
  const used = new Set(rows.map((r) => r.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Inserts a new item under its slug: the one the client chose (409 when taken), else a free one from the title,
 * made again when a concurrent insert took it first, and after three lost races with a random tail.
 */
export async function insertWithSlug<R>(opts: {
  db: Db;
  table: PgTable;
  slugColumn: AnyPgColumn;
  chosen: string | undefined;
  title: string;
  kind: Kind;
  insert: (slug: string) => Promise<R[]>;
}): Promise<R> {
  if (opts.chosen) assertSlugAllowed(opts.chosen);
  for (let attempt = 0; ; attempt++) {
    const slug =
      opts.chosen ??
      (attempt < 3
        ? await freeSlug(opts.db, opts.table, opts.slugColumn, opts.title, opts.kind)
        : `${baseSlug(opts.title, opts.kind)}-${randomTail()}`);
    try {
      const [row] = await opts.insert(slug);
      if (row) return row;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (opts.chosen) throw slugTaken(opts.kind);
    }
  }
}

/** Part of a storage key or slug that no other item has: time plus randomness, lowercase. */
export const randomTail = () => `${Date.now().toString(36)}${crypto.randomUUID().slice(0, 8)}`;

// ---- price --------------------------------------------------------------------------------------------------------

/**
 * The price in cents: given exactly when the access is `sale` (0 otherwise). Left out on an edit, an item still
 * for sale keeps its price; an explicit null clears it, which an item for sale cannot have.
 */
export function priceCentsOf(
  kind: Kind,
  access: AccessKind,
  price: number | null | undefined,
  current?: { access: AccessKind; priceCents: number },
): number {
  if (access !== "sale") {
    if (price != null)
      throw badRequest(`Only ${kind.noun}s for sale have a price`, [{ path: "body.price", message: "only for sale" }]);
    return 0;
  }
  if (price != null) return Math.round(price * 100);
  if (price === undefined && current?.access === "sale" && current.priceCents > 0) return current.priceCents;
  throw badRequest(`A ${kind.noun} for sale needs a price`, [{ path: "body.price", message: "required for sale" }]);
}

// ---- performers and categories ------------------------------------------------------------------------------------

/** What the catalogue needs of the performers module. */
export interface PerformerDirectory {
  exists(ids: readonly string[]): Promise<boolean>;
  adjustCounts(ids: readonly string[], by: { videos?: number; galleries?: number; products?: number }): Promise<void>;
}

/**
 * What the catalogue needs of verification (modules/verification): whether an item with these performers may be
 * published (a 422 naming what is missing when not). `itemId` null: an item being created.
 */
export interface PublicationGate {
  assertPublishable(
    kind: "video" | "gallery" | "product",
    itemId: string | null,
    performerIds: readonly string[],
  ): Promise<void>;
  /** Forgets the releases kept with a movie or gallery being deleted, with their files. */
  forgetItem(kind: "video" | "gallery", itemId: string): Promise<void>;
}

/**
 * Whether a write publishes (or keeps published with other performers) an item: it ends up active, and either was
 * not active before or its performers change. Such writes go through the gate.
 */
export function publishes(
  before: { status: string; performerIds: readonly string[] } | null,
  after: { status: string; performerIds: readonly string[] },
): boolean {
  if (after.status !== "active") return false;
  if (before?.status !== "active") return true;
  return after.performerIds.some((p) => !before.performerIds.includes(p));
}

/** What the catalogue needs of the categories module. */
export interface CategoryDirectory {
  assertExist(ids: readonly string[], group: Kind["categoryGroup"], path: string): Promise<void>;
}

/**
 * The performers of an item after an edit. An admin names them; a performer's own items include them (left out:
 * just them). A co-performer may add people to an item, never take others (its maker above all) off it.
 */
export async function resolvePerformers(
  performers: Pick<PerformerDirectory, "exists">,
  actor: Actor,
  given: readonly string[] | undefined,
  kind: Kind,
  current?: readonly string[],
): Promise<string[]> {
  const path = "body.performerIds";
  let ids: string[];
  if (actor.role === "admin") {
    if (!given?.length) throw badRequest(`Choose the performers of this ${kind.noun}`, [{ path, message: "required" }]);
    ids = [...new Set(given)];
  } else {
    ids = [...new Set(given ?? [actor.id])];
    if (!ids.includes(actor.id))
      throw badRequest(`Your own ${kind.noun}s must include you as a performer`, [
        { path, message: "must include yourself" },
      ]);
    if ((current ?? []).some((p) => !ids.includes(p)))
      throw badRequest(`Only an admin can remove another performer from this ${kind.noun}`, [
        { path, message: "cannot remove other performers" },
      ]);
  }
  if (!(await performers.exists(ids))) throw badRequest("Unknown performer", [{ path, message: "unknown performer" }]);
  return ids;
}

/** The categories of an item: each once, each a category of the item's group (400 naming the field). */
export async function resolveCategories(categories: CategoryDirectory, given: readonly string[], kind: Kind) {
  const ids = [...new Set(given)];
  await categories.assertExist(ids, kind.categoryGroup, "body.categoryIds");
  return ids;
}

/** What a new item's body carries that every kind stores alike. */
interface NewItemBody {
  title: string;
  description: string;
  tags: string[];
  access: AccessKind;
  price?: number | null | undefined;
  performerIds?: string[] | undefined;
  categoryIds: string[];
}

/** The columns of a new item that every kind fills alike, its performers, categories and price checked. */
export async function newItemFields(
  deps: { performers: Pick<PerformerDirectory, "exists">; categories: CategoryDirectory },
  actor: Actor,
  body: NewItemBody,
  kind: Kind,
) {
  const performerIds = await resolvePerformers(deps.performers, actor, body.performerIds, kind);
  const categoryIds = await resolveCategories(deps.categories, body.categoryIds, kind);
  return {
    title: body.title,
    description: body.description,
    tags: [...new Set(body.tags)],
    access: body.access,
    priceCents: priceCentsOf(kind, body.access, body.price),
    performerIds,
    categoryIds,
    createdBy: actor.id,
  };
}

/**
 * Moves the performers' public counter (`videos`, `galleries`) by what changed between the rows (null: created or
 * deleted): an item counts once it `counts` (listed, and for movies released).
 */
export async function syncPerformerCounts<R extends { performerIds: readonly string[] }>(
  performers: Pick<PerformerDirectory, "adjustCounts">,
  counter: "videos" | "galleries" | "products",
  counts: (row: R) => boolean,
  changes: readonly { before: R | null; after: R | null }[],
) {
  const delta = new Map<string, number>();
  const move = (row: R | null, by: number) => {
    if (row && counts(row)) for (const id of row.performerIds) delta.set(id, (delta.get(id) ?? 0) + by);
  };
  for (const { before, after } of changes) {
    move(before, -1);
    move(after, 1);
  }
  const byAmount = new Map<number, string[]>();
  for (const [id, d] of delta) if (d !== 0) byAmount.set(d, [...(byAmount.get(d) ?? []), id]);
  for (const [amount, ids] of byAmount) await performers.adjustCounts(ids, { [counter]: amount });
}
