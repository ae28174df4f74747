/**
 * Posts an intent to the current route's action (actions.server.ts) and resolves with its result once the page's
 * loaders have been revalidated, or rejects with the API's error (its field details included, for the form).
 */
import type { ErrorBody } from "@marquee/contracts/common";
import { useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useAppDispatch } from "../state/store.ts";
import { setSystemError } from "../state/system.ts";
import { ApiError, isServerError, NO_ANSWER } from "./api.ts";

type Result = { ok: true; data: unknown } | { ok: false; error: ErrorBody };
type Waiting = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * `action`: the route whose action runs the intents (the current route's when omitted). `revalidate: false` leaves
 * the page's loaders alone after a success (a save that changes nothing they read).
 */
export function useIntent(
  action?: string,
  { revalidate = true }: { revalidate?: boolean } = {},
): {
  run: <T = unknown>(intent: string, payload?: Record<string, unknown>) => Promise<T>;
  busy: boolean;
} {
  const fetcher = useFetcher<Result>();
  const dispatch = useAppDispatch();
  const waiting = useRef<Waiting[]>([]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !waiting.current.length) return;
    const settled = waiting.current;
    waiting.current = [];
    const result = fetcher.data;
    const error = result?.ok ? null : new ApiError(result?.error ?? { statusCode: 0, message: NO_ANSWER });
    // SPEC section 3's system.error: the server failed the request (not a refusal of what was sent).
    if (isServerError(error)) dispatch(setSystemError({ message: error.message, statusCode: error.statusCode }));
    for (const { resolve, reject } of settled) {
      if (result?.ok) resolve(result.data);
      else reject(error);
    }
  }, [fetcher.state, fetcher.data, dispatch]);

  const { submit } = fetcher;
  const run = useCallback(
    <T>(intent: string, payload: Record<string, unknown> = {}) =>
      new Promise<T>((resolve, reject) => {
        waiting.current.push({ resolve: resolve as (value: unknown) => void, reject });
        void submit(JSON.parse(JSON.stringify({ intent, payload })), {
          method: "post",
          encType: "application/json",
          ...(action ? { action } : {}),
          ...(revalidate ? {} : { defaultShouldRevalidate: false }),
        });
      }),
    [submit, action, revalidate],
  );
  return { run, busy: fetcher.state !== "idle" };
}
