/**
 * Seamless renewal of a movie's short-lived links (issue 21). The API answers an HLS media playlist with every
 * segment link signed for MEDIA_SEGMENT_TTL_SEC (`segmentTtlSec` of the playback answer), and decides the viewer's
 * access again at every playlist fetch. So, while a movie plays, the player fetches the playlists it uses again
 * before their links run out, and loads each segment through the freshest link to it (renewing-loaders.ts puts this
 * into hls.js): position, buffer, quality and play/pause state stay as they are. A refused renewal asks the API why;
 * when access is gone, playback stops there with the API's message.
 *
 * A playlist answered again names the same files in the same order, so a segment's fresh link is the one at the
 * position its first link had.
 */
import type { Refreshed } from "./playback-recovery.ts";

/**
 * On object storage a playlist is made once per fifth of the segment TTL and shared (apps/api platform/media/
 * grants.ts), so a playlist answered now may hold links already that old; a link's expiry is rounded down to the
 * second.
 */
const SHARED_WINDOW = 5;
/** Renewal starts this long before the links may run out (a fifth of their life, 2 s to a minute). */
const MIN_MARGIN_MS = 2_000;
const MAX_MARGIN_MS = 60_000;
/**
 * A renewal that failed for no known reason (the network, a server error) is tried again this soon, twice as late
 * after each further failure, up to MAX_RETRY_MS.
 */
export const RETRY_MS = 2_000;
const MAX_RETRY_MS = 30_000;

/** How long the links of a playlist fetched now surely work: its TTL less the shared window and rounding. */
export function safeLifeMs(segmentTtlSec: number): number {
  const ttlMs = segmentTtlSec * 1000;
  return Math.max(1_000, ttlMs - ttlMs / SHARED_WINDOW - 1_000);
}

/**
 * How long after fetching a playlist the player fetches it again: a margin before its links may run out, enough for
 * the playlist's own fetch and for a segment request started just before. 10 s -> 5 s, 300 s -> 179.25 s.
 */
export function renewalDelayMs(segmentTtlSec: number): number {
  const life = safeLifeMs(segmentTtlSec);
  const margin = Math.min(MAX_MARGIN_MS, Math.max(MIN_MARGIN_MS, life / 4));
  return Math.max(500, life - margin);
}

/**
 * The links an HLS playlist names, absolute, in order: the URI lines (a master's variants, a media playlist's
 * segments) and the `URI="..."` attributes of tags (renditions, init segments, keys). `base`, the playlist's own
 * link, may be relative to the page.
 */
export function linksOf(text: string, base: string): string[] {
  // hls.js is given the API's root-relative links: they are the page's.
  const from = new URL(base, typeof location === "undefined" ? undefined : location.href);
  const links: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (!line.startsWith("#")) {
      links.push(new URL(line, from).href);
      continue;
    }
    const uri = /[:,]URI="([^"]*)"/.exec(line)?.[1];
    if (uri !== undefined && line.startsWith("#EXT")) links.push(new URL(uri, from).href);
  }
  return links;
}

export const isMasterPlaylist = (text: string) => /^#EXT-X-STREAM-INF:/m.test(text);

interface Tracked {
  /** Where it is fetched now: the link hls.js has, or a newer grant's after the grant ran out. */
  url: string;
  links: string[];
  fetchedAt: number;
  /** When a segment of it was last loaded (0: never). */
  usedAt: number;
  /** Not renewed again before this (after renewals that failed: `failures` in a row). */
  retryAt: number;
  failures: number;
  renewing: Promise<boolean> | null;
}

export interface RenewalDeps {
  segmentTtlSec: number;
  /** A playlist as the API answers it now. */
  fetchPlaylist(url: string): Promise<{ status: number; text: string }>;
  /** The API's decision after a refused renewal: fresh links to the movie, access lost, or no answer. */
  freshMedia(): Promise<Refreshed>;
  /** Access is gone: playback stops with this message. */
  onLost(message: string): void;
  /** Whether the movie plays now (a paused movie fetches nothing until a segment is needed). */
  isPlaying(): boolean;
  now?: () => number;
}

export type LinkRenewal = ReturnType<typeof createLinkRenewal>;

export function createLinkRenewal(deps: RenewalDeps) {
  const now = deps.now ?? (() => performance.now());
  const delayMs = renewalDelayMs(deps.segmentTtlSec);
  const lifeMs = safeLifeMs(deps.segmentTtlSec);
  /** The playlists by every URL hls.js knows them by. */
  const playlists = new Map<string, Tracked>();
  /** Each segment link hls.js has: its playlist and position there. */
  const positions = new Map<string, { playlist: Tracked; index: number }>();
  let master: { url: string; links: string[] } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let lost = false;

  function track(url: string, text: string, from: string) {
    const links = linksOf(text, from);
    const known = playlists.get(url);
    const playlist: Tracked = known ?? {
      url: from,
      links,
      fetchedAt: now(),
      usedAt: 0,
      retryAt: 0,
      failures: 0,
      renewing: null,
    };
    if (known) Object.assign(known, { links, fetchedAt: now() });
    playlists.set(url, playlist);
    for (const [index, link] of links.entries()) positions.set(link, { playlist, index });
    schedule();
  }

  /** The playlist's grant ran out (hours after the page): the same variant of a fresh master, by position. */
  async function regrant(playlist: Tracked, hls: string): Promise<boolean> {
    if (!master) return false;
    const position = master.links.indexOf(playlist.url);
    const fresh = await deps.fetchPlaylist(hls);
    if (position < 0 || fresh.status !== 200) return false;
    const url = linksOf(fresh.text, hls)[position];
    if (!url) return false;
    master = { url: hls, links: linksOf(fresh.text, hls) };
    playlist.url = url;
    return fetchInto(playlist, false);
  }

  /** Fetches the playlist again; false when its links could not be renewed (yet). */
  async function fetchInto(playlist: Tracked, mayRegrant = true): Promise<boolean> {
    let answer: { status: number; text: string };
    try {
      answer = await deps.fetchPlaylist(playlist.url);
    } catch {
      return false;
    }
    if (stopped) return false;
    if (answer.status === 200) {
      const links = linksOf(answer.text, playlist.url);
      if (links.length !== playlist.links.length) return false;
      Object.assign(playlist, { links, fetchedAt: now() });
      return true;
    }
    if (answer.status !== 403 && answer.status !== 404 && answer.status !== 410) return false;
    // Refused: access gone, or the playlist's own grant ran out. The API says which.
    const verdict = await deps.freshMedia();
    if (stopped) return false;
    if (verdict.kind === "lost") {
      lost = true;
      stop();
      deps.onLost(verdict.message);
      return false;
    }
    return verdict.kind === "links" && mayRegrant ? regrant(playlist, verdict.media.hls) : false;
  }

  function renew(playlist: Tracked): Promise<boolean> {
    if (stopped) return Promise.resolve(false);
    if (!playlist.renewing) {
      playlist.renewing = fetchInto(playlist)
        .catch(() => false)
        .then((ok) => {
          playlist.renewing = null;
          playlist.failures = ok ? 0 : playlist.failures + 1;
          playlist.retryAt = ok ? 0 : now() + Math.min(MAX_RETRY_MS, RETRY_MS * 2 ** (playlist.failures - 1));
          schedule();
          return ok;
        });
    }
    return playlist.renewing;
  }

  /** The playlists in use: the one a segment was last loaded from, and any other used since its last renewal. */
  function inUse(): Tracked[] {
    const all = [...new Set(playlists.values())].filter((p) => p.usedAt > 0);
    const last = all.reduce<Tracked | null>((a, p) => (!a || p.usedAt > a.usedAt ? p : a), null);
    return all.filter((p) => p === last || p.usedAt > p.fetchedAt);
  }

  function schedule() {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    const due = inUse().map((p) => Math.max(p.fetchedAt + delayMs, p.retryAt) - now());
    // Nothing in use yet: look again once a segment may have been loaded.
    const wait = due.length ? Math.max(250, Math.min(...due)) : delayMs;
    timer = setTimeout(tick, wait);
  }

  function tick() {
    timer = null;
    if (stopped) return;
    const at = now();
    const due = inUse().filter((p) => at - p.fetchedAt >= delayMs && at >= p.retryAt);
    if (!deps.isPlaying() || due.length === 0) {
      // Paused: nothing is fetched; a segment needed meanwhile renews its playlist first (`linkFor`).
      if (!deps.isPlaying()) timer = setTimeout(tick, 1_000);
      else schedule();
      return;
    }
    for (const p of due) void renew(p);
  }

  function stop() {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
  }

  return {
    /** A playlist hls.js loaded (`url` as it asked for it): a master's variants, or a media playlist's links. */
    sawPlaylist(url: string, text: string, from = url) {
      if (isMasterPlaylist(text)) master = { url: from, links: linksOf(text, from) };
      else track(url, text, from);
    },
    /** Where to fetch a playlist hls.js asks for by `url` (a newer grant's link once the first ran out). */
    playlistUrl: (url: string) => playlists.get(url)?.url ?? url,
    /**
     * The freshest link to the segment hls.js asks for by `url`. Links that may have run out (a paused movie, a
     * throttled tab) are renewed first; links due for renewal are renewed meanwhile.
     */
    async linkFor(url: string): Promise<string> {
      const at = positions.get(url);
      if (!at) return url;
      const { playlist, index } = at;
      playlist.usedAt = now();
      const age = now() - playlist.fetchedAt;
      if (age >= lifeMs) await renew(playlist);
      else if (age >= delayMs) void renew(playlist);
      return playlist.links[index] ?? url;
    },
    /**
     * A segment request was refused (403/410: its link ran out) after starting at `since`: its playlist is renewed
     * once, unless a renewal already ended after that. The link to retry with, or null (access gone, no renewal).
     */
    async afterRefusal(url: string, since: number): Promise<string | null> {
      const at = positions.get(url);
      if (!at || lost) return null;
      const ok = at.playlist.fetchedAt > since ? true : await renew(at.playlist);
      return ok ? (at.playlist.links[at.index] ?? null) : null;
    },
    now,
    stop,
    /** The movie started or resumed: playlists due while it was paused are renewed now. */
    resumed() {
      if (!stopped) tick();
    },
    get lost() {
      return lost;
    },
  };
}
