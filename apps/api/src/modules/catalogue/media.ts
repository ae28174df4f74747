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
  const urls = {} as Record<K, string>;
  let expiresAt: Date | null = null;
  for (const name of Object.keys(keys) as K[]) {
    const signed = signer.signed(keys[name]);
    urls[name] = signed.url;
    if (!expiresAt || signed.expiresAt < expiresAt) expiresAt = signed.expiresAt;
  }
  return { urls, expiresAt: expiresAt ?? new Date() };
}
