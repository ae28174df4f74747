import type { Gallery } from "@marquee/contracts/galleries";
import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../lib/api.ts";
import type { ListPage } from "./asset-list.ts";
import {
  GALLERIES_SEARCH_PATH,
  galleriesLoaded,
  galleriesReducer,
  initialGalleriesState,
  initialRelatedGalleriesState,
  loadGalleries,
  loadMoreGalleries,
  loadMoreRelatedGalleries,
  loadRelatedGalleries,
  relatedGalleriesReducer,
} from "./galleries.ts";
import { appReset } from "./reset.ts";
import { makeStore } from "./store.ts";

function gallery(id: string): Gallery {
  return {
    _id: id,
    slug: `gallery-${id}`,
    title: `Gallery ${id}`,
    description: "",
    tags: [],
    access: "members",
    price: null,
    status: "active",
    publishedAt: "2026-01-01T00:00:00.000Z",
    cover: null,
    photosCount: 12,
    performers: [],
    categories: [],
    stats: { views: 0, likes: 0, favourites: 0, comments: 0 },
    createdAt: "2026-01-01T00:00:00.000Z",
  };
}

const page = (ids: string[], next: string | null, total = 4): ListPage<Gallery> => ({
  data: ids.map(gallery),
  total,
  totalCapped: false,
  next,
});
const request = { path: GALLERIES_SEARCH_PATH, query: { sortBy: "popular", limit: 2 } };

function storeWith(answer: (query: Record<string, unknown>) => unknown) {
  const get = vi.fn(async (_path: string, query?: Record<string, unknown>) => answer(query ?? {}));
  return { store: makeStore(undefined, { api: { get } as unknown as ApiClient }), get };
}

describe("galleries slice", () => {
  it("starts with requesting, items, total, error and success", () => {
    expect(galleriesReducer(undefined, { type: "@@init" })).toMatchObject({
      requesting: false,
      items: [],
      total: 0,
      error: null,
      success: false,
    });
  });

  it("a first load replaces, a load-more appends", () => {
    let state = galleriesReducer(initialGalleriesState, galleriesLoaded({ request, page: page(["a", "b"], "n1") }));
    state = galleriesReducer(state, loadMoreGalleries.fulfilled({ request, page: page(["c"], null) }, "r", undefined));
    expect(state.items.map((g) => g._id)).toEqual(["a", "b", "c"]);
    expect(state.next).toBeNull();
    state = galleriesReducer(state, loadGalleries.pending("r", request));
    state = galleriesReducer(state, loadGalleries.fulfilled(page(["z"], null, 1), "r", request));
    expect(state.items.map((g) => g._id)).toEqual(["z"]);
    expect(state.total).toBe(1);
  });

  it("keeps the error of a failed load-more and the items already shown", () => {
    let state = galleriesReducer(initialGalleriesState, galleriesLoaded({ request, page: page(["a"], "n1") }));
    state = galleriesReducer(state, loadMoreGalleries.pending("r", undefined));
    state = galleriesReducer(state, loadMoreGalleries.rejected(null, "r", undefined, { message: "Offline" }));
    expect(state).toMatchObject({ requesting: false, error: { message: "Offline" } });
    expect(state.items.map((g) => g._id)).toEqual(["a"]);
  });

  it("pages through the API by cursor", async () => {
    const { store, get } = storeWith((q) => (q.cursor === "n1" ? page(["c", "d"], null) : page(["a", "b"], "n1")));
    await store.dispatch(loadGalleries(request));
    await store.dispatch(loadMoreGalleries());
    expect(store.getState().galleries.items.map((g) => g._id)).toEqual(["a", "b", "c", "d"]);
    expect(get).toHaveBeenNthCalledWith(1, GALLERIES_SEARCH_PATH, request.query);
    expect(get).toHaveBeenNthCalledWith(2, GALLERIES_SEARCH_PATH, { ...request.query, cursor: "n1" });
  });

  it("returns to its initial state on app reset", () => {
    const state = galleriesReducer(initialGalleriesState, galleriesLoaded({ request, page: page(["a"], null) }));
    expect(galleriesReducer(state, appReset())).toEqual(initialGalleriesState);
  });
});

describe("relatedGalleries slice", () => {
  const related = { path: GALLERIES_SEARCH_PATH, query: { excludedId: "g0", performerIds: ["p1"], limit: 2 } };

  it("loads, appends and resets on its own", async () => {
    const { store } = storeWith((q) => (q.cursor ? page(["r3"], null, 3) : page(["r1", "r2"], "n", 3)));
    await store.dispatch(loadRelatedGalleries(related));
    await store.dispatch(loadMoreRelatedGalleries());
    expect(store.getState().relatedGalleries.items.map((g) => g._id)).toEqual(["r1", "r2", "r3"]);
    expect(store.getState().galleries).toEqual(initialGalleriesState);
    store.dispatch(appReset());
    expect(store.getState().relatedGalleries).toEqual(initialRelatedGalleriesState);
  });

  it("a first load replaces what an earlier gallery showed", () => {
    let state = relatedGalleriesReducer(undefined, loadRelatedGalleries.pending("r", related));
    state = relatedGalleriesReducer(state, loadRelatedGalleries.fulfilled(page(["a"], null, 1), "r", related));
    const next = { ...related, query: { ...related.query, excludedId: "g1" } };
    state = relatedGalleriesReducer(state, loadRelatedGalleries.pending("r2", next));
    expect(state.requesting).toBe(true);
    state = relatedGalleriesReducer(state, loadRelatedGalleries.fulfilled(page(["b"], null, 1), "r2", next));
    expect(state.items.map((g) => g._id)).toEqual(["b"]);
  });
});
