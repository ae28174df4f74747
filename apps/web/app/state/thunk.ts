import { createAsyncThunk } from "@reduxjs/toolkit";
import type { ApiClient } from "../lib/api.ts";

/** What thunks receive as `extra`: injected so tests can pass fakes. */
export interface ThunkExtra {
  api: ApiClient;
  storeToken: (token: string, remember: boolean) => void;
  removeToken: () => void;
}

/** A serialisable error for `rejectWithValue`: the API's message and field details. */
export interface RejectedError {
  statusCode?: number;
  message: string;
  details?: Array<{ path: string; message: string }>;
}

export function toRejected(error: unknown, fallback: string): RejectedError {
  if (error && typeof error === "object") {
    const e = error as { statusCode?: unknown; message?: unknown; details?: unknown };
    const out: RejectedError = { message: typeof e.message === "string" && e.message ? e.message : fallback };
    if (typeof e.statusCode === "number") out.statusCode = e.statusCode;
    if (Array.isArray(e.details)) out.details = e.details as RejectedError["details"];
    return out;
  }
  return { message: fallback };
}

export const createAppThunk = createAsyncThunk.withTypes<{ extra: ThunkExtra; rejectValue: RejectedError }>();

/** The request status SPEC section 3 gives to auth.loginAuth and auth.forgotData. */
export interface RequestState<T> {
  requesting: boolean;
  error: RejectedError | null;
  data: T | null;
  success: boolean;
}

export function initialRequest<T>(): RequestState<T> {
  return { requesting: false, error: null, data: null, success: false };
}
