import type { Banner } from "@marquee/contracts/content";
import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../lib/api.ts";
import { bannersReceived, bannersReducer, initialBannersState, listBanners } from "./banners.ts";
import { appReset } from "./reset.ts";
import { makeStore } from "./store.ts";

const banner = (id: string, ordering = 0): Banner => ({
  _id: id,
  title: `Banner ${id}`,
  description: "",
  href: "/performers",
  position: "top",
  image: { url: `http://api/files/${id}.webp`, srcSet: null, width: 1600, height: 600 },
  ordering,
  status: "active",
});

describe("banners reducer", () => {
  it("starts with listBanners idle (loading, data, error, success)", () => {
    expect(bannersReducer(undefined, { type: "@@init" })).toEqual({
      listBanners: { loading: false, data: [], error: null, success: false },
    });
  });

  it("tracks loading and replaces the banners when they arrive", () => {
    let state = bannersReducer(initialBannersState, bannersReceived([banner("old")]));
    state = bannersReducer(state, listBanners.pending("r", { position: "top" }));
    expect(state.listBanners.loading).toBe(true);
    state = bannersReducer(state, listBanners.fulfilled([banner("a"), banner("b", 1)], "r", { position: "top" }));
    expect(state.listBanners).toMatchObject({ loading: false, success: true, error: null });
    expect(state.listBanners.data.map((b) => b._id)).toEqual(["a", "b"]);
  });

  it("keeps the error of a failed request", () => {
    const state = bannersReducer(
      initialBannersState,
      listBanners.rejected(null, "r", { position: "top" }, { message: "down" }),
    );
    expect(state.listBanners).toMatchObject({ loading: false, success: false, error: { message: "down" } });
  });

  it("returns to its initial state on app reset", () => {
    const state = bannersReducer(initialBannersState, bannersReceived([banner("a")]));
    expect(bannersReducer(state, appReset())).toEqual(initialBannersState);
  });
});

describe("listBanners thunk", () => {
  it("asks GET /site-promo/search for a position", async () => {
    const get = vi.fn().mockResolvedValue({ data: [banner("a")], total: 1 });
    const store = makeStore(undefined, { api: { get } as unknown as ApiClient });
    await store.dispatch(listBanners({ position: "top" }));
    expect(get).toHaveBeenCalledWith("/site-promo/search", { position: "top" });
    expect(store.getState().banners.listBanners.data).toHaveLength(1);
  });
});
