import type { Gallery } from "@marquee/contracts/galleries";
import { createAssetListSlice } from "./asset-list.ts";
import { injectSlice } from "./store.ts";

/** GET /user/assets/galleries/search: the gallery catalogue and, with `excludedId`, related galleries. */
export const GALLERIES_SEARCH_PATH = "/user/assets/galleries/search";

/** SPEC section 3 `galleries`: the /galleries list (a first load replaces items, a load-more appends). */
const galleries = createAssetListSlice<Gallery>("galleries", "Could not load the galleries, please try again.");
export const galleriesReducer = galleries.reducer;
export const initialGalleriesState = galleries.initialState;
export const galleriesLoaded = galleries.loaded;
export const loadGalleries = galleries.load;
export const loadMoreGalleries = galleries.loadMore;

/** SPEC section 3 `relatedGalleries`: "More galleries" under a gallery. */
const relatedGalleries = createAssetListSlice<Gallery>(
  "relatedGalleries",
  "Could not load related galleries, please try again.",
);
export const relatedGalleriesReducer = relatedGalleries.reducer;
export const initialRelatedGalleriesState = relatedGalleries.initialState;
export const relatedGalleriesLoaded = relatedGalleries.loaded;
export const loadRelatedGalleries = relatedGalleries.load;
export const loadMoreRelatedGalleries = relatedGalleries.loadMore;

// This screen slice joins the store with the screens that import it (store.ts, ScreenState).
injectSlice("galleries", galleriesReducer);
injectSlice("relatedGalleries", relatedGalleriesReducer);
