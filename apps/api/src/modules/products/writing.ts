import type { CreateProductBody, UpdateProductBody } from "@marquee/contracts/products";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { ForgetEngagement } from "../../platform/engageable.ts";
import { badRequest, conflict, notFound, unprocessable } from "../../platform/errors.ts";
import { isUniqueViolation } from "../../platform/slugs.ts";
import type { Storage } from "../../platform/storage.ts";
import type { Actor } from "../catalogue/access.ts";
import * as rules from "../catalogue/editing.ts";
import { decisionFields, type ReviewGate, reviewAfterWrite } from "../catalogue/review.ts";
import type { ReviewDecisionIn } from "../catalogue/review-port.ts";
import type { ProductPresenter } from "./present.ts";
import type { ProductReads } from "./reading.ts";
import { isListed, PRODUCT, productFileDir, productImageDir } from "./rows.ts";
import { type ProductRow, products } from "./tables.ts";

const stockPath = "body.stock";

/** The stock a product stores: required (a whole number, at least 0) when physical, none when digital. */
function stockOf(type: ProductRow["type"], stock: number | null | undefined): number | null {
  if (type === "digital") {
    if (stock != null)
      throw badRequest("Only physical products have a stock", [{ path: stockPath, message: "only for physical" }]);
    return null;
  }
  if (stock == null)
    throw badRequest("A physical product needs its stock", [{ path: stockPath, message: "required for physical" }]);
  return stock;
}

/** Writing products: create, edit and delete, keeping `listed` and the performers' `products_count` true. */
export function createProductWrites(deps: {
  db: Db;
  storage: Storage;
  performers: rules.PerformerDirectory;
  categories: rules.CategoryDirectory;
  publication: rules.PublicationGate;
  reads: ProductReads;
  present: ProductPresenter;
  forgetEngagement: ForgetEngagement<"product">;
  review: ReviewGate;
}) {
  const { db, storage, reads, present } = deps;

  /** Moves the counters of the performers whose listed products changed. */
  const syncCounts = (before: ProductRow | null, after: ProductRow | null) =>
    rules.syncPerformerCounts(deps.performers, "products", (p) => p.listed, [{ before, after }]);

  /**
   * Writes `patch` to a product with the row locked, recomputes `listed` from the result and keeps the counters.
   * `check` sees the locked row first (a rule that depends on it is decided on what is stored, not on a stale read).
   */
  async function save(
    id: string,
    patch: (current: ProductRow) => Partial<typeof products.$inferInsert>,
  ): Promise<ProductRow> {
    let result: { before: ProductRow; after: ProductRow };
    try {
      result = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(products).where(eq(products.id, id)).for("update");
        if (!before) throw notFound("Product");
        const changes = patch(before);
        const merged = { ...before, ...changes } as ProductRow;
        const listed = isListed(merged);
        // First publication (or approval): "newest" lists it from now on, not from when the draft was made.
        if (listed && !before.listed && (before.status === "draft" || before.reviewState === "pending"))
          changes.releasedAt = new Date();
        const [after] = await tx
          .update(products)
          .set({ ...changes, listed })
          .where(eq(products.id, id))
          .returning();
        return { before, after: after as ProductRow };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw rules.slugTaken(PRODUCT);
      throw err;
    }
    await syncCounts(result.before, result.after);
    return result.after;
  }

  async function create(user: Actor, body: CreateProductBody) {
    const performerIds = await rules.resolvePerformers(deps.performers, user, body.performerIds, PRODUCT);
    const categoryIds = await rules.resolveCategories(deps.categories, body.categoryIds, PRODUCT);
    const stock = stockOf(body.type, body.stock);
    if (rules.publishes(null, { status: body.status, performerIds }))
      await deps.publication.assertPublishable("product", null, performerIds);
    const now = new Date();
    const review = await reviewAfterWrite(deps.review, user, null, body.status, now);
    // Set here, in milliseconds, so that keyset cursors (which carry milliseconds) match the stored value.
    const values = {
      title: body.title,
      description: body.description,
      type: body.type,
      priceCents: Math.round(body.price * 100),
      stock,
      status: body.status,
      ...review,
      listed: isListed({
        status: body.status,
        type: body.type,
        fileKey: null,
        reviewState: review.reviewState ?? null,
        takenDownAt: null,
        heldAt: null,
      }),
      performerIds,
      categoryIds,
      createdBy: user.id,
      releasedAt: now,
      createdAt: now,
    };
    const row = await rules.insertWithSlug({
      db,
      table: products,
      slugColumn: products.slug,
      chosen: body.slug,
      title: body.title,
      kind: PRODUCT,
      insert: (slug) =>
        db
          .insert(products)
          .values({ ...values, slug })
          .returning(),
    });
    await syncCounts(null, row);
    return present.studioProduct(user, row);
  }

  async function update(user: Actor, id: string, body: UpdateProductBody) {
    const current = await reads.editableProduct(user, id);
    const fields: Partial<typeof products.$inferInsert> = {};
    if (body.title !== undefined) fields.title = body.title;
    if (body.description !== undefined) fields.description = body.description;
    if (body.price !== undefined) fields.priceCents = Math.round(body.price * 100);
    if (body.status !== undefined) fields.status = body.status;
    if (body.slug !== undefined && body.slug !== current.slug) {
      rules.assertSlugAllowed(body.slug);
      fields.slug = body.slug;
    }
    if (body.performerIds !== undefined)
      fields.performerIds = await rules.resolvePerformers(
        deps.performers,
        user,
        body.performerIds,
        PRODUCT,
        current.performerIds,
      );
    if (body.categoryIds !== undefined)
      fields.categoryIds = await rules.resolveCategories(deps.categories, body.categoryIds, PRODUCT);
    if (body.stock !== undefined) fields.stock = stockOf(current.type, body.stock);
    const after = {
      status: fields.status ?? current.status,
      performerIds: fields.performerIds ?? current.performerIds,
    };
    if (rules.publishes(current, after))
      await deps.publication.assertPublishable("product", current.id, after.performerIds);
    const review = await reviewAfterWrite(deps.review, user, current, body.status ?? current.status, new Date());
    const row = await save(current.id, () => ({ ...fields, ...review }));
    return present.studioProduct(user, row);
  }

  /**
   * Deletes a product, its pictures and its file, and the comments and reactions on it. Orders keep their lines
   * (title and price as sold).
   */
  async function remove(user: Actor, id: string) {
    const current = await reads.editableProduct(user, id);
    const before = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(products).where(eq(products.id, current.id)).for("update");
      if (!row) throw notFound("Product");
      await tx.delete(products).where(eq(products.id, current.id));
      await deps.forgetEngagement(tx, "product", current.id);
      return row;
    });
    await syncCounts(before, null);
    await storage.remove(productImageDir(current.id));
    await storage.remove(productFileDir(current.id));
  }

  /**
   * An admin's review decision on a waiting product (`record`: the audit trail, in the same transaction): approved,
   * it is listed (a digital one once its file is in, which approval asks for); refused, it stays off the store.
   */
  async function decideReview(
    id: string,
    decision: ReviewDecisionIn,
    record?: (tx: Db, before: ProductRow, after: ProductRow) => Promise<void>,
  ): Promise<ProductRow> {
    const { before, after } = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(products).where(eq(products.id, id)).for("update");
      if (!current) throw notFound("Product");
      if (current.reviewState !== "pending") throw conflict("This product is not waiting for review.");
      if (decision.state === "approved" && current.type === "digital" && !current.fileKey)
        throw unprocessable("This product's file is not uploaded yet: it can be approved once it is.");
      const fields = decisionFields(decision, new Date());
      const merged = { ...current, ...fields } as ProductRow;
      const listed = isListed(merged);
      const [after] = await tx
        .update(products)
        .set({ ...fields, listed, ...(listed && !current.listed ? { releasedAt: new Date() } : {}) })
        .where(eq(products.id, id))
        .returning();
      const row = after as ProductRow;
      await record?.(tx as unknown as Db, current, row);
      return { before: current, after: row };
    });
    await syncCounts(before, after);
    return after;
  }

  /**
   * An admin takes a product off the store (`reason` kept for its performers) or puts it back (null); a report holds
   * it pending review or lifts the hold (modules/reports). Either keeps it unlisted whatever its status.
   */
  const setTakedown = (id: string, reason: string | null) =>
    save(id, (p) => ({ takenDownAt: reason === null ? null : (p.takenDownAt ?? new Date()), takenDownReason: reason }));
  const setHold = (id: string, reason: string | null) =>
    save(id, (p) => ({ heldAt: reason === null ? null : (p.heldAt ?? new Date()), heldReason: reason }));

  return { syncCounts, save, create, update, decideReview, remove, setTakedown, setHold };
}
export type ProductWrites = ReturnType<typeof createProductWrites>;
