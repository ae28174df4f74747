/**
 * SPEC section 3 `photos` (listPhotos): loading, data, error, success. `data` is the list of photos shown; like
 * the other lists, a first load replaces it and a load-more appends to it by cursor. Used by /photos (all
 * galleries, GET /user/assets/photos) and by a gallery's grid and viewer (GET /user/assets/gallery/{id}/photos).
 */
import type { Photo } from "@marquee/contracts/galleries";
import { createAction, createSlice } from "@reduxjs/toolkit";
import { appendUnique, type ListPage, type ListRequest, listKey, type PageLoaded } from "./asset-list.ts";
import { appReset } from "./reset.ts";
import { injectSlice } from "./store.ts";
import { createAppThunk, type RejectedError, toRejected } from "./thunk.ts";

export const PHOTOS_PATH = "/user/assets/photos";
export const galleryPhotosPath = (galleryId: string) => `/user/assets/gallery/${encodeURIComponent(galleryId)}/photos`;

const ERROR_TEXT = "Could not load the photos, please try again.";

export interface PhotoListState {
  loading: boolean;
  data: Photo[];
  error: RejectedError | null;
  success: boolean;
  total: number;
  totalCapped: boolean;
  /** Cursor of the next page; null when every photo is loaded. */
  next: string | null;
  /** The request `data` answers (path and query without cursor). */
  request: ListRequest | null;
}

export interface PhotosState {
  listPhotos: PhotoListState;
}

export const initialPhotoList: PhotoListState = {
  loading: false,
  data: [],
  error: null,
  success: false,
  total: 0,
  totalCapped: false,
  next: null,
  request: null,
};

export const initialPhotosState: PhotosState = { listPhotos: initialPhotoList };

const selectList = (root: unknown) => (root as { photos?: PhotosState }).photos?.listPhotos ?? initialPhotoList;

/** A first page the server rendered with: replaces the list. */
export const photosLoaded = createAction<PageLoaded<Photo>>("photos/loaded");

/** The first page of a request: replaces the list. */
export const listPhotos = createAppThunk("photos/list", async (request: ListRequest, { extra, rejectWithValue }) => {
  try {
    return await extra.api.get<ListPage<Photo>>(request.path, request.query);
  } catch (error) {
    return rejectWithValue(toRejected(error, ERROR_TEXT));
  }
});

/** The next page of the current request: appends to the list. */
export const listMorePhotos = createAppThunk(
  "photos/listMore",
  async (_: undefined, { extra, getState, rejectWithValue }) => {
    const list = selectList(getState());
    const request = list.request as ListRequest;
    try {
      const page = await extra.api.get<ListPage<Photo>>(request.path, { ...request.query, cursor: list.next });
      return { request, page } as PageLoaded<Photo>;
    } catch (error) {
      return rejectWithValue(toRejected(error, ERROR_TEXT));
    }
  },
  {
    condition: (_, { getState }) => {
      const list = selectList(getState());
      return !!list.request && !!list.next && !list.loading;
    },
  },
);

function replace(list: PhotoListState, request: ListRequest, page: ListPage<Photo>) {
  list.request = request;
  list.data = page.data;
  list.total = page.total;
  list.totalCapped = page.totalCapped ?? false;
  list.next = page.next;
  list.loading = false;
  list.error = null;
  list.success = true;
}

const photosSlice = createSlice({
  name: "photos",
  initialState: initialPhotosState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(appReset, () => initialPhotosState)
      .addCase(photosLoaded, (state, action) => {
        replace(state.listPhotos, action.payload.request, action.payload.page);
      })
      .addCase(listPhotos.pending, (state, action) => {
        state.listPhotos.request = action.meta.arg;
        state.listPhotos.loading = true;
        state.listPhotos.error = null;
        state.listPhotos.success = false;
      })
      .addCase(listPhotos.fulfilled, (state, action) => {
        if (listKey(state.listPhotos.request) !== listKey(action.meta.arg)) return;
        replace(state.listPhotos, action.meta.arg, action.payload);
      })
      .addCase(listPhotos.rejected, (state, action) => {
        if (listKey(state.listPhotos.request) !== listKey(action.meta.arg)) return;
        state.listPhotos.loading = false;
        state.listPhotos.success = false;
        state.listPhotos.error = action.payload ?? { message: action.error.message || ERROR_TEXT };
      })
      .addCase(listMorePhotos.pending, (state) => {
        state.listPhotos.loading = true;
        state.listPhotos.error = null;
      })
      .addCase(listMorePhotos.fulfilled, (state, action) => {
        const list = state.listPhotos;
        if (listKey(list.request) !== listKey(action.payload.request)) return;
        const { page } = action.payload;
        list.data = appendUnique(list.data, page.data);
        list.total = page.total;
        list.totalCapped = page.totalCapped ?? false;
        list.next = page.next;
        list.loading = false;
        list.success = true;
      })
      .addCase(listMorePhotos.rejected, (state, action) => {
        state.listPhotos.loading = false;
        state.listPhotos.error = action.payload ?? { message: action.error.message || ERROR_TEXT };
      });
  },
});

export const photosReducer = photosSlice.reducer;

// This screen slice joins the store with the screens that import it (store.ts, ScreenState).
injectSlice("photos", photosReducer);
