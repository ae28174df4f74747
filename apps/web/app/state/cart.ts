import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { appReset } from "./reset.ts";

/**
 * One line of the cart (SPEC section 3): a product's `_id` and how many, 1 when not said. `price` is what the product
 * cost when it was added, kept only to tell the member it has changed since; checkout never sends it.
 */
export interface CartItem {
  _id: string;
  quantity?: number;
  price?: number;
}

/** SPEC section 3, cart: the items and their total quantity; also kept in localStorage under `cart`. */
export interface CartState {
  total: number;
  items: CartItem[];
}

export const CART_STORAGE_KEY = "cart";
/** The SPEC's default quantity. */
export const DEFAULT_QUANTITY = 1;
/** More of one product than anyone buys at once: a typo or a tampered copy, kept within bounds. */
export const MAX_QUANTITY = 99;
/** Distinct products a cart holds at most (a checkout takes them all in one order). */
export const MAX_ITEMS = 50;

export const initialCartState: CartState = { total: 0, items: [] };

const quantityOf = (item: CartItem) => item.quantity ?? DEFAULT_QUANTITY;
const totalOf = (items: CartItem[]) => items.reduce((sum, item) => sum + quantityOf(item), 0);

/** A price as it was shown: a finite amount from 0, or nothing. */
function validPrice(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** The line as kept: the quantity bounded, a price only when it is one. */
function line(id: string, quantity: unknown, price: unknown): CartItem {
  const item: CartItem = { _id: id };
  if (quantity !== undefined) item.quantity = validQuantity(quantity);
  const shown = validPrice(price);
  if (shown !== undefined) item.price = shown;
  return item;
}

/** A whole number from 1 to MAX_QUANTITY, or the default for anything else. */
function validQuantity(value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return DEFAULT_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(1, Math.floor(value)));
}

/**
 * Reads a persisted cart: only string ids, each once, with sane quantities, at most MAX_ITEMS; the total is counted
 * again rather than trusted. Anything unreadable is an empty cart.
 */
export function parsePersistedCart(text: string | null): CartState {
  if (!text) return initialCartState;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return initialCartState;
  }
  const list = raw && typeof raw === "object" ? (raw as { items?: unknown }).items : undefined;
  if (!Array.isArray(list)) return initialCartState;
  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const entry of list) {
    const id = entry && typeof entry === "object" ? (entry as { _id?: unknown })._id : undefined;
    if (typeof id !== "string" || !id || id.length > 100 || seen.has(id)) continue;
    seen.add(id);
    const { quantity, price } = entry as { quantity?: unknown; price?: unknown };
    items.push(line(id, quantity, price));
    if (items.length === MAX_ITEMS) break;
  }
  return { items, total: totalOf(items) };
}

const cartSlice = createSlice({
  name: "cart",
  initialState: initialCartState,
  reducers: {
    /** SPEC section 4, Add: an `_id` already in the cart is ignored; otherwise the total rises by the quantity added. */
    addToCart(state, action: PayloadAction<CartItem | CartItem[]>) {
      const added = Array.isArray(action.payload) ? action.payload : [action.payload];
      for (const item of added) {
        if (state.items.some((i) => i._id === item._id) || state.items.length >= MAX_ITEMS) continue;
        const kept = line(item._id, item.quantity, item.price);
        state.items.push(kept);
        state.total += quantityOf(kept);
      }
    },
    /** SPEC section 4, Remove: the total is the sum of the remaining quantities (1 each by default). */
    removeFromCart(state, action: PayloadAction<string | string[]>) {
      const ids = new Set(Array.isArray(action.payload) ? action.payload : [action.payload]);
      state.items = state.items.filter((i) => !ids.has(i._id));
      state.total = totalOf(state.items);
    },
    /** SPEC section 4, Update quantities: sets the quantity (default 1) on matching items and recomputes the total. */
    updateCartQuantities(state, action: PayloadAction<CartItem[]>) {
      for (const change of action.payload) {
        const line = state.items.find((i) => i._id === change._id);
        if (line) line.quantity = validQuantity(change.quantity);
      }
      state.total = totalOf(state.items);
    },
    /** SPEC section 4, Clear: the cart is emptied. */
    clearCart() {
      return initialCartState;
    },
    /** The copy kept in localStorage, read once the page runs in a browser. */
    restoreCart(_state, action: PayloadAction<CartState>) {
      return action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(appReset, () => initialCartState);
  },
});

export const { addToCart, removeFromCart, updateCartQuantities, clearCart, restoreCart } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
