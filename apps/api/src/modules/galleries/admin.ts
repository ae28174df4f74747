import type { AdminAsset, AdminAssetsQuery, UpdateAdminAssetBody } from "@marquee/contracts/admin-assets";
import type { Db } from "../../db/client.ts";
import type { AuditActor } from "../audit/service.ts";
import type { Actor } from "../catalogue/access.ts";
import { adminRows, recordAssetEdit, recordTakedown, takedownOf } from "../catalogue/paging.ts";
import type { GalleryPresenter } from "./present.ts";
import type { GalleryReads } from "./reading.ts";
import { type GalleryRow, galleries } from "./tables.ts";
import type { GalleryWrites } from "./writing.ts";

/** Galleries on the admin's catalogue screen: listed with every performer's, edited and taken down. */
export function createGalleryAdmin(deps: {
  db: Db;
  reads: GalleryReads;
  writes: GalleryWrites;
  present: GalleryPresenter;
}) {
  const { reads, writes, present } = deps;

  async function toAdmin(admin: Actor | null, rows: GalleryRow[]): Promise<AdminAsset[]> {
    // The admin sees every cover signed (admins may open every gallery).
    const presented = await present.presentGathered(admin, await present.gather(rows));
    return presented.map(({ gallery }, i) => {
      const row = rows[i] as GalleryRow;
      const { _id, slug, title, access, price, status, cover, performers, createdAt } = gallery;
      return {
        kind: "gallery",
        ...{ _id, slug, title, access, price, status, performers, createdAt },
        thumbnail: cover,
        listed: row.listed,
        processing: null,
        takedown: takedownOf(row),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  return {
    async adminPage(admin: Actor, q: AdminAssetsQuery, take: number) {
      const { rows, ...counted } = await adminRows<GalleryRow>(deps.db, galleries, q, take);
      return { ...counted, items: await toAdmin(admin, rows) };
    },
    async adminUpdate(admin: Actor, id: string, body: UpdateAdminAssetBody, audit: AuditActor) {
      await writes.update(admin, id, body, (tx, before, after) => recordAssetEdit(tx, audit, "gallery", before, after));
      return (await toAdmin(admin, [await reads.editableGallery(admin, id)]))[0] as AdminAsset;
    },
    adminTakedown: async (admin: Actor, id: string, reason: string | null, audit: AuditActor) => {
      const row = await writes.setTakedown(id, reason, (tx, before, after) =>
        recordTakedown(tx, audit, "gallery", before, after),
      );
      return (await toAdmin(admin, [row]))[0] as AdminAsset;
    },
  };
}
