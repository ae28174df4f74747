import type { ShippingAddressInput } from "@marquee/contracts/addresses";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Checkout } from "../src/modules/commerce/checkout/service.ts";
import { transactions } from "../src/modules/commerce/ledger/tables.ts";
import { videos } from "../src/modules/videos/tables.ts";
import { deliverSandbox, type TestContext } from "./harness.ts";
import { fileUpload } from "./multipart.ts";

let seq = 0;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/** A physical product for sale by `token`'s performer, `stock` in hand: its id. */
export async function physicalProduct(
  t: TestContext,
  token: string,
  price: number,
  stock = 50,
  status = "active",
): Promise<string> {
  const res = await t.request({
    method: "POST",
    url: "/performer/assets/products",
    token,
    body: { title: `Mug ${Date.now().toString(36)}${seq++}`, type: "physical", price, stock, status },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id;
}

/** A digital product for sale by `token`'s performer, its file (a small PDF) uploaded: its id. */
export async function digitalProduct(t: TestContext, token: string, price: number): Promise<string> {
  const res = await t.request({
    method: "POST",
    url: "/performer/assets/products",
    token,
    body: { title: `Ebook ${Date.now().toString(36)}${seq++}`, type: "digital", price, status: "active" },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json()._id as string;
  const file = fileUpload(PDF, "book.pdf", "application/pdf");
  const upload = await t.app.inject({
    method: "POST",
    url: `/performer/assets/products/${id}/file/upload`,
    headers: { authorization: `Bearer ${token}`, ...file.headers },
    payload: file.body,
  });
  expect(upload.statusCode, upload.body).toBe(200);
  return id;
}

/**
 * A movie made through the studio API by `token`'s performer (or an admin, naming `performerIds`), then marked
 * processed and listed as the processing job leaves it (videos.media.test.ts runs that job for real).
 */
export async function listedMovie(
  t: TestContext,
  token: string,
  body: Record<string, unknown>,
): Promise<{ _id: string; title: string }> {
  const res = await t.request({
    method: "POST",
    url: "/performer/assets/videos",
    token,
    body: { title: `Paid movie ${Date.now().toString(36)}${seq++}`, status: "active", ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  const made = res.json() as { _id: string; title: string };
  await t.database.db
    .update(videos)
    .set({ processingStatus: "ready", mediaKey: `private/videos/${made._id}`, durationSec: 3, listed: sql`true` })
    .where(eq(videos.id, made._id));
  return made;
}

/** A movie for sale at `price` by `token`'s performer: its id. */
export const saleMovie = async (t: TestContext, token: string, price: number) =>
  (await listedMovie(t, token, { access: "sale", price }))._id;

/** `token`'s checkout of the movie, with a coupon or not: the pending order and where to pay. */
export async function checkoutVideo(t: TestContext, token: string, id: string, couponCode?: string): Promise<Checkout> {
  const res = await t.request({
    method: "POST",
    url: `/payment/purchase-video/${id}`,
    token,
    body: couponCode ? { couponCode } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Where a store order is shipped; a checkout with physical products needs it. */
export type DeliveryDetails = { shippingAddress: ShippingAddressInput };

/** An address the checkout takes. */
export const TEST_ADDRESS: DeliveryDetails = {
  shippingAddress: {
    recipientName: "Sam Shopper",
    line1: "1 Market Street",
    line2: "Flat 2",
    city: "Springfield",
    region: "Oregon",
    postalCode: "12345",
    country: "US",
    phone: "+1 555 0100",
  },
};
/** TEST_ADDRESS as an order answers it. */
export const TEST_DELIVERY = {
  recipientName: "Sam Shopper",
  line1: "1 Market Street",
  line2: "Flat 2",
  city: "Springfield",
  region: "Oregon",
  postalCode: "12345",
  country: "US",
  countryName: "United States",
  phone: "+1 555 0100",
};

/**
 * `token`'s order of one of each product, checked out in the store (with `delivery`, if given) and then paid: the
 * sandbox gateway's signed paid event for the checkout's amount, applied by the ledger.
 */
export async function paidStoreOrder(
  t: TestContext,
  token: string,
  productIds: string[],
  delivery?: DeliveryDetails,
): Promise<Checkout> {
  const res = await t.request({
    method: "POST",
    url: "/payment/purchase-products",
    token,
    body: { products: productIds.map((_id) => ({ _id })), ...delivery },
  });
  expect(res.statusCode, res.body).toBe(200);
  const c = res.json() as Checkout;
  await paySandbox(t, c);
  return c;
}

/** Pays a pending checkout: the sandbox gateway's signed paid event for its amount, applied by the ledger. */
export async function paySandbox(t: TestContext, c: Checkout): Promise<{ amountCents: number }> {
  const [tx] = await t.database.db
    .select({ amountCents: transactions.amountCents })
    .from(transactions)
    .where(eq(transactions.id, c.transactionId));
  const amountCents = tx?.amountCents ?? 0;
  const paid = await deliverSandbox(t, {
    id: `paid:${c.transactionId}`,
    type: "paid",
    transactionId: c.transactionId,
    amountCents,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  expect(paid.json().received[0].outcome).toBe("applied");
  return { amountCents };
}
