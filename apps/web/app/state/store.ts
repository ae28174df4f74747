import { combineReducers, configureStore } from "@reduxjs/toolkit";
import { useDispatch, useSelector } from "react-redux";
import { api } from "../lib/api.ts";
import { removeToken, storeToken } from "../lib/session.ts";
import { authReducer } from "./auth.ts";
import { bannersReducer } from "./banners.ts";
import { cartReducer } from "./cart.ts";
import { commentsReducer } from "./comments.ts";
import { galleriesReducer, relatedGalleriesReducer } from "./galleries.ts";
import { performerListingReducer } from "./performerListing.ts";
import { performerProfileReducer } from "./performerProfile.ts";
import { photosReducer } from "./photos.ts";
import { productsReducer } from "./products.ts";
import { settingsReducer } from "./settings.ts";
import { systemReducer } from "./system.ts";
import type { ThunkExtra } from "./thunk.ts";
import { uiReducer } from "./ui.ts";
import { userReducer } from "./user.ts";
import { relatedVideosReducer, videosReducer } from "./videos.ts";

export const rootReducer = combineReducers({
  auth: authReducer,
  user: userReducer,
  ui: uiReducer,
  system: systemReducer,
  settings: settingsReducer,
  performerListing: performerListingReducer,
  performerProfile: performerProfileReducer,
  banners: bannersReducer,
  videos: videosReducer,
  relatedVideos: relatedVideosReducer,
  galleries: galleriesReducer,
  relatedGalleries: relatedGalleriesReducer,
  photos: photosReducer,
  products: productsReducer,
  cart: cartReducer,
  comments: commentsReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>, extra?: Partial<ThunkExtra>) {
  const thunkExtra: ThunkExtra = { api, storeToken, removeToken, ...extra };
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: thunkExtra } }),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore["dispatch"];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
