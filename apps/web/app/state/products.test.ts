import { describe, expect, it, vi } from "vitest";
import type { ProductCardData } from "../components/store/product-card-data.ts";
import type { ApiClient } from "../lib/api.ts";
import type { ListPage } from "./asset-list.ts";
import {
  initialProductsState,
  loadMoreProducts,
  PRODUCTS_SEARCH_PATH,
  productsFailed,
  productsLoaded,
  productsReducer,
  productsRequested,
} from "./products.ts";
import { appReset } from "./reset.ts";
import { makeStore } from "./store.ts";

const product = (id: string): ProductCardData => ({
  _id: id,
  slug: `product-${id}`,
  title: `Product ${id}`,
  type: "digital",
  price: 900,
  stock: null,
  isBought: false,
  image: null,
  performers: [],
});

const page = (ids: string[], next: string | null, total = 3): ListPage<ProductCardData> => ({
  data: ids.map(product),
  total,
  totalCapped: false,
  next,
});

const request = { path: PRODUCTS_SEARCH_PATH, query: { limit: 2, sortBy: "newest" } };
const cheapest = { path: PRODUCTS_SEARCH_PATH, query: { limit: 2, sortBy: "price", sort: "asc" } };

describe("products slice (SPEC section 3: requesting, items, total, error, success)", () => {
  it("starts empty, not requesting, without error or success", () => {
    const state = makeStore().getState().products;
    expect(state).toMatchObject({ requesting: false, items: [], total: 0, error: null, success: false });
    expect(state).toEqual(initialProductsState);
  });

  it("is requesting while new filters' first page is on its way, and holds it once it arrives", () => {
    let state = productsReducer(initialProductsState, productsLoaded({ request, page: page(["a", "b"], "c1") }));
    state = productsReducer(state, productsRequested(cheapest));
    expect(state).toMatchObject({ requesting: true, success: false, error: null });
    state = productsReducer(state, productsLoaded({ request: cheapest, page: page(["c"], null, 1) }));
    expect(state).toMatchObject({ requesting: false, success: true, total: 1, error: null });
    expect(state.items.map((p) => p._id)).toEqual(["c"]);
  });

  it("holds the loader's error and no items when the store could not be loaded", () => {
    const shown = productsReducer(initialProductsState, productsLoaded({ request, page: page(["a"], null, 1) }));
    const state = productsReducer(
      shown,
      productsFailed({ request: cheapest, error: { message: "The store is resting." } }),
    );
    expect(state).toMatchObject({
      requesting: false,
      success: false,
      items: [],
      total: 0,
      error: { message: "The store is resting." },
    });
  });

  it("appends the next page on load-more (requesting meanwhile), and keeps the items on its failure", async () => {
    let answer: (value: unknown) => void = () => {};
    const get = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const store = makeStore(undefined, { api: { get } as unknown as ApiClient });
    store.dispatch(productsLoaded({ request, page: page(["a", "b"], "cursor-1") }));
    const more = store.dispatch(loadMoreProducts());
    expect(store.getState().products.requesting).toBe(true);
    expect(get).toHaveBeenCalledWith(PRODUCTS_SEARCH_PATH, { ...request.query, cursor: "cursor-1" });
    answer(page(["c"], null));
    await more;
    const state = store.getState().products;
    expect(state).toMatchObject({ requesting: false, success: true, total: 3, next: null });
    expect(state.items.map((p) => p._id)).toEqual(["a", "b", "c"]);

    const failing = makeStore(undefined, {
      api: { get: vi.fn(async () => Promise.reject({ statusCode: 500, message: "Down" })) } as unknown as ApiClient,
    });
    failing.dispatch(productsLoaded({ request, page: page(["a", "b"], "cursor-1") }));
    await failing.dispatch(loadMoreProducts());
    expect(failing.getState().products).toMatchObject({ requesting: false, error: { message: "Down" } });
    expect(failing.getState().products.items).toHaveLength(2);
  });

  it("returns to its initial state on app reset", () => {
    const state = productsReducer(initialProductsState, productsLoaded({ request, page: page(["a"], null, 1) }));
    expect(productsReducer(state, appReset())).toEqual(initialProductsState);
  });
});
