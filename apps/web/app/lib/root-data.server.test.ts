import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultPublicSettings } from "../state/settings.ts";
import { forwardedFor, loadRootData, rootLoader } from "./root-data.server.ts";
import { siteState } from "./site-state.server.ts";

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

function stubApi(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => handler(String(input), init));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** A request from a browser past the age gate (its cookie), unless `ageGate: false`. */
function request(path: string, cookie?: string, { ageGate = true } = {}) {
  const cookies = [cookie, ageGate ? "age_verified=1" : undefined].filter(Boolean).join("; ");
  return new Request(`http://web.test${path}`, { headers: cookies ? { Cookie: cookies } : {} });
}

afterEach(() => {
  // Each test is its own API: nothing this process kept from the previous one.
  siteState.clear();
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

describe("the age gate", () => {
  const site = (settings: Record<string, unknown>, countryCode: string | null) =>
    stubApi((url) => {
      if (url.endsWith("/country-block/check")) return json(200, { blocked: false, countryCode });
      return json(200, settings);
    });
  const outcome = (path: string, opts: { cookie?: string; ageGate?: boolean } = {}) =>
    loadRootData(request(path, opts.cookie, { ageGate: opts.ageGate ?? false }), undefined).then(
      () => "page",
      (thrown: unknown) => (thrown instanceof Response ? `${thrown.status} ${thrown.headers.get("Location")}` : thrown),
    );

  it("sends a new site's visitor to the gate with the page they asked for, before any page data", async () => {
    site({}, "US");
    expect(await outcome("/movies?sort=new")).toBe("302 /age-check?next=%2Fmovies%3Fsort%3Dnew");
    expect(await outcome("/")).toBe("302 /age-check");
    expect(await outcome("/movies", { ageGate: true })).toBe("page");
  });

  it("keeps the legal pages, the gate and its exit open", async () => {
    site({ ageGate: "click-through" }, "US");
    for (const path of ["/posts/terms", "/posts/2257", "/age-check", "/age-check/exit"]) {
      expect(await outcome(path), path).toBe("page");
    }
  });

  it("stands only before visitors from listed countries in that mode, and nowhere when off", async () => {
    site({ ageGate: "countries", ageGateCountries: ["GB"] }, "GB");
    expect(await outcome("/movies")).toBe("302 /age-check?next=%2Fmovies");
    siteState.clear();
    site({ ageGate: "countries", ageGateCountries: ["GB"] }, "US");
    expect(await outcome("/movies")).toBe("page");
    siteState.clear();
    site({ ageGate: "off" }, "GB");
    expect(await outcome("/movies")).toBe("page");
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

  it("renders a protected page that declares no-redirect for a visitor, and for a stale token keeps it quiet", async () => {
    stubApi((url) => (url.endsWith("/users/me") ? json(401, {}) : json(200, {})));
    expect((await loadRootData(request("/payment/cancel"), undefined)).user).toBeNull();
    expect((await loadRootData(request("/payment/cancel", "token=stale"), undefined)).user).toBeNull();
    // Its neighbour without the flag still sends the visitor to log in.
    const thrown = await loadRootData(request("/payment/success"), undefined).catch((e: unknown) => e);
    expect((thrown as Response).headers.get("Location")).toBe("/auth/login");
  });

  it("hands the primary layout the bottom promos, and renders without them when they cannot be read", async () => {
    const promo = { _id: "b1", title: "Join the club", position: "bottom", href: "/membership" };
    const fetchMock = stubApi((url) =>
      url.includes("/site-promo/search") ? json(200, { data: [promo], total: 1 }) : json(200, {}),
    );
    expect((await loadRootData(request("/movies"), undefined)).promos).toEqual([promo]);
    const promoCall = fetchMock.mock.calls
      .map(([u]) => new URL(String(u)))
      .find((u) => u.pathname === "/site-promo/search");
    expect(promoCall?.searchParams.get("position")).toBe("bottom");
    // The auth layout has no widget: nothing is read for it.
    siteState.clear();
    fetchMock.mockClear();
    expect((await loadRootData(request("/auth/login"), undefined)).promos).toEqual([]);
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes("/site-promo/search"))).toBe(false);

    siteState.clear();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    stubApi((url) => (url.includes("/site-promo/search") ? json(500, { message: "Down" }) : json(200, {})));
    expect((await loadRootData(request("/movies"), undefined)).promos).toEqual([]);
  });

  it("calls the API for the user only on a member's renders: settings and country come from the shared copies", async () => {
    const fetchMock = stubApi((url) => {
      if (url.endsWith("/users/me")) return json(200, { _id: "u1", name: "M", role: "user" });
      if (url.endsWith("/country-block/check")) return json(200, { blocked: false, countryCode: "US" });
      return json(200, { siteName: "Club", maintenanceMode: false });
    });
    const render = () => loadRootData(request("/", "token=abc"), { clientAddress: "198.51.100.7" });
    // Twenty renders at once, then twenty more: one call each for the settings and the country in all.
    for (const data of await Promise.all(Array.from({ length: 20 }, render))) {
      expect(data).toMatchObject({ user: { _id: "u1" }, blocked: false, settings: { siteName: "Club" } });
    }
    await Promise.all(Array.from({ length: 20 }, render));
    const paths = fetchMock.mock.calls.map(([u]) => new URL(String(u)).pathname);
    expect(paths.filter((p) => p === "/users/me")).toHaveLength(40);
    expect(paths.filter((p) => p === "/settings/public")).toHaveLength(1);
    expect(paths.filter((p) => p === "/country-block/check")).toHaveLength(1);
  });

  it("reads the settings afresh for an admin, so a change they just made shows on their next page", async () => {
    let siteName = "Old";
    const fetchMock = stubApi((url) => {
      if (url.endsWith("/users/me")) return json(200, { _id: "a1", name: "A", role: "admin" });
      if (url.endsWith("/country-block/check")) return json(200, { blocked: false, countryCode: null });
      return json(200, { siteName });
    });
    expect((await loadRootData(request("/", "token=adm"), undefined)).settings.siteName).toBe("Old");
    siteName = "New";
    expect((await loadRootData(request("/admin/settings", "token=adm"), undefined)).settings.siteName).toBe("New");
    const settingsCalls = fetchMock.mock.calls.filter(([u]) => String(u).endsWith("/settings/public"));
    expect(settingsCalls.length).toBeGreaterThanOrEqual(2);
  });

  it("is the 503 page for a member when only the user call gets no answer (never a visitor's page instead)", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    let down = false;
    stubApi((url) => {
      if (down) throw new TypeError("fetch failed");
      if (url.endsWith("/users/me")) return json(200, { _id: "u1", name: "M" });
      if (url.endsWith("/country-block/check")) return json(200, { blocked: false, countryCode: null });
      return json(200, {});
    });
    expect((await loadRootData(request("/", "token=abc"), undefined)).user).toMatchObject({ _id: "u1" });
    down = true;
    const thrown = await loadRootData(request("/", "token=abc"), undefined).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ init: { status: 503 } });
  });
});

describe("rootLoader under maintenance", () => {
  const site = (role: string | null, maintenanceMode = true) =>
    stubApi((url) => {
      if (url.endsWith("/users/me")) return role ? json(200, { _id: "u1", name: "M", role }) : json(401, {});
      if (url.endsWith("/country-block/check")) return json(200, { blocked: false, countryCode: null });
      return json(200, { maintenanceMode });
    });
  /** The page's status and headers: 200 and none when the loader answers the data alone. */
  const answer = async (path: string, token?: string) => {
    const out = (await rootLoader(request(path, token ? `token=${token}` : undefined), undefined)) as {
      init?: { status?: number; headers?: Record<string, string> };
    };
    return { status: out.init?.status ?? 200, headers: out.init?.headers ?? {} };
  };

  it("answers the maintenance page with 503 and Retry-After to visitors and members", async () => {
    site("user");
    for (const token of [undefined, "member"]) {
      expect(await answer("/movies", token)).toEqual({
        status: 503,
        headers: { "Retry-After": "300", "Cache-Control": "no-store" },
      });
    }
  });

  it("lets admins browse and keeps the login pages open, with their usual status", async () => {
    site("admin");
    expect(await answer("/movies", "adm")).toEqual({ status: 200, headers: {} });
    siteState.clear();
    site(null);
    expect(await answer("/auth/login")).toEqual({ status: 200, headers: {} });
  });

  it("answers 200 when maintenance mode is off", async () => {
    site(null, false);
    expect(await answer("/movies")).toEqual({ status: 200, headers: {} });
  });
});
