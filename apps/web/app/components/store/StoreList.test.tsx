import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { Provider } from "react-redux";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PRODUCTS_SEARCH_PATH, productsFailed, productsLoaded, productsRequested } from "../../state/products.ts";
import { makeStore, useAppSelector } from "../../state/store.ts";
import type { ProductCardData } from "./product-card-data.ts";
import { StoreList } from "./StoreList.tsx";

/** The /store list as a visitor sees each state of the `products` slice (SPEC section 3). */

const product = (id: string): ProductCardData => ({
  _id: id,
  slug: `poster-${id}`,
  title: `Poster ${id}`,
  type: "physical",
  price: 12,
  stock: 5,
  isBought: false,
  image: null,
  performers: [],
});
const request = { path: PRODUCTS_SEARCH_PATH, query: { limit: 2 } };

/** Renders the list from the store's products slice, as the store page hands it over. */
function Shown({ error = null, busy = false }: { error?: string | null; busy?: boolean }) {
  const list = useAppSelector((s) => s.products);
  return <StoreList list={list} error={error} busy={busy} empty="Nothing is for sale yet." />;
}

function render(store: ReturnType<typeof makeStore>, props: { error?: string | null; busy?: boolean } = {}) {
  return renderToStaticMarkup(
    <Provider store={store}>
      <MantineProvider>
        <MemoryRouter>
          <Shown {...props} />
        </MemoryRouter>
      </MantineProvider>
    </Provider>,
  ).replace(/<!-- -->/g, "");
}

describe("the store list", () => {
  it("shows the loaded products, how many of how many, and Load more", () => {
    const store = makeStore();
    store.dispatch(productsLoaded({ request, page: { data: [product("1"), product("2")], total: 3, next: "c1" } }));
    const html = render(store);
    expect(html).toContain("Poster 1");
    expect(html).toContain("Poster 2");
    expect(html).toContain("Showing 2 of 3");
    expect(html).toMatch(/<button[^>]*>.*Load more products/);
    expect(html).not.toMatch(/data-loading="true"/);
  });

  it("shows Load more loading while the next page is requested", async () => {
    const store = makeStore(undefined, { api: { get: () => new Promise(() => {}) } as never });
    store.dispatch(productsLoaded({ request, page: { data: [product("1"), product("2")], total: 3, next: "c1" } }));
    const { loadMoreProducts } = await import("../../state/products.ts");
    void store.dispatch(loadMoreProducts());
    expect(store.getState().products.requesting).toBe(true);
    expect(render(store)).toMatch(/data-loading="true"/);
  });

  it("dims the list while new filters load, and says so to assistive technology", () => {
    const store = makeStore();
    store.dispatch(productsLoaded({ request, page: { data: [product("1")], total: 1, next: null } }));
    store.dispatch(productsRequested({ path: PRODUCTS_SEARCH_PATH, query: { limit: 2, type: "digital" } }));
    expect(render(store, { busy: true })).toMatch(/aria-busy="true"/);
  });

  it("shows the error the store could not be loaded with, and no grid", () => {
    const store = makeStore();
    store.dispatch(productsFailed({ request, error: { message: "The store is resting." } }));
    const html = render(store, { error: "The store is resting." });
    expect(html).toContain("Could not load the store");
    expect(html).toContain("The store is resting.");
    expect(html).not.toContain('data-testid="store-grid"');
  });

  it("says when nothing is for sale", () => {
    const store = makeStore();
    store.dispatch(productsLoaded({ request, page: { data: [], total: 0, next: null } }));
    expect(render(store)).toContain("Nothing is for sale yet.");
  });
});
