/**
 * The age gate (issue 22 section 5): one rule, shared by the API's check route and the web server's render, so the
 * two never disagree on who must pass it. No zod here: the web's first load imports this file.
 *
 * - `off`: nobody sees it.
 * - `click-through`: every browser answers "I am 18 or older" once (the default for a new site: an adult site with
 *   no gate at all is what card networks and several age-assurance laws object to, and a click-through costs a
 *   visitor one click; an operator who needs more turns to `countries` or verifies ages elsewhere).
 * - `countries`: only visitors whose address the geoip lookup places in a listed country; an address it cannot place
 *   (private, reserved, unknown) is not gated.
 *
 * Passing it is remembered per browser by a cookie. The legal pages, the gate itself and robots.txt are always open.
 * Crawlers are treated as visitors: they are not let through by their User-Agent (anyone can send "Googlebot"), so
 * a search engine sees the legal pages and the gate page, which carries `noindex`; nothing else is indexed.
 */

export const ageGateModes = ["off", "click-through", "countries"] as const;
export type AgeGateMode = (typeof ageGateModes)[number];

/** The cookie that says this browser passed the gate; its value is AGE_GATE_PASSED. */
export const AGE_GATE_COOKIE = "age_verified";
export const AGE_GATE_PASSED = "1";
/** How long a browser is remembered. */
export const AGE_GATE_COOKIE_DAYS = 365;

/** The gate page (`?next=` the page asked for) and the neutral page "I am under 18" leads to. */
export const AGE_GATE_PATH = "/age-check";
export const AGE_GATE_EXIT_PATH = "/age-check/exit";

/** The legal pages: editable pages (posts of type page) every site has, linked from the footer. */
export const legalPages = [
  { slug: "terms", title: "Terms of service", link: "Terms" },
  { slug: "privacy", title: "Privacy policy", link: "Privacy" },
  { slug: "2257", title: "18 U.S.C. 2257 record-keeping requirements compliance statement", link: "2257 statement" },
  { slug: "dmca", title: "DMCA and copyright policy", link: "DMCA" },
  { slug: "refunds", title: "Refunds and complaints", link: "Refunds and complaints" },
] as const;
export type LegalSlug = (typeof legalPages)[number]["slug"];
export const legalSlugs: readonly string[] = legalPages.map((p) => p.slug);
export const legalPagePath = (slug: string) => `/posts/${slug}`;
export const isLegalSlug = (slug: string): boolean => legalSlugs.includes(slug.toLowerCase());

/** Paths every visitor may open without passing the gate. */
export function isAgeGateOpenPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === AGE_GATE_PATH || path === AGE_GATE_EXIT_PATH || path === "/robots.txt") return true;
  const legal = /^\/posts\/([^/]+)$/.exec(path);
  if (!legal?.[1]) return false;
  try {
    return isLegalSlug(decodeURIComponent(legal[1]));
  } catch {
    return false;
  }
}

export interface AgeGateSettings {
  ageGate?: unknown;
  ageGateCountries?: unknown;
}

/** The mode a settings map asks for; anything unreadable is the new-site default. */
export function ageGateMode(settings: AgeGateSettings): AgeGateMode {
  return ageGateModes.includes(settings.ageGate as AgeGateMode) ? (settings.ageGate as AgeGateMode) : "click-through";
}

/** Whether visitors from `countryCode` (null: not placed) must pass the gate, before the cookie and the path. */
export function ageGateApplies(settings: AgeGateSettings, countryCode: string | null): boolean {
  const mode = ageGateMode(settings);
  if (mode === "off") return false;
  if (mode === "click-through") return true;
  const listed = Array.isArray(settings.ageGateCountries) ? settings.ageGateCountries : [];
  return !!countryCode && listed.some((c) => typeof c === "string" && c.toUpperCase() === countryCode.toUpperCase());
}

/** Whether a Cookie header carries the gate's cookie with its value. */
export function hasPassedAgeGate(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => {
    const index = part.indexOf("=");
    return index > 0 && part.slice(0, index).trim() === AGE_GATE_COOKIE && part.slice(index + 1).trim() === "1";
  });
}

/** The whole rule: must this request be sent to the gate instead of the page it asked for? */
export function mustPassAgeGate(opts: {
  settings: AgeGateSettings;
  countryCode: string | null;
  cookieHeader: string | null | undefined;
  pathname: string;
}): boolean {
  if (isAgeGateOpenPath(opts.pathname)) return false;
  if (!ageGateApplies(opts.settings, opts.countryCode)) return false;
  return !hasPassedAgeGate(opts.cookieHeader);
}

/** The Set-Cookie value that remembers a browser passed the gate. */
export function ageGateCookie(secure: boolean): string {
  const maxAge = AGE_GATE_COOKIE_DAYS * 24 * 60 * 60;
  return `${AGE_GATE_COOKIE}=${AGE_GATE_PASSED}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Where the gate sends a visitor after it: a path on this site only (never `//host` or a scheme), else home. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  if ([...next].some((c) => c.charCodeAt(0) < 32)) return "/";
  const path = next.split("?")[0] ?? "/";
  if (path === AGE_GATE_PATH || path === AGE_GATE_EXIT_PATH) return "/";
  return next;
}
