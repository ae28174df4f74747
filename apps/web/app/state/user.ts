import type { OwnUser, User } from "@marquee/contracts/users";
import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { msg } from "../i18n/i18n.ts";
import { appReset } from "./reset.ts";
import { createAppThunk, type RejectedError, toRejected } from "./thunk.ts";

export const DEFAULT_AVATAR = "/no-avatar.png";

/** SPEC section 3: user.current has _id, avatar (default /no-avatar.png), cover, name, email; the rest when loaded. */
export type CurrentUser = Partial<Omit<OwnUser, "avatar">> & {
  _id: string;
  avatar: string;
  cover: string | null;
  name: string;
  email: string;
};

/**
 * SPEC section 3's user state. SPEC section 4, "Profile update and password update: updating is set, then success or
 * error": the account screen's profile and password forms save through the route's action and report each step here
 * (`updateStarted`, then `profileUpdated` / `passwordUpdated` or `updateFailed`); the forms show these flags.
 */
export interface UserState {
  current: CurrentUser;
  error: RejectedError | null;
  updateSuccess: boolean;
  updating: boolean;
  updatedPassword: boolean;
}

export const initialCurrentUser: CurrentUser = { _id: "", avatar: DEFAULT_AVATAR, cover: null, name: "", email: "" };

export const initialUserState: UserState = {
  current: initialCurrentUser,
  error: null,
  updateSuccess: false,
  updating: false,
  updatedPassword: false,
};

/** Normalises a user from the API: a missing avatar falls back to the default one. */
export function toCurrentUser(user: Partial<User> & { _id: string }): CurrentUser {
  const withCover = user as Partial<User> & { _id: string; cover?: string | null };
  return {
    ...user,
    _id: user._id,
    name: user.name ?? "",
    email: user.email ?? "",
    avatar: user.avatar || DEFAULT_AVATAR,
    cover: withCover.cover ?? null,
  };
}

export const fetchCurrentUser = createAppThunk(
  "user/fetchCurrent",
  async (_: undefined, { extra, rejectWithValue }) => {
    try {
      return await extra.api.get<User>("/users/me");
    } catch (error) {
      return rejectWithValue(toRejected(error, msg("Could not load your profile")));
    }
  },
);

export type ProfileChanges = Partial<
  Pick<User, "name" | "username" | "email" | "bio" | "country" | "gender" | "phone" | "phoneCode">
> & {
  /** Needed when `email` changes; the new address then waits for the link mailed to it. */
  currentPassword?: string;
};

/** Which of the account screen's forms is saving. */
export type UserUpdate = "profile" | "password";

const userSlice = createSlice({
  name: "user",
  initialState: initialUserState,
  reducers: {
    setCurrentUser(state, action: PayloadAction<Partial<User> & { _id: string }>) {
      state.current = toCurrentUser(action.payload);
    },
    /** A profile or password update is sent: updating, and that update's earlier success is forgotten. */
    updateStarted(state, action: PayloadAction<UserUpdate>) {
      state.updating = true;
      state.error = null;
      if (action.payload === "profile") state.updateSuccess = false;
      else state.updatedPassword = false;
    },
    profileUpdated(state, action: PayloadAction<Partial<User> & { _id: string }>) {
      state.current = toCurrentUser(action.payload);
      state.updating = false;
      state.updateSuccess = true;
    },
    passwordUpdated(state) {
      state.updating = false;
      state.updatedPassword = true;
    },
    updateFailed(state, action: PayloadAction<RejectedError>) {
      state.updating = false;
      state.error = action.payload;
    },
    /** The account screen is left: its messages of success or failure go with it. */
    updateStatusCleared(state) {
      state.updating = false;
      state.updateSuccess = false;
      state.updatedPassword = false;
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(appReset, () => initialUserState)
      .addCase(fetchCurrentUser.fulfilled, (state, action) => {
        state.current = toCurrentUser(action.payload);
        state.error = null;
      })
      .addCase(fetchCurrentUser.rejected, (state, action) => {
        state.error = action.payload ?? { message: action.error.message ?? msg("Error") };
      });
  },
});

export const { setCurrentUser, updateStarted, profileUpdated, passwordUpdated, updateFailed, updateStatusCleared } =
  userSlice.actions;
export const userReducer = userSlice.reducer;
