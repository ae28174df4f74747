import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Checkout } from "../src/modules/payments/service.ts";
import { videos } from "../src/modules/videos/tables.ts";
import type { TestContext } from "./harness.ts";

let seq = 0;

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
