import type { Video } from "@marquee/contracts/videos";
import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../lib/api.ts";
import { appendUnique, initialListState, type ListPage, listKey } from "./asset-list.ts";
import { appReset } from "./reset.ts";
import { makeStore } from "./store.ts";
import {
  initialRelatedVideosState,
  initialVideosState,
  loadMoreRelatedVideos,
  loadMoreVideos,
  loadRelatedVideos,
  loadVideos,
  relatedVideosLoaded,
  relatedVideosReducer,
  VIDEOS_SEARCH_PATH,
  videosLoaded,
  videosReducer,
} from "./videos.ts";

function video(id: string, title = `Movie ${id}`): Video {
  return {
    _id: id,
    slug: `movie-${id}`,
    title,
    description: "",
    tags: [],
    access: "free",
    price: null,
    status: "active",
    scheduledAt: null,
    isComing: false,
    publishedAt: "2026-01-01T00:00:00.000Z",
    durationSec: 30,
    thumbnail: null,
    teaser: null,
    performers: [],
    categories: [],
    stats: { views: 0, likes: 0, favourites: 0, comments: 0 },
    createdAt: "2026-01-01T00:00:00.000Z",
  };
}

const page = (ids: string[], next: string | null, total = 5): ListPage<Video> => ({
  data: ids.map((id) => video(id)),
  total,
  totalCapped: false,
  next,
});

const request = { path: VIDEOS_SEARCH_PATH, query: { sortBy: "newest", access: "free", limit: 2 } };

/** A store whose API answers GET calls from `answer` and records them. */
function storeWith(answer: (path: string, query: Record<string, unknown>) => unknown) {
  const get = vi.fn(async (path: string, query?: Record<string, unknown>) => answer(path, query ?? {}));
  const api = { get } as unknown as ApiClient;
  return { store: makeStore(undefined, { api }), get };
}

describe("videos slice (SPEC section 3 shape)", () => {
  it("starts idle and empty with requesting, items, total, error and success", () => {
    const state = videosReducer(undefined, { type: "@@init" });
    expect(state).toEqual(initialVideosState);
    expect(state).toMatchObject({ requesting: false, items: [], total: 0, error: null, success: false });
  });

  it("a first load replaces the items", () => {
    let state = videosReducer(initialVideosState, videosLoaded({ request, page: page(["a", "b"], "c1") }));
    expect(state.items.map((v) => v._id)).toEqual(["a", "b"]);
    const other = { ...request, query: { ...request.query, access: "members" } };
    state = videosReducer(state, loadVideos.pending("r", other));
    expect(state).toMatchObject({ requesting: true, success: false, error: null });
    state = videosReducer(state, loadVideos.fulfilled(page(["x"], null, 1), "r", other));
    expect(state.items.map((v) => v._id)).toEqual(["x"]);
    expect(state).toMatchObject({ requesting: false, success: true, total: 1, next: null, request: other });
  });

  it("a load-more appends the items of the next page", () => {
    let state = videosReducer(initialVideosState, videosLoaded({ request, page: page(["a", "b"], "c1") }));
    state = videosReducer(state, loadMoreVideos.pending("r", undefined));
    expect(state.requesting).toBe(true);
    expect(state.items).toHaveLength(2);
    state = videosReducer(state, loadMoreVideos.fulfilled({ request, page: page(["c", "d"], "c2") }, "r", undefined));
    expect(state.items.map((v) => v._id)).toEqual(["a", "b", "c", "d"]);
    expect(state).toMatchObject({ requesting: false, success: true, next: "c2", total: 5 });
  });

  it("drops a late answer for a request the list no longer shows", () => {
    let state = videosReducer(initialVideosState, videosLoaded({ request, page: page(["a"], "c1") }));
    const other = { ...request, query: { ...request.query, access: "sale" } };
    state = videosReducer(state, loadVideos.pending("r2", other));
    // The load-more of the old filters answers after the filters changed.
    state = videosReducer(state, loadMoreVideos.fulfilled({ request, page: page(["b"], null) }, "r1", undefined));
    state = videosReducer(state, loadVideos.fulfilled(page(["s"], null, 1), "r2", other));
    expect(state.items.map((v) => v._id)).toEqual(["s"]);
    // And an older first load that answers last does not overwrite the newer one.
    const stale = videosReducer(state, loadVideos.fulfilled(page(["old"], null, 1), "r0", request));
    expect(stale.items.map((v) => v._id)).toEqual(["s"]);
  });

  it("keeps the error of a failed load", () => {
    let state = videosReducer(initialVideosState, loadVideos.pending("r", request));
    state = videosReducer(state, loadVideos.rejected(null, "r", request, { message: "Use a known sort" }));
    expect(state).toMatchObject({ requesting: false, success: false, error: { message: "Use a known sort" } });
  });

  it("returns to its initial state on app reset", () => {
    const state = videosReducer(initialVideosState, videosLoaded({ request, page: page(["a"], "c1") }));
    expect(videosReducer(state, appReset())).toEqual(initialVideosState);
  });
});

describe("videos thunks", () => {
  it("loads the first page, then the next one by the cursor, with the same filters", async () => {
    const { store, get } = storeWith((_path, query) =>
      query.cursor === "c1" ? page(["c", "d"], null, 4) : page(["a", "b"], "c1", 4),
    );
    await store.dispatch(loadVideos(request));
    expect(store.getState().videos.items.map((v) => v._id)).toEqual(["a", "b"]);
    await store.dispatch(loadMoreVideos());
    expect(store.getState().videos.items.map((v) => v._id)).toEqual(["a", "b", "c", "d"]);
    expect(get).toHaveBeenLastCalledWith(VIDEOS_SEARCH_PATH, { ...request.query, cursor: "c1" });
    // The last page has no cursor: another load-more asks for nothing.
    await store.dispatch(loadMoreVideos());
    expect(get).toHaveBeenCalledTimes(2);
  });

  it("keeps the API's message when a call fails", async () => {
    const { store } = storeWith(() => {
      throw Object.assign(new Error("Bad filter"), { statusCode: 400 });
    });
    await store.dispatch(loadVideos(request));
    expect(store.getState().videos.error).toEqual({ message: "Bad filter", statusCode: 400 });
  });
});

describe("relatedVideos slice", () => {
  const related = { path: VIDEOS_SEARCH_PATH, query: { excludedId: "m1", performerIds: ["p1"], limit: 2 } };

  it("has the list shape and its own state, apart from videos", async () => {
    expect(relatedVideosReducer(undefined, { type: "@@init" })).toEqual(initialListState());
    const { store } = storeWith((_p, q) => (q.cursor ? page(["r3"], null, 3) : page(["r1", "r2"], "n", 3)));
    await store.dispatch(loadRelatedVideos(related));
    await store.dispatch(loadMoreRelatedVideos());
    expect(store.getState().relatedVideos.items.map((v) => v._id)).toEqual(["r1", "r2", "r3"]);
    expect(store.getState().videos).toEqual(initialVideosState);
  });

  it("a first load replaces, a load-more appends, and app reset empties it", () => {
    let state = relatedVideosReducer(undefined, relatedVideosLoaded({ request: related, page: page(["a"], "n") }));
    state = relatedVideosReducer(
      state,
      loadMoreRelatedVideos.fulfilled({ request: related, page: page(["b"], null) }, "r", undefined),
    );
    expect(state.items.map((v) => v._id)).toEqual(["a", "b"]);
    state = relatedVideosReducer(state, relatedVideosLoaded({ request: related, page: page(["z"], null) }));
    expect(state.items.map((v) => v._id)).toEqual(["z"]);
    expect(relatedVideosReducer(state, appReset())).toEqual(initialRelatedVideosState);
  });
});

describe("list helpers", () => {
  it("gives one key to the same request whatever the order of its query, ignoring the cursor", () => {
    const a = listKey({ path: "/x", query: { b: "2", a: "1", tags: ["y", "x"], cursor: "c" } });
    const b = listKey({ path: "/x", query: { tags: ["x", "y"], a: "1", b: "2" } });
    expect(a).toBe(b);
    expect(listKey({ path: "/x", query: { a: "2" } })).not.toBe(listKey({ path: "/x", query: { a: "1" } }));
    expect(listKey(null)).toBe("");
  });

  it("appends without repeating an item already shown", () => {
    expect(appendUnique([{ _id: "a" }, { _id: "b" }], [{ _id: "b" }, { _id: "c" }]).map((i) => i._id)).toEqual([
      "a",
      "b",
      "c",
    ]);
  });
});
