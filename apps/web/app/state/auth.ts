import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { msg } from "../i18n/i18n.ts";
import { browserDeviceToken, storeDeviceToken } from "../lib/session.ts";
import { appReset } from "./reset.ts";
import { createAppThunk, initialRequest, type RejectedError, type RequestState, toRejected } from "./thunk.ts";
import { fetchCurrentUser } from "./user.ts";

export const INCORRECT_CREDENTIALS = msg("Incorrect credentials!");

export interface AuthState {
  loggedIn: boolean;
  loginAuth: RequestState<LoginResult>;
  /**
   * SPEC section 3: the forgot-password screen's request. It sends through its route's action and reports each step
   * here (`forgotRequested`, then `forgotAnswered` or `forgotFailed`); the screen shows this state.
   */
  forgotData: RequestState<{ message: string }>;
}

export const initialAuthState: AuthState = {
  loggedIn: false,
  loginAuth: initialRequest(),
  forgotData: initialRequest(),
};

/** A session's token; or, for an account with two-factor sign-in, the challenge the code step answers. */
export type LoginResult = { token: string; challenge?: undefined } | { token?: undefined; challenge: string };

export interface LoginInput {
  username: string;
  password: string;
  remember: boolean;
}

/**
 * SPEC section 4, Login: requesting is set; on success the token is stored, the current user is fetched and
 * loggedIn is set (the screen then navigates); on failure loggedIn is cleared and the error is kept for the toast.
 */
export const login = createAppThunk("auth/login", async (input: LoginInput, { extra, dispatch, rejectWithValue }) => {
  try {
    const deviceToken = browserDeviceToken();
    const answer = await extra.api.post<{ token?: string; challenge?: string }>("/auth/login", {
      ...input,
      ...(deviceToken ? { deviceToken } : {}),
    });
    // Two-factor sign-in: no session yet; the form asks for a code (loginWithCode).
    if (!answer.token) return { challenge: answer.challenge ?? "" };
    const token = answer.token;
    extra.storeToken(token, input.remember);
    const me = await dispatch(fetchCurrentUser());
    if (fetchCurrentUser.rejected.match(me)) {
      extra.removeToken();
      return rejectWithValue(me.payload ?? { message: INCORRECT_CREDENTIALS });
    }
    return { token };
  } catch (error) {
    return rejectWithValue(toRejected(error, INCORRECT_CREDENTIALS));
  }
});

export interface CodeInput {
  challenge: string;
  code?: string;
  recoveryCode?: string;
  trustDevice: boolean;
  remember: boolean;
}

/** The code step of a two-factor sign-in: the session starts, and a trusted browser keeps its device token. */
export const loginWithCode = createAppThunk(
  "auth/loginWithCode",
  async ({ remember, ...body }: CodeInput, { extra, dispatch, rejectWithValue }) => {
    try {
      const { token, deviceToken } = await extra.api.post<{ token: string; deviceToken: string | null }>(
        "/auth/login/two-factor",
        body,
      );
      extra.storeToken(token, remember);
      if (deviceToken) storeDeviceToken(deviceToken);
      const me = await dispatch(fetchCurrentUser());
      if (fetchCurrentUser.rejected.match(me)) {
        extra.removeToken();
        return rejectWithValue(me.payload ?? { message: INCORRECT_CREDENTIALS });
      }
      return { token };
    } catch (error) {
      return rejectWithValue(toRejected(error, msg("That code is not correct.")));
    }
  },
);

const authSlice = createSlice({
  name: "auth",
  initialState: initialAuthState,
  reducers: {
    setLoggedIn(state, action: PayloadAction<boolean>) {
      state.loggedIn = action.payload;
    },
    forgotRequested(state) {
      state.forgotData = { requesting: true, error: null, data: null, success: false };
    },
    forgotAnswered(state, action: PayloadAction<{ message: string }>) {
      state.forgotData = { requesting: false, error: null, data: action.payload, success: true };
    },
    forgotFailed(state, action: PayloadAction<RejectedError>) {
      state.forgotData = { requesting: false, error: action.payload, data: null, success: false };
    },
    /** The screen is left: a later visit starts from the form. */
    forgotCleared(state) {
      state.forgotData = initialRequest();
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(appReset, () => initialAuthState)
      .addCase(login.pending, (state) => {
        state.loginAuth = { requesting: true, error: null, data: null, success: false };
      })
      .addCase(login.fulfilled, (state, action) => {
        state.loginAuth = { requesting: false, error: null, data: action.payload, success: true };
        state.loggedIn = action.payload.token !== undefined;
      })
      .addCase(loginWithCode.pending, (state) => {
        state.loginAuth = { ...state.loginAuth, requesting: true, error: null };
      })
      .addCase(loginWithCode.fulfilled, (state, action) => {
        state.loginAuth = { requesting: false, error: null, data: action.payload, success: true };
        state.loggedIn = true;
      })
      .addCase(loginWithCode.rejected, (state, action) => {
        state.loginAuth = { ...state.loginAuth, requesting: false, error: action.payload ?? null };
      })
      .addCase(login.rejected, (state, action) => {
        state.loginAuth = {
          requesting: false,
          error: action.payload ?? { message: INCORRECT_CREDENTIALS },
          data: null,
          success: false,
        };
        state.loggedIn = false;
      });
  },
});

export const { setLoggedIn, forgotRequested, forgotAnswered, forgotFailed, forgotCleared } = authSlice.actions;
export const authReducer = authSlice.reducer;
