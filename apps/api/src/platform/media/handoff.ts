import { statSync } from "node:fs";
import path from "node:path";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The hand-off of a media file to the server in front of the API (issue 21, part 2): once the API has checked the
 * link, the access and the take-down, it answers with an empty body and `X-Accel-Redirect: <prefix><key>` plus the
 * headers the file needs, and the proxy (nginx's `internal` location, Caddy's `handle_response`, or the web server
 * on the embedded default) sends the bytes from MEDIA_DIR itself, with its own Range, HEAD and conditional handling.
 *
 * When: always with MEDIA_ACCEL_REDIRECT set (a proxy in front that handles the header); otherwise only for a
 * request that asks for it with `X-Sendfile-Type: X-Accel-Redirect` (Rack::Sendfile's convention) and comes from a
 * trusted proxy (TRUSTED_PROXIES, by the address of the connection): a client cannot turn it on for itself.
 *
 * How long the server in front may reuse the hand-off for the same URL without asking again: `X-Accel-Expires:
 * <seconds>` (nginx's cache honours it, the web server's own hand-offs too): MEDIA_HANDOFF_CACHE_SEC, ending a
 * second before the link does; absent when that is 0, and never on a playlist (made per fetch) or a refusal. This
 * bound is how late a take-down, a refund or a lapsed membership reaches a link already being fetched.
 */

/** The prefix of the hand-off's location when MEDIA_ACCEL_REDIRECT is unset (the web server reads the same default). */
export const DEFAULT_ACCEL_PREFIX = "/_media/";
export const ACCEL_REDIRECT_HEADER = "x-accel-redirect";
/** The request header by which a trusted proxy asks for the hand-off, and its value. */
export const SENDFILE_TYPE_HEADER = "x-sendfile-type";
const SENDFILE_TYPE = "x-accel-redirect";

/**
 * Keys that go into the header as they are: a proxy takes the header's value as a path without decoding it, and
 * `?`, `%`, spaces or a dot segment would change what it opens. Other keys are streamed by the API as before.
 */
const PLAIN_KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

export interface MediaHandoff {
  /** The `X-Accel-Redirect` value for `key` when this request is to be handed off; null: the API streams it. */
  targetFor(req: FastifyRequest, key: string): string | null;
  /**
   * The seconds the hand-off of `key` may be reused (X-Accel-Expires): MEDIA_HANDOFF_CACHE_SEC, ending before the
   * link does (`linkSec`, its remaining life, for private media); 0 for a playlist, which is made per fetch.
   */
  reuseSec(key: string, linkSec?: number): number;
}

/** HLS playlists: answered per fetch, never reused. */
const PLAYLIST = /\.m3u8$/i;

export function createMediaHandoff(opts: {
  prefix: string | null;
  trustedProxies: string[];
  /** MEDIA_HANDOFF_CACHE_SEC */
  cacheSec: number;
}): MediaHandoff {
  const trusted = proxyAddr.compile([...opts.trustedProxies]);
  const prefix = opts.prefix ?? DEFAULT_ACCEL_PREFIX;
  const always = opts.prefix !== null;
  const asked = (req: FastifyRequest) => {
    const value = req.headers[SENDFILE_TYPE_HEADER];
    if (typeof value !== "string" || value.trim().toLowerCase() !== SENDFILE_TYPE) return false;
    const peer = req.raw.socket?.remoteAddress;
    return !!peer && trusted(peer, 0);
  };
  return {
    targetFor(req, key) {
      if (!PLAIN_KEY.test(key)) return null;
      return always || asked(req) ? `${prefix}${key}` : null;
    },
    reuseSec(key, linkSec = Number.POSITIVE_INFINITY) {
      if (PLAYLIST.test(key)) return 0;
      // A second short of the link's life: nginx counts whole seconds, and may keep it up to one more.
      return Math.max(0, Math.min(opts.cacheSec, Math.floor(linkSec) - 1));
    },
  };
}

/**
 * Whether `root/key` is a regular file (a missing file or a folder is not). A blocking `stat`, as nginx's own file
 * lookups are: about 1 µs for a file whose inode is cached, where the thread pool's round trip costs ten times that
 * and made a third of the API's CPU per hand-off (measured with bench:media's load on this machine).
 */
export function isFile(root: string, key: string): boolean {
  try {
    return statSync(path.join(root, key)).isFile();
  } catch {
    return false;
  }
}

/**
 * Answers with the hand-off: no body, the location and the headers the file is to be served with, and for how long
 * it may be reused (`reuseSec`, see MediaHandoff.reuseSec). X-Accel-Expires comes first: nginx before 1.23 lets a
 * `Cache-Control: private` seen before it forbid the caching.
 */
export function handOff(reply: FastifyReply, target: string, headers: Record<string, string>, reuseSec: number) {
  return reply
    .code(200)
    .headers({
      ...(reuseSec > 0 ? { "X-Accel-Expires": String(reuseSec) } : {}),
      ...headers,
      "X-Accel-Redirect": target,
    })
    .send();
}
