import type { Video } from "@marquee/contracts/videos";
import { createAssetListSlice } from "./asset-list.ts";
import { injectSlice } from "./store.ts";

/** GET /user/assets/videos/search: the movie catalogue and, with `excludedId`, related movies. */
export const VIDEOS_SEARCH_PATH = "/user/assets/videos/search";

/** SPEC section 3 `videos`: the /movies list (a first load replaces items, a load-more appends). */
const videos = createAssetListSlice<Video>("videos", "Could not load the movies, please try again.");
export const videosReducer = videos.reducer;
export const initialVideosState = videos.initialState;
export const videosLoaded = videos.loaded;
export const loadVideos = videos.load;
export const loadMoreVideos = videos.loadMore;

/** SPEC section 3 `relatedVideos`: "More like this" under a movie. */
const relatedVideos = createAssetListSlice<Video>("relatedVideos", "Could not load related movies, please try again.");
export const relatedVideosReducer = relatedVideos.reducer;
export const initialRelatedVideosState = relatedVideos.initialState;
export const relatedVideosLoaded = relatedVideos.loaded;
export const loadRelatedVideos = relatedVideos.load;
export const loadMoreRelatedVideos = relatedVideos.loadMore;

// This screen slice joins the store with the screens that import it (store.ts, ScreenState).
injectSlice("videos", videosReducer);
injectSlice("relatedVideos", relatedVideosReducer);
