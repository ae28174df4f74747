import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed, expiring media URLs (DESIGN section 9: private media only through them, after an access check).
 *
 * A signature covers a key's SCOPE, its first three path segments (`private/videos/<id>`), not the single
 * file: one URL to an HLS master playlist also lets the player fetch the variant playlists and segments it
 * names by relative paths. So keep one protected item per scope: everything under `private/<kind>/<id>/`
 * is readable with any link to something in it.
 *
 * Shape: `${publicBaseUrl}/media/${exp}/${sig}/${key}`, `exp` in unix seconds,
 * `sig` = base64url(HMAC-SHA256(secret, `${exp}:${scope}`)) cut to 32 characters.
 */
export interface UrlSigner {
  /** A URL for `key` valid for `ttlSec` (default: the signer's). Throws on a key that is not a private key. */
  sign(key: string, ttlSec?: number): string;
  /** `sign`, with the moment the URL stops working (what a client needs to refresh it in time). */
  signed(key: string, ttlSec?: number): { url: string; expiresAt: Date };
  /** Whether `sig` is a valid, unexpired signature for `key`'s scope. Never throws. */
  verify(exp: string | number, sig: string, key: string): boolean;
}

const KEY_RE = /^private\/[a-z0-9][a-z0-9/_.-]*$/;
const SIG_LENGTH = 32;
const SCOPE_SEGMENTS = 3;

/** A private storage key the media route may serve: no `..`, no empty segment, no trailing slash. */
export function isPrivateMediaKey(key: string): boolean {
  return (
    key.length <= 500 &&
    KEY_RE.test(key) &&
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
  const mac = (exp: number, scope: string) =>
    createHmac("sha256", opts.secret).update(`${exp}:${scope}`).digest("base64url").slice(0, SIG_LENGTH);

  function signed(key: string, ttlSec = opts.ttlSec) {
    if (!isPrivateMediaKey(key)) throw new Error(`not a private media key: ${key}`);
    if (!(ttlSec > 0)) throw new Error("ttlSec must be positive");
    const exp = Math.floor(Date.now() / 1000) + Math.ceil(ttlSec);
    return { url: `${base}/media/${exp}/${mac(exp, scopeOf(key))}/${key}`, expiresAt: new Date(exp * 1000) };
  }

  return {
    signed,
    sign: (key, ttlSec) => signed(key, ttlSec).url,
    verify(exp, sig, key) {
      const expText = String(exp);
      if (!/^[1-9]\d{0,11}$/.test(expText) || typeof sig !== "string" || sig.length !== SIG_LENGTH) return false;
      const expSec = Number(expText);
      if (expSec <= Date.now() / 1000) return false;
      if (!isPrivateMediaKey(key)) return false;
      const expected = Buffer.from(mac(expSec, scopeOf(key)));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
