import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { es as spanish } from "../i18n/es.ts";
import { tFor } from "../i18n/i18n.ts";
import { registerMessages } from "../i18n/messages.ts";
import {
  ApiError,
  browserApiUrl,
  buildQueryString,
  buildUrl,
  createApiClient,
  errorMessage,
  gatewayFailure,
  hasDotSegment,
  isAbsoluteUrl,
  isServerError,
  translateError,
} from "./api.ts";

function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

function client(
  overrides: { token?: string | null; onUnauthorized?: () => void; onServerError?: (error: ApiError) => void } = {},
) {
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal("fetch", fetchMock);
  const api = createApiClient({
    baseUrl: () => "http://api.test",
    getToken: () => (overrides.token === undefined ? "cookie-token" : overrides.token),
    onUnauthorized: overrides.onUnauthorized ?? (() => undefined),
    onServerError: overrides.onServerError,
  });
  return { api, fetchMock };
}

function headersOf(call: Parameters<typeof fetch> | undefined): Record<string, string> {
  return (call?.[1]?.headers ?? {}) as Record<string, string>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("urls", () => {
  it("treats http and https paths as absolute", () => {
    expect(isAbsoluteUrl("http://cdn.test/a")).toBe(true);
    expect(isAbsoluteUrl("HTTPS://cdn.test/a")).toBe(true);
    expect(isAbsoluteUrl("/users/me")).toBe(false);
    expect(isAbsoluteUrl("ftp://x")).toBe(false);
    expect(buildUrl("http://api.test", "https://cdn.test/file")).toBe("https://cdn.test/file");
  });

  it("prefixes relative paths with the base URL", () => {
    expect(buildUrl("http://api.test/", "/users/me")).toBe("http://api.test/users/me");
    expect(buildUrl("http://api.test", "users/me")).toBe("http://api.test/users/me");
  });

  it("refuses a path whose input-made segment would climb to another API route", () => {
    for (const kind of ["..", ".", "%2e%2e", "%2E.", "%zz"]) {
      expect(() => buildUrl("http://api.test", `/admin/assets/${kind}/settings`)).toThrow(ApiError);
      expect(hasDotSegment(`/admin/assets/${kind}/x`)).toBe(true);
    }
    expect(hasDotSegment("/admin/assets/video/3f1c.x?q=..")).toBe(false);
    expect(buildUrl("http://api.test", "/users/a..b")).toBe("http://api.test/users/a..b");
  });

  it("calls the API under /api on the page's own origin in the browser, whatever host name it was opened by", () => {
    expect(browserApiUrl()).toBe("/api");
    expect(buildUrl(browserApiUrl(), "/users/me", { a: 1 })).toBe("/api/users/me?a=1");
  });

  it("repeats array values in the query string and skips empty ones", () => {
    expect(buildQueryString({ a: [1, 2], q: "x y", empty: "", none: undefined, n: null })).toBe("?a=1&a=2&q=x+y");
    expect(buildQueryString({})).toBe("");
    expect(buildUrl("http://api.test", "/s?x=1", { a: ["b", "c"] })).toBe("http://api.test/s?x=1&a=b&a=c");
  });
});

describe("request", () => {
  it("sends JSON bodies with the cookie token", async () => {
    const { api, fetchMock } = client();
    fetchMock.mockResolvedValue(jsonResponse(200, { token: "t" }));
    await expect(api.post("/auth/login", { username: "u" })).resolves.toEqual({ token: "t" });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("http://api.test/auth/login");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe(JSON.stringify({ username: "u" }));
    const headers = init?.headers as Record<string, string>;
    expect(headers["Content-Type"]).toBe("application/json");
    expect(headers.Authorization).toBe("Bearer cookie-token");
  });

  it("uses an explicit token over the cookie, and none when there is none", async () => {
    const { api, fetchMock } = client({ token: null });
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    await api.get("/users/me");
    expect(headersOf(fetchMock.mock.calls[0]).Authorization).toBeUndefined();
    await api.get("/users/me", undefined, { token: "server-token" });
    expect(headersOf(fetchMock.mock.calls[1]).Authorization).toBe("Bearer server-token");
  });

  it("puts list queries in the query string", async () => {
    const { api, fetchMock } = client();
    fetchMock.mockResolvedValue(jsonResponse(200, { data: [], total: 0 }));
    await api.get("/performers/search", { performerIds: ["a", "b"], limit: 12 });
    expect(fetchMock.mock.calls[0]![0]).toBe(
      "http://api.test/performers/search?performerIds=a&performerIds=b&limit=12",
    );
  });

  it.each([204, 205])("answers %i with an empty result", async (status) => {
    const { api, fetchMock } = client();
    fetchMock.mockResolvedValue(new Response(null, { status }));
    await expect(api.post("/auth/logout")).resolves.toBeNull();
  });

  it("on 401 goes to /login and raises Please Login!", async () => {
    const onUnauthorized = vi.fn();
    const { api, fetchMock } = client({ onUnauthorized });
    fetchMock.mockResolvedValue(jsonResponse(401, { statusCode: 401, error: "Unauthorized", message: "nope" }));
    const error = await api.get("/users/me").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    // SPEC section 8, word for word.
    expect((error as ApiError).message).toBe("Please Login!");
    expect((error as ApiError).statusCode).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("on 401 with noRedirect raises without navigating", async () => {
    const onUnauthorized = vi.fn();
    const { api, fetchMock } = client({ onUnauthorized });
    fetchMock.mockResolvedValue(jsonResponse(401, {}));
    await expect(api.post("/auth/logout", undefined, { noRedirect: true })).rejects.toThrow("Please Login!");
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("on 403 raises Please Login! without navigating", async () => {
    const onUnauthorized = vi.fn();
    const { api, fetchMock } = client({ onUnauthorized });
    fetchMock.mockResolvedValue(jsonResponse(403, { statusCode: 403, error: "GeoBlocked", message: "blocked" }));
    const error = (await api.get("/user/assets/videos/search").catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe("Please Login!");
    expect(error.statusCode).toBe(403);
    expect(error.error).toBe("GeoBlocked");
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("on 403 with forbiddenAsSaid raises the API's own words (a screen's rule, not the session)", async () => {
    const { api, fetchMock } = client({});
    const body = { statusCode: 403, error: "Forbidden", message: "You cannot write in this conversation." };
    fetchMock.mockResolvedValue(jsonResponse(403, body));
    const error = (await api
      .post("/conversations/x/messages", {}, { forbiddenAsSaid: true })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject(body);
  });

  it("reports a server error (5xx) to onServerError before raising it, and nothing else", async () => {
    const onServerError = vi.fn();
    const { api, fetchMock } = client({ onServerError });
    const body = { statusCode: 500, error: "Internal Server Error", message: "The database is away" };
    fetchMock.mockResolvedValueOnce(jsonResponse(500, body));
    const error = (await api.get("/user/assets/videos/search").catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject(body);
    expect(isServerError(error)).toBe(true);
    expect(onServerError).toHaveBeenCalledWith(error);

    fetchMock.mockResolvedValueOnce(new Response("Bad Gateway", { status: 502 }));
    await expect(api.get("/users/me")).rejects.toThrow("Bad Gateway");
    expect(onServerError).toHaveBeenCalledTimes(2);

    // A refusal of the caller's input, a missing session and a forbidden page are not the server's failure.
    for (const status of [400, 401, 403, 404, 422, 429]) {
      fetchMock.mockResolvedValueOnce(jsonResponse(status, { statusCode: status, message: "no" }));
      await api.get("/users/me").catch(() => undefined);
    }
    expect(onServerError).toHaveBeenCalledTimes(2);
  });

  it("raises the JSON body of other failures", async () => {
    const { api, fetchMock } = client();
    const body = {
      statusCode: 409,
      error: "Conflict",
      message: "Username is taken",
      details: [{ path: "body.username", message: "Username is taken" }],
    };
    fetchMock.mockResolvedValue(jsonResponse(409, body));
    const error = (await api.post("/auth/users/register", {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject(body);
  });

  it("turns a network failure into a readable ApiError", async () => {
    const { api, fetchMock } = client();
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(api.get("/x")).rejects.toMatchObject({ statusCode: 0, error: "NetworkError" });
  });

  it("raises a readable error when the failure body is not JSON", async () => {
    const { api, fetchMock } = client();
    fetchMock.mockResolvedValue(new Response("Bad gateway", { status: 502 }));
    await expect(api.get("/x")).rejects.toMatchObject({ statusCode: 502, message: "Bad gateway" });
  });
});

describe("timeouts (the SSR server's calls)", () => {
  // A real API that answers late: `/silent` never answers, `/stalls` sends its headers and then stops.
  async function slowApi(): Promise<{ url: string; server: Server }> {
    const server = createServer((req, res) => {
      if (req.url === "/stalls") {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.write('{"partial":');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  }

  it.each(["/silent", "/stalls"])("gives up on %s after timeoutMs with a Timeout error", async (path) => {
    const { url, server } = await slowApi();
    try {
      const api = createApiClient({ baseUrl: () => url, getToken: () => null, timeoutMs: 200 });
      const started = Date.now();
      const error = await api.get(path).catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(error).toMatchObject({ statusCode: 0, error: "Timeout" });
      expect(gatewayFailure(error)).toMatchObject({ status: 504 });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("bounds a call whose caller passed its own signal too", async () => {
    const { url, server } = await slowApi();
    try {
      const api = createApiClient({ baseUrl: () => url, getToken: () => null, timeoutMs: 200 });
      const error = await api.get("/silent", undefined, { signal: new AbortController().signal }).catch((e) => e);
      expect(error).toMatchObject({ statusCode: 0, error: "Timeout" });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("calls an unreachable API a 503 and an API's own answer none of its business", async () => {
    const { api, fetchMock } = client();
    fetchMock.mockRejectedValue(new TypeError("fetch failed"));
    expect(gatewayFailure(await api.get("/x").catch((e: unknown) => e))).toMatchObject({ status: 503 });
    fetchMock.mockResolvedValue(jsonResponse(503, { statusCode: 503, error: "Service Unavailable", message: "m" }));
    expect(gatewayFailure(await api.get("/x").catch((e: unknown) => e))).toBeNull();
    expect(gatewayFailure(new Error("x"))).toBeNull();
  });
});

describe("upload", () => {
  it("posts multipart through XHR and reports progress percentages", async () => {
    const progress: number[] = [];
    class FakeXhr {
      static last: FakeXhr;
      method = "";
      url = "";
      headers: Record<string, string> = {};
      status = 0;
      responseText = "";
      body: unknown;
      upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
        onprogress: null,
      };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor() {
        FakeXhr.last = this;
      }
      open(method: string, url: string) {
        this.method = method;
        this.url = url;
      }
      setRequestHeader(k: string, v: string) {
        this.headers[k] = v;
      }
      send(body: unknown) {
        this.body = body;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
        this.status = 200;
        this.responseText = JSON.stringify({ _id: "u1" });
        this.onload?.();
      }
    }
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const api = createApiClient({ baseUrl: () => "http://api.test", getToken: () => "tok" });
    const result = await api.upload("/users/avatar/upload", [{ fieldname: "file", file: new Blob(["x"]) }], {
      onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual({ _id: "u1" });
    expect(progress).toEqual([25, 100]);
    expect(FakeXhr.last.method).toBe("POST");
    expect(FakeXhr.last.url).toBe("http://api.test/users/avatar/upload");
    expect(FakeXhr.last.headers.Authorization).toBe("Bearer tok");
    expect(FakeXhr.last.body).toBeInstanceOf(FormData);
    expect((FakeXhr.last.body as FormData).get("file")).toBeInstanceOf(Blob);
  });
});

describe("the client's own messages in the page's language", () => {
  registerMessages("es", spanish);
  const es = tFor("es");

  it("translates what the client makes up, details kept, and leaves the API's own words as they come", () => {
    expect(translateError("Please Login!", es)).toBe("¡Inicia sesión!");
    expect(translateError("Please Login!", tFor("en"))).toBe("Please Login!");
    expect(translateError("The server took too long to answer, please try again (5000 ms)", es)).toBe(
      "El servidor tardó demasiado en responder, inténtalo de nuevo (5000 ms)",
    );
    expect(translateError("Request failed (502)", es)).toBe("La solicitud falló (502)");
    expect(translateError("Incorrect credentials!", es)).toBe("¡Credenciales incorrectas!");
    expect(translateError("Username is already taken", es)).toBe("Username is already taken");
  });

  it("gives errorMessage's fallback in the page's language when given its t, in English without", () => {
    expect(errorMessage(null, undefined, es)).toBe("Algo salió mal, inténtalo de nuevo.");
    expect(errorMessage(null)).toBe("Something went wrong, please try again.");
    expect(errorMessage(new ApiError({ statusCode: 409, message: "Sold out" }), undefined, es)).toBe("Agotado");
  });
});
