import type { Db } from "../../db/client.ts";
import { approvedBy, auditView, type Decided, pendingRows, type ReviewPort } from "../catalogue/review-port.ts";
import type { ProductPresenter } from "./present.ts";
import { type ProductRow, products } from "./tables.ts";
import type { ProductWrites } from "./writing.ts";

/** Store products in the review queue (modules/review): listed oldest first, approved or refused. */
export function createProductReview(deps: { db: Db; writes: ProductWrites; present: ProductPresenter }): ReviewPort {
  const { db, writes, present } = deps;
  return {
    async queue(_admin, limit) {
      const { rows, total } = await pendingRows<ProductRow>(db, products, limit);
      const cards = await present.list(rows);
      const items = cards.map((card, i) => {
        const row = rows[i] as ProductRow;
        return {
          kind: "product" as const,
          _id: row.id,
          slug: row.slug,
          title: row.title,
          description: row.description,
          status: row.status,
          access: null,
          price: card.price,
          performers: card.performers,
          thumbnail: card.image?.thumb ?? null,
          submittedAt: (row.reviewSubmittedAt ?? row.createdAt).toISOString(),
          scheduledAt: null,
          processing: null,
          photosCount: null,
          link: `/store/${row.slug}`,
          createdAt: row.createdAt.toISOString(),
        };
      });
      return { items, total };
    },
    approvedCountBy: (userId) => approvedBy(db, products, userId),
    async decide(id, decision, record) {
      let out: Decided | undefined;
      await writes.decideReview(id, decision, async (tx, before, after) => {
        out = {
          id: after.id,
          title: after.title,
          performerIds: after.performerIds,
          listed: after.listed,
          scheduledAt: null,
          before: auditView(before),
          after: auditView(after),
        };
        await record?.(tx, out);
      });
      return out as Decided;
    },
  };
}
