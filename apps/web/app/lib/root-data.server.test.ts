import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultPublicSettings } from "../state/settings.ts";
import { forwardedFor, loadRootData } from "./root-data.server.ts";

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

function stubApi(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => handler(String(input), init));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function request(path: string, cookie?: string) {
  return new Request(`http://web.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("forwardedFor", () => {
  it("appends the socket address to what proxies already sent", () => {
    expect(forwardedFor("203.0.113.9", "127.0.0.1")).toBe("203.0.113.9, 127.0.0.1");
    expect(forwardedFor(undefined, "::1")).toBe("::1");
    expect(forwardedFor(null, undefined)).toBeNull();
  });
});

describe("loadRootData", () => {
  it("is the 503 page when the API is down (geo-blocking and maintenance cannot be honoured)", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    stubApi(() => {
      throw new TypeError("fetch failed");
    });
    const thrown = await loadRootData(request("/auth/login", "token=abc"), undefined).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ init: { status: 503 }, data: expect.stringMatching(/temporarily unavailable/) });
  });

  it("is the 504 page when the API is too slow", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.stubEnv("API_TIMEOUT_MS", "100");
    // Never answers until the call gives up.
    stubApi(
      (_url, init) =>
        new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
    );
    const started = Date.now();
    const thrown = await loadRootData(request("/"), undefined).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(thrown).toMatchObject({ init: { status: 504 } });
  });

  it("renders with defaults when the API answers with an error", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    stubApi(() => json(500, { statusCode: 500, error: "Internal Server Error", message: "boom" }));
    const data = await loadRootData(request("/auth/login", "token=abc"), undefined);
    expect(data).toMatchObject({ user: null, blocked: false, settings: defaultPublicSettings });
  });

  it("loads user, settings and the country check, forwarding the visitor address", async () => {
    const fetchMock = stubApi((url) => {
      if (url.endsWith("/users/me")) return json(200, { _id: "u1", name: "M" });
      if (url.endsWith("/country-block/check")) return json(200, { blocked: true, countryCode: "GB" });
      return json(200, { siteName: "Club", maintenanceMode: true });
    });
    const data = await loadRootData(request("/", "token=abc"), { clientAddress: "198.51.100.7" });
    expect(data.user).toMatchObject({ _id: "u1" });
    expect(data.blocked).toBe(true);
    expect(data.settings).toMatchObject({ siteName: "Club", maintenanceMode: true });
    const meCall = fetchMock.mock.calls.find(([u]) => String(u).endsWith("/users/me"));
    const headers = meCall?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer abc");
    expect(headers["X-Forwarded-For"]).toBe("198.51.100.7");
  });

  it("ignores a failed user load on an open page", async () => {
    stubApi((url) => (url.endsWith("/users/me") ? json(401, {}) : json(200, {})));
    const data = await loadRootData(request("/", "token=stale"), undefined);
    expect(data.user).toBeNull();
  });

  it("on a protected page removes the token and redirects to /auth/login", async () => {
    stubApi((url) => (url.endsWith("/users/me") ? json(401, {}) : json(200, {})));
    const thrown = await loadRootData(request("/account", "token=stale"), undefined).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth/login");
    expect(response.headers.get("Set-Cookie")).toMatch(/^token=; Path=\/; Max-Age=0/);
  });

  it("redirects a visitor without a token away from a protected page", async () => {
    stubApi(() => json(200, {}));
    const thrown = await loadRootData(request("/account"), undefined).catch((e: unknown) => e);
    expect((thrown as Response).headers.get("Location")).toBe("/auth/login");
  });
});
