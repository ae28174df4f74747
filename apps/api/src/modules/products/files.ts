import { rm } from "node:fs/promises";
import type { DownloadLink, StudioProduct } from "@marquee/contracts/products";
import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { badRequest, forbidden, notFound, unprocessable } from "../../platform/errors.ts";
import { uuidv7 } from "../../platform/ids.ts";
import { imageVariants } from "../../platform/media/images.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import type { Storage } from "../../platform/storage.ts";
import { type Actor, canOpen, ownsOrAdmin } from "../catalogue/access.ts";
import { randomTail } from "../catalogue/editing.ts";
import type { ProductPresenter } from "./present.ts";
import type { ProductReads } from "./reading.ts";
import { PRODUCT_IMAGE_SIZES, PRODUCT_IMAGES_MAX, productFileDir, productImageDir } from "./rows.ts";
import { sniffFile } from "./sniff.ts";
import { type ProductImageRow, productImages, products } from "./tables.ts";
import type { ProductWrites } from "./writing.ts";

/** Writes a file to `destPath` and says how large it is (the route streams the request body to disk). */
type Receive = (destPath: string) => Promise<{ bytes: number }>;

/** The pictures and the digital file of products, and the signed download link of a bought digital product. */
export function createProductFiles(deps: {
  db: Db;
  storage: Storage;
  signer: UrlSigner;
  downloadTtlSec: number;
  reads: ProductReads;
  writes: ProductWrites;
  present: ProductPresenter;
}) {
  const { db, storage, signer, reads, writes, present } = deps;

  const removeImageFiles = (key: string) => storage.remove(key);

  /**
   * Adds a picture at the end of a product's. It is re-encoded during the request into webp sizes by sharp, which
   * reads the format from the bytes (what is not a picture is refused with 422 before anything is stored).
   * `readFile` is called only once the product is known to be the editor's.
   */
  async function uploadImage(user: Actor, productId: string, readFile: () => Promise<Buffer>): Promise<StudioProduct> {
    const p = await reads.editableProduct(user, productId);
    const full = async () => {
      const [c] = await db.select({ n: count() }).from(productImages).where(eq(productImages.productId, p.id));
      return (c?.n ?? 0) >= PRODUCT_IMAGES_MAX;
    };
    const tooMany = () =>
      unprocessable(`A product has at most ${PRODUCT_IMAGES_MAX} pictures.`, [{ path: "file", message: "too many" }]);
    if (await full()) throw tooMany();
    const processed = await imageVariants(await readFile(), PRODUCT_IMAGE_SIZES);
    const id = uuidv7();
    const key = `${productImageDir(p.id)}/${id}`;
    try {
      for (const [name, data] of processed.variants) await storage.put(`${key}/${name}.webp`, data);
      await db.transaction(async (tx) => {
        // Locking the product orders concurrent uploads: each takes the next position, the cap holds.
        const [locked] = await tx.select({ id: products.id }).from(products).where(eq(products.id, p.id)).for("update");
        if (!locked) throw notFound("Product");
        const [last] = await tx
          .select({ next: sql<number>`coalesce(max(${productImages.position}), -1)::int + 1`, n: count() })
          .from(productImages)
          .where(eq(productImages.productId, p.id));
        if ((last?.n ?? 0) >= PRODUCT_IMAGES_MAX) throw tooMany();
        await tx.insert(productImages).values({
          id,
          productId: p.id,
          position: last?.next ?? 0,
          key,
          width: processed.width,
          height: processed.height,
          createdAt: new Date(),
        });
      });
    } catch (err) {
      await removeImageFiles(key);
      throw err;
    }
    return present.studioProduct(user, (await reads.byIdOrSlug(p.id)) ?? p);
  }

  /** Removes one picture; the others close up so that positions stay 0..n-1. */
  async function removeImage(user: Actor, productId: string, imageId: string): Promise<StudioProduct> {
    const p = await reads.editableProduct(user, productId);
    const removed = await db.transaction(async (tx) => {
      await tx.select({ id: products.id }).from(products).where(eq(products.id, p.id)).for("update");
      const [row] = await tx
        .delete(productImages)
        .where(and(eq(productImages.id, imageId), eq(productImages.productId, p.id)))
        .returning();
      if (!row) throw notFound("Image");
      await tx.execute(sql`
        update ${productImages} set position = r.n - 1
        from (select id, row_number() over (order by position, id) as n from ${productImages}
              where product_id = ${p.id}) r
        where ${productImages.id} = r.id and ${productImages.position} <> r.n - 1`);
      return row as ProductImageRow;
    });
    await removeImageFiles(removed.key);
    return present.studioProduct(user, (await reads.byIdOrSlug(p.id)) ?? p);
  }

  /** Puts a product's pictures in the given order: every one of its pictures, each once. */
  async function reorderImages(user: Actor, productId: string, imageIds: string[]): Promise<StudioProduct> {
    const p = await reads.editableProduct(user, productId);
    await db.transaction(async (tx) => {
      await tx.select({ id: products.id }).from(products).where(eq(products.id, p.id)).for("update");
      const have = await tx
        .select({ id: productImages.id, position: productImages.position })
        .from(productImages)
        .where(eq(productImages.productId, p.id));
      const given = new Set(imageIds);
      if (given.size !== imageIds.length || have.length !== imageIds.length || !have.every((h) => given.has(h.id)))
        throw badRequest("List every picture of this product once, in the new order.", [
          { path: "body.imageIds", message: "must list every picture of this product once" },
        ]);
      const was = new Map(have.map((h) => [h.id, h.position]));
      for (const [position, id] of imageIds.entries())
        if (was.get(id) !== position) await tx.update(productImages).set({ position }).where(eq(productImages.id, id));
    });
    return present.studioProduct(user, (await reads.byIdOrSlug(p.id)) ?? p);
  }

  /**
   * Takes a digital product's file: streamed to a temp file (never held in memory, capped by
   * UPLOAD_PRODUCT_FILE_MAX_MB), its type read from its bytes, then moved in under a key made only of the product's id,
   * a random part and the product's slug with that type's extension. The file is stored as it came and never
   * opened by any tool, so nothing in it can name another file. The previous file goes once the new one is in.
   */
  async function uploadFile(user: Actor, productId: string, receive: Receive): Promise<StudioProduct> {
    const p = await reads.editableProduct(user, productId);
    if (p.type !== "digital")
      throw unprocessable("Only digital products have a file; this one is shipped.", [
        { path: "file", message: "not a digital product" },
      ]);
    const tmp = await storage.tempPath("product-file");
    let key: string;
    let bytes: number;
    let contentType: string;
    try {
      ({ bytes } = await receive(tmp));
      const sniffed = await sniffFile(tmp);
      contentType = sniffed.contentType;
      key = `${productFileDir(p.id)}/${randomTail()}/${p.slug}.${sniffed.ext}`;
      await storage.moveIn(tmp, key);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    let previous: string | null = null;
    let row: Awaited<ReturnType<ProductWrites["save"]>>;
    try {
      row = await writes.save(p.id, (current) => {
        previous = current.fileKey;
        return { fileKey: key, fileSizeBytes: bytes, fileContentType: contentType };
      });
    } catch (err) {
      // Deleted while the file was arriving.
      await storage.remove(key.split("/").slice(0, 4).join("/"));
      throw err;
    }
    if (previous && previous !== key) await storage.remove((previous as string).split("/").slice(0, 4).join("/"));
    return present.studioProduct(user, row);
  }

  /**
   * A signed link to a digital product's file, valid for PRODUCT_DOWNLOAD_TTL_SEC: for a buyer (a paid order line
   * of theirs; a refunded order is no longer paid), the product's performers and admins. Anyone else: 403 (404 when
   * the product is not listed and not theirs, as everywhere).
   */
  async function downloadLink(user: Actor, productId: string): Promise<DownloadLink> {
    const p = await reads.byIdOrSlug(productId);
    if (!p) throw notFound("Product");
    const bought = (await deps.present.bought(user, [p.id])).has(p.id);
    if (!bought && !canOpen(user, p)) throw notFound("Product");
    if (p.type !== "digital")
      throw unprocessable("Only digital products are downloaded; this one is shipped.", [
        { path: "params.id", message: "not a digital product" },
      ]);
    if (!bought && !ownsOrAdmin(user, p)) throw forbidden("Buy this product to download it.");
    if (!p.fileKey) throw unprocessable("This product has no file to download yet.");
    const signed = signer.signed(p.fileKey, deps.downloadTtlSec);
    return { url: signed.url, expiresAt: signed.expiresAt.toISOString() };
  }

  return { uploadImage, removeImage, reorderImages, uploadFile, downloadLink };
}
