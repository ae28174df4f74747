import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed, expiring media URLs (DESIGN section 9: private media only through them, after an access check).
 *
 * A signature covers a key's SCOPE, its first three path segments (`private/videos/<id>`), not the single
 * file: one URL to an HLS master playlist also lets the player fetch the variant playlists and segments it
 * names by relative paths. So keep one protected item per scope: everything under `private/<kind>/<id>/`
 * is readable with any link to something in it.
 *
 * Shape: `${publicBaseUrl}/media/${exp}/${iat}.${mac}/${key}`, `exp` in unix seconds, `iat` (when the link was
 * made) in unix milliseconds, `mac` = base64url(HMAC-SHA256(secret, `${exp}:${iat}:${scope}`)) cut to 32 characters. The issue time is
 * signed so that the media route can stop the links made before an item was taken down, and only those.
 */
export interface UrlSigner {
  /** A URL for `key` valid for `ttlSec` (default: the signer's). Throws on a key that is not a media key. */
  sign(key: string, ttlSec?: number): string;
  /** `sign`, with the moment the URL stops working (what a client needs to refresh it in time). */
  signed(key: string, ttlSec?: number): { url: string; expiresAt: Date };
  /** When a valid, unexpired link for `key`'s scope was made; null for anything else. Never throws. */
  verify(exp: string | number, sig: string, key: string): { issuedAt: Date } | null;
}

const KEY_RE = /^private\/[a-z0-9][a-z0-9/_.-]*$/;
/** The public files of movies and photos, signed for staff while their item is taken down (catalogue/withdrawn.ts). */
const WITHDRAWABLE_RE = /^public\/(videos|photos)\/[a-z0-9][a-z0-9/_.-]*$/;
const SIG_LENGTH = 32;
const SCOPE_SEGMENTS = 3;

/** A private storage key the media route may serve: no `..`, no empty segment, no trailing slash. */
export function isPrivateMediaKey(key: string): boolean {
  return isSafeKey(key) && KEY_RE.test(key);
}

/** What a signed link may name: a private key, or a public file of a movie or photo. */
export function isSignableKey(key: string): boolean {
  return isSafeKey(key) && (KEY_RE.test(key) || WITHDRAWABLE_RE.test(key));
}

function isSafeKey(key: string): boolean {
  return (
    key.length <= 500 &&
    !key.includes("..") &&
    !key.includes("//") &&
    !key.endsWith("/") &&
    !key.split("/").some((s) => s.startsWith("."))
  );
}

/** The part of a key a signature covers: its first three segments (all of it when shorter). */
export function scopeOf(key: string): string {
  return key.split("/").slice(0, SCOPE_SEGMENTS).join("/");
}

export function createUrlSigner(opts: { secret: string; publicBaseUrl: string; ttlSec: number }): UrlSigner {
  if (opts.secret.length < 16) throw new Error("the URL signing secret must be at least 16 characters");
  const base = opts.publicBaseUrl.replace(/\/+$/, "");
  const mac = (exp: number, iat: number, scope: string) =>
    createHmac("sha256", opts.secret).update(`${exp}:${iat}:${scope}`).digest("base64url").slice(0, SIG_LENGTH);

  function signed(key: string, ttlSec = opts.ttlSec) {
    if (!isSignableKey(key)) throw new Error(`not a media key: ${key}`);
    if (!(ttlSec > 0)) throw new Error("ttlSec must be positive");
    const iat = Date.now();
    const exp = Math.floor(iat / 1000) + Math.ceil(ttlSec);
    return {
      url: `${base}/media/${exp}/${iat}.${mac(exp, iat, scopeOf(key))}/${key}`,
      expiresAt: new Date(exp * 1000),
    };
  }

  return {
    signed,
    sign: (key, ttlSec) => signed(key, ttlSec).url,
    verify(exp, sig, key) {
      const expText = String(exp);
      const [, iatText, given] = typeof sig === "string" ? (/^([1-9]\d{0,14})\.(.+)$/.exec(sig) ?? []) : [];
      if (!/^[1-9]\d{0,11}$/.test(expText) || !iatText || given?.length !== SIG_LENGTH) return null;
      const [expSec, iatMs] = [Number(expText), Number(iatText)];
      if (expSec <= Date.now() / 1000 || iatMs > expSec * 1000) return null;
      if (!isSignableKey(key)) return null;
      const expected = Buffer.from(mac(expSec, iatMs, scopeOf(key)));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      return { issuedAt: new Date(iatMs) };
    },
  };
}

/**
 * A request URL as the logs may keep it: a signed media link's signature is cut out (with it, anyone reading the
 * logs could open the file until it expires), and so is the value of any `token` in the query.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/media\/\d+\/\d+\.)[A-Za-z0-9_-]+/, "$1[redacted]")
    .replace(/([?&]token=)[^&#]*/gi, "$1[redacted]");
}
