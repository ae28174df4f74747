import path from "node:path";
import { isPrivateMediaKey, scopeOf } from "../signed-urls.ts";

/**
 * HLS playlists (RFC 8216) rewritten per fetch: every URI they name becomes an absolute link signed now. A URI is
 * either a line of its own (a variant playlist after `#EXT-X-STREAM-INF` in a master, else a media segment) or the
 * `URI="..."` attribute of a tag: rendition and I-frame playlists (`EXT-X-MEDIA`, `EXT-X-I-FRAME-STREAM-INF`,
 * `EXT-X-RENDITION-REPORT`), or media (`EXT-X-MAP` init segments, `EXT-X-KEY`/`EXT-X-SESSION-KEY` keys, parts,
 * preload hints, session data). Comments, other tags and blank lines are kept as they are.
 */
export type RefKind = "playlist" | "media";
export interface PlaylistRef {
  uri: string;
  kind: RefKind;
}

export class PlaylistError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PlaylistError";
  }
}

const PLAYLIST_URI_TAGS = new Set(["EXT-X-MEDIA", "EXT-X-I-FRAME-STREAM-INF", "EXT-X-RENDITION-REPORT"]);
/** An attribute of an attribute list: a quoted string (no quote or line break inside) or a plain value. */
const ATTRIBUTE_RE = /([A-Z0-9-]+)=("[^"\r\n]*"|[^,]*)/g;

type Line = { text: string } | { ref: PlaylistRef } | { tag: string; ref: PlaylistRef; before: string; after: string };

function parse(text: string): Line[] {
  const raw = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  if (raw[0]?.trim() !== "#EXTM3U") throw new PlaylistError("not an HLS playlist: it does not start with #EXTM3U");
  if (raw.at(-1) === "") raw.pop();
  const lines: Line[] = [];
  let variantNext = false;
  for (const line of raw) {
    const trimmed = line.trim();
    if (!trimmed || (trimmed.startsWith("#") && !trimmed.startsWith("#EXT"))) {
      lines.push({ text: line });
      continue;
    }
    if (!trimmed.startsWith("#")) {
      lines.push({ ref: { uri: trimmed, kind: variantNext ? "playlist" : "media" } });
      variantNext = false;
      continue;
    }
    const colon = trimmed.indexOf(":");
    const tag = trimmed.slice(1, colon < 0 ? undefined : colon);
    if (tag === "EXT-X-STREAM-INF") variantNext = true;
    const uri = colon < 0 ? null : uriAttribute(trimmed, colon + 1);
    if (!uri) {
      lines.push({ text: line });
      continue;
    }
    lines.push({
      tag,
      ref: { uri: uri.value, kind: PLAYLIST_URI_TAGS.has(tag) ? "playlist" : "media" },
      before: trimmed.slice(0, uri.start),
      after: trimmed.slice(uri.end),
    });
  }
  return lines;
}

/** Where the quoted value of a tag's `URI` attribute is (the quotes excluded); null when it has none. */
function uriAttribute(line: string, from: number): { value: string; start: number; end: number } | null {
  ATTRIBUTE_RE.lastIndex = from;
  for (let m = ATTRIBUTE_RE.exec(line); m; m = ATTRIBUTE_RE.exec(line)) {
    const [all, name, value] = m as unknown as [string, string, string];
    if (name !== "URI") continue;
    if (!value.startsWith('"') || value.length < 2) throw new PlaylistError(`a URI attribute is not quoted: ${line}`);
    const start = m.index + all.length - value.length + 1;
    return { value: value.slice(1, -1), start, end: start + value.length - 2 };
  }
  return null;
}

/** The URIs a playlist names, each once, in order. */
export function playlistRefs(text: string): PlaylistRef[] {
  const seen = new Map<string, PlaylistRef>();
  for (const line of parse(text)) {
    if ("ref" in line) seen.set(`${line.ref.kind} ${line.ref.uri}`, line.ref);
  }
  return [...seen.values()];
}

/**
 * The playlist with every URI replaced by what `link` makes of it (asked once per distinct URI, all at once: on
 * object storage each is a presigned URL). Lines end with `\n`.
 */
export async function rewritePlaylist(
  text: string,
  link: (ref: PlaylistRef) => string | Promise<string>,
): Promise<string> {
  const lines = parse(text);
  const made = new Map<string, Promise<string>>();
  const linkOf = (ref: PlaylistRef) => {
    const id = `${ref.kind} ${ref.uri}`;
    const known = made.get(id);
    if (known) return known;
    const url = Promise.resolve(link(ref));
    made.set(id, url);
    return url;
  };
  const out = await Promise.all(
    lines.map(async (line) => {
      if (!("ref" in line)) return line.text;
      const url = await linkOf(line.ref);
      if (!("tag" in line)) return url;
      if (url.includes('"')) throw new PlaylistError("a link cannot hold a quote");
      return `${line.before}${url}${line.after}`;
    }),
  );
  return `${out.join("\n")}\n`;
}

/**
 * The storage key a playlist's relative URI names, resolved against the playlist's own key: null for anything
 * that is not a relative path to a file of the same item (an absolute URL, a query, a climb out of the item).
 */
export function keyOfRef(uri: string, playlistKey: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith("/") || /[?#\\]/.test(uri)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(uri);
  } catch {
    return null;
  }
  const key = path.posix.normalize(`${path.posix.dirname(playlistKey)}/${decoded}`);
  return isPrivateMediaKey(key) && scopeOf(key) === scopeOf(playlistKey) ? key : null;
}
