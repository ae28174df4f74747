import type { CategoryRef, Image, PerformerRef } from "@marquee/contracts/catalogue";
import type { Product, ProductDetail, ProductImage, StudioProduct } from "@marquee/contracts/products";
import { asc, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Storage } from "../../platform/storage.ts";
import type { Viewer } from "../catalogue/access.ts";
import { moderationOf } from "../catalogue/review.ts";
import type { Ownership } from "../commerce/ownership.ts";
import type { ReactionsService } from "../reactions/service.ts";
import { PRODUCT_IMAGE_SIZES } from "./rows.ts";
import type { Stock } from "./stock.ts";
import { type ProductImageRow, type ProductRow, productImages } from "./tables.ts";

export interface PresentDeps {
  db: Db;
  storage: Storage;
  performers: { refs(ids: readonly string[]): Promise<Map<string, PerformerRef>> };
  categories: { refs(ids: readonly string[]): Promise<Map<string, CategoryRef>> };
  /** The viewer's own likes (modules/reactions). */
  reactions: Pick<ReactionsService, "flagsFor">;
  /** The units pending checkouts hold now, taken off the stock a buyer sees. */
  stock: Pick<Stock, "held">;
  /** Which products a member bought (commerce's port). */
  ownership: Pick<Ownership, "boughtOf">;
}

/** The size a `width` x `height` picture has once fitted inside a `box` square, never enlarged (as sharp makes it). */
function fitted(width: number, height: number, box: number) {
  const scale = Math.min(1, box / Math.max(1, width), box / Math.max(1, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const pick = <T>(map: Map<string, T>, ids: readonly string[]) =>
  ids.flatMap((id) => {
    const v = map.get(id);
    return v ? [v] : [];
  });

/** Products as answers: public pictures in their sizes, performers and categories read once per list. */
export function createProductPresenter(deps: PresentDeps) {
  const { db, storage } = deps;

  /** The ids of these products that `viewer` bought (a paid order; a refunded one is not). */
  async function bought(viewer: Viewer, productIds: readonly string[], via: Db = db): Promise<Set<string>> {
    const owned = await deps.ownership.boughtOf(
      viewer,
      productIds.map((id) => ({ kind: "product", id })),
      via,
    );
    return new Set(productIds.filter((id) => owned.has(`product:${id}`)));
  }

  function imageOf(row: ProductImageRow): ProductImage {
    const urls = Object.fromEntries(
      PRODUCT_IMAGE_SIZES.map((s) => [s.name, storage.publicUrl(`${row.key}/${s.name}.webp`)]),
    ) as Record<(typeof PRODUCT_IMAGE_SIZES)[number]["name"], string>;
    const sized = PRODUCT_IMAGE_SIZES.map((s) => ({
      name: s.name,
      url: urls[s.name],
      ...fitted(row.width, row.height, s.width),
    }));
    // Every size offers the larger ones in its srcSet, so a browser picks by the room it has.
    const variant = (name: string): Image => {
      const at = sized.findIndex((s) => s.name === name);
      const own = sized[at] as (typeof sized)[number];
      const srcSet = sized
        .slice(at)
        .filter((s, i, all) => i === 0 || s.width > (all[i - 1] as (typeof sized)[number]).width)
        .map((s) => `${s.url} ${s.width}w`)
        .join(", ");
      return { url: own.url, srcSet, width: own.width, height: own.height };
    };
    return {
      _id: row.id,
      position: row.position,
      width: row.width,
      height: row.height,
      thumb: variant("thumb"),
      medium: variant("medium"),
      large: variant("large"),
    };
  }

  /** The pictures of each product in their order. One query. */
  async function imagesOf(productIds: readonly string[]) {
    const out = new Map<string, ProductImageRow[]>();
    if (!productIds.length) return out;
    const rows = await db
      .select()
      .from(productImages)
      .where(inArray(productImages.productId, [...productIds]))
      .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id));
    for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), r]);
    return out;
  }

  async function withRefs(rows: ProductRow[]) {
    const [images, performerRefs, categoryRefs, held] = await Promise.all([
      imagesOf(rows.map((r) => r.id)),
      deps.performers.refs([...new Set(rows.flatMap((r) => r.performerIds))]),
      deps.categories.refs([...new Set(rows.flatMap((r) => r.categoryIds))]),
      deps.stock.held(
        db,
        rows.filter((r) => r.type === "physical").map((r) => r.id),
      ),
    ]);
    return rows.map((r) => {
      const own = images.get(r.id) ?? [];
      const first = own[0];
      const product: Product = {
        _id: r.id,
        slug: r.slug,
        title: r.title,
        description: r.description,
        type: r.type,
        price: r.priceCents / 100,
        // What is left to buy: the stock on hand less what pending checkouts hold now.
        stock: r.type === "physical" ? Math.max(0, (r.stock ?? 0) - (held.get(r.id) ?? 0)) : null,
        status: r.status,
        publishedAt: r.listed ? r.releasedAt.toISOString() : null,
        image: first ? imageOf(first) : null,
        performers: pick(performerRefs, r.performerIds),
        categories: pick(categoryRefs, r.categoryIds),
        stats: { views: r.views, likes: r.likes, comments: r.comments },
        createdAt: r.createdAt.toISOString(),
      };
      return { product, images: own.map(imageOf), seller: performerRefs.get(r.performerIds[0] ?? "") ?? null };
    });
  }

  const list = async (rows: ProductRow[]): Promise<Product[]> => (await withRefs(rows)).map((p) => p.product);

  async function details(viewer: Viewer, rows: ProductRow[]): Promise<ProductDetail[]> {
    const ids = rows.map((r) => r.id);
    const [presented, owned, flags] = await Promise.all([
      withRefs(rows),
      bought(viewer, ids),
      deps.reactions.flagsFor(viewer?.id ?? null, "product", ids),
    ]);
    return presented.map(({ product, images, seller }) => ({
      ...product,
      images,
      seller,
      isBought: owned.has(product._id),
      isLiked: flags.get(product._id)?.isLiked ?? false,
    }));
  }

  const detail = async (viewer: Viewer, row: ProductRow) => (await details(viewer, [row]))[0] as ProductDetail;

  async function studioProducts(viewer: Viewer, rows: ProductRow[]): Promise<StudioProduct[]> {
    const list = await details(viewer, rows);
    return list.map((p, i) => {
      const row = rows[i] as ProductRow;
      return {
        ...p,
        // The seller edits what is on hand (pending checkouts' holds not taken off).
        stock: row.type === "physical" ? row.stock : null,
        file:
          row.fileKey && row.fileContentType
            ? {
                sizeBytes: row.fileSizeBytes ?? 0,
                contentType: row.fileContentType,
                name: row.fileKey.split("/").pop() as string,
              }
            : null,
        moderation: moderationOf(row),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  const studioProduct = async (viewer: Viewer, row: ProductRow) =>
    (await studioProducts(viewer, [row]))[0] as StudioProduct;

  return { list, details, detail, studioProducts, studioProduct, imagesOf, bought };
}
export type ProductPresenter = ReturnType<typeof createProductPresenter>;
