import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../lib/api.ts";
import {
  authReducer,
  forgotAnswered,
  forgotCleared,
  forgotFailed,
  forgotRequested,
  INCORRECT_CREDENTIALS,
  initialAuthState,
  login,
  setLoggedIn,
} from "./auth.ts";
import { appReset } from "./reset.ts";
import { makeStore } from "./store.ts";

const input = { username: "member", password: "pw", remember: true };

describe("auth reducer", () => {
  it("starts logged out with idle requests", () => {
    expect(authReducer(undefined, { type: "@@init" })).toEqual(initialAuthState);
    expect(initialAuthState.loginAuth).toEqual({ requesting: false, error: null, data: null, success: false });
    expect(initialAuthState.forgotData).toEqual({ requesting: false, error: null, data: null, success: false });
  });

  it("sets requesting on login, then loggedIn and data on success", () => {
    const pending = authReducer(initialAuthState, login.pending("r", input));
    expect(pending.loginAuth.requesting).toBe(true);
    const done = authReducer(pending, login.fulfilled({ token: "t" }, "r", input));
    expect(done.loggedIn).toBe(true);
    expect(done.loginAuth).toEqual({ requesting: false, error: null, data: { token: "t" }, success: true });
  });

  it("clears loggedIn and keeps the error on failure", () => {
    const start = { ...initialAuthState, loggedIn: true };
    const failed = authReducer(
      start,
      login.rejected(null, "r", input, { message: "Account not verified", statusCode: 422 }),
    );
    expect(failed.loggedIn).toBe(false);
    expect(failed.loginAuth.requesting).toBe(false);
    expect(failed.loginAuth.error?.message).toBe("Account not verified");
  });

  it("falls back to Incorrect credentials! without a payload", () => {
    const failed = authReducer(initialAuthState, login.rejected(new Error("x"), "r", input));
    expect(failed.loginAuth.error?.message).toBe(INCORRECT_CREDENTIALS);
  });

  it("returns to its initial state on app reset", () => {
    const dirty = authReducer(authReducer(initialAuthState, setLoggedIn(true)), login.pending("r", input));
    expect(authReducer(dirty, appReset())).toEqual(initialAuthState);
  });
});

describe("login thunk", () => {
  function fakeApi(handlers: Partial<Record<"get" | "post", ApiClient["get"]>>): ApiClient {
    return { get: handlers.get, post: handlers.post } as unknown as ApiClient;
  }

  it("stores the token, loads the current user and logs in", async () => {
    const storeToken = vi.fn();
    const api = fakeApi({
      post: vi.fn(async () => ({ token: "tok" })) as unknown as ApiClient["post"],
      get: vi.fn(async () => ({ _id: "u1", name: "Member", email: "m@x", avatar: null })) as ApiClient["get"],
    });
    const store = makeStore(undefined, { api, storeToken, removeToken: vi.fn() });
    await store.dispatch(login(input));
    expect(storeToken).toHaveBeenCalledWith("tok", true);
    expect(store.getState().auth.loggedIn).toBe(true);
    expect(store.getState().user.current).toMatchObject({ _id: "u1", name: "Member", avatar: "/no-avatar.png" });
  });

  it("reports the API message on failure and stays logged out", async () => {
    const storeToken = vi.fn();
    const api = fakeApi({
      post: vi.fn(async () => {
        throw { statusCode: 422, message: "Incorrect credentials!" };
      }) as unknown as ApiClient["post"],
    });
    const store = makeStore(undefined, { api, storeToken, removeToken: vi.fn() });
    const result = await store.dispatch(login(input));
    expect(login.rejected.match(result)).toBe(true);
    expect(storeToken).not.toHaveBeenCalled();
    expect(store.getState().auth.loggedIn).toBe(false);
    expect(store.getState().auth.loginAuth.error?.message).toBe("Incorrect credentials!");
  });
});

describe("auth.forgotData (the forgot-password screen's request)", () => {
  it("is requesting while the request is sent, then holds the answer's message", () => {
    const pending = authReducer(initialAuthState, forgotRequested());
    expect(pending.forgotData).toEqual({ requesting: true, error: null, data: null, success: false });
    const done = authReducer(pending, forgotAnswered({ message: "A link is on its way." }));
    expect(done.forgotData).toEqual({
      requesting: false,
      error: null,
      data: { message: "A link is on its way." },
      success: true,
    });
    expect(done.loggedIn).toBe(false);
  });

  it("holds the error of a refused request, and starts over when the screen is left", () => {
    const failed = authReducer(
      authReducer(initialAuthState, forgotRequested()),
      forgotFailed({ statusCode: 429, message: "Too many requests, please wait a minute." }),
    );
    expect(failed.forgotData).toEqual({
      requesting: false,
      error: { statusCode: 429, message: "Too many requests, please wait a minute." },
      data: null,
      success: false,
    });
    expect(authReducer(failed, forgotCleared()).forgotData).toEqual(initialAuthState.forgotData);
  });
});
