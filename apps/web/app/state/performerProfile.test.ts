import type { PerformerProfile } from "@marquee/contracts/performers";
import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../lib/api.ts";
import { performer } from "./performer-fixtures.ts";
import {
  fetchPerformerProfile,
  initialPerformerProfileState,
  performerProfileReceived,
  performerProfileReducer,
} from "./performerProfile.ts";
import { appReset } from "./reset.ts";
import { makeStore } from "./store.ts";

const profile = (id: string): PerformerProfile => ({
  ...performer(id),
  isSubscribed: false,
  isLiked: false,
  subscriptionExpiresAt: null,
});

describe("performerProfile reducer", () => {
  it("starts idle with no data (requesting, error, data, success)", () => {
    expect(performerProfileReducer(undefined, { type: "@@init" })).toEqual({
      requesting: false,
      error: null,
      data: null,
      success: false,
    });
  });

  it("tracks a request and stores the profile", () => {
    let state = performerProfileReducer(initialPerformerProfileState, fetchPerformerProfile.pending("r", "pa"));
    expect(state.requesting).toBe(true);
    state = performerProfileReducer(state, fetchPerformerProfile.fulfilled(profile("a"), "r", "pa"));
    expect(state).toMatchObject({ requesting: false, success: true, error: null });
    expect(state.data?.username).toBe("pa");
  });

  it("hides another performer while a new one loads, keeps the same one", () => {
    const loaded = performerProfileReducer(initialPerformerProfileState, performerProfileReceived(profile("a")));
    expect(performerProfileReducer(loaded, fetchPerformerProfile.pending("r", "pa")).data?._id).toBe("a");
    expect(performerProfileReducer(loaded, fetchPerformerProfile.pending("r", "a")).data?._id).toBe("a");
    expect(performerProfileReducer(loaded, fetchPerformerProfile.pending("r", "pb")).data).toBeNull();
  });

  it("keeps the error of a failed request", () => {
    const state = performerProfileReducer(
      initialPerformerProfileState,
      fetchPerformerProfile.rejected(null, "r", "nobody", { statusCode: 404, message: "Performer not found" }),
    );
    expect(state).toMatchObject({ requesting: false, success: false, error: { statusCode: 404 } });
  });

  it("returns to its initial state on app reset", () => {
    const state = performerProfileReducer(initialPerformerProfileState, performerProfileReceived(profile("a")));
    expect(performerProfileReducer(state, appReset())).toEqual(initialPerformerProfileState);
  });
});

describe("fetchPerformerProfile thunk", () => {
  it("asks GET /performers/{username}", async () => {
    const get = vi.fn().mockResolvedValue(profile("a"));
    const store = makeStore(undefined, { api: { get } as unknown as ApiClient });
    await store.dispatch(fetchPerformerProfile("ava stone"));
    expect(get).toHaveBeenCalledWith("/performers/ava%20stone");
    expect(store.getState().performerProfile.data?._id).toBe("a");
  });
});
