/**
 * Route actions that save through the API with the visitor's session. A screen posts `{ intent, payload }` as
 * JSON (see use-intent.ts); the route names what each intent does. The API's refusals come back as the action's
 * data with the API's status (400/422 with the field paths), so the form shows them at the field; a 2xx answer
 * makes React Router revalidate the page's loaders.
 */
import type { ErrorBody } from "@marquee/contracts/common";
import { type AppLoadContext, data, redirect } from "react-router";
import { msg } from "../i18n/i18n.ts";
import { type ApiClient, ApiError, errorMessage, gatewayFailure, isApiError } from "./api.ts";
import { sessionApi } from "./session.server.ts";

export type Payload = Record<string, unknown>;
export type ActionFailure = { ok: false; error: ErrorBody };
export type ActionResult<T = unknown> = { ok: true; data: T } | ActionFailure;
export type IntentHandler = (api: ApiClient, payload: Payload) => Promise<unknown>;
export type IntentHandlers = Record<string, IntentHandler>;

function failure(error: ErrorBody) {
  return data<ActionFailure>({ ok: false, error }, { status: error.statusCode });
}

function badRequest(path: string, message: string) {
  return failure({ statusCode: 400, error: "Bad Request", message, details: [{ path, message }] });
}

/** Runs the handler the request's intent names; a request without a known intent is a 400 for `intent`. */
export async function handleIntents(request: Request, context: AppLoadContext | undefined, handlers: IntentHandlers) {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return badRequest("intent", "Send the action as JSON: { intent, payload }.");
  }
  const { intent, payload = {} } = (body && typeof body === "object" ? body : {}) as Payload;
  const handler = typeof intent === "string" && Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) return badRequest("intent", `Expected one of: ${Object.keys(handlers).join(", ")}.`);
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) {
    return badRequest("payload", "Expected an object.");
  }
  try {
    const result = await handler(sessionApi(request, context), payload as Payload);
    return { ok: true as const, data: result ?? null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    // SPEC section 8: a session the API refuses goes to the login page.
    if (error.statusCode === 401) throw redirect("/login");
    const gateway = gatewayFailure(error);
    return failure({
      statusCode: gateway?.status ?? error.statusCode,
      error: error.error,
      message: gateway?.message ?? errorMessage(error),
      ...(error.details ? { details: error.details } : {}),
    });
  }
}

/**
 * What a list of items saves through `base`: `save` creates one (POST `base`) or, given an `id`, changes it (PUT
 * `base/<id>`) with `body`; `delete` removes the one of `id`.
 */
export function saveDeleteIntents(base: string): { save: IntentHandler; delete: IntentHandler } {
  const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
  return {
    save: (api, { id, body }) => (typeof id === "string" && id ? api.put(one(id), body) : api.post(base, body)),
    delete: (api, payload) => api.del(one(textOf(payload, "id"))),
  };
}

/** An admin's refund of a paid transaction (`id`) through its gateway (components/payments/use-refund.tsx). */
export const refundIntent: IntentHandler = (api, payload) =>
  api.post(`/admin/transactions/${encodeURIComponent(textOf(payload, "id"))}/refund`);

/** Moves one order line (`lineId`) a delivery step on with `body` (components/orders/DeliveryStep.tsx). */
export const deliverIntent: IntentHandler = (api, payload) =>
  api.put(`/orders/${encodeURIComponent(textOf(payload, "lineId"))}/update`, payload.body);

/** A required text field of a payload (an id); a missing one is refused as a 400 naming it. */
export function textOf(payload: Payload, key: string): string {
  const value = payload[key];
  if (typeof value === "string" && value.trim()) return value;
  throw new ApiError({
    statusCode: 400,
    error: "Bad Request",
    // i18n-exempt: a form's hidden id missing is a programming error, reported with the field's code name
    message: `${key} is required`,
    details: [{ path: key, message: msg("Required") }],
  });
}

/** A loader's read of `path` with the visitor's session, that the screen can show an error for (see `loaded`). */
export function loadedGet<T>(
  request: Request,
  context: AppLoadContext | undefined,
  path: string,
  query: Parameters<ApiClient["get"]>[1],
  failMessage: string,
) {
  return loaded(sessionApi(request, context).get<T>(path, query), failMessage);
}

/** A loader's read that a screen can show an error for instead of failing the page. */
export async function loaded<T>(
  call: Promise<T>,
  failMessage: string,
): Promise<{ result: T | null; error: string | null }> {
  try {
    return { result: await call, error: null };
  } catch (error) {
    return { result: null, error: errorMessage(error, failMessage) };
  }
}

/** The password typed again before a sensitive change (components/ReauthPrompt.tsx); issue 22. */
export const reauthenticateIntent: IntentHandler = (api, payload) =>
  api.post("/auth/reauthenticate", { password: typeof payload.password === "string" ? payload.password : "" });
