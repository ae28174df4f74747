import { combineSlices, configureStore, createAction, type Reducer, type UnknownAction } from "@reduxjs/toolkit";
import { useDispatch, useSelector } from "react-redux";
import { api } from "../lib/api.ts";
import { removeToken, storeToken } from "../lib/session.ts";
import { authReducer } from "./auth.ts";
import type { bannersReducer } from "./banners.ts";
import { cartReducer } from "./cart.ts";
import type { commentsReducer } from "./comments.ts";
import type { galleriesReducer, relatedGalleriesReducer } from "./galleries.ts";
import type { performerListingReducer } from "./performerListing.ts";
import type { performerProfileReducer } from "./performerProfile.ts";
import type { photosReducer } from "./photos.ts";
import type { productsReducer } from "./products.ts";
import { settingsReducer } from "./settings.ts";
import { systemReducer } from "./system.ts";
import type { ThunkExtra } from "./thunk.ts";
import { uiReducer } from "./ui.ts";
import { userReducer } from "./user.ts";
import type { relatedVideosReducer, videosReducer } from "./videos.ts";

/** The slices every page uses (the session, the frame, the cart): they come with the app's shell. */
const shellReducer = combineSlices({
  auth: authReducer,
  user: userReducer,
  ui: uiReducer,
  system: systemReducer,
  settings: settingsReducer,
  cart: cartReducer,
});

/**
 * The slices of some screens only. Each slice's module adds it to the store when it loads (`injectSlice`), which is
 * when a screen that reads it loads: its code travels with those screens instead of with every page. A screen reads
 * a slice only through the module's actions and selectors, so the slice is there whenever it is read.
 */
export interface ScreenState {
  performerListing: ReturnType<typeof performerListingReducer>;
  performerProfile: ReturnType<typeof performerProfileReducer>;
  banners: ReturnType<typeof bannersReducer>;
  videos: ReturnType<typeof videosReducer>;
  relatedVideos: ReturnType<typeof relatedVideosReducer>;
  galleries: ReturnType<typeof galleriesReducer>;
  relatedGalleries: ReturnType<typeof relatedGalleriesReducer>;
  photos: ReturnType<typeof photosReducer>;
  products: ReturnType<typeof productsReducer>;
  comments: ReturnType<typeof commentsReducer>;
}

export const rootReducer = shellReducer.withLazyLoadedSlices<ScreenState>();

export type RootState = ReturnType<typeof shellReducer> & ScreenState;

/** Dispatched when a slice joins the browser's store, so that the slice's initial state is in it at once. */
export const sliceInjected = createAction<keyof ScreenState>("store/sliceInjected");

/** The browser's one store; the server makes one per request, each after the page's modules have loaded. */
let browserStore: { dispatch(action: UnknownAction): unknown } | null = null;

/** Adds a screen's slice to the store (see ScreenState). */
export function injectSlice<K extends keyof ScreenState>(reducerPath: K, reducer: Reducer<ScreenState[K]>): void {
  rootReducer.inject({ reducerPath, reducer } as never);
  browserStore?.dispatch(sliceInjected(reducerPath));
}

export function makeStore(preloadedState?: Partial<RootState>, extra?: Partial<ThunkExtra>) {
  const thunkExtra: ThunkExtra = { api, storeToken, removeToken, ...extra };
  const store = configureStore({
    // Typed with every slice: a screen's slice is injected before the screen reads it (ScreenState).
    reducer: rootReducer as unknown as Reducer<RootState, UnknownAction, Partial<RootState>>,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: thunkExtra } }),
  });
  if (typeof document !== "undefined") browserStore = store;
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore["dispatch"];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
