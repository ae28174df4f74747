/**
 * How the movie player recovers when its links fail (issue 21). A movie's segment links live a few minutes
 * (MEDIA_SEGMENT_TTL_SEC) and its playlists are refused as soon as the viewer may no longer watch. Through hls.js
 * they are renewed while it plays (link-renewal.ts); what that does not cure, and native HLS, which cannot be given
 * fresh links, falls back to this: a refused or vanished playlist or segment (403, 404, 410), or a failure of
 * the element's own loading (native HLS, the MP4: no status is known), makes the player ask the API for fresh links,
 * a bounded number of times a minute, and resume where it was; when the API says access is gone, the movie's stage
 * shows it locked with the API's message.
 */
import type { VideoMedia } from "@marquee/contracts/videos";
import type { CallToAction } from "../../lib/access-cta.ts";

/** Fresh links asked for at most this often within REFRESH_WINDOW_MS: a file that keeps failing is not a loop. */
export const MAX_REFRESHES = 3;
export const REFRESH_WINDOW_MS = 60_000;
export const GONE_MESSAGE = "This movie is no longer available.";

/** Statuses of a playlist or segment request that fresh links may cure: run out, refused, taken away. */
export const isLinkRefused = (status: number | null | undefined) => status === 403 || status === 404 || status === 410;

/**
 * Whether to ask for fresh links after a failure: `status` is the failed request's (null when the element failed
 * without telling), `recent` the times of the refreshes made so far.
 */
export function shouldRefresh(status: number | null, recent: readonly number[], now: number): boolean {
  if (status !== null && !isLinkRefused(status)) return false;
  return recent.filter((at) => now - at < REFRESH_WINDOW_MS).length < MAX_REFRESHES;
}

export type Refreshed =
  | { kind: "links"; media: VideoMedia }
  /** The viewer may no longer watch (403) or the movie is gone for them (404): the message to show. */
  | { kind: "lost"; message: string }
  /** Anything else (the API unreachable, a server error): the player falls back as for any failure. */
  | { kind: "failed" };

/** What the API's answer to `GET /user/assets/videos/:id/media` means for the player. */
export function refreshedOf(status: number, body: unknown): Refreshed {
  const json = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  if (status === 200 && typeof json.hls === "string" && typeof json.mp4 === "string") {
    return { kind: "links", media: body as VideoMedia };
  }
  if (status === 403) {
    return { kind: "lost", message: typeof json.message === "string" && json.message ? json.message : GONE_MESSAGE };
  }
  if (status === 404) return { kind: "lost", message: GONE_MESSAGE };
  return { kind: "failed" };
}

/** Asks the API for fresh links to movie `id` (the viewer's session token, if any, with it). */
export async function fetchFreshMedia(url: string, token: string | null): Promise<Refreshed> {
  try {
    const res = await fetch(url, {
      headers: { Accept: "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    return refreshedOf(res.status, await res.json().catch(() => null));
  } catch {
    return { kind: "failed" };
  }
}

/**
 * The locked stage of a movie whose access went during playback: the API's message as its title, with the ways in
 * the movie's lock offers now (buy it again, become a member), when it has any.
 */
export function lostAccessCta(message: string, now: CallToAction | null): CallToAction {
  return {
    reason: now?.reason ?? "visitor",
    title: message,
    text: now?.text ?? "",
    actions: now?.actions ?? [],
  };
}
