import type { SearchProductsQuery, SearchStudioProductsQuery } from "@marquee/contracts/products";
import { and, arrayContains, arrayOverlaps, eq, gte, inArray, lte, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../platform/errors.ts";
import { matchText } from "../../platform/fulltext.ts";
import { isUuid } from "../../platform/ids.ts";
import {
  cappedCount,
  countUnless,
  type Keyset,
  keysetClauses,
  nextCursor,
  type Uncounted,
} from "../../platform/paging.ts";
import { cleanTerm, SLUG_SHAPE } from "../../platform/slugs.ts";
import { type Actor, canOpen, type Offer, ownsOrAdmin, type Viewer } from "../catalogue/access.ts";
import { assertEditable } from "../catalogue/editing.ts";
import { catalogueKeyset, studioKeyset } from "../catalogue/paging.ts";
import type { ProductPresenter } from "./present.ts";
import { PRODUCT } from "./rows.ts";
import { type ProductRow, products } from "./tables.ts";

type PagedIn = { limit: number; offset: number; cursor?: string | undefined } & Uncounted;

const keyOfProduct =
  (sortBy: SearchProductsQuery["sortBy"]) =>
  (p: ProductRow): [Date | number, string] => {
    if (sortBy === "popular") return [p.views, p.id];
    if (sortBy === "price") return [p.priceCents, p.id];
    return [p.releasedAt, p.id];
  };

/** Reading products: the public list and page, what a checkout needs, and the studio's lists. */
export function createProductReads(deps: { db: Db; present: ProductPresenter }) {
  const { db, present } = deps;

  async function byIdOrSlug(idOrSlug: string) {
    const key = idOrSlug.trim().toLowerCase();
    // Neither an id nor a slug (slugs are letters, digits and dashes): nothing to look up.
    if (!isUuid(key) && !SLUG_SHAPE.test(key)) return undefined;
    const [row] = await db
      .select()
      .from(products)
      .where(isUuid(key) ? eq(products.id, key) : eq(products.slug, key));
    return row;
  }

  /** A product the viewer may open: listed, or their own (or any for an admin). Unlisted ones are not found. */
  async function openProduct(viewer: Viewer, idOrSlug: string) {
    const row = await byIdOrSlug(idOrSlug);
    if (!row || !canOpen(viewer, row)) throw notFound("Product");
    return row;
  }

  /** A product the editor may change: 404 when there is none, 403 when it belongs to other performers. */
  const editableProduct = async (user: Actor, idOrSlug: string) =>
    assertEditable(user, await byIdOrSlug(idOrSlug), PRODUCT);

  function publicWhere(q: Partial<Omit<SearchProductsQuery, "limit" | "offset" | "sort" | "sortBy">>): SQL {
    const conds: SQL[] = [sql`${products.listed}`];
    const match = matchText(products.search, cleanTerm(q.q));
    if (match) conds.push(match);
    const performerIds = [...(q.performerIds ?? []), ...(q.performerId ? [q.performerId] : [])];
    if (performerIds.length) conds.push(arrayOverlaps(products.performerIds, performerIds));
    if (q.categoryIds?.length) conds.push(arrayOverlaps(products.categoryIds, q.categoryIds));
    if (q.type) conds.push(eq(products.type, q.type));
    if (q.priceMin !== undefined) conds.push(gte(products.priceCents, Math.ceil(q.priceMin * 100 - 1e-6)));
    if (q.priceMax !== undefined) conds.push(lte(products.priceCents, Math.floor(q.priceMax * 100 + 1e-6)));
    if (q.excludedId) conds.push(ne(products.id, q.excludedId));
    if (q.ids?.length) conds.push(inArray(products.id, q.ids));
    return and(...conds) as SQL;
  }

  /** One page sorted on `keyset`: by cursor when given, else by offset. */
  async function pageOf(where: SQL, keyset: Keyset, q: PagedIn, keyOf: (p: ProductRow) => [Date | number, string]) {
    const { after, orderBy } = keysetClauses(keyset, q.cursor);
    const [rows, counted] = await Promise.all([
      db
        .select()
        .from(products)
        .where(after ? and(where, after) : where)
        .orderBy(...orderBy)
        .limit(q.limit)
        .offset(q.cursor ? 0 : q.offset),
      countUnless(q, () => cappedCount(db, products, where)),
    ]);
    return { rows, ...counted, next: nextCursor(rows, q.limit, keyset.name, keyOf) };
  }

  /** A page of the public list; each card says whether this viewer bought the product. */
  async function search(q: SearchProductsQuery & Uncounted, viewer: Viewer = null) {
    const page = await pageOf(publicWhere(q), catalogueKeyset(q.sortBy, q.sort, products), q, keyOfProduct(q.sortBy));
    const [list, bought] = await Promise.all([
      present.list(page.rows),
      present.bought(
        viewer,
        page.rows.map((r) => r.id),
      ),
    ]);
    const data = list.map((p) => ({ ...p, isBought: bought.has(p._id) }));
    return { data, total: page.total, totalCapped: page.totalCapped, next: page.next };
  }

  /** How many listed products match `q` (capped), for `/search/total`. */
  async function countMatching(q: string | undefined): Promise<number> {
    return (await cappedCount(db, products, publicWhere({ q }))).total;
  }

  /** A product's page: counts a view. Unlisted products exist only for their performers and admins. */
  async function view(viewer: Viewer, idOrSlug: string) {
    const row = await openProduct(viewer, idOrSlug);
    if (!row.listed) return present.detail(viewer, row);
    const [counted] = await db
      .update(products)
      .set({ views: sql`${products.views} + 1`, updatedAt: sql`${products.updatedAt}` })
      .where(eq(products.id, row.id))
      .returning();
    return present.detail(viewer, counted ?? row);
  }

  /**
   * The product as a checkout sees it (no view counted): price, performers, listed and stock from the database,
   * and whether the viewer bought it already. 404 when the viewer may not open it.
   */
  async function offer(viewer: Viewer, idOrSlug: string): Promise<Offer> {
    const p = await openProduct(viewer, idOrSlug);
    const isBought = (await present.bought(viewer, [p.id])).has(p.id);
    const canWatch = isBought || ownsOrAdmin(viewer, p);
    return {
      kind: "product",
      id: p.id,
      title: p.title,
      priceCents: p.priceCents,
      performerIds: p.performerIds,
      listed: p.listed,
      stock: p.type === "physical" ? p.stock : null,
      productType: p.type,
      decision: { canWatch, lock: canWatch ? null : "sale", isBought },
    };
  }

  async function studioSearch(user: Actor, q: SearchStudioProductsQuery) {
    const conds: SQL[] = [];
    if (user.role !== "admin") conds.push(arrayContains(products.performerIds, [user.id]));
    if (q.performerId) conds.push(arrayContains(products.performerIds, [q.performerId]));
    if (q.status) conds.push(eq(products.status, q.status));
    if (q.type) conds.push(eq(products.type, q.type));
    const match = matchText(products.search, cleanTerm(q.q));
    if (match) conds.push(match);
    const where = (conds.length ? and(...conds) : sql`true`) as SQL;
    const page = await pageOf(where, studioKeyset(q.sortBy, q.sort, products), q, (p) => [p.createdAt, p.id]);
    const data = await present.studioProducts(user, page.rows);
    return { data, total: page.total, totalCapped: page.totalCapped, next: page.next };
  }

  async function studioView(user: Actor, idOrSlug: string) {
    return present.studioProduct(user, await editableProduct(user, idOrSlug));
  }

  return { byIdOrSlug, openProduct, editableProduct, search, countMatching, view, offer, studioSearch, studioView };
}
export type ProductReads = ReturnType<typeof createProductReads>;
