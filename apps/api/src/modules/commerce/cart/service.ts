import type { Cart, DroppedReason, MergeCartBody, MergedCart, PutCartBody } from "@marquee/contracts/cart";
import { MAX_CART_PRODUCTS, MAX_PRODUCT_QUANTITY } from "@marquee/contracts/payments";
import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { type ErrorDetail, unprocessable } from "../../../platform/errors.ts";
import { isUuid } from "../../../platform/ids.ts";
import type { Actor } from "../../catalogue/access.ts";
import type { Sellable, SellableLookup } from "../../products/sellable.ts";
import { type CartLineRow, cartLines } from "./tables.ts";

/** A line about to be written: its product, how many, the price when it was added, and when it was. */
interface Line {
  productId: string;
  quantity: number;
  addedPriceCents: number | null;
  addedAt: Date;
}

const toCents = (price: number) => Math.round(price * 100);

/** Why a line cannot be saved as it is (the field it is about and a sentence), or null when it can. */
function lineProblem(p: Sellable | undefined, quantity: number): { field: string; message: string } | null {
  if (!p?.listed) {
    return { field: "_id", message: p ? `“${p.title}” is no longer for sale.` : "This product is not sold here." };
  }
  if (p.owned) return { field: "_id", message: `You already own “${p.title}”.` };
  if (p.left === null) {
    return quantity > 1 ? { field: "quantity", message: `“${p.title}” is a download: one is enough.` } : null;
  }
  if (p.left === 0) return { field: "quantity", message: `“${p.title}” is sold out.` };
  if (quantity > p.left) return { field: "quantity", message: `Only ${p.left} of “${p.title}” left: choose fewer.` };
  return null;
}

/** The cart as SPEC section 3 keeps it: lines in the order they were added, and the sum of their quantities. */
function present(rows: readonly Pick<CartLineRow, "productId" | "quantity" | "addedPriceCents">[]): Cart {
  return {
    items: rows.map((r) => ({
      _id: r.productId,
      quantity: r.quantity,
      ...(r.addedPriceCents === null ? {} : { price: r.addedPriceCents / 100 }),
    })),
    total: rows.reduce((n, r) => n + r.quantity, 0),
  };
}

/**
 * A signed-in member's cart (issue 23 section 2), kept on the server so that it follows them from browser to browser.
 * Every route works on the caller's own cart only. Saving lines checks them (sold now, whole quantities within what is
 * left to buy) but holds no stock: checkout checks again and holds it for the few minutes of payment.
 */
export function createCartService(deps: { db: Db; sellable: SellableLookup }) {
  const { db } = deps;

  const linesOf = (tx: Db | Tx, userId: string) =>
    tx
      .select()
      .from(cartLines)
      .where(eq(cartLines.userId, userId))
      .orderBy(asc(cartLines.addedAt), asc(cartLines.productId));

  /** One member's cart changes one at a time (two tabs saving at once): the later waits for the earlier. */
  const lock = (tx: Tx, userId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart:${userId}`}))`);

  async function write(tx: Tx, userId: string, lines: Line[]) {
    await tx.delete(cartLines).where(eq(cartLines.userId, userId));
    if (lines.length) await tx.insert(cartLines).values(lines.map((l) => ({ userId, ...l })));
    return present(lines);
  }

  /** The member's cart as saved. */
  async function read(member: Actor): Promise<Cart> {
    return present(await linesOf(db, member.id));
  }

  /**
   * Replaces the member's cart. Every line must be a product for sale now, a download once and not owned already,
   * a physical product no more than is left; otherwise 422 names each refused line's field and why, and nothing
   * changes.
   */
  async function replace(member: Actor, body: PutCartBody): Promise<Cart> {
    const found = await deps.sellable(
      member,
      body.items.map((i) => i._id),
    );
    const problems: ErrorDetail[] = [];
    for (const [i, item] of body.items.entries()) {
      const problem = lineProblem(found.get(item._id), item.quantity);
      if (problem) problems.push({ path: `body.items.${i}.${problem.field}`, message: problem.message });
    }
    if (problems.length) throw unprocessable(problems.map((p) => p.message).join(" "), problems);
    return db.transaction(async (tx) => {
      await lock(tx, member.id);
      const before = new Map((await linesOf(tx, member.id)).map((r) => [r.productId, r]));
      const now = Date.now();
      const lines = body.items.map((item, i) => {
        const was = before.get(item._id);
        return {
          productId: item._id,
          quantity: item.quantity,
          addedPriceCents:
            item.price !== undefined
              ? toCents(item.price)
              : (was?.addedPriceCents ?? found.get(item._id)?.priceCents ?? null),
          // A line already there keeps its place; new ones follow in the order given.
          addedAt: was?.addedAt ?? new Date(now + i),
        };
      });
      return write(tx, member.id, lines);
    });
  }

  /**
   * Adds the browser's cart to the member's (at login, or a page opened signed in): quantities of the same product
   * add up, cut to what is left to buy and to MAX_PRODUCT_QUANTITY; a download counts once. Lines whose product is
   * gone or not for sale, sold out, already owned (a download), or past MAX_CART_PRODUCTS leave the cart, and the
   * answer names them, with the lines that were cut, for the member to be told.
   */
  async function merge(member: Actor, body: MergeCartBody): Promise<MergedCart> {
    return db.transaction(async (tx) => {
      await lock(tx, member.id);
      const combined = new Map<string, Line>();
      for (const r of await linesOf(tx, member.id)) {
        combined.set(r.productId, {
          productId: r.productId,
          quantity: r.quantity,
          addedPriceCents: r.addedPriceCents,
          addedAt: r.addedAt,
        });
      }
      const dropped: MergedCart["dropped"] = [];
      const now = Date.now();
      body.items.forEach((item, i) => {
        const id = isUuid(item._id) ? item._id.toLowerCase() : null;
        if (!id) {
          dropped.push({ _id: item._id, title: null, reason: "unavailable" });
          return;
        }
        const quantity = item.quantity ?? 1;
        const had = combined.get(id);
        if (had) had.quantity += quantity;
        else {
          combined.set(id, {
            productId: id,
            quantity,
            addedPriceCents: item.price === undefined ? null : toCents(item.price),
            addedAt: new Date(now + i),
          });
        }
      });
      const found = await deps.sellable(member, [...combined.keys()], tx);
      const kept: Line[] = [];
      const reduced: MergedCart["reduced"] = [];
      const drop = (id: string, reason: DroppedReason) =>
        dropped.push({ _id: id, title: found.get(id)?.title ?? null, reason });
      for (const line of combined.values()) {
        const p = found.get(line.productId);
        if (!p?.listed) drop(line.productId, "unavailable");
        else if (p.owned) drop(line.productId, "owned");
        else if (p.left === 0) drop(line.productId, "sold-out");
        else if (kept.length >= MAX_CART_PRODUCTS) drop(line.productId, "full");
        else {
          const most = p.left === null ? 1 : Math.min(p.left, MAX_PRODUCT_QUANTITY);
          // A download is one whatever the lines said: not a cut worth telling.
          if (line.quantity > most && p.left !== null) reduced.push({ _id: p.id, title: p.title, quantity: most });
          kept.push({
            ...line,
            quantity: Math.min(line.quantity, most),
            addedPriceCents: line.addedPriceCents ?? p.priceCents,
          });
        }
      }
      return { ...(await write(tx, member.id, kept)), dropped, reduced };
    });
  }

  return { read, replace, merge };
}
export type CartService = ReturnType<typeof createCartService>;
