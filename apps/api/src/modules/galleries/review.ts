import type { Db } from "../../db/client.ts";
import { approvedBy, auditView, type Decided, pendingRows, type ReviewPort } from "../catalogue/review-port.ts";
import type { GalleryPresenter } from "./present.ts";
import { type GalleryRow, galleries } from "./tables.ts";
import type { GalleryWrites } from "./writing.ts";

/** Galleries in the review queue (modules/review): listed oldest first, approved or refused. */
export function createGalleryReview(deps: { db: Db; writes: GalleryWrites; present: GalleryPresenter }): ReviewPort {
  const { db, writes, present } = deps;
  return {
    async queue(admin, limit) {
      const { rows, total } = await pendingRows<GalleryRow>(db, galleries, limit);
      // The admin's view: covers signed (admins may open every gallery).
      const presented = await present.presentGathered(admin, await present.gather(rows));
      const items = presented.map(({ gallery }, i) => {
        const row = rows[i] as GalleryRow;
        return {
          kind: "gallery" as const,
          _id: row.id,
          slug: row.slug,
          title: row.title,
          description: row.description,
          status: row.status,
          access: row.access,
          price: gallery.price,
          performers: gallery.performers,
          thumbnail: gallery.cover,
          submittedAt: (row.reviewSubmittedAt ?? row.createdAt).toISOString(),
          scheduledAt: null,
          processing: null,
          photosCount: row.photosCount,
          link: `/galleries/${row.id}`,
          createdAt: row.createdAt.toISOString(),
        };
      });
      return { items, total };
    },
    approvedCountBy: (userId) => approvedBy(db, galleries, userId),
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
