import { randomBytes } from "node:crypto";
import type { Image } from "@marquee/contracts/catalogue";
import type {
  AdminSearchBannersQuery,
  Banner,
  BannerBody,
  SearchBannersQuery,
  UpdateBannerBody,
} from "@marquee/contracts/content";
import { and, asc, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../platform/errors.ts";
import { cleanTerm, escapeLike } from "../../platform/slugs.ts";
import type { Storage } from "../../platform/storage.ts";
import { removeWebpVariants, storeWebpVariants } from "../../platform/webp.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { type BannerRow, banners } from "./tables.ts";

/** Banner widths: full width on large screens and its half; the aspect ratio is the upload's. */
export const BANNER_SPECS = [
  { name: "1600", width: 1600 },
  { name: "800", width: 800 },
] as const;

/** Site promos (`/site-promo/search`): the public sees active ones by position, in their `ordering`. */
export function createBannersService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;

  function imageOf(row: BannerRow): Image | null {
    if (!row.imageKey || !row.imageWidth || !row.imageHeight) return null;
    const [large, small] = BANNER_SPECS;
    // Variants are never enlarged: a narrow upload gives a smaller large variant, and the small one follows.
    const smallWidth = Math.min(small.width, row.imageWidth);
    return {
      url: storage.publicUrl(`${row.imageKey}-${large.name}.webp`),
      srcSet: [
        `${storage.publicUrl(`${row.imageKey}-${small.name}.webp`)} ${smallWidth}w`,
        `${storage.publicUrl(`${row.imageKey}-${large.name}.webp`)} ${row.imageWidth}w`,
      ].join(", "),
      width: row.imageWidth,
      height: row.imageHeight,
    };
  }

  const toBanner = (row: BannerRow): Banner => ({
    _id: row.id,
    title: row.title,
    description: row.description,
    href: row.href,
    position: row.position,
    image: imageOf(row),
    ordering: row.ordering,
    status: row.status,
  });

  async function list(q: AdminSearchBannersQuery, publicOnly: boolean) {
    const where: SQL[] = [];
    if (publicOnly) where.push(eq(banners.status, "active"));
    else if (q.status) where.push(eq(banners.status, q.status));
    if (q.position) where.push(eq(banners.position, q.position));
    const term = cleanTerm(q.q);
    if (term) where.push(ilike(banners.title, `%${escapeLike(term)}%`));
    const cond = where.length ? and(...where) : undefined;
    const dir = q.sort === "desc" ? desc : asc;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(banners)
        .where(cond)
        .orderBy(dir(banners.ordering), dir(banners.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(banners).where(cond),
    ]);
    return { data: rows.map(toBanner), total: total?.n ?? 0 };
  }

  async function byId(id: string) {
    const [row] = await db.select().from(banners).where(eq(banners.id, id));
    if (!row) throw notFound("Banner");
    return row;
  }

  return {
    toBanner,
    /** One banner as admins see it. */
    get: async (id: string) => toBanner(await byId(id)),
    search: (q: SearchBannersQuery) => list({ ...q, status: undefined }, true),
    adminSearch: (q: AdminSearchBannersQuery) => list(q, false),

    /** An admin's new banner, recorded in the audit trail in the same transaction. */
    async create(body: BannerBody, actor: AuditActor) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(banners).values(body).returning();
        const after = toBanner(row as BannerRow);
        await recordAudit(tx, actor, { action: "banners.create", subjectType: "banner", subjectId: after._id, after });
        return after;
      });
    },

    /** An admin's change, recorded with the banner before and after in the same transaction. */
    async update(id: string, body: UpdateBannerBody, actor: AuditActor) {
      if (Object.keys(body).length === 0) return toBanner(await byId(id));
      return db.transaction(async (tx) => {
        const [was] = await tx.select().from(banners).where(eq(banners.id, id)).for("update");
        if (!was) throw notFound("Banner");
        const [row] = await tx.update(banners).set(body).where(eq(banners.id, id)).returning();
        const after = toBanner(row as BannerRow);
        await recordAudit(tx, actor, {
          action: "banners.update",
          subjectType: "banner",
          subjectId: id,
          before: toBanner(was),
          after,
        });
        return after;
      });
    },

    /** Deletes a banner (recorded with it as it was, in the same transaction), then its image files. */
    async remove(id: string, actor: AuditActor) {
      const row = await db.transaction(async (tx) => {
        const [gone] = await tx.delete(banners).where(eq(banners.id, id)).returning();
        if (!gone) throw notFound("Banner");
        await recordAudit(tx, actor, {
          action: "banners.delete",
          subjectType: "banner",
          subjectId: id,
          before: toBanner(gone),
        });
        return gone;
      });
      if (row.imageKey) await removeWebpVariants(storage, row.imageKey, BANNER_SPECS);
    },

    /**
     * A new image: its files are stored first, then the banner points at them with the audit record in one
     * transaction; the old files go once that commits, the new ones if it does not.
     */
    async setImage(id: string, file: Buffer, actor: AuditActor) {
      await byId(id);
      const key = `public/banners/${id}/${Date.now().toString(36)}${randomBytes(4).toString("hex")}`;
      const stored = await storeWebpVariants(storage, key, file, BANNER_SPECS);
      const large = stored.find((v) => v.name === BANNER_SPECS[0].name) as (typeof stored)[number];
      let was: BannerRow;
      let row: BannerRow;
      try {
        [was, row] = await db.transaction(async (tx) => {
          const [current] = await tx.select().from(banners).where(eq(banners.id, id)).for("update");
          if (!current) throw notFound("Banner");
          const [updated] = await tx
            .update(banners)
            .set({ imageKey: key, imageWidth: large.width, imageHeight: large.height })
            .where(eq(banners.id, id))
            .returning();
          const after = toBanner(updated as BannerRow);
          await recordAudit(tx, actor, {
            action: "banners.image",
            subjectType: "banner",
            subjectId: id,
            before: { image: toBanner(current).image?.url ?? null },
            after: { image: after.image?.url ?? null },
          });
          return [current, updated as BannerRow] as const;
        });
      } catch (err) {
        await removeWebpVariants(storage, key, BANNER_SPECS);
        throw err;
      }
      if (was.imageKey) await removeWebpVariants(storage, was.imageKey, BANNER_SPECS);
      return toBanner(row);
    },
  };
}
export type BannersService = ReturnType<typeof createBannersService>;
