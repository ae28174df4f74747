import { describe, expect, it } from "vitest";
import {
  addToCart,
  CART_STORAGE_KEY,
  type CartState,
  cartReducer,
  clearCart,
  initialCartState,
  MAX_ITEMS,
  MAX_QUANTITY,
  parsePersistedCart,
  removeFromCart,
  restoreCart,
  updateCartQuantities,
} from "./cart.ts";
import { appReset } from "./reset.ts";

const run = (...actions: Parameters<typeof cartReducer>[1][]) =>
  actions.reduce<CartState>((state, action) => cartReducer(state, action), initialCartState);

describe("the cart (SPEC section 4)", () => {
  it("starts empty and is kept under the key `cart`", () => {
    expect(cartReducer(undefined, { type: "@@init" })).toEqual({ total: 0, items: [] });
    expect(CART_STORAGE_KEY).toBe("cart");
  });

  it("adds an item, raising the total by the quantity added (1 when not said)", () => {
    const one = run(addToCart({ _id: "a" }));
    expect(one).toEqual({ total: 1, items: [{ _id: "a" }] });
    const more = cartReducer(one, addToCart({ _id: "b", quantity: 3 }));
    expect(more).toEqual({ total: 4, items: [{ _id: "a" }, { _id: "b", quantity: 3 }] });
  });

  it("ignores an add of an _id already present, whatever its quantity", () => {
    const state = run(addToCart({ _id: "a", quantity: 2 }), addToCart({ _id: "a", quantity: 5 }));
    expect(state).toEqual({ total: 2, items: [{ _id: "a", quantity: 2 }] });
    // Several at once: the ones already there are skipped, the new ones added.
    const many = cartReducer(state, addToCart([{ _id: "a" }, { _id: "b" }, { _id: "b", quantity: 4 }]));
    expect(many).toEqual({ total: 3, items: [{ _id: "a", quantity: 2 }, { _id: "b" }] });
  });

  it("recomputes the total on remove as the sum of what remains, 1 each by default", () => {
    const state = run(addToCart([{ _id: "a", quantity: 2 }, { _id: "b" }, { _id: "c", quantity: 4 }]));
    expect(state.total).toBe(7);
    expect(cartReducer(state, removeFromCart("c"))).toEqual({
      total: 3,
      items: [{ _id: "a", quantity: 2 }, { _id: "b" }],
    });
    expect(cartReducer(state, removeFromCart(["a", "b"]))).toEqual({ total: 4, items: [{ _id: "c", quantity: 4 }] });
    expect(cartReducer(state, removeFromCart("nope"))).toEqual(state);
  });

  it("sets quantities on matching items (default 1) and recomputes the total", () => {
    const state = run(addToCart([{ _id: "a", quantity: 2 }, { _id: "b" }]));
    const updated = cartReducer(
      state,
      updateCartQuantities([
        { _id: "b", quantity: 5 },
        { _id: "zz", quantity: 9 },
      ]),
    );
    expect(updated).toEqual({
      total: 7,
      items: [
        { _id: "a", quantity: 2 },
        { _id: "b", quantity: 5 },
      ],
    });
    const reset = cartReducer(updated, updateCartQuantities([{ _id: "a" }]));
    expect(reset).toEqual({
      total: 6,
      items: [
        { _id: "a", quantity: 1 },
        { _id: "b", quantity: 5 },
      ],
    });
  });

  it("keeps quantities whole and within bounds", () => {
    const state = run(
      addToCart([
        { _id: "a", quantity: 0 },
        { _id: "b", quantity: 2.7 },
        { _id: "c", quantity: 1e9 },
      ]),
    );
    expect(state.items.map((i) => i.quantity)).toEqual([1, 2, MAX_QUANTITY]);
    expect(state.total).toBe(1 + 2 + MAX_QUANTITY);
    const negative = cartReducer(state, updateCartQuantities([{ _id: "a", quantity: -4 }]));
    expect(negative.items[0]).toEqual({ _id: "a", quantity: 1 });
  });

  it("holds at most MAX_ITEMS products", () => {
    const ids = Array.from({ length: MAX_ITEMS + 5 }, (_, i) => ({ _id: `p${i}` }));
    expect(run(addToCart(ids)).items).toHaveLength(MAX_ITEMS);
  });

  it("empties on clear and on app reset (log out)", () => {
    const state = run(addToCart([{ _id: "a", quantity: 2 }, { _id: "b" }]));
    expect(cartReducer(state, clearCart())).toEqual(initialCartState);
    expect(cartReducer(state, appReset())).toEqual(initialCartState);
  });
});

describe("the persisted cart", () => {
  it("comes back as it was saved, with the price each line was added at", () => {
    const state = run(addToCart([{ _id: "a", quantity: 2, price: 12.5 }, { _id: "b" }]));
    expect(state.items[0]).toEqual({ _id: "a", quantity: 2, price: 12.5 });
    const restored = parsePersistedCart(JSON.stringify(state));
    expect(restored).toEqual(state);
    expect(cartReducer(initialCartState, restoreCart(restored))).toEqual(state);
  });

  it("counts the total again and drops what is not a cart line", () => {
    const tampered = JSON.stringify({
      total: 1000,
      items: [
        { _id: "a", quantity: 3 },
        { _id: "a", quantity: 7 },
        { _id: 42 },
        null,
        "b",
        { _id: "" },
        { _id: "c", quantity: "lots" },
        { _id: "d", price: -3 },
        { _id: "e", price: 4.99 },
        { _id: "f", price: "free" },
      ],
    });
    expect(parsePersistedCart(tampered)).toEqual({
      total: 7,
      items: [
        { _id: "a", quantity: 3 },
        { _id: "c", quantity: 1 },
        { _id: "d" },
        { _id: "e", price: 4.99 },
        { _id: "f" },
      ],
    });
  });

  it("reads anything unreadable as an empty cart", () => {
    for (const text of [null, "", "{not json", "[]", '{"items":"x"}', "42", "null"]) {
      expect(parsePersistedCart(text)).toEqual(initialCartState);
    }
  });
});
