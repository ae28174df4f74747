/**
 * What every page depends on besides its own data: the public settings (maintenance mode, site name, menus...) and
 * whether the visitor's country is blocked. The web process reads each from the API at most once per
 * SITE_STATE_TTL_MS (the country verdict once per visitor address), for the page cache's variant (server.mjs) and
 * the root loader alike, and concurrent renders share one call: twenty renders at once make one call of each.
 *
 * A call that fails is not kept, so the next request asks again and the root loader still answers the 503/504 page
 * when the API gives no answer. The cost is freshness: a setting an admin changes (maintenance mode included) and a
 * country block show within SITE_STATE_TTL_MS, on top of the API's own two seconds when several API processes serve
 * the site (one process forgets its copy when it makes the change). Admins' own pages read the settings fresh.
 */
import { ageGateApplies, hasPassedAgeGate } from "@marquee/contracts/age-gate";
import type { Banner } from "@marquee/contracts/content";
import { LOCALE_COOKIE, pickLocale } from "@marquee/contracts/locales";
import { LRUCache, type Perf } from "lru-cache";
import { createApiClient } from "./api.ts";
import { parseCookies } from "./cookies.ts";
import { apiTimeoutMs, internalApiUrl } from "./env.server.ts";

/** How long a copy of the settings or of a country verdict is used: a change shows within this time. */
export const SITE_STATE_TTL_MS = 2000;
/** Verdicts kept at most, the least recently used dropped first: a flood of addresses cannot grow the process. */
export const MAX_ADDRESSES = 10_000;
/** How long the page cache waits for the two before it renders the page without the cache. */
export const VARIANT_WAIT_MS = 1000;

export type PublicSettingsMap = Record<string, unknown>;
export interface CountryVerdict {
  blocked: boolean;
  countryCode: string | null;
}

export interface SiteStateLoaders {
  settings(): Promise<PublicSettingsMap>;
  /** The verdict for the X-Forwarded-For the API is sent (null: none). */
  country(forwardedFor: string | null): Promise<CountryVerdict>;
  /** The site promos of the primary layout's extra widget: the active banners of the bottom position. */
  promos?(): Promise<Banner[]>;
}

export interface SiteState {
  /** The public settings; `fresh` asks the API now (and keeps the answer for everyone). */
  settings(opts?: { fresh?: boolean }): Promise<PublicSettingsMap>;
  country(forwardedFor: string | null): Promise<CountryVerdict>;
  /** The extra widget's promos (none without a loader for them). */
  promos(): Promise<Banner[]>;
  /** Forgets every copy (tests). */
  clear(): void;
}

/** The API's answers, kept for `ttlMs`; `perf` is the clock (tests move it). */
export function createSiteState(
  load: SiteStateLoaders,
  opts: { ttlMs?: number; maxAddresses?: number; perf?: Perf } = {},
): SiteState {
  const ttl = opts.ttlMs ?? SITE_STATE_TTL_MS;
  const clock = opts.perf ? { perf: opts.perf } : {};
  // lru-cache's fetch: one call at a time per key (callers share it), nothing kept when it fails.
  const settings = new LRUCache<"settings", PublicSettingsMap>({
    max: 1,
    ttl,
    ...clock,
    fetchMethod: () => load.settings(),
  });
  const countries = new LRUCache<string, CountryVerdict>({
    max: opts.maxAddresses ?? MAX_ADDRESSES,
    ttl,
    ...clock,
    fetchMethod: (key) => load.country(key || null),
  });
  const promos = new LRUCache<"promos", { list: Banner[] }>({
    max: 1,
    ttl,
    ...clock,
    fetchMethod: async () => ({ list: (await load.promos?.()) ?? [] }),
  });
  const defined = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the API gave no value");
    return value;
  };
  return {
    settings: async ({ fresh = false } = {}) => defined(await settings.fetch("settings", { forceRefresh: fresh })),
    country: async (forwardedFor) => defined(await countries.fetch(forwardedFor ?? "")),
    promos: async () => defined(await promos.fetch("promos")).list,
    clear() {
      settings.clear();
      countries.clear();
      promos.clear();
    },
  };
}

/** The two calls, with the server's bound on every call; neither needs the visitor's session. */
function apiLoaders(): SiteStateLoaders {
  const client = (forwardedFor: string | null) =>
    createApiClient({
      baseUrl: internalApiUrl,
      getToken: () => null,
      headers: (): Record<string, string> => (forwardedFor ? { "X-Forwarded-For": forwardedFor } : {}),
      timeoutMs: apiTimeoutMs(),
    });
  return {
    settings: () => client(null).get<PublicSettingsMap>("/settings/public"),
    country: (forwardedFor) => client(forwardedFor).get<CountryVerdict>("/country-block/check"),
    promos: () =>
      client(null)
        .get<{ data: Banner[] }>("/site-promo/search", { position: "bottom", limit: 4 })
        .then((page) => page.data),
  };
}

/** This web process's copy, shared by the page cache and every render. */
export const siteState: SiteState = createSiteState(apiLoaders());

/** The X-Forwarded-For the API sees: whatever proxies already added, then the visitor's socket address. */
export function forwardedFor(incoming: string | undefined | null, remoteAddress: string | undefined): string | null {
  const parts = [incoming?.trim(), remoteAddress?.trim()].filter((p): p is string => !!p);
  return parts.length ? parts.join(", ") : null;
}

/**
 * The page cache's variant of a visitor's page (server.mjs): blocked or not, maintenance or not, and whether the
 * age gate stands before this browser (its pages are the gate; another's cached page must never reach it), from the
 * same copies the render uses. Null (do not cache this one) when either is not known within `waitMs`; the render then
 * waits for the same calls with the full API timeout and shows the 503/504 page if they fail.
 */
export async function pageCacheVariant(
  incomingForwardedFor: string | undefined,
  remoteAddress: string | undefined,
  opts: { state?: SiteState; waitMs?: number; cookie?: string; acceptLanguage?: string } = {},
): Promise<string | null> {
  const state = opts.state ?? siteState;
  const both = Promise.all([state.country(forwardedFor(incomingForwardedFor, remoteAddress)), state.settings()]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), opts.waitMs ?? VARIANT_WAIT_MS);
  });
  try {
    const known = await Promise.race([both, late]);
    if (!known) return null;
    const [{ blocked, countryCode }, settings] = known;
    const gated = ageGateApplies(settings, countryCode) && !hasPassedAgeGate(opts.cookie);
    // A visitor's page is in the language of their cookie or their browser: each language is a page of its own.
    const locale = pickLocale({
      cookieLocale: parseCookies(opts.cookie)[LOCALE_COOKIE],
      acceptLanguage: opts.acceptLanguage,
    });
    return `${blocked ? "blocked" : "open"}:${settings.maintenanceMode ? "maintenance" : "live"}:${gated ? "age-gate" : "adult"}:${locale}`;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
