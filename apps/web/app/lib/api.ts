/**
 * The API client (SPEC sections 7 and 8).
 *
 * - JSON bodies; multipart uploads through XMLHttpRequest so the caller gets a progress percentage.
 * - Query arrays are repeated (`a=1&a=2`).
 * - A path that looks like an http(s) URL is used as is; anything else is prefixed with the base URL.
 * - Authorization comes from the session (session.ts in the browser, session.server.ts on the server).
 * - 401: go to /login and raise "Please Login!"; 403: raise "Please Login!"; other non-2xx: raise the JSON body;
 *   204 and 205: empty result. A server error (5xx) is also reported to `onServerError` (the store's system.error).
 * - No answer raises statusCode 0: "NetworkError" when the API cannot be reached, "Timeout" after `timeoutMs`.
 */
import type { ErrorBody } from "@marquee/contracts/common";
import { API_PREFIX } from "@marquee/contracts/origin";
import type { TFunction } from "../i18n/i18n.ts";
import { msg } from "../i18n/i18n.ts";
import { browserToken } from "./session.ts";

export const PLEASE_LOGIN = msg("Please Login!");
export const NETWORK_ERROR = msg("Cannot reach the server, please try again");
export const TIMEOUT_ERROR = msg("The server took too long to answer, please try again");
export const NO_ANSWER = msg("No answer, please try again.");
const SOMETHING_WRONG = msg("Something went wrong, please try again.");
const UPLOAD_FAILED = msg("Upload failed, please try again.");
const GATEWAY_TIMEOUT = msg("The site is taking too long to answer. Please try again in a moment.");
const GATEWAY_DOWN = msg("The site is temporarily unavailable. Please try again in a moment.");
/** The texts this client makes up itself (the API's own messages are shown as they come). */
const OWN_TEXTS = new Set<string>([
  PLEASE_LOGIN,
  NETWORK_ERROR,
  TIMEOUT_ERROR,
  NO_ANSWER,
  SOMETHING_WRONG,
  UPLOAD_FAILED,
  GATEWAY_TIMEOUT,
  GATEWAY_DOWN,
]);

export type QueryValue = string | number | boolean | null | undefined | Date;
export type Query = Record<string, QueryValue | QueryValue[]>;

/** What a failed call raises: the API's JSON error body, as an Error so stack traces survive. */
export class ApiError extends Error implements ErrorBody {
  readonly statusCode: number;
  readonly error: string;
  readonly details?: ErrorBody["details"];

  constructor(body: Partial<ErrorBody> & { statusCode: number }) {
    super(body.message || SOMETHING_WRONG);
    this.name = "ApiError";
    this.statusCode = body.statusCode;
    this.error = body.error ?? "Error";
    if (body.details) this.details = body.details;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * What the web server answers when a call it needed got no answer from the API: 504 when the API was too slow, 503
 * when it could not be reached; null for anything else (an answer from the API, which the caller handles).
 */
export function gatewayFailure(error: unknown): { status: 503 | 504; message: string } | null {
  if (!isApiError(error) || error.statusCode !== 0) return null;
  return error.error === "Timeout" ? { status: 504, message: GATEWAY_TIMEOUT } : { status: 503, message: GATEWAY_DOWN };
}

/**
 * A message of this client's own in the page's language: the texts it makes up (above, the "(5000 ms)" or
 * "(status)" details kept as they are); anything else (the API's own words) is returned unchanged.
 */
export function translateError(text: string, t: TFunction): string {
  if (OWN_TEXTS.has(text)) return t(text);
  // A text marked with msg() elsewhere (a store's fallback, "Incorrect credentials!") that has a translation.
  const known = t(text, { defaultValue: text });
  if (known !== text) return known;
  const detailed = /^(.*) (\([^()]*\))$/.exec(text);
  if (detailed?.[1] && OWN_TEXTS.has(detailed[1])) return `${t(detailed[1])} ${detailed[2]}`;
  const failed = /^Request failed \((\d+)\)$/.exec(text);
  if (failed) return t("Request failed ({{status}})", { status: failed[1] });
  const address = /^Not a valid address: (.*)$/s.exec(text);
  if (address) return t("Not a valid address: {{path}}", { path: address[1] });
  return text;
}

/**
 * The message to show for anything a call may throw; given the page's `t`, this client's own texts (and the
 * fallback) come in the page's language.
 */
export function errorMessage(error: unknown, fallback: string = SOMETHING_WRONG, t?: TFunction): string {
  const text =
    error && typeof error === "object" && "message" in error && typeof error.message === "string"
      ? error.message || fallback
      : fallback;
  return t ? translateError(text, t) : text;
}

export function isAbsoluteUrl(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

export function buildQueryString(query: Query | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value === undefined || value === null || value === "") continue;
      params.append(key, value instanceof Date ? value.toISOString() : String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * Whether a path holds a `.` or `..` segment (plain or percent-encoded). A path built from form input
 * (`/admin/assets/${kind}/${id}`) must name what it says: fetch would resolve `..` to another API route.
 */
export function hasDotSegment(path: string): boolean {
  return (path.split(/[?#]/, 1)[0] ?? "").split("/").some((segment) => {
    try {
      return /^\.{1,2}$/.test(decodeURIComponent(segment));
    } catch {
      return true;
    }
  });
}

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  if (!isAbsoluteUrl(path) && hasDotSegment(path)) {
    // i18n-exempt: translateError reads it
    throw new ApiError({ statusCode: 400, error: "Bad Request", message: `Not a valid address: ${path}` });
  }
  const url = isAbsoluteUrl(path) ? path : `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
  const qs = buildQueryString(query);
  if (!qs) return url;
  return url.includes("?") ? `${url}&${qs.slice(1)}` : `${url}${qs}`;
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Overrides the token the client would use (the server passes the visitor's token here). */
  token?: string | null;
  /** Raise "Please Login!" on 401 without navigating to /login (e.g. logging out an expired session). */
  noRedirect?: boolean;
  /**
   * A 403 raises the API's own words, for a rule of the screen's own (a blocked conversation, a performer who takes
   * first messages from subscribers only), instead of "Please Login!".
   */
  forbiddenAsSaid?: boolean;
}

export interface ApiClientConfig {
  baseUrl: () => string;
  getToken: () => string | null | undefined;
  /** Called on 401 before "Please Login!" is raised; the browser goes to /login. */
  onUnauthorized?: () => void;
  /** Called with what a call raises when the server failed (5xx), before it is raised. */
  onServerError?: (error: ApiError) => void;
  /** Extra headers on every call (the SSR server forwards the visitor's address). */
  headers?: () => Record<string, string>;
  fetch?: typeof fetch;
  /** Gives up on a call (answer and body) after this many milliseconds; the SSR server always sets it. */
  timeoutMs?: number;
}

export type UploadProgress = (percentage: number) => void;

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, query?: Query, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  del<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  upload<T = unknown>(
    path: string,
    files: Array<{ fieldname: string; file: Blob; filename?: string }>,
    options?: { onProgress?: UploadProgress; fields?: Record<string, string>; method?: "POST" | "PUT" },
  ): Promise<T>;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Turns a status code and parsed body into the value to return, or throws per SPEC section 8. */
export function settle<T>(status: number, body: unknown, onUnauthorized?: () => void, forbiddenAsSaid = false): T {
  if (status === 204 || status === 205) return null as T;
  if (status >= 200 && status < 300) return body as T;
  if (status === 401) {
    onUnauthorized?.();
    throw new ApiError({ statusCode: 401, error: "Unauthorized", message: PLEASE_LOGIN });
  }
  if (status === 403) {
    const json = body && typeof body === "object" ? (body as Partial<ErrorBody>) : {};
    if (forbiddenAsSaid && json.message)
      throw new ApiError({ ...json, statusCode: 403, error: json.error ?? "Forbidden" });
    // Geo-blocking also answers 403; keep its error name so the caller can tell the two apart.
    throw new ApiError({ statusCode: 403, error: json.error ?? "Forbidden", message: PLEASE_LOGIN });
  }
  if (body && typeof body === "object") {
    throw new ApiError({ statusCode: status, error: "Error", ...(body as Partial<ErrorBody>) });
  }
  throw new ApiError({
    statusCode: status,
    error: "Error",
    // i18n-exempt: translateError reads it
    message: typeof body === "string" && body ? body : `Request failed (${status})`,
  });
}

/** Whether a call's failure is the server's (5xx), not the caller's or the session's. */
export function isServerError(error: unknown): error is ApiError {
  return isApiError(error) && error.statusCode >= 500;
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const doFetch = (...args: Parameters<typeof fetch>) => (config.fetch ?? globalThis.fetch)(...args);

  /** `settle`, telling `onServerError` of a 5xx first. */
  function settleReporting<T>(status: number, body: unknown, onUnauthorized?: () => void, forbiddenAsSaid = false): T {
    try {
      return settle<T>(status, body, onUnauthorized, forbiddenAsSaid);
    } catch (error) {
      if (isServerError(error)) config.onServerError?.(error);
      throw error;
    }
  }

  function authHeaders(explicit?: string | null): Record<string, string> {
    const token = explicit === undefined ? config.getToken() : explicit;
    return token ? { Authorization: `Bearer ${token}` } : {};
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const { method = "GET", body, query, signal } = options;
    const headers: Record<string, string> = {
      Accept: "application/json",
      ...config.headers?.(),
      ...authHeaders(options.token),
      ...options.headers,
    };
    const init: RequestInit = { method, headers };
    const timeout = config.timeoutMs ? AbortSignal.timeout(config.timeoutMs) : undefined;
    const combined = signal && timeout ? AbortSignal.any([signal, timeout]) : (signal ?? timeout);
    if (combined) init.signal = combined;
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    // The timeout covers the body too: an API that sends its headers and then stalls is as slow as a silent one.
    let status: number;
    let parsed: unknown;
    try {
      const response = await doFetch(buildUrl(config.baseUrl(), path, query), init);
      status = response.status;
      parsed = status === 204 || status === 205 ? null : await readBody(response);
    } catch (error) {
      if (signal?.aborted) throw error;
      if (timeout?.aborted) {
        // i18n-exempt: translateError reads it
        throw new ApiError({ statusCode: 0, error: "Timeout", message: `${TIMEOUT_ERROR} (${config.timeoutMs} ms)` });
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new ApiError({ statusCode: 0, error: "NetworkError", message: `${NETWORK_ERROR} (${reason})` });
    }
    return settleReporting<T>(
      status,
      parsed,
      options.noRedirect ? undefined : config.onUnauthorized,
      options.forbiddenAsSaid,
    );
  }

  function upload<T>(
    path: string,
    files: Array<{ fieldname: string; file: Blob; filename?: string }>,
    options: { onProgress?: UploadProgress; fields?: Record<string, string>; method?: "POST" | "PUT" } = {},
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
      for (const f of files) {
        if (f.filename) form.append(f.fieldname, f.file, f.filename);
        else form.append(f.fieldname, f.file);
      }
      const xhr = new XMLHttpRequest();
      xhr.open(options.method ?? "POST", buildUrl(config.baseUrl(), path));
      xhr.setRequestHeader("Accept", "application/json");
      for (const [key, value] of Object.entries({ ...config.headers?.(), ...authHeaders() })) {
        xhr.setRequestHeader(key, value);
      }
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && options.onProgress) {
          options.onProgress(Math.round((event.loaded / event.total) * 100));
        }
      };
      xhr.onload = () => {
        let parsed: unknown = null;
        if (xhr.responseText) {
          try {
            parsed = JSON.parse(xhr.responseText);
          } catch {
            parsed = xhr.responseText;
          }
        }
        try {
          resolve(settleReporting<T>(xhr.status, parsed, config.onUnauthorized));
        } catch (error) {
          reject(error);
        }
      };
      xhr.onerror = () => reject(new ApiError({ statusCode: 0, error: "NetworkError", message: UPLOAD_FAILED }));
      xhr.send(form);
    });
  }

  return {
    request,
    get: (path, query, options) => request(path, { ...options, method: "GET", query }),
    post: (path, body, options) => request(path, { ...options, method: "POST", body }),
    put: (path, body, options) => request(path, { ...options, method: "PUT", body }),
    del: (path, body, options) => request(path, { ...options, method: "DELETE", body }),
    upload,
  };
}

// ---- the browser's client -------------------------------------------------------------------------------------

/**
 * The API base the browser uses: the API prefix on the page's own origin (the web server forwards it), so the site
 * works under any host name that reaches it, with no CORS.
 */
export function browserApiUrl(): string {
  return API_PREFIX;
}

let navigateToLogin: () => void = () => {
  if (typeof window !== "undefined" && window.location.pathname !== "/login") window.location.assign("/login");
};

/** Lets the router replace the full-page redirect on 401 with a client-side navigation. */
export function setUnauthorizedHandler(handler: () => void): void {
  navigateToLogin = handler;
}

let reportServerError: (error: ApiError) => void = () => {};

/** Lets the app record the browser's server errors (its store's system.error). */
export function setServerErrorHandler(handler: (error: ApiError) => void): void {
  reportServerError = handler;
}

export const api: ApiClient = createApiClient({
  baseUrl: browserApiUrl,
  getToken: browserToken,
  onUnauthorized: () => navigateToLogin(),
  onServerError: (error) => reportServerError(error),
});
