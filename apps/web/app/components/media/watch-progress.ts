import {
  finishMarginOf,
  LOCAL_PROGRESS_KEY,
  PROGRESS_REPORT_MS,
  type WatchProgress,
} from "@marquee/contracts/watching";
import { browserApiUrl, buildUrl } from "../../lib/api.ts";
import { browserToken } from "../../lib/session.ts";

/** How many movies a visitor's browser remembers a position for (the oldest go first). */
const LOCAL_MAX = 50;

interface LocalEntry {
  position: number;
  at: number;
}

function readLocal(): Record<string, LocalEntry> {
  try {
    const parsed = JSON.parse(localStorage.getItem(LOCAL_PROGRESS_KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
}

function writeLocal(videoId: string, position: number | null) {
  try {
    const all = readLocal();
    delete all[videoId];
    if (position !== null) all[videoId] = { position, at: Date.now() };
    const kept = Object.entries(all)
      .sort((a, b) => b[1].at - a[1].at)
      .slice(0, LOCAL_MAX);
    localStorage.setItem(LOCAL_PROGRESS_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or refused (private mode): the movie simply starts at 0 next time.
  }
}

const progressUrl = (videoId: string) => buildUrl(browserApiUrl(), `/watching/progress/${encodeURIComponent(videoId)}`);

/** Where to resume a movie: the member's position on the server, a visitor's in this browser; 0 when none. */
export async function savedPosition(videoId: string): Promise<number> {
  const token = browserToken();
  if (!token) return readLocal()[videoId]?.position ?? 0;
  try {
    const res = await fetch(progressUrl(videoId), {
      headers: { Accept: "application/json", Authorization: `Bearer ${token}` },
      cache: "no-store",
    });
    if (!res.ok) return 0;
    return ((await res.json()) as WatchProgress).position;
  } catch {
    return 0;
  }
}

/**
 * Saves where the viewer is: a member's report to the API (kept alive past the page's end, so leaving saves it
 * too), a visitor's in localStorage. A position in the last seconds finishes the movie: it starts again at 0.
 */
export function reportPosition(videoId: string, position: number, duration: number) {
  if (!Number.isFinite(position) || position < 0) return;
  const token = browserToken();
  if (!token) {
    const known = Number.isFinite(duration) && duration > 0;
    writeLocal(videoId, known && position >= duration - finishMarginOf(duration) ? null : position);
    return;
  }
  void fetch(progressUrl(videoId), {
    method: "POST",
    keepalive: true,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      position: Math.round(position * 10) / 10,
      ...(Number.isFinite(duration) && duration > 0 ? { duration } : {}),
    }),
  }).catch(() => {
    // A lost report: the next one (within PROGRESS_REPORT_MS) says the same.
  });
}

/**
 * Resumes `video` where the viewer left off and reports its position while it plays: every PROGRESS_REPORT_MS, on
 * pause, at the end and when the page is left or hidden. Returns the function that stops it (and reports once more).
 */
export function trackProgress(video: HTMLVideoElement, videoId: string): () => void {
  let cancelled = false;
  // Tracking may begin as the viewer presses Play (VideoPlayer.tsx loads this module then): that counts as started.
  let started = !video.paused;
  let resumed = false;
  /**
   * The position as last seen with a stream attached: new links (or leaving) reset the element to 0 with no stream,
   * and what it says then is not where the viewer is.
   */
  let last = { position: 0, duration: Number.NaN };
  const attached = () => video.readyState >= HTMLMediaElement.HAVE_METADATA;
  const note = () => {
    if (attached()) last = { position: video.ended ? video.duration : video.currentTime, duration: video.duration };
  };
  const report = () => {
    note();
    if (started && last.position > 0) reportPosition(videoId, last.position, last.duration);
  };
  void savedPosition(videoId).then((position) => {
    if (cancelled || position <= 0) return;
    const seek = () => {
      // The viewer (or fresh links) moved it already: theirs stands.
      if (resumed || video.currentTime > 1) return;
      resumed = true;
      video.currentTime = position;
    };
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) seek();
    else video.addEventListener("loadedmetadata", seek, { once: true });
  });
  const onPlay = () => {
    started = true;
  };
  const onHidden = () => {
    if (document.visibilityState === "hidden") report();
  };
  video.addEventListener("play", onPlay);
  video.addEventListener("timeupdate", note);
  video.addEventListener("pause", report);
  video.addEventListener("ended", report);
  window.addEventListener("pagehide", report);
  document.addEventListener("visibilitychange", onHidden);
  const timer = window.setInterval(() => {
    if (!video.paused && !video.ended) report();
  }, PROGRESS_REPORT_MS);
  return () => {
    cancelled = true;
    if (started && last.position > 0) reportPosition(videoId, last.position, last.duration);
    window.clearInterval(timer);
    video.removeEventListener("play", onPlay);
    video.removeEventListener("timeupdate", note);
    video.removeEventListener("pause", report);
    video.removeEventListener("ended", report);
    window.removeEventListener("pagehide", report);
    document.removeEventListener("visibilitychange", onHidden);
  };
}
