import type { ProductCardData } from "../components/store/product-card-data.ts";
import { PRODUCTS_SEARCH_PATH } from "../lib/store.ts";
import { createAssetListSlice } from "./asset-list.ts";
import { injectSlice } from "./store.ts";

export { PRODUCTS_SEARCH_PATH };

/**
 * SPEC section 3 `products` (requesting, items, total, error, success): the /store list. The route's loader renders
 * the first page for the filters in the address (`productsLoaded`, or `productsFailed` with its error); while new
 * filters load it is requesting (`productsRequested`); "Load more" appends the next page (`loadMoreProducts`).
 * Items are what a product card shows (the loader sends only that; a later page's full products carry it too).
 */
const products = createAssetListSlice<ProductCardData>("products", "Could not load the store, please try again.");
export const productsReducer = products.reducer;
export const initialProductsState = products.initialState;
export const productsRequested = products.requested;
export const productsLoaded = products.loaded;
export const productsFailed = products.failed;
export const loadProducts = products.load;
export const loadMoreProducts = products.loadMore;

// This screen slice joins the store with the screens that import it (store.ts, ScreenState).
injectSlice("products", productsReducer);
