import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../catalogue/access.ts";
import type { ProductPresenter } from "./present.ts";
import type { Stock } from "./stock.ts";
import { products } from "./tables.ts";

/** A product as a cart sees it: whether it is sold now, and how many are left to buy. */
export interface Sellable {
  id: string;
  title: string;
  type: "physical" | "digital";
  priceCents: number;
  /** Listed: for sale to the public now. */
  listed: boolean;
  /** What is left to buy of a physical product (the stock less what pending checkouts hold); null for a download. */
  left: number | null;
  /** A download the member bought already. */
  owned: boolean;
}

/**
 * The cart's port into the store (modules/commerce/cart): the products of some ids as a member's cart sees them. Ids that are
 * no product are simply not in the answer. Reading holds nothing.
 */
export function createSellable(deps: {
  db: Db;
  stock: Pick<Stock, "held">;
  present: Pick<ProductPresenter, "bought">;
}) {
  /** `via`: the caller's open database transaction, when it reads inside one. */
  return async function sellable(member: Actor, ids: readonly string[], via: Db = deps.db) {
    const out = new Map<string, Sellable>();
    if (!ids.length) return out;
    const rows = await via
      .select()
      .from(products)
      .where(inArray(products.id, [...new Set(ids)]));
    const [held, bought] = await Promise.all([
      deps.stock.held(
        via,
        rows.filter((r) => r.type === "physical").map((r) => r.id),
      ),
      deps.present.bought(
        member,
        rows.filter((r) => r.type === "digital").map((r) => r.id),
        via,
      ),
    ]);
    for (const r of rows) {
      out.set(r.id, {
        id: r.id,
        title: r.title,
        type: r.type,
        priceCents: r.priceCents,
        listed: r.listed,
        left: r.type === "physical" ? Math.max(0, (r.stock ?? 0) - (held.get(r.id) ?? 0)) : null,
        owned: bought.has(r.id),
      });
    }
    return out;
  };
}
export type SellableLookup = ReturnType<typeof createSellable>;
