import type { Photo } from "@marquee/contracts/galleries";
import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../lib/api.ts";
import type { ListPage } from "./asset-list.ts";
import {
  galleryPhotosPath,
  initialPhotosState,
  listMorePhotos,
  listPhotos,
  PHOTOS_PATH,
  photosLoaded,
  photosReducer,
} from "./photos.ts";
import { appReset } from "./reset.ts";
import { makeStore } from "./store.ts";

function photo(id: string): Photo {
  return {
    _id: id,
    galleryId: "g1",
    title: `Photo ${id}`,
    position: 0,
    width: 1200,
    height: 800,
    thumbnail: { url: `http://api/files/${id}.webp`, srcSet: null, width: 480, height: 320 },
    url: `http://api/media/1/sig/private/photos/${id}.webp`,
    locked: false,
    performers: [],
    createdAt: "2026-01-01T00:00:00.000Z",
  };
}

const page = (ids: string[], next: string | null, total = 4): ListPage<Photo> => ({
  data: ids.map(photo),
  total,
  totalCapped: false,
  next,
});
const gallery = { path: galleryPhotosPath("g1"), query: { limit: 2 } };

describe("photos slice (listPhotos)", () => {
  it("starts with loading, data, error and success", () => {
    const state = photosReducer(undefined, { type: "@@init" });
    expect(state).toEqual(initialPhotosState);
    expect(state.listPhotos).toMatchObject({ loading: false, data: [], error: null, success: false });
  });

  it("a first load replaces the data, a load-more appends to it", () => {
    let state = photosReducer(initialPhotosState, photosLoaded({ request: gallery, page: page(["a", "b"], "n1") }));
    expect(state.listPhotos).toMatchObject({ loading: false, success: true, total: 4, next: "n1" });
    state = photosReducer(state, listMorePhotos.pending("r", undefined));
    expect(state.listPhotos.loading).toBe(true);
    state = photosReducer(
      state,
      listMorePhotos.fulfilled({ request: gallery, page: page(["c", "d"], null) }, "r", undefined),
    );
    expect(state.listPhotos.data.map((p) => p._id)).toEqual(["a", "b", "c", "d"]);
    expect(state.listPhotos).toMatchObject({ loading: false, next: null });

    const latest = { path: PHOTOS_PATH, query: { sortBy: "newest", limit: 2 } };
    state = photosReducer(state, listPhotos.pending("r2", latest));
    expect(state.listPhotos).toMatchObject({ loading: true, success: false });
    state = photosReducer(state, listPhotos.fulfilled(page(["x"], null, 1), "r2", latest));
    expect(state.listPhotos.data.map((p) => p._id)).toEqual(["x"]);
  });

  it("ignores the next page of a gallery the viewer has left", () => {
    let state = photosReducer(initialPhotosState, photosLoaded({ request: gallery, page: page(["a"], "n1") }));
    const other = { path: galleryPhotosPath("g2"), query: { limit: 2 } };
    state = photosReducer(state, photosLoaded({ request: other, page: page(["z"], null, 1) }));
    state = photosReducer(
      state,
      listMorePhotos.fulfilled({ request: gallery, page: page(["b"], null) }, "r", undefined),
    );
    expect(state.listPhotos.data.map((p) => p._id)).toEqual(["z"]);
  });

  it("keeps the error of a failed load", () => {
    let state = photosReducer(initialPhotosState, listPhotos.pending("r", gallery));
    state = photosReducer(state, listPhotos.rejected(null, "r", gallery, { message: "Not found", statusCode: 404 }));
    expect(state.listPhotos).toMatchObject({ loading: false, success: false, error: { message: "Not found" } });
  });

  it("loads a gallery's photos page after page through the API", async () => {
    const get = vi.fn(async (_path: string, query?: Record<string, unknown>) =>
      query?.cursor === "n1" ? page(["c"], null, 3) : page(["a", "b"], "n1", 3),
    );
    const store = makeStore(undefined, { api: { get } as unknown as ApiClient });
    await store.dispatch(listPhotos(gallery));
    await store.dispatch(listMorePhotos());
    await store.dispatch(listMorePhotos());
    expect(store.getState().photos.listPhotos.data.map((p) => p._id)).toEqual(["a", "b", "c"]);
    expect(get).toHaveBeenCalledTimes(2);
    expect(get).toHaveBeenLastCalledWith("/user/assets/gallery/g1/photos", { limit: 2, cursor: "n1" });
  });

  it("returns to its initial state on app reset", () => {
    const state = photosReducer(initialPhotosState, photosLoaded({ request: gallery, page: page(["a"], null) }));
    expect(photosReducer(state, appReset())).toEqual(initialPhotosState);
  });
});
