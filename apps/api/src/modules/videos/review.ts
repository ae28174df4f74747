import type { Db } from "../../db/client.ts";
import { approvedBy, auditView, type Decided, pendingRows, type ReviewPort } from "../catalogue/review-port.ts";
import type { VideoPresenter } from "./present.ts";
import type { Row } from "./rows.ts";
import { videos } from "./tables.ts";
import type { VideoWrites } from "./writing.ts";

/** Movies in the review queue (modules/review): listed oldest first, approved or refused. */
export function createVideoReview(deps: { db: Db; writes: VideoWrites; present: VideoPresenter }): ReviewPort {
  const { db, writes, present } = deps;
  const decided = (row: Row, before: Row): Decided => ({
    id: row.id,
    title: row.title,
    performerIds: row.performerIds,
    listed: row.listed,
    scheduledAt: row.scheduledAt,
    before: auditView(before),
    after: auditView(row),
  });
  return {
    async queue(_admin, limit) {
      const { rows, total } = await pendingRows<Row>(db, videos, limit);
      const refs = await present.refsFor(rows);
      const items = rows.map((row) => {
        const card = present.toVideo(row, refs);
        return {
          kind: "video" as const,
          _id: row.id,
          slug: row.slug,
          title: row.title,
          description: row.description,
          status: row.status,
          access: row.access,
          price: card.price,
          performers: card.performers,
          thumbnail: present.publicFilesOf(row).thumbnail,
          submittedAt: (row.reviewSubmittedAt ?? row.createdAt).toISOString(),
          scheduledAt: row.scheduledAt?.toISOString() ?? null,
          processing: row.processingStatus,
          photosCount: null,
          link: `/movies/${row.id}`,
          createdAt: row.createdAt.toISOString(),
        };
      });
      return { items, total };
    },
    approvedCountBy: (userId) => approvedBy(db, videos, userId),
    async decide(id, decision, record) {
      let out: Decided | undefined;
      await writes.decideReview(id, decision, async (tx, before, after) => {
        out = decided(after, before);
        await record?.(tx, out);
      });
      return out as Decided;
    },
  };
}
