import { describe, expect, it } from "vitest";
import { appReset } from "./reset.ts";
import {
  DEFAULT_AVATAR,
  fetchCurrentUser,
  initialUserState,
  passwordUpdated,
  profileUpdated,
  setCurrentUser,
  updateFailed,
  updateStarted,
  updateStatusCleared,
  userReducer,
} from "./user.ts";

const apiUser = {
  _id: "u1",
  username: "member",
  name: "Member",
  email: "member@example.com",
  avatar: null,
  avatarSrcSet: null,
  role: "user" as const,
  bio: null,
  country: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  status: "active" as const,
  verifiedEmail: true,
  gender: null,
  phone: null,
  phoneCode: null,
  locale: null,
  updatedAt: "2026-01-01T00:00:00.000Z",
};

describe("user reducer", () => {
  it("starts with the default avatar", () => {
    const state = userReducer(undefined, { type: "@@init" });
    expect(state).toEqual(initialUserState);
    expect(state.current.avatar).toBe(DEFAULT_AVATAR);
    expect(state.current).toMatchObject({ _id: "", cover: null, name: "", email: "" });
    expect(state).toMatchObject({ error: null, updateSuccess: false, updating: false, updatedPassword: false });
  });

  it("keeps a loaded user, defaulting a missing avatar", () => {
    const state = userReducer(initialUserState, fetchCurrentUser.fulfilled(apiUser, "r", undefined));
    expect(state.current).toMatchObject({ _id: "u1", name: "Member", avatar: DEFAULT_AVATAR });
    const withAvatar = userReducer(state, setCurrentUser({ ...apiUser, avatar: "http://api/a.webp" }));
    expect(withAvatar.current.avatar).toBe("http://api/a.webp");
  });

  it("returns to its initial state on app reset", () => {
    const state = userReducer(initialUserState, setCurrentUser(apiUser));
    expect(userReducer(state, appReset())).toEqual(initialUserState);
  });
});

describe("profile and password updates (SPEC section 4: updating is set, then success or error)", () => {
  it("sets updating while the profile is sent, then updateSuccess and the saved user", () => {
    let state = userReducer(initialUserState, setCurrentUser(apiUser));
    state = userReducer(state, updateStarted("profile"));
    expect(state).toMatchObject({ updating: true, updateSuccess: false, error: null });
    state = userReducer(state, profileUpdated({ ...apiUser, name: "Renamed" }));
    expect(state).toMatchObject({ updating: false, updateSuccess: true, updatedPassword: false, error: null });
    expect(state.current.name).toBe("Renamed");
    // The next save forgets the last one's success until it has its own answer.
    expect(userReducer(state, updateStarted("profile"))).toMatchObject({ updating: true, updateSuccess: false });
  });

  it("sets updating while the password is sent, then updatedPassword", () => {
    let state = userReducer(initialUserState, updateStarted("password"));
    expect(state).toMatchObject({ updating: true, updatedPassword: false });
    state = userReducer(state, passwordUpdated());
    expect(state).toMatchObject({ updating: false, updatedPassword: true, updateSuccess: false, error: null });
  });

  it("keeps the error of a refused update, and clears every flag when the screen is left", () => {
    let state = userReducer(initialUserState, updateStarted("password"));
    state = userReducer(state, updateFailed({ statusCode: 422, message: "That is not your current password." }));
    expect(state).toMatchObject({
      updating: false,
      updatedPassword: false,
      error: { statusCode: 422, message: "That is not your current password." },
    });
    state = userReducer(userReducer(state, updateStarted("profile")), profileUpdated(apiUser));
    expect(userReducer(state, updateStatusCleared())).toMatchObject({
      updating: false,
      updateSuccess: false,
      updatedPassword: false,
      error: null,
    });
  });
});
