import type { CaptionTrack } from "@marquee/contracts/captions";
import type { Image } from "@marquee/contracts/catalogue";
import { IconPlayerPlayFilled } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { browserApiUrl, buildUrl } from "../../lib/api.ts";
import { browserToken } from "../../lib/session.ts";
import { createLinkRenewal, type LinkRenewal } from "./link-renewal.ts";
import styles from "./media.module.css";
import { fetchFreshMedia, isLinkRefused, type Refreshed, shouldRefresh } from "./playback-recovery.ts";
import { renewingLoaders } from "./renewing-loaders.ts";
import { StagePoster } from "./StagePoster.tsx";
import { trackProgress } from "./watch-progress.ts";

const HLS_TYPE = "application/vnd.apple.mpegurl";
/** `MediaError.MEDIA_ERR_DECODE`: the element got the bytes and could not play them. */
const MEDIA_ERR_DECODE = 3;

export interface PlayableMedia {
  /** Signed HLS master playlist. */
  hls: string;
  /** Signed MP4 of the same movie, for browsers without HLS. */
  mp4: string;
  /** How long the segment links of its playlists live: hls.js renews them before (none: no renewal). */
  segmentTtlSec?: number;
  /** Its caption tracks (signed WebVTT links on the site's origin), as `<track>` elements of the video. */
  captions?: CaptionTrack[];
}

/** Where a reload resumes: the position, and whether the movie was playing. */
interface Resume {
  position: number;
  playing: boolean;
}

/**
 * The movie player: a 16:9 box (no layout shift) showing the poster and a play button until the viewer starts it.
 * Streams HLS through hls.js (loaded on demand, on the client only) wherever the browser has Media Source
 * Extensions, else natively (older iPhones); when neither works, or the stream fails, it plays the MP4.
 *
 * Its links run out by design (segments after MEDIA_SEGMENT_TTL_SEC) and are refused once the viewer may no longer
 * watch. Through hls.js they are renewed while it plays (link-renewal.ts): the same player goes on, at the same
 * position, quality and buffer. Natively (the element cannot be given fresh links), a refused playlist or segment,
 * or the element's own failure, asks the API for fresh links (playback-recovery.ts) and starts again at the same
 * position. `onLost` gets the API's message when access is gone.
 */
export function VideoPlayer({
  media,
  poster,
  title,
  videoId,
  onLost,
}: {
  media: PlayableMedia;
  poster: Image | null;
  title: string;
  videoId: string;
  onLost?: (message: string) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  // The links of the first render: a revalidated page signs new ones, which must not restart the movie. Fresh links
  // the player asked for itself replace them.
  const [{ hls, mp4, segmentTtlSec, captions = [] }, setLinks] = useState<PlayableMedia>(media);
  const [started, setStarted] = useState(false);
  const [source, setSource] = useState<"hls" | "hls.js" | "mp4" | null>(null);
  const resume = useRef<Resume | null>(null);
  /** The viewer pressed Play. */
  const clicked = useRef(false);
  /** Once the stream failed for good, fresh links play the MP4 too. */
  const mp4Only = useRef(false);
  const refreshes = useRef<number[]>([]);
  const refreshing = useRef(false);
  const lostRef = useRef(onLost);
  lostRef.current = onLost;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
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

    // The MP4 a failed stream falls back to resets the element to paused: it plays on from where the stream
    // stopped if the viewer was playing it (a stream that has not loaded yet waits unpaused for it).
    const playMp4 = (at: Resume | null = here()) => {
      if (cancelled) return;
      mp4Only.current = true;
      destroy?.();
      destroy = null;
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
          // No worker: the page's CSP allows no blob: workers, and short clips do not need one.
          const player = new Hls({
            enableWorker: false,
            capLevelToPlayerSize: true,
            startLevel: -1,
            startPosition: from?.position ?? -1,
            ...(renewal ? renewingLoaders(Hls.DefaultConfig.loader, renewal) : {}),
          });
          // hls.js has retried a fatal network error already; a fatal media error (a stalled or corrupt buffer)
          // is recovered once, as hls.js advises, before the MP4 takes over. A refused playlist or segment that
          // renewal did not cure (its link ran out, or access went) asks for fresh links first.
          let recovered = false;
          player.on(Hls.Events.FRAG_LOADED, () => {
            // Playing again: the refreshes so far were not a loop.
            if (refreshes.current.length) refreshes.current = [];
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
  }, [hls, mp4, segmentTtlSec, videoId]);

  // Where the viewer left off (the server for members, this browser for visitors), and their position reported as
  // they watch: a reload resumes there.
  useEffect(() => {
    const video = videoRef.current;
    return video ? trackProgress(video, videoId) : undefined;
  }, [videoId]);

  const start = () => {
    const video = videoRef.current;
    if (!video) return;
    setStarted(true);
    clicked.current = true;
    video.focus();
    // Before hls.js has attached its stream the element waits for one, and plays when it comes.
    play(video);
  };

  return (
    <div className={styles.stage} data-testid="movie-player" data-source={source ?? ""}>
      {/* biome-ignore lint/a11y/useMediaCaption: the caption tracks are the ones uploaded for the movie, if any */}
      <video
        ref={videoRef}
        className={styles.video}
        controls={started}
        playsInline
        preload="metadata"
        aria-label={title}
        onPlay={() => setStarted(true)}
      >
        {/* Same-origin links (the API answers caption files itself, on every storage): no crossOrigin needed. */}
        {captions.map((c) => (
          <track key={c.language} kind="subtitles" srcLang={c.language} label={c.label} src={c.url} />
        ))}
      </video>
      {/* The poster is an image over the video until it starts, not the video's `poster`: a <video> fetches that
          late, at low priority and in one size for every screen. */}
      {!started && poster && <StagePoster image={poster} alt="" />}
      {!started && (
        <button type="button" className={styles.playOverlay} onClick={start} aria-label="Play movie">
          <span className={styles.playButton}>
            <IconPlayerPlayFilled size={36} aria-hidden />
          </span>
        </button>
      )}
    </div>
  );
}

function play(video: HTMLVideoElement) {
  void video.play().catch(() => {
    // Autoplay policies aside, a click always may play; if it still refuses, the controls are there.
  });
}
