/**
 * One rule for every link the site stores (banner links, menu paths, logo and favicon addresses) and for the web
 * app when it renders one. A link is either a path on this site or, where the field allows it, an absolute
 * http(s) address; nothing else (`javascript:`, `data:`, `//host`, `/\host`).
 *
 * Browsers drop tabs and newlines anywhere in a URL, trim spaces and control characters around it and read `\` as
 * `/`, so `/\t/evil.example` is `//evil.example`: another site. Such characters are refused anywhere in a link,
 * rather than guessing which of them a browser forgives.
 *
 * No zod here: the browser's first load imports this file (the schema for a stored link is in stored-link.ts).
 */
// Quotes and angle brackets belong percent-encoded in a URL; raw, they could end the HTML attribute or the CSS
// `url("...")` a link is written into.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\s\\"'<>`]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f-\u009f\\]/;
const SITE = "https://x.invalid";

export type LinkKind = "path" | "external";

function decodedOnce(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function isSitePath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//")) return false;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return false;
  }
  // `/..//host` keeps the origin, but a router that resolves the dot segment is left with `//host`.
  if (url.origin !== SITE || url.pathname.startsWith("//")) return false;
  // A router or a redirect may decode the link once before a browser reads it (`/%2F/host`, `/%09/host`); that
  // form must be a plain path too.
  const decoded = decodedOnce(value);
  return decoded !== null && !decoded.startsWith("//") && !CONTROL_OR_BACKSLASH.test(decoded);
}

function isWebAddress(value: string): boolean {
  // Spelled out in full: `https:host` and `https:/host` also parse, but are not what anyone means.
  if (!/^https?:\/\/[^/]/i.test(value)) return false;
  try {
    const url = new URL(value);
    // `https://our.site@evil.example` reads as our site but is not.
    return (url.protocol === "http:" || url.protocol === "https:") && !!url.hostname && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** What a stored link is: a path on this site, an external http(s) address, or null when it is neither (or it is external and `external` is false). */
export function linkKind(value: unknown, { external = true }: { external?: boolean } = {}): LinkKind | null {
  // Not only strings: the web also reads links from a local copy of the settings that anyone could have edited.
  if (typeof value !== "string" || UNSAFE_CHARS.test(value)) return null;
  if (isSitePath(value)) return "path";
  if (external && isWebAddress(value)) return "external";
  return null;
}

/** For rendering a stored value: the link when it passes the rule, else `fallback` (a value stored before the rule, or a damaged local copy, must not become a live link). */
export function safeLink<T extends string | null>(
  value: unknown,
  fallback: T,
  opts?: { external?: boolean },
): string | T {
  return linkKind(value, opts) ? (value as string) : fallback;
}
