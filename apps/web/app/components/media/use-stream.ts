import type { CaptionTrack } from "@marquee/contracts/captions";
import type { StripGrid } from "@marquee/contracts/videos";
import type HlsType from "hls.js";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { browserApiUrl, buildUrl } from "../../lib/api.ts";
import { browserToken } from "../../lib/session.ts";
import { createLinkRenewal, type LinkRenewal } from "./link-renewal.ts";
import { fetchFreshMedia, isLinkRefused, type Refreshed, shouldRefresh } from "./playback-recovery.ts";
import { type Quality, qualitiesOf } from "./player-actions.ts";
import { renewingLoaders } from "./renewing-loaders.ts";
import { browserBandwidth, chooseStartLevel, rememberBandwidth } from "./start-level.ts";

const HLS_TYPE = "application/vnd.apple.mpegurl";
/** `MediaError.MEDIA_ERR_DECODE`: the element got the bytes and could not play them. */
const MEDIA_ERR_DECODE = 3;

export interface PlayableMedia {
  /** Signed HLS master playlist. */
  hls: string;
  /** Signed MP4 of the same movie, for browsers without HLS. */
  mp4: string;
  /** Its caption tracks (signed WebVTT links on the site's origin), as `<track>` elements of the video. */
  captions?: CaptionTrack[];
  /** How long the segment links of its playlists live: hls.js renews them before (none: no renewal). */
  segmentTtlSec?: number;
  /** The seek bar's thumbnail strip and its layout. */
  strip?: string | null;
  stripGrid?: StripGrid | null;
}

export type Source = "hls" | "hls.js" | "mp4";
export type { Quality };

export interface Stream {
  source: Source | null;
  /** The renditions, highest first; empty where they are not known (native HLS, the MP4). */
  qualities: Quality[];
  /** The rendition playing now (hls.js level index), -1 before the first. */
  level: number;
  /** Whether hls.js chooses the rendition (Auto) or the viewer picked one. */
  auto: boolean;
  /** -1 for Auto. */
  setQuality: (index: number) => void;
}

/** Where a reload resumes: the position, and whether the movie was playing. */
interface Resume {
  position: number;
  playing: boolean;
}

/**
 * Attaches the movie's stream to `videoRef`'s element: hls.js (loaded on demand, on the client only) wherever the
 * browser has Media Source Extensions, else native HLS (older iPhones); when neither works, or the stream fails, the
 * MP4. Through hls.js, links are renewed while it plays (link-renewal.ts); natively (the element cannot be given
 * fresh links), a refused playlist or segment, or the element's own failure, asks the API for fresh links
 * (playback-recovery.ts) and starts again at the same position. `clicked` says the viewer pressed Play.
 *
 * Nothing is attached (hls.js is not even fetched) until `wanted`: the viewer showed they may play it (pointed at,
 * touched, focused or pressed a key on the player, or pressed Play). hls.js and the first segments then do not
 * compete with the page's first load, and a page left unwatched costs no stream.
 */
export function useStream({
  videoRef,
  playerRef,
  media,
  videoId,
  clicked,
  wanted,
  onLost,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  playerRef: RefObject<HTMLElement | null>;
  media: PlayableMedia;
  videoId: string;
  clicked: RefObject<boolean>;
  wanted: boolean;
  onLost?: (message: string) => void;
}): Stream & { links: PlayableMedia } {
  // The links of the first render: a revalidated page signs new ones, which must not restart the movie. Fresh links
  // the player asked for itself replace them.
  const [links, setLinks] = useState<PlayableMedia>(media);
  const { hls, mp4, segmentTtlSec } = links;
  const [source, setSource] = useState<Source | null>(null);
  const [qualities, setQualities] = useState<Quality[]>([]);
  const [level, setLevel] = useState(-1);
  const [auto, setAuto] = useState(true);
  const hlsRef = useRef<HlsType | null>(null);
  const resume = useRef<Resume | null>(null);
  /** Once the stream failed for good, fresh links play the MP4 too. */
  const mp4Only = useRef(false);
  const refreshes = useRef<number[]>([]);
  const refreshing = useRef(false);
  const lostRef = useRef(onLost);
  lostRef.current = onLost;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !wanted) return;
    let cancelled = false;
    let destroy: (() => void) | null = null;
    const here = (): Resume => ({ position: video.currentTime, playing: !video.paused });
    // Where the previous links left off (fresh links), else the start.
    const from = resume.current;
    resume.current = null;
    const seekOnLoad = (at: Resume | null) => {
      if (!at || at.position <= 0) return;
      video.addEventListener("loadedmetadata", () => (video.currentTime = at.position), { once: true });
    };
    // With no position to resume, the viewer's click decides: a click on Play before the stream was attached is
    // undone by the attaching (the element's load resets it to paused), so it is played again once attached.
    const playIf = (at: Resume | null) => {
      if (at ? at.playing : clicked.current) play(video);
    };
    const freshUrl = buildUrl(browserApiUrl(), `/user/assets/videos/${encodeURIComponent(videoId)}/media`);
    /** Access is gone: playback stops where it is, and the page says why. */
    const lose = (message: string) => {
      destroy?.();
      destroy = null;
      video.pause();
      lostRef.current?.(message);
    };

    /**
     * Fresh links for a failure (`status` of the refused request, null when unknown); false when none are asked
     * for, so the caller falls back. The effect runs again with the new links, resuming where this one was.
     */
    const refresh = (status: number | null): boolean => {
      if (refreshing.current) return true;
      if (!shouldRefresh(status, refreshes.current, Date.now())) return false;
      refreshing.current = true;
      refreshes.current = [...refreshes.current, Date.now()];
      const at = here();
      void fetchFreshMedia(freshUrl, browserToken()).then((result: Refreshed) => {
        refreshing.current = false;
        if (cancelled) return;
        if (result.kind === "links") {
          resume.current = at;
          setLinks(result.media);
        } else if (result.kind === "lost") {
          lose(result.message);
        } else {
          playMp4();
        }
      });
      return true;
    };

    const forgetLevels = () => {
      hlsRef.current = null;
      setQualities([]);
      setLevel(-1);
      setAuto(true);
    };
    // The MP4 a failed stream falls back to resets the element to paused: it plays on from where the stream
    // stopped if the viewer was playing it (a stream that has not loaded yet waits unpaused for it).
    const playMp4 = (at: Resume | null = here()) => {
      if (cancelled) return;
      mp4Only.current = true;
      destroy?.();
      destroy = null;
      forgetLevels();
      video.src = mp4;
      seekOnLoad(at);
      setSource("mp4");
      playIf(at);
    };
    // The element failed on its own (native HLS, the MP4): unless it could not decode the movie, its links may have
    // run out (it does not tell the status); else the stream falls back to the MP4 once.
    const onElementError = () => {
      if (video.error?.code !== MEDIA_ERR_DECODE && refresh(null)) return;
      if (!mp4Only.current) playMp4();
    };
    video.addEventListener("error", onElementError);

    /** Native HLS: the element fetches the playlists itself, and cannot be given fresh links while it plays. */
    const playNative = () => {
      video.src = hls;
      seekOnLoad(from);
      setSource("hls");
      playIf(from);
    };
    if (mp4Only.current) {
      playMp4(from);
    } else {
      import("hls.js")
        .then(({ default: Hls }) => {
          if (cancelled) return;
          if (!Hls.isSupported()) return video.canPlayType(HLS_TYPE) ? playNative() : playMp4(from);
          const renewal: LinkRenewal | null = segmentTtlSec
            ? createLinkRenewal({
                segmentTtlSec,
                fetchPlaylist: async (url) => {
                  const res = await fetch(url, { cache: "no-store" });
                  return { status: res.status, text: await res.text() };
                },
                freshMedia: () => fetchFreshMedia(freshUrl, browserToken()),
                onLost: (message) => {
                  if (!cancelled) lose(message);
                },
                isPlaying: () => !video.paused && !video.ended,
              })
            : null;
          const onPlay = () => renewal?.resumed();
          video.addEventListener("play", onPlay);
          const bandwidth = browserBandwidth();
          // No worker: the page's CSP allows no blob: workers, and short clips do not need one. The load starts once
          // the manifest says which renditions there are, at the one that fits the player (start-level.ts).
          const player = new Hls({
            enableWorker: false,
            capLevelToPlayerSize: true,
            autoStartLoad: false,
            abrEwmaDefaultEstimate: bandwidth,
            ...(renewal ? renewingLoaders(Hls.DefaultConfig.loader, renewal) : {}),
          });
          hlsRef.current = player;
          player.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
            const box = (playerRef.current ?? video).getBoundingClientRect();
            player.startLevel = chooseStartLevel({
              levels: data.levels,
              playerWidth: box.width,
              playerHeight: box.height,
              devicePixelRatio: window.devicePixelRatio,
              bandwidthBps: bandwidth,
            });
            setQualities(qualitiesOf(data.levels));
            player.startLoad(from?.position ?? -1);
          });
          player.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => setLevel(data.level));
          // hls.js has retried a fatal network error already; a fatal media error (a stalled or corrupt buffer)
          // is recovered once, as hls.js advises, before the MP4 takes over. A refused playlist or segment that
          // renewal did not cure (its link ran out, or access went) asks for fresh links first.
          let recovered = false;
          let measured = 0;
          player.on(Hls.Events.FRAG_LOADED, () => {
            // Playing again: the refreshes so far were not a loop.
            if (refreshes.current.length) refreshes.current = [];
            // What the link carried, for the next movie's start (once hls.js has measured more than its default).
            if (++measured >= 2 && player.bandwidthEstimate !== player.abrEwmaDefaultEstimate) {
              rememberBandwidth(player.bandwidthEstimate);
            }
          });
          player.on(Hls.Events.ERROR, (_event, data) => {
            if (renewal?.lost) return;
            const status = data.type === Hls.ErrorTypes.NETWORK_ERROR ? (data.response?.code ?? null) : null;
            if (isLinkRefused(status) && refresh(status)) return;
            if (!data.fatal) return;
            if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
              recovered = true;
              player.recoverMediaError();
              return;
            }
            console.warn(`hls.js: ${data.details}; playing the MP4`);
            playMp4();
          });
          player.loadSource(hls);
          player.attachMedia(video);
          destroy = () => {
            renewal?.stop();
            video.removeEventListener("play", onPlay);
            player.destroy();
            if (hlsRef.current === player) forgetLevels();
          };
          setSource("hls.js");
          playIf(from);
        })
        .catch(() => (video.canPlayType(HLS_TYPE) ? playNative() : playMp4(from)));
    }
    return () => {
      cancelled = true;
      // Fresh links replace these: they resume as the viewer is now, not as when they were asked for. A click on Play
      // in between would otherwise be lost, as the reset below leaves the element paused (the MP4 then sat at 0).
      if (resume.current)
        resume.current = { position: video.currentTime || resume.current.position, playing: !video.paused };
      video.removeEventListener("error", onElementError);
      destroy?.();
      video.removeAttribute("src");
      video.load();
    };
  }, [hls, mp4, segmentTtlSec, videoId, videoRef, playerRef, clicked, wanted]);

  const setQuality = useCallback((index: number) => {
    const player = hlsRef.current;
    if (!player) return;
    // Switches now (the buffer ahead is dropped), so the choice shows at once; -1 hands it back to hls.js.
    player.currentLevel = index;
    setAuto(index === -1);
  }, []);

  return { links, source, qualities, level, auto, setQuality };
}

export function play(video: HTMLVideoElement) {
  void video.play().catch(() => {
    // Autoplay policies aside, a click always may play; if it still refuses, the controls are there.
  });
}
