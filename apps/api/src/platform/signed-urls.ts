import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed, expiring media URLs (DESIGN section 9: private media only through them, after an access check).
 *
 * A signature covers one file (its whole key), its expiry and when it was made. Two kinds:
 * - a file link, `${base}/media/${exp}/${iat}.${mac}/${key}`: the link is the permission (a photo, a product's
 *   file, an HLS segment signed for a few minutes by the playlist that names it);
 * - a grant, `${base}/media/${exp}/${iat}.${viewer}.${mac}/${key}`: made for one viewer (their user id, or `anon`
 *   for nobody signed in), whose access the media route decides again at every fetch (HLS playlists, a movie's
 *   MP4 and strip): a refund or a take-down stops it at the next fetch. The playlists a grant's master names are
 *   links of the same grant (same viewer, expiry and issue time).
 *
 * `exp` is in unix seconds, `iat` (when the link was made) in unix milliseconds, `mac` the base64url HMAC-SHA256 of
 * the kind, expiry, issue time, viewer (grants) and key, cut to 32 characters. The issue time is signed so that the
 * media route can stop the links made before an item was taken down, and only those; the viewer so that nobody can
 * put another one in the link; the kind so that a file link is never taken for a grant or the other way round.
 */
export interface UrlSigner {
  /** A file link to `key`, valid for `ttlSec` (default: the signer's). Throws on a key that is not a media key. */
  sign(key: string, ttlSec?: number): string;
  /** `sign`, with the moment the URL stops working (what a client needs to refresh it in time). */
  signed(key: string, ttlSec?: number): { url: string; expiresAt: Date };
  /** A grant to `key` for `viewerId` (null: nobody signed in), valid for `ttlSec` (default: the signer's). */
  granted(key: string, viewerId: string | null, ttlSec?: number): { url: string; expiresAt: Date };
  /** A link of the same grant (viewer, expiry, issue time) to another file: the playlists a master names. */
  sameGrant(key: string, grant: VerifiedLink & { viewer: GrantViewer }): string;
  /** What a valid, unexpired link for `key` carries; null for anything else. Never throws. */
  verify(exp: string | number, sig: string, key: string): VerifiedLink | null;
}

/** Who a grant was made for: a user id, or null for nobody signed in. */
export interface GrantViewer {
  id: string | null;
}

export interface VerifiedLink {
  issuedAt: Date;
  expiresAt: Date;
  /** A grant's viewer; null on a file link. */
  viewer: GrantViewer | null;
}

const KEY_RE = /^private\/[a-z0-9][a-z0-9/_.-]*$/;
/** The public files of movies and photos, signed for staff while their item is taken down (catalogue/withdrawn.ts). */
const WITHDRAWABLE_RE = /^public\/(videos|photos)\/[a-z0-9][a-z0-9/_.-]*$/;
const SIG_LENGTH = 32;
/** A viewer in a grant: a user id (uuid) or `anon`. No `.`, which separates the signature's parts. */
const VIEWER_RE = /^[A-Za-z0-9_-]{1,64}$/;
const ANON = "anon";

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

/** The item a key belongs to: its first three segments, `private/videos/<id>` (all of it when shorter). */
export function scopeOf(key: string): string {
  return key.split("/").slice(0, 3).join("/");
}

export function createUrlSigner(opts: { secret: string; publicBaseUrl: string; ttlSec: number }): UrlSigner {
  if (opts.secret.length < 16) throw new Error("the URL signing secret must be at least 16 characters");
  const base = opts.publicBaseUrl.replace(/\/+$/, "");
  // `|` occurs in no key, viewer or number: the message reads back one way only.
  const mac = (exp: number, iat: number, viewer: string | null, key: string) =>
    createHmac("sha256", opts.secret)
      .update(viewer === null ? `file|${exp}|${iat}|${key}` : `grant|${exp}|${iat}|${viewer}|${key}`)
      .digest("base64url")
      .slice(0, SIG_LENGTH);

  function link(key: string, exp: number, iat: number, viewer: string | null) {
    if (!isSignableKey(key)) throw new Error(`not a media key: ${key}`);
    const who = viewer === null ? "" : `${viewer}.`;
    return `${base}/media/${exp}/${iat}.${who}${mac(exp, iat, viewer, key)}/${key}`;
  }

  function make(key: string, ttlSec: number, viewer: string | null) {
    if (!(ttlSec > 0)) throw new Error("ttlSec must be positive");
    const iat = Date.now();
    const exp = Math.floor(iat / 1000) + Math.ceil(ttlSec);
    return { url: link(key, exp, iat, viewer), expiresAt: new Date(exp * 1000) };
  }

  const viewerText = (id: string | null) => {
    if (id === null) return ANON;
    if (!VIEWER_RE.test(id) || id === ANON) throw new Error(`not a viewer id: ${id}`);
    return id;
  };

  return {
    signed: (key, ttlSec = opts.ttlSec) => make(key, ttlSec, null),
    sign: (key, ttlSec = opts.ttlSec) => make(key, ttlSec, null).url,
    granted: (key, viewerId, ttlSec = opts.ttlSec) => make(key, ttlSec, viewerText(viewerId)),
    sameGrant: (key, grant) =>
      link(key, grant.expiresAt.getTime() / 1000, grant.issuedAt.getTime(), viewerText(grant.viewer.id)),
    verify(exp, sig, key) {
      const expText = String(exp);
      const m = typeof sig === "string" ? /^([1-9]\d{0,14})\.(?:([A-Za-z0-9_-]{1,64})\.)?([^.]+)$/.exec(sig) : null;
      if (!m || !/^[1-9]\d{0,11}$/.test(expText)) return null;
      const [, iatText, viewer, given] = m as unknown as [string, string, string | undefined, string];
      if (given.length !== SIG_LENGTH) return null;
      const [expSec, iatMs] = [Number(expText), Number(iatText)];
      if (expSec <= Date.now() / 1000 || iatMs > expSec * 1000) return null;
      if (!isSignableKey(key)) return null;
      const expected = Buffer.from(mac(expSec, iatMs, viewer ?? null, key));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      return {
        issuedAt: new Date(iatMs),
        expiresAt: new Date(expSec * 1000),
        viewer: viewer === undefined ? null : { id: viewer === ANON ? null : viewer },
      };
    },
  };
}

/**
 * A request URL as the logs may keep it: a signed media link's signature is cut out (with it, anyone reading the
 * logs could open the file until it expires), and so is the value of any `token` in the query. A grant's viewer
 * stays: it says whose link was used.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/media\/\d+\/\d+\.(?:[A-Za-z0-9_-]+\.)?)[^/.?#]+/, "$1[redacted]")
    .replace(/([?&]token=)[^&#]*/gi, "$1[redacted]");
}
