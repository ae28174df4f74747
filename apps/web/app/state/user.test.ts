import { describe, expect, it } from "vitest";
import { appReset } from "./reset.ts";
import { DEFAULT_AVATAR, fetchCurrentUser, initialUserState, setCurrentUser, userReducer } from "./user.ts";

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
