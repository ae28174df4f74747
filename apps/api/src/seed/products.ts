import { count, eq, inArray } from "drizzle-orm";
import type { App } from "../app.ts";
import type { Db } from "../db/client.ts";
import { productImages, products } from "../modules/products/tables.ts";
import { makeDemoImage } from "./demo-media.ts";
import { demoSession } from "./demo-session.ts";

/** The demo store: shipped goods (one sold out) and downloads, each with its natural key, the slug. */
export const demoProducts = [
  { slug: "signed-tour-poster", title: "Signed tour poster", type: "physical", price: 19, stock: 25 },
  { slug: "tour-t-shirt", title: "Tour T-shirt", type: "physical", price: 24, stock: 40 },
  { slug: "limited-photo-print", title: "Limited photo print", type: "physical", price: 45, stock: 5 },
  { slug: "marquee-coffee-mug", title: "Marquee coffee mug", type: "physical", price: 12, stock: 0 },
  { slug: "behind-the-scenes-photo-book", title: "Behind the scenes photo book", type: "digital", price: 9.99 },
  { slug: "four-week-workout-plan", title: "Four-week workout plan", type: "digital", price: 6.5 },
  { slug: "wallpaper-pack", title: "Wallpaper pack", type: "digital", price: 2.99 },
] as const;

/** A small, valid one-page PDF saying what it is: the demo's digital goods. */
export function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, "");
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj 0 -36 Td /F1 12 Tf (A Marquee demo download.) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

function multipart(data: Buffer, filename: string, type: string) {
  const boundary = `----marquee${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * The demo store, made through the API as the admin would (the same rules as a performer's own products): each
 * product by its slug, spread over `performerIds`, with two pictures, and its file when digital. What exists is
 * kept and completed, so a start cut short finishes it.
 */
export async function seedDemoProducts(app: App, db: Db, performerIds: readonly string[], categoryIds: string[] = []) {
  if (!performerIds.length) return;
  const admin = await demoSession(app, "admin", "demo products");
  const send = (url: string, payload: object, headers?: Record<string, string>) => admin("POST", url, payload, headers);
  const have = await db
    .select({ id: products.id, slug: products.slug, fileKey: products.fileKey })
    .from(products)
    .where(
      inArray(
        products.slug,
        demoProducts.map((p) => p.slug),
      ),
    );
  for (const [i, p] of demoProducts.entries()) {
    const found = have.find((h) => h.slug === p.slug);
    const id: string =
      found?.id ??
      (
        await send("/performer/assets/products", {
          ...p,
          description: `${p.title}, from the Marquee demo store.`,
          status: "active",
          performerIds: [performerIds[i % performerIds.length]],
          categoryIds: categoryIds.length ? [categoryIds[i % categoryIds.length]] : [],
        })
      )._id;
    const [pictures] = await db.select({ n: count() }).from(productImages).where(eq(productImages.productId, id));
    for (let k = pictures?.n ?? 0; k < 2; k++) {
      const body = multipart(await makeDemoImage(300 + i * 2 + k, 1000, 1000), `picture${k}.jpg`, "image/jpeg");
      await send(`/performer/assets/products/${id}/images/upload`, body.payload, body.headers);
    }
    if (p.type === "digital" && !found?.fileKey) {
      const body = multipart(demoPdf(p.title), `${p.slug}.pdf`, "application/pdf");
      await send(`/performer/assets/products/${id}/file/upload`, body.payload, body.headers);
    }
  }
}
