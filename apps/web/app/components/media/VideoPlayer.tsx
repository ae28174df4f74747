import type { Image } from "@marquee/contracts/catalogue";
import { IconPlayerPlayFilled } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import styles from "./media.module.css";
import { StagePoster } from "./StagePoster.tsx";

const HLS_TYPE = "application/vnd.apple.mpegurl";

export interface PlayableMedia {
  /** Signed HLS master playlist. */
  hls: string;
  /** Signed MP4 of the same movie, for browsers without HLS. */
  mp4: string;
}

/**
 * The movie player: a 16:9 box (no layout shift) showing the poster and a play button until the viewer starts it.
 * Streams HLS natively where the browser can (Safari, recent Chromium), else through hls.js, loaded on demand on
 * the client only; when neither works, or the stream fails, it plays the MP4.
 */
export function VideoPlayer({ media, poster, title }: { media: PlayableMedia; poster: Image | null; title: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  // The links of the first render: a revalidated page signs new ones, which must not restart the movie.
  const [{ hls, mp4 }] = useState(media);
  const [started, setStarted] = useState(false);
  const [source, setSource] = useState<"hls" | "hls.js" | "mp4" | null>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let destroy: (() => void) | null = null;
    // The MP4 a failed stream falls back to resets the element to paused: it plays on from where the stream
    // stopped if the viewer was playing it (a stream that has not loaded yet waits unpaused for it).
    const playMp4 = () => {
      if (cancelled) return;
      const [position, playing] = [video.currentTime, !video.paused];
      destroy?.();
      destroy = null;
      video.src = mp4;
      if (position > 0) video.addEventListener("loadedmetadata", () => (video.currentTime = position), { once: true });
      setSource("mp4");
      if (playing) play(video);
    };
    // A native HLS stream that fails (an odd rendition, a codec) falls back to the MP4 once.
    const onNativeError = () => {
      if (video.currentSrc === hls || video.src === hls) playMp4();
    };

    if (video.canPlayType(HLS_TYPE)) {
      video.addEventListener("error", onNativeError);
      video.src = hls;
      setSource("hls");
    } else {
      import("hls.js")
        .then(({ default: Hls }) => {
          if (cancelled) return;
          if (!Hls.isSupported()) return playMp4();
          // No worker: the page's CSP allows no blob: workers, and short clips do not need one.
          const player = new Hls({ enableWorker: false, capLevelToPlayerSize: true, startLevel: -1 });
          // hls.js has retried a fatal network error already; a fatal media error (a stalled or corrupt buffer)
          // is recovered once, as hls.js advises, before the MP4 takes over.
          let recovered = false;
          player.on(Hls.Events.ERROR, (_event, data) => {
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
          destroy = () => player.destroy();
          setSource("hls.js");
        })
        .catch(playMp4);
    }
    return () => {
      cancelled = true;
      video.removeEventListener("error", onNativeError);
      destroy?.();
      video.removeAttribute("src");
      video.load();
    };
  }, [hls, mp4]);

  const start = () => {
    const video = videoRef.current;
    if (!video) return;
    setStarted(true);
    video.focus();
    // Before hls.js has attached its stream the element waits for one, and plays when it comes.
    play(video);
  };

  return (
    <div className={styles.stage} data-testid="movie-player" data-source={source ?? ""}>
      {/* biome-ignore lint/a11y/useMediaCaption: movies have no caption tracks yet */}
      <video
        ref={videoRef}
        className={styles.video}
        controls={started}
        playsInline
        preload="metadata"
        aria-label={title}
        onPlay={() => setStarted(true)}
      />
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
