import type { AdminAsset, AdminAssetsQuery, UpdateAdminAssetBody } from "@marquee/contracts/admin-assets";
import type { Db } from "../../db/client.ts";
import type { AuditActor } from "../audit/service.ts";
import type { Actor } from "../catalogue/access.ts";
import { adminRows, recordAssetEdit, recordTakedown, takedownOf } from "../catalogue/paging.ts";
import type { VideoPresenter } from "./present.ts";
import type { VideoReads } from "./reading.ts";
import type { Row } from "./rows.ts";
import { videos } from "./tables.ts";
import type { VideoWrites } from "./writing.ts";

/** Movies on the admin's catalogue screen: listed with every performer's, edited and taken down. */
export function createVideoAdmin(deps: { db: Db; reads: VideoReads; writes: VideoWrites; present: VideoPresenter }) {
  const { reads, writes, present } = deps;

  async function toAdmin(rows: Row[]): Promise<AdminAsset[]> {
    const refs = await present.refsFor(rows);
    return rows.map((row) => {
      const { _id, slug, title, access, price, status, performers, createdAt } = present.toVideo(row, refs);
      return {
        kind: "video",
        ...{ _id, slug, title, access, price, status, performers, createdAt },
        thumbnail: present.publicFilesOf(row).thumbnail,
        listed: row.listed,
        processing: row.processingStatus,
        takedown: takedownOf(row),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  const one = async (row: Row) => (await toAdmin([row]))[0] as AdminAsset;

  return {
    async adminPage(_admin: Actor, q: AdminAssetsQuery, take: number) {
      const { rows, ...counted } = await adminRows<Row>(deps.db, videos, q, take);
      return { ...counted, items: await toAdmin(rows) };
    },
    async adminUpdate(admin: Actor, id: string, body: UpdateAdminAssetBody, audit: AuditActor) {
      await writes.update(admin, id, body, (tx, before, after) => recordAssetEdit(tx, audit, "video", before, after));
      return one(await reads.managedRow(admin, id));
    },
    adminTakedown: async (_admin: Actor, id: string, reason: string | null, audit: AuditActor) =>
      one(
        await writes.setTakedown(id, reason, (tx, before, after) => recordTakedown(tx, audit, "video", before, after)),
      ),
  };
}
