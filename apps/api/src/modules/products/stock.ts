import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { conflict } from "../../platform/errors.ts";
import { products } from "./tables.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** So many of one product, as an order line holds them. */
export interface StockLine {
  productId: string;
  quantity: number;
}

/**
 * The stock of physical products, held by a checkout and given back when its payment fails, expires or is refunded
 * (the ledger calls it in its own database transaction). A hold is one conditional update per product, taken in
 * the products' id order: two buyers of the last item at the same moment cannot both get it, and two carts that
 * share products cannot deadlock. Digital products have no stock and are left alone.
 */
export function createStock() {
  const sorted = (lines: readonly StockLine[]) => {
    const byId = new Map<string, number>();
    for (const l of lines) byId.set(l.productId, (byId.get(l.productId) ?? 0) + l.quantity);
    return [...byId].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  };

  return {
    /**
     * Locks the products' rows in id order for the rest of the database transaction: a checkout that gives one
     * order's stock back and holds another's takes every row it will touch first, so it cannot deadlock with others.
     */
    async lock(tx: Tx, productIds: readonly string[]) {
      const ids = [...new Set(productIds)].sort();
      if (ids.length) {
        await tx
          .select({ id: products.id })
          .from(products)
          .where(inArray(products.id, ids))
          .orderBy(products.id)
          .for("update");
      }
    },

    /** Takes the quantities out of stock, or throws a 409 naming the first product short of them (nothing held). */
    async hold(tx: Tx, lines: readonly StockLine[]) {
      for (const [id, quantity] of sorted(lines)) {
        const [held] = await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${quantity}` })
          .where(and(eq(products.id, id), eq(products.type, "physical"), gte(products.stock, quantity)))
          .returning({ id: products.id });
        if (held) continue;
        const [p] = await tx
          .select({ title: products.title, type: products.type, stock: products.stock })
          .from(products)
          .where(eq(products.id, id));
        if (p?.type !== "physical") continue;
        throw conflict(
          p.stock ? `Only ${p.stock} of “${p.title}” left: lower the quantity.` : `“${p.title}” is sold out.`,
        );
      }
    },

    /** Puts the quantities back (a payment failed or expired, an order refunded). */
    async release(tx: Tx, lines: readonly StockLine[]) {
      for (const [id, quantity] of sorted(lines)) {
        await tx
          .update(products)
          .set({ stock: sql`${products.stock} + ${quantity}` })
          .where(and(eq(products.id, id), eq(products.type, "physical")));
      }
    },
  };
}
export type Stock = ReturnType<typeof createStock>;
