import { describe, expect, it } from "vitest";
import {
  type CountryVerdict,
  createSiteState,
  type PublicSettingsMap,
  pageCacheVariant,
  SITE_STATE_TTL_MS,
} from "./site-state.server.ts";

/** An API the test answers by hand: every call is recorded and waits until the test settles it. */
function fakeApi() {
  const calls: Array<{ what: "settings" | "country"; forwardedFor: string | null }> = [];
  const pending: Array<{ resolve(v: unknown): void; reject(e: unknown): void }> = [];
  const call = <T>(what: "settings" | "country", forwardedFor: string | null) => {
    calls.push({ what, forwardedFor });
    return new Promise<T>((resolve, reject) => pending.push({ resolve: resolve as (v: unknown) => void, reject }));
  };
  return {
    calls,
    count: (what: "settings" | "country") => calls.filter((c) => c.what === what).length,
    /** Settles every call waiting so far with `answer(call)`. */
    answerAll(answer: (c: (typeof calls)[number]) => unknown) {
      const waiting = pending.splice(0);
      const made = calls.slice(calls.length - waiting.length);
      waiting.forEach((p, i) => {
        const value = answer(made[i] as (typeof calls)[number]);
        if (value instanceof Error) p.reject(value);
        else p.resolve(value);
      });
    },
    loaders: {
      settings: () => call<PublicSettingsMap>("settings", null),
      country: (forwardedFor: string | null) => call<CountryVerdict>("country", forwardedFor),
    },
  };
}

/** A clock the test moves. */
function clock() {
  let t = 1000;
  return { perf: { now: () => t }, advance: (ms: number) => (t += ms) };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("the site state copies", () => {
  it("makes one call for twenty renders at once, and none more until the copy is two seconds old", async () => {
    const api = fakeApi();
    const time = clock();
    const state = createSiteState(api.loaders, { perf: time.perf });
    const renders = Array.from({ length: 20 }, () => Promise.all([state.settings(), state.country("203.0.113.9")]));
    await flush();
    expect([api.count("settings"), api.count("country")]).toEqual([1, 1]);
    api.answerAll((c) => (c.what === "settings" ? { maintenanceMode: false } : { blocked: false, countryCode: "US" }));
    for (const [settings, verdict] of await Promise.all(renders)) {
      expect(settings).toEqual({ maintenanceMode: false });
      expect(verdict).toEqual({ blocked: false, countryCode: "US" });
    }
    time.advance(SITE_STATE_TTL_MS - 1);
    await Promise.all([state.settings(), state.country("203.0.113.9")]);
    expect([api.count("settings"), api.count("country")]).toEqual([1, 1]);
  });

  it("shows a setting the admin changed once the copy is older than the TTL", async () => {
    const api = fakeApi();
    const time = clock();
    const state = createSiteState(api.loaders, { perf: time.perf });
    const first = state.settings();
    api.answerAll(() => ({ maintenanceMode: false }));
    expect(await first).toEqual({ maintenanceMode: false });
    // The admin turns maintenance mode on: pages go on with the copy for up to the TTL, then show it.
    time.advance(SITE_STATE_TTL_MS + 1);
    const next = state.settings();
    await flush();
    expect(api.count("settings")).toBe(2);
    api.answerAll(() => ({ maintenanceMode: true }));
    expect(await next).toEqual({ maintenanceMode: true });
  });

  it("asks again at once for an admin (fresh), and keeps that answer for everyone", async () => {
    const api = fakeApi();
    const state = createSiteState(api.loaders, { perf: clock().perf });
    const first = state.settings();
    api.answerAll(() => ({ siteName: "Old" }));
    await first;
    const fresh = state.settings({ fresh: true });
    await flush();
    api.answerAll(() => ({ siteName: "New" }));
    expect(await fresh).toEqual({ siteName: "New" });
    expect(await state.settings()).toEqual({ siteName: "New" });
    expect(api.count("settings")).toBe(2);
  });

  it("keeps a verdict per visitor address, and no more addresses than its bound", async () => {
    const api = fakeApi();
    const state = createSiteState(api.loaders, { perf: clock().perf, maxAddresses: 2 });
    const verdicts = ["81.2.69.142", "8.8.8.8"].map((a) => state.country(a));
    await flush();
    api.answerAll((c) => ({ blocked: c.forwardedFor === "81.2.69.142", countryCode: null }));
    expect((await Promise.all(verdicts)).map((v) => v.blocked)).toEqual([true, false]);
    expect(api.calls.map((c) => c.forwardedFor)).toEqual(["81.2.69.142", "8.8.8.8"]);
    // A third address pushes out the least recently used one, which is then asked for again.
    const third = state.country("5.255.255.77");
    await flush();
    api.answerAll(() => ({ blocked: false, countryCode: "RU" }));
    await third;
    await state.country("8.8.8.8");
    const again = state.country("81.2.69.142");
    await flush();
    expect(api.count("country")).toBe(4);
    api.answerAll(() => ({ blocked: true, countryCode: "GB" }));
    expect((await again).blocked).toBe(true);
  });

  it("does not keep a failure: every caller waiting gets it, and the next request asks again", async () => {
    const api = fakeApi();
    const state = createSiteState(api.loaders, { perf: clock().perf });
    const waiting = [state.settings(), state.settings()];
    await flush();
    api.answerAll(() => new Error("fetch failed"));
    for (const w of waiting) await expect(w).rejects.toThrow("fetch failed");
    const next = state.settings();
    await flush();
    expect(api.count("settings")).toBe(2);
    api.answerAll(() => ({ maintenanceMode: false }));
    expect(await next).toEqual({ maintenanceMode: false });
  });
});

describe("pageCacheVariant", () => {
  it("keys a visitor's page by country status and maintenance, from the same copies the render reads", async () => {
    const api = fakeApi();
    const state = createSiteState(api.loaders, { perf: clock().perf });
    const variant = pageCacheVariant("81.2.69.142", "127.0.0.1", { state });
    await flush();
    expect(api.calls.find((c) => c.what === "country")?.forwardedFor).toBe("81.2.69.142, 127.0.0.1");
    api.answerAll((c) => (c.what === "settings" ? { maintenanceMode: true } : { blocked: true, countryCode: "GB" }));
    // No age-gate setting stored: a new site's click-through stands before a browser without its cookie.
    expect(await variant).toBe("blocked:maintenance:age-gate:en");
    // The render that follows reads the same copies: no call.
    await Promise.all([state.settings(), state.country("81.2.69.142, 127.0.0.1")]);
    expect(api.calls).toHaveLength(2);
  });

  it("keys by whether the age gate stands before this browser: its cookie, and for listed countries the country", async () => {
    const api = fakeApi();
    const state = createSiteState(api.loaders, { perf: clock().perf });
    const variants = Promise.all([
      pageCacheVariant("81.2.69.142", undefined, { state }),
      pageCacheVariant("81.2.69.142", undefined, { state, cookie: "theme=dark; age_verified=1" }),
      pageCacheVariant("8.8.8.8", undefined, { state }),
    ]);
    await flush();
    api.answerAll((c) =>
      c.what === "settings"
        ? { maintenanceMode: false, ageGate: "countries", ageGateCountries: ["GB"] }
        : { blocked: false, countryCode: c.forwardedFor === "8.8.8.8" ? "US" : "GB" },
    );
    expect(await variants).toEqual(["open:live:age-gate:en", "open:live:adult:en", "open:live:adult:en"]);
  });

  it("keys a visitor's page by its language: the language menu's cookie, else the browser's Accept-Language", async () => {
    const api = fakeApi();
    const state = createSiteState(api.loaders, { perf: clock().perf });
    const variants = Promise.all([
      pageCacheVariant("81.2.69.142", undefined, { state, acceptLanguage: "es-ES,es;q=0.9" }),
      pageCacheVariant("81.2.69.142", undefined, { state, acceptLanguage: "es-ES", cookie: "lang=en" }),
      pageCacheVariant("81.2.69.142", undefined, { state, acceptLanguage: "de-DE", cookie: "lang=es" }),
      pageCacheVariant("81.2.69.142", undefined, { state, acceptLanguage: "fr" }),
    ]);
    await flush();
    api.answerAll((c) => (c.what === "settings" ? { maintenanceMode: false } : { blocked: false, countryCode: "GB" }));
    expect(await variants).toEqual([
      "open:live:age-gate:es",
      "open:live:age-gate:en",
      "open:live:age-gate:es",
      "open:live:age-gate:en",
    ]);
  });

  it("gives up after waitMs (no page cache for this one) while the render goes on waiting for the same call", async () => {
    const api = fakeApi();
    const state = createSiteState(api.loaders, { perf: clock().perf });
    expect(await pageCacheVariant(undefined, "198.51.100.7", { state, waitMs: 20 })).toBeNull();
    const render = state.settings();
    expect(api.count("settings")).toBe(1);
    api.answerAll((c) => (c.what === "settings" ? { maintenanceMode: false } : { blocked: false, countryCode: null }));
    expect(await render).toEqual({ maintenanceMode: false });
  });

  it("is null when the API answers an error", async () => {
    const api = fakeApi();
    const state = createSiteState(api.loaders, { perf: clock().perf });
    const variant = pageCacheVariant(undefined, "198.51.100.7", { state });
    await flush();
    api.answerAll(() => new Error("Request failed (500)"));
    expect(await variant).toBeNull();
  });
});

describe("the extra widget's promos", () => {
  const promo = { _id: "b1", title: "Join the club", position: "bottom" } as never;

  it("are read once for every render within the TTL, and none without a loader for them", async () => {
    const time = clock();
    let calls = 0;
    const state = createSiteState(
      {
        settings: async () => ({}),
        country: async () => ({ blocked: false, countryCode: null }),
        promos: async () => {
          calls += 1;
          return [promo];
        },
      },
      { perf: time.perf },
    );
    const lists = await Promise.all(Array.from({ length: 10 }, () => state.promos()));
    for (const list of lists) expect(list).toEqual([promo]);
    expect(calls).toBe(1);
    time.advance(SITE_STATE_TTL_MS + 1);
    await state.promos();
    expect(calls).toBe(2);

    const none = createSiteState({
      settings: async () => ({}),
      country: async () => ({ blocked: false, countryCode: null }),
    });
    expect(await none.promos()).toEqual([]);
  });
});
