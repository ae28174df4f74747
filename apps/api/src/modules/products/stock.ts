import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { conflict } from "../../platform/errors.ts";
import { products } from "./tables.ts";

/** So many of one product, as an order line holds them. */
export interface StockLine {
  productId: string;
  quantity: number;
}

/**
 * The stock of physical products. `products.stock` is what is on hand and unsold; a pending store checkout holds
 * some of it until its order's `hold_until` (minutes, the `checkoutHoldMinutes` setting), and what is left to buy is
 * the stock less the holds still live. A hold that ends (its time is up, its payment failed or expired, a newer
 * checkout of the buyer replaced it) stops counting at once: nothing has to sweep it. The stock is taken when the
 * payment arrives (the ledger calls `take` in its own database transaction) and given back when it is refunded.
 * Holds and takes are decided with the products' rows locked, in id order: two buyers of the last item at the same
 * moment cannot both get it, and two carts that share products cannot deadlock. Digital products have no stock.
 */
export function createStock(deps: {
  /** The units of each product live holds keep (commerce's pending checkouts), but `exceptOrder`'s. */
  heldUnits: (via: Db | Tx, productIds: readonly string[], exceptOrder?: string) => Promise<Map<string, number>>;
}) {
  const sorted = (lines: readonly StockLine[]) => {
    const byId = new Map<string, number>();
    for (const l of lines) byId.set(l.productId, (byId.get(l.productId) ?? 0) + l.quantity);
    return [...byId].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  };

  const held = deps.heldUnits;

  /** The physical products' rows, locked until the database transaction ends (see `lock`). */
  const rowsOf = (tx: Tx, ids: string[]) =>
    tx
      .select({ id: products.id, title: products.title, type: products.type, stock: products.stock })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(products.id)
      .for("update");

  return {
    held,

    /**
     * Locks the products' rows in id order for the rest of the database transaction: a checkout that ends one
     * order's hold and holds another's takes every row it will touch first, so it cannot deadlock with others.
     */
    async lock(tx: Tx, productIds: readonly string[]) {
      const ids = [...new Set(productIds)].sort();
      if (ids.length) await rowsOf(tx, ids);
    },

    /**
     * Checks that what is left to buy covers the quantities (the caller then writes its order, whose hold counts
     * from then on), or throws a 409 naming the first product short of them.
     */
    async hold(tx: Tx, lines: readonly StockLine[]) {
      const wanted = sorted(lines);
      if (!wanted.length) return;
      const rows = await rowsOf(
        tx,
        wanted.map(([id]) => id),
      );
      const live = await held(
        tx,
        wanted.map(([id]) => id),
      );
      for (const [id, quantity] of wanted) {
        const p = rows.find((r) => r.id === id);
        if (p?.type !== "physical") continue;
        const left = Math.max(0, (p.stock ?? 0) - (live.get(id) ?? 0));
        if (left >= quantity) continue;
        throw conflict(left ? `Only ${left} of “${p.title}” left: lower the quantity.` : `“${p.title}” is sold out.`);
      }
    },

    /**
     * Takes a paid order's quantities out of stock. Its own hold is not counted against it: while it is live the
     * stock is there; once it has ended, what others hold now comes first. Answers the title of the first product
     * short of the quantity (nothing taken then), or null once all is taken.
     */
    async take(tx: Tx, orderId: string, lines: readonly StockLine[]): Promise<string | null> {
      const wanted = sorted(lines);
      if (!wanted.length) return null;
      const ids = wanted.map(([id]) => id);
      const rows = await rowsOf(tx, ids);
      const live = await held(tx, ids, orderId);
      for (const [id, quantity] of wanted) {
        const p = rows.find((r) => r.id === id);
        if (p?.type === "physical" && (p.stock ?? 0) - (live.get(id) ?? 0) < quantity) return p.title;
      }
      for (const [id, quantity] of wanted) {
        await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${quantity}` })
          .where(and(eq(products.id, id), eq(products.type, "physical")));
      }
      return null;
    },

    /** Puts a refunded order's quantities back. */
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
