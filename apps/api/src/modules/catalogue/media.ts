import type { UrlSigner } from "../../platform/signed-urls.ts";

/** Signed links to private files, with the moment they stop working: the earliest of their expiries. */
export interface SignedMedia<K extends string> {
  urls: Record<K, string>;
  expiresAt: Date;
}

/**
 * Signs `keys` (name -> private storage key) for a viewer the access decision let in. The expiry comes from the
 * signer together with each URL, never parsed back out of one.
 */
export function signMedia<K extends string>(signer: UrlSigner, keys: Record<K, string>): SignedMedia<K> {
  return signEach(keys, (key) => signer.signed(key));
}

/**
 * Grants to `keys` for `viewerId` (null: nobody signed in), whose access the media route decides again at every
 * fetch (platform/media/grants.ts).
 */
export function grantMedia<K extends string>(
  signer: UrlSigner,
  viewerId: string | null,
  keys: Record<K, string>,
): SignedMedia<K> {
  return signEach(keys, (key) => signer.granted(key, viewerId));
}

function signEach<K extends string>(
  keys: Record<K, string>,
  sign: (key: string) => { url: string; expiresAt: Date },
): SignedMedia<K> {
  const urls = {} as Record<K, string>;
  let expiresAt: Date | null = null;
  for (const name of Object.keys(keys) as K[]) {
    const signed = sign(keys[name]);
    urls[name] = signed.url;
    if (!expiresAt || signed.expiresAt < expiresAt) expiresAt = signed.expiresAt;
  }
  return { urls, expiresAt: expiresAt ?? new Date() };
}
