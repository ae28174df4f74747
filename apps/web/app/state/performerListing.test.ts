import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../lib/api.ts";
import { performer } from "./performer-fixtures.ts";
import {
  initialPerformerListingState,
  type PerformerPage,
  performerListingReceived,
  performerListingReducer,
  searchPerformers,
} from "./performerListing.ts";
import { appReset } from "./reset.ts";
import { makeStore } from "./store.ts";

const page = (ids: string[], next: string | null, total = 5): PerformerPage => ({
  data: ids.map((id) => performer(id)),
  total,
  totalCapped: false,
  next,
});

const first = { key: "gender=female", query: { gender: "female", limit: 2 } };

describe("performerListing reducer", () => {
  it("starts idle with no data (requesting, error, data, success)", () => {
    expect(performerListingReducer(undefined, { type: "@@init" })).toEqual({
      requesting: false,
      error: null,
      data: null,
      success: false,
    });
  });

  it("replaces the items on a first load", () => {
    let state = performerListingReducer(
      initialPerformerListingState,
      performerListingReceived({ key: "old", page: page(["a", "b"], "c1") }),
    );
    state = performerListingReducer(state, searchPerformers.pending("r", first));
    expect(state.requesting).toBe(true);
    expect(state.data).toBeNull(); // other filters' items are not shown under the new ones
    state = performerListingReducer(state, searchPerformers.fulfilled(page(["x", "y"], "c2", 3), "r", first));
    expect(state).toMatchObject({ requesting: false, success: true, error: null });
    expect(state.data?.items.map((p) => p._id)).toEqual(["x", "y"]);
    expect(state.data).toMatchObject({ key: "gender=female", total: 3, next: "c2" });
  });

  it("appends the items on a load-more and keeps the next cursor", () => {
    let state = performerListingReducer(
      initialPerformerListingState,
      performerListingReceived({ key: first.key, page: page(["a", "b"], "c1") }),
    );
    const more = { ...first, cursor: "c1" };
    state = performerListingReducer(state, searchPerformers.pending("r", more));
    expect(state.data?.items).toHaveLength(2); // still shown while the next page loads
    state = performerListingReducer(state, searchPerformers.fulfilled(page(["b", "c", "d"], null), "r", more));
    expect(state.data?.items.map((p) => p._id)).toEqual(["a", "b", "c", "d"]);
    expect(state.data?.next).toBeNull();
    expect(state.success).toBe(true);
  });

  it("drops a load-more that answers filters no longer shown", () => {
    let state = performerListingReducer(
      initialPerformerListingState,
      performerListingReceived({ key: "other", page: page(["a"], "c1") }),
    );
    const stale = { ...first, cursor: "c1" };
    state = performerListingReducer(state, searchPerformers.fulfilled(page(["z"], null), "r", stale));
    expect(state.data?.items.map((p) => p._id)).toEqual(["a"]);
    expect(state.data?.key).toBe("other");
  });

  it("keeps the error of a failed request", () => {
    const state = performerListingReducer(
      initialPerformerListingState,
      searchPerformers.rejected(null, "r", first, { statusCode: 400, message: "Bad country" }),
    );
    expect(state).toMatchObject({ requesting: false, success: false, error: { message: "Bad country" } });
  });

  it("returns to its initial state on app reset", () => {
    const state = performerListingReducer(
      initialPerformerListingState,
      performerListingReceived({ key: first.key, page: page(["a"], null) }),
    );
    expect(performerListingReducer(state, appReset())).toEqual(initialPerformerListingState);
  });
});

describe("searchPerformers thunk", () => {
  it("asks GET /performers/search with the filters, then the next page by cursor", async () => {
    const get = vi
      .fn()
      .mockResolvedValueOnce(page(["a", "b"], "c1", 3))
      .mockResolvedValueOnce(page(["c"], null, 3));
    const store = makeStore(undefined, { api: { get } as unknown as ApiClient });
    await store.dispatch(searchPerformers(first));
    await store.dispatch(searchPerformers({ ...first, cursor: "c1" }));
    expect(get).toHaveBeenNthCalledWith(1, "/performers/search", { gender: "female", limit: 2 });
    expect(get).toHaveBeenNthCalledWith(2, "/performers/search", { gender: "female", limit: 2, cursor: "c1" });
    const { data } = store.getState().performerListing;
    expect(data?.items.map((p) => p._id)).toEqual(["a", "b", "c"]);
    expect(data?.next).toBeNull();
  });

  it("reports the API's message on failure", async () => {
    const get = vi.fn().mockRejectedValue({ statusCode: 400, message: "Use an ISO 3166-1 alpha-2 code" });
    const store = makeStore(undefined, { api: { get } as unknown as ApiClient });
    await store.dispatch(searchPerformers(first));
    expect(store.getState().performerListing.error?.message).toBe("Use an ISO 3166-1 alpha-2 code");
  });
});
