import type { CategoryRef } from "@marquee/contracts/catalogue";
import type {
  AdminSearchCategoriesQuery,
  CategoryBody,
  SearchCategoriesQuery,
  UpdateCategoryBody,
} from "@marquee/contracts/content";
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, notFound } from "../../platform/errors.ts";
import { cleanTerm, escapeLike, isUniqueViolation, slugify } from "../../platform/slugs.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { type CategoryRow, categories } from "./tables.ts";

export type CategoryGroup = CategoryRow["group"];

const toCategory = (row: CategoryRow) => ({
  _id: row.id,
  name: row.name,
  slug: row.slug,
  group: row.group,
  description: row.description,
  ordering: row.ordering,
  status: row.status,
});

const slugTaken = () =>
  conflict("A category of this group already has this slug.", [{ path: "body.slug", message: "already used" }]);

/**
 * Categories of performers, movies, galleries and products. Inactive ones are not offered in the public list,
 * but items that already carry one keep showing it (`refs` returns every existing category).
 */
/** How long a process may show a category name another process renamed (every list page reads them). */
const REFS_CACHE_MS = 2000;

export function createCategoriesService(deps: { db: Db }) {
  const { db } = deps;
  // The handful of categories every list names, held briefly so a page of movies costs one query less.
  let refsCache: { at: number; byId: Map<string, CategoryRef> } | null = null;

  async function allRefs(): Promise<Map<string, CategoryRef>> {
    if (!refsCache || Date.now() - refsCache.at > REFS_CACHE_MS) {
      const rows = await db
        .select({ id: categories.id, name: categories.name, slug: categories.slug })
        .from(categories);
      refsCache = { at: Date.now(), byId: new Map(rows.map((r) => [r.id, { _id: r.id, name: r.name, slug: r.slug }])) };
    }
    return refsCache.byId;
  }

  async function list(q: AdminSearchCategoriesQuery, publicOnly: boolean) {
    const where: SQL[] = [];
    const term = cleanTerm(q.q);
    if (term) where.push(ilike(categories.name, `%${escapeLike(term)}%`));
    if (q.group) where.push(eq(categories.group, q.group));
    if (publicOnly) where.push(eq(categories.status, "active"));
    else if (q.status) where.push(eq(categories.status, q.status));
    const cond = where.length ? and(...where) : undefined;
    const dir = q.sort === "desc" ? desc : asc;
    const order =
      q.sortBy === "name"
        ? [dir(categories.name), dir(categories.id)]
        : [dir(categories.ordering), dir(categories.name), dir(categories.id)];
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(categories)
        .where(cond)
        .orderBy(...order)
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(categories).where(cond),
    ]);
    return { data: rows.map(toCategory), total: total?.n ?? 0 };
  }

  async function byId(id: string) {
    const [row] = await db.select().from(categories).where(eq(categories.id, id));
    if (!row) throw notFound("Category");
    return row;
  }

  async function assertSlugFree(group: CategoryGroup, slug: string, exceptId?: string) {
    const [taken] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(eq(categories.group, group), eq(categories.slug, slug), exceptId ? ne(categories.id, exceptId) : undefined),
      );
    if (taken) throw slugTaken();
  }

  function slugFrom(name: string) {
    const slug = slugify(name);
    if (!slug)
      throw badRequest("The name has no letters or digits to make a slug from; give a slug.", [
        { path: "body.slug", message: "required for this name" },
      ]);
    return slug;
  }

  return {
    toCategory,
    /** The public list: active categories only. */
    search: (q: SearchCategoriesQuery) => list({ ...q, status: undefined }, true),
    /** Every category, for admins. */
    adminSearch: (q: AdminSearchCategoriesQuery) => list(q, false),

    async get(id: string) {
      return toCategory(await byId(id));
    },

    /** An admin's new category, recorded in the audit trail in the same transaction. */
    async create(body: CategoryBody, actor: AuditActor) {
      const slug = body.slug ?? slugFrom(body.name);
      await assertSlugFree(body.group, slug);
      try {
        const created = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(categories)
            .values({ ...body, slug })
            .returning();
          const after = toCategory(row as CategoryRow);
          await recordAudit(tx, actor, {
            action: "categories.create",
            subjectType: "category",
            subjectId: after._id,
            after,
          });
          return after;
        });
        refsCache = null;
        return created;
      } catch (err) {
        if (isUniqueViolation(err)) throw slugTaken();
        throw err;
      }
    },

    /** An admin's change, recorded with the category before and after in the same transaction. */
    async update(id: string, body: UpdateCategoryBody, actor: AuditActor) {
      const current = await byId(id);
      // The slug stays as it is when only the name changes: links to the category keep working.
      const group = body.group ?? current.group;
      const slug = body.slug ?? current.slug;
      if (group !== current.group || slug !== current.slug) await assertSlugFree(group, slug, id);
      if (Object.keys(body).length === 0) return toCategory(current);
      try {
        const changed = await db.transaction(async (tx) => {
          const [was] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
          if (!was) throw notFound("Category");
          const [row] = await tx.update(categories).set(body).where(eq(categories.id, id)).returning();
          const after = toCategory(row as CategoryRow);
          await recordAudit(tx, actor, {
            action: "categories.update",
            subjectType: "category",
            subjectId: id,
            before: toCategory(was),
            after,
          });
          return after;
        });
        refsCache = null;
        return changed;
      } catch (err) {
        if (isUniqueViolation(err)) throw slugTaken();
        throw err;
      }
    },

    /**
     * Deletes a category; items that named it simply stop showing it (refs skip unknown ids). Recorded with the
     * category as it was, in the same transaction.
     */
    async remove(id: string, actor: AuditActor) {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(categories).where(eq(categories.id, id)).returning();
        if (!row) throw notFound("Category");
        await recordAudit(tx, actor, {
          action: "categories.delete",
          subjectType: "category",
          subjectId: id,
          before: toCategory(row),
        });
      });
      refsCache = null;
    },

    /** `{ _id, name, slug }` of the given ids, in one query; unknown ids are left out. */
    async refs(ids: readonly string[]): Promise<Map<string, CategoryRef>> {
      const out = new Map<string, CategoryRef>();
      if (!ids.length) return out;
      const byId = await allRefs();
      for (const id of ids) {
        const ref = byId.get(id);
        if (ref) out.set(id, ref);
      }
      return out;
    },

    /**
     * Refuses with 400 naming `path` (e.g. `body.categoryIds`) when an id is not a category of `group`.
     * Inactive categories are accepted, so an item that already carries one can be saved unchanged.
     */
    async assertExist(ids: readonly string[], group: CategoryGroup, path: string) {
      const unique = [...new Set(ids)];
      if (!unique.length) return;
      const rows = await db
        .select({ id: categories.id })
        .from(categories)
        .where(and(inArray(categories.id, unique), eq(categories.group, group)));
      if (rows.length === unique.length) return;
      const known = new Set(rows.map((r) => r.id));
      const unknown = unique.filter((id) => !known.has(id));
      throw badRequest(`Unknown ${group} categor${unknown.length === 1 ? "y" : "ies"}: ${unknown.join(", ")}`, [
        { path, message: `unknown ${group} category` },
      ]);
    },
  };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;
