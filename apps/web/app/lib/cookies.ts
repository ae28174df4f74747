/** SPEC section 9: the session token cookie. */
export const TOKEN_COOKIE = "token";

/**
 * Cookie lifetimes in days; equal to REMEMBER_DAYS / SESSION_DAYS in @marquee/contracts/auth (a test checks it).
 * Not imported from there so the browser's first load does not pull in zod.
 */
export const REMEMBER_DAYS = 365;
export const SESSION_DAYS = 1;

const DAY_SECONDS = 24 * 60 * 60;

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || name in out) continue;
    const raw = part.slice(index + 1).trim();
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

/** The session token the server renders with: the one definition every server-side reader of the session uses. */
export function sessionToken(header: string | null | undefined): string | null {
  return parseCookies(header)[TOKEN_COOKIE] || null;
}

/**
 * Whether a Cookie header may carry a session, for a shared page cache, which must err towards not sharing: any
 * cookie whose name, trimmed, URL-decoded and case-folded, is the token cookie's, whatever its value or place.
 */
export function mayCarrySession(header: string | null | undefined): boolean {
  if (sessionToken(header)) return true;
  return Object.keys(parseCookies(header)).some((name) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // a malformed escape: compare the name as sent
    }
    return decoded.trim().toLowerCase() === TOKEN_COOKIE;
  });
}

/** The token cookie's attributes: 365 days with remember, 1 day without; SameSite=Lax; Secure over https. */
export function tokenCookie(token: string, remember: boolean, secure: boolean): string {
  const maxAge = (remember ? REMEMBER_DAYS : SESSION_DAYS) * DAY_SECONDS;
  const expires = new Date(Date.now() + maxAge * 1000).toUTCString();
  return `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${maxAge}; Expires=${expires}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** A Set-Cookie / document.cookie value that removes the token. */
export function expiredTokenCookie(secure = false): string {
  return `${TOKEN_COOKIE}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Issue 22: a browser trusted after a two-factor sign-in keeps the API's device token here for 30 days. */
export const DEVICE_COOKIE = "device";
const TRUST_DAYS = 30;

export function deviceCookie(token: string, secure: boolean): string {
  const maxAge = TRUST_DAYS * DAY_SECONDS;
  const expires = new Date(Date.now() + maxAge * 1000).toUTCString();
  return `${DEVICE_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${maxAge}; Expires=${expires}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
