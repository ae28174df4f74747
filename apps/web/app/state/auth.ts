import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { appReset } from "./reset.ts";
import { createAppThunk, initialRequest, type RequestState, toRejected } from "./thunk.ts";
import { fetchCurrentUser } from "./user.ts";

export const INCORRECT_CREDENTIALS = "Incorrect credentials!";

export interface AuthState {
  loggedIn: boolean;
  loginAuth: RequestState<{ token: string }>;
  /** SPEC section 3. The forgot-password screen sends through its route's action, so nothing sets it any more. */
  forgotData: RequestState<{ message: string }>;
}

export const initialAuthState: AuthState = {
  loggedIn: false,
  loginAuth: initialRequest(),
  forgotData: initialRequest(),
};

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
    const { token } = await extra.api.post<{ token: string }>("/auth/login", input);
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

const authSlice = createSlice({
  name: "auth",
  initialState: initialAuthState,
  reducers: {
    setLoggedIn(state, action: PayloadAction<boolean>) {
      state.loggedIn = action.payload;
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
        state.loggedIn = true;
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

export const { setLoggedIn } = authSlice.actions;
export const authReducer = authSlice.reducer;
