import type { Product } from "@marquee/contracts/products";
import { describe, expect, it } from "vitest";
import {
  cartLines,
  cartSummary,
  maxQuantity,
  parseStoreFilters,
  purchaseLines,
  storeFiltersToApiQuery,
  storeFiltersToSearch,
} from "./store.ts";

const product = (id: string, fields: Partial<Product> = {}): Product => ({
  _id: id,
  slug: id,
  title: `Product ${id}`,
  description: "",
  type: "physical",
  price: 10,
  stock: 5,
  status: "active",
  publishedAt: null,
  image: null,
  performers: [],
  categories: [],
  stats: { views: 0, likes: 0, comments: 0 },
  createdAt: "2026-01-01T00:00:00.000Z",
  ...fields,
});

describe("the /store filters", () => {
  it("reads the address, falling back to all products, newest first", () => {
    expect(parseStoreFilters(new URLSearchParams(""))).toEqual({ q: "", type: null, sort: "newest" });
    expect(parseStoreFilters(new URLSearchParams("q=+mug+&type=digital&sort=price-asc"))).toEqual({
      q: "mug",
      type: "digital",
      sort: "price-asc",
    });
    expect(parseStoreFilters(new URLSearchParams("type=service&sort=title"))).toEqual({
      q: "",
      type: null,
      sort: "newest",
    });
  });

  it("writes the address without the defaults, and comes back the same", () => {
    expect(storeFiltersToSearch({ q: "", type: null, sort: "newest" })).toBe("");
    const f = { q: "tour poster", type: "physical" as const, sort: "popular" as const };
    const search = storeFiltersToSearch(f);
    expect(search).toBe("?q=tour+poster&type=physical&sort=popular");
    expect(parseStoreFilters(new URLSearchParams(search))).toEqual(f);
  });

  it("asks the API for the sort the member picked", () => {
    expect(storeFiltersToApiQuery({ q: "", type: null, sort: "newest" })).toEqual({ limit: 24, sortBy: "newest" });
    expect(storeFiltersToApiQuery({ q: "mug", type: "physical", sort: "price-desc" })).toEqual({
      limit: 24,
      q: "mug",
      type: "physical",
      sortBy: "price",
      sort: "desc",
    });
    expect(storeFiltersToApiQuery({ q: "", type: null, sort: "price-asc" })).toMatchObject({ sort: "asc" });
  });
});

describe("the cart's lines", () => {
  it("prices each line from the product as it is now, 1 of each by default", () => {
    const lines = cartLines([{ _id: "a", quantity: 2 }, { _id: "b" }], [product("a", { price: 12.5 }), product("b")]);
    expect(lines.map((l) => [l._id, l.quantity, l.cents, l.problem])).toEqual([
      ["a", 2, 2500, null],
      ["b", 1, 1000, null],
    ]);
  });

  it("says which lines sold out, are short of stock or are no longer sold", () => {
    const lines = cartLines(
      [{ _id: "gone" }, { _id: "out" }, { _id: "short", quantity: 4 }, { _id: "ok", quantity: 3 }],
      [product("out", { stock: 0 }), product("short", { stock: 3 }), product("ok", { stock: 3 })],
    );
    expect(lines.map((l) => l.problem)).toEqual(["unavailable", "sold-out", "short", null]);
    expect(lines[0]?.product).toBeNull();
    expect(lines[0]?.cents).toBe(0);
  });

  it("tells a price changed since the line was added, to the cent", () => {
    const [up, same, unknown] = cartLines(
      [{ _id: "a", price: 8 }, { _id: "b", price: 10.001 }, { _id: "c" }],
      [product("a", { price: 9.5 }), product("b"), product("c")],
    );
    expect(up?.priceWas).toBe(8);
    expect(same?.priceWas).toBeNull();
    expect(unknown?.priceWas).toBeNull();
  });

  it("lets a download be bought once and physical goods up to their stock", () => {
    expect(maxQuantity(product("d", { type: "digital", stock: null }))).toBe(1);
    expect(maxQuantity(product("p", { stock: 7 }))).toBe(7);
    expect(maxQuantity(product("p", { stock: 500 }))).toBe(99);
    expect(maxQuantity(product("p", { stock: 0 }))).toBe(0);
    // A stored line asking for a download twice is bought once.
    const [twice] = cartLines([{ _id: "d", quantity: 2 }], [product("d", { type: "digital", stock: null })]);
    expect(twice).toMatchObject({ quantity: 1, problem: null, cents: 1000 });
  });
});

describe("the cart's summary", () => {
  it("adds up what can be bought and asks for delivery only for physical goods", () => {
    const lines = cartLines(
      [{ _id: "a", quantity: 2 }, { _id: "d" }],
      [product("a", { price: 3.33 }), product("d", { type: "digital", stock: null, price: 5 })],
    );
    expect(cartSummary(lines, null)).toEqual({
      count: 2,
      subtotalCents: 1166,
      discountCents: 0,
      totalCents: 1166,
      needsDelivery: true,
      ready: true,
    });
    const digital = cartLines([{ _id: "d" }], [product("d", { type: "digital", stock: null })]);
    expect(cartSummary(digital, null).needsDelivery).toBe(false);
  });

  it("takes the coupon off the whole order, rounded to the cent as the server does", () => {
    const lines = cartLines([{ _id: "a", quantity: 3 }], [product("a", { price: 3.33 })]);
    // 999 cents less 15%: 849.15, rounded half up to 849.
    expect(cartSummary(lines, 0.15)).toMatchObject({ subtotalCents: 999, discountCents: 150, totalCents: 849 });
  });

  it("is not ready while a line has a problem or the cart is empty, and sends only ids and quantities", () => {
    const lines = cartLines([{ _id: "a", price: 1 }, { _id: "gone" }], [product("a")]);
    const summary = cartSummary(lines, null);
    expect(summary.ready).toBe(false);
    expect(summary.count).toBe(1);
    expect(summary.subtotalCents).toBe(1000);
    expect(purchaseLines(lines)).toEqual([{ _id: "a", quantity: 1 }]);
    expect(cartSummary([], null).ready).toBe(false);
  });
});
