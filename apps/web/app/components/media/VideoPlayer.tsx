import type { Image } from "@marquee/contracts/catalogue";
import { IconPlayerPlayFilled } from "@tabler/icons-react";
import { lazy, type PointerEvent, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import styles from "./media.module.css";
import { NextUp } from "./NextUp.tsx";
import type { NextUpMovie } from "./next-up.ts";
import playerStyles from "./player.module.css";
import { useFullscreen, useIdle, usePictureInPicture } from "./player-actions.ts";
import { usePlayerKeys } from "./player-keys.ts";
import { StagePoster } from "./StagePoster.tsx";
import { showTrack, useMediaState } from "./use-media-state.ts";
import { type PlayableMedia, play, useStream } from "./use-stream.ts";

export type { PlayableMedia } from "./use-stream.ts";

// The controls (their menus bring Mantine's popover and floating-ui) show only once the movie started: they load with
// the stream, when the viewer shows they may play, not with the page.
const loadControls = () => import("./PlayerControls.tsx");
const PlayerControls = lazy(() => loadControls().then((m) => ({ default: m.PlayerControls })));

/**
 * The movie player: a 16:9 box (no layout shift) showing the poster and a play button until the viewer starts it,
 * then the movie with the player's own controls (PlayerControls.tsx): seek bar with the strip's frames, volume,
 * captions, speed, quality, picture-in-picture and fullscreen, and keyboard shortcuts while it has focus
 * (player-keys.ts). The stream, its link renewal and its recovery are use-stream.ts's, attached once the viewer
 * points at, touches or focuses the player; the position is resumed and reported by watch-progress.ts. When the
 * movie ends and `nextUp` is given, it offers that movie (NextUp.tsx). `onLost` gets the API's message when access
 * is gone.
 */
export function VideoPlayer({
  media,
  poster,
  title,
  videoId,
  nextUp,
  onLost,
}: {
  media: PlayableMedia;
  poster: Image | null;
  title: string;
  videoId: string;
  nextUp?: NextUpMovie | null;
  onLost?: (message: string) => void;
}) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const playerRef = useRef<HTMLDivElement>(null);
  const [started, setStarted] = useState(false);
  /** The viewer pressed Play. */
  const clicked = useRef(false);
  // The stream (and hls.js) waits for the viewer's first sign they may watch: pointing at the player, touching it,
  // focusing it or pressing Play. The page's first load then has the network and the CPU to itself.
  const [wanted, setWanted] = useState(false);
  const want = useCallback(() => {
    setWanted(true);
    void loadControls();
  }, []);
  const stream = useStream({ videoRef, playerRef, media, videoId, clicked, wanted, onLost });
  const state = useMediaState(videoRef);
  const { fullscreen, toggleFullscreen } = useFullscreen(playerRef, videoRef);
  const { pipAvailable, pipActive, togglePip } = usePictureInPicture(videoRef);
  const [menus, setMenus] = useState(0);
  const [focusWithin, setFocusWithin] = useState(false);
  const playing = started && !state.paused && !state.ended;
  const { idle, wake, hide } = useIdle(playing, menus > 0);
  const [nextShown, setNextShown] = useState(false);

  // Where the viewer left off (the server for members, this browser for visitors), and their position reported as
  // they watch: a reload resumes there. With the stream, once the viewer may play: there is nothing to resume or
  // report before, and its module (with the watching contract's schemas) stays out of the page's first load.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !wanted) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import("./watch-progress.ts").then(({ trackProgress }) => {
      if (!cancelled) stop = trackProgress(video, videoId);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [videoId, wanted]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !nextUp) return;
    const onEnded = () => setNextShown(true);
    const onPlay = () => setNextShown(false);
    video.addEventListener("ended", onEnded);
    video.addEventListener("play", onPlay);
    return () => {
      video.removeEventListener("ended", onEnded);
      video.removeEventListener("play", onPlay);
    };
  }, [nextUp]);

  const withVideo = useCallback((act: (video: HTMLVideoElement) => void) => {
    const video = videoRef.current;
    if (video) act(video);
  }, []);
  const togglePlay = useCallback(() => withVideo((v) => (v.paused || v.ended ? play(v) : v.pause())), [withVideo]);
  const seekTo = useCallback(
    (time: number) =>
      withVideo((v) => {
        const end = Number.isFinite(v.duration) ? v.duration : time;
        v.currentTime = Math.max(0, Math.min(end, time));
      }),
    [withVideo],
  );
  const seekBy = useCallback((by: number) => withVideo((v) => seekTo(v.currentTime + by)), [withVideo, seekTo]);
  const setVolume = useCallback(
    (volume: number) =>
      withVideo((v) => {
        v.volume = Math.max(0, Math.min(1, Math.round(volume * 100) / 100));
        v.muted = v.volume === 0;
      }),
    [withVideo],
  );
  const volumeBy = useCallback((by: number) => withVideo((v) => setVolume(v.volume + by)), [withVideo, setVolume]);
  const toggleMute = useCallback(
    () =>
      withVideo((v) => {
        v.muted = !v.muted;
        if (!v.muted && v.volume === 0) v.volume = 0.5;
      }),
    [withVideo],
  );
  const onKeyDown = usePlayerKeys({ togglePlay, seekBy, volumeBy, toggleFullscreen, toggleMute });

  const start = () => {
    const video = videoRef.current;
    if (!video) return;
    setStarted(true);
    clicked.current = true;
    want();
    playerRef.current?.focus({ preventScroll: true });
    // Before hls.js has attached its stream the element waits for one, and plays when it comes.
    play(video);
  };

  // A click on the picture plays or pauses; a tap on a touch screen whose controls are hidden shows them first.
  const onSurface = (event: PointerEvent<HTMLVideoElement>) => {
    // A click that closes an open menu is only that.
    if (menus > 0) return;
    if (event.pointerType !== "mouse" && idle) return wake();
    togglePlay();
    wake();
  };

  // From the freshest links the player holds: fresh links sign the strip again.
  const { links } = stream;
  const strip = links.strip && links.stripGrid ? { url: links.strip, grid: links.stripGrid } : null;
  const showControls = started && !nextShown;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the player's keyboard shortcuts apply anywhere inside it
    <div
      ref={playerRef}
      className={`${styles.stage} ${playerStyles.player}`}
      data-testid="movie-player"
      data-source={stream.source ?? ""}
      data-level={stream.level >= 0 ? (stream.qualities.find((q) => q.index === stream.level)?.height ?? "") : ""}
      data-quality={stream.auto ? "auto" : "manual"}
      data-idle={idle ? "true" : "false"}
      data-fullscreen={fullscreen ? "true" : "false"}
      tabIndex={-1}
      onKeyDown={(e) => {
        want();
        if (!started) return;
        wake();
        onKeyDown(e);
      }}
      onPointerEnter={want}
      onPointerDown={want}
      onPointerMove={wake}
      onPointerLeave={hide}
      onFocus={() => {
        want();
        setFocusWithin(true);
        wake();
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusWithin(false);
      }}
      data-focus-within={focusWithin ? "true" : "false"}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: caption tracks come with uploaded captions; the captions menu lists them */}
      <video
        ref={videoRef}
        className={styles.video}
        playsInline
        preload="metadata"
        aria-label={title}
        onPlay={() => setStarted(true)}
        onPointerUp={started ? onSurface : undefined}
        onDoubleClick={started ? toggleFullscreen : undefined}
      >
        {/* Same-origin links (the API answers caption files itself, on every storage): no crossOrigin needed. */}
        {(links.captions ?? []).map((c) => (
          <track key={c.language} kind="subtitles" srcLang={c.language} label={c.label} src={c.url} />
        ))}
      </video>
      {/* The poster is an image over the video until it starts, not the video's `poster`: a <video> fetches that
          late, at low priority and in one size for every screen. */}
      {!started && poster && <StagePoster image={poster} alt="" />}
      {!started && (
        <button type="button" className={styles.playOverlay} onClick={start} aria-label={t("Play movie")}>
          <span className={styles.playButton}>
            <IconPlayerPlayFilled size={36} aria-hidden />
          </span>
        </button>
      )}
      {showControls && (
        <Suspense fallback={null}>
          <PlayerControls
            media={state}
            strip={strip}
            qualities={stream.qualities}
            level={stream.level}
            auto={stream.auto}
            fullscreen={fullscreen}
            pipAvailable={pipAvailable}
            pipActive={pipActive}
            portalTarget={fullscreen ? playerRef.current : null}
            onMenuOpenChange={(open) => setMenus((n) => Math.max(0, n + (open ? 1 : -1)))}
            onTogglePlay={togglePlay}
            onSeek={seekTo}
            onVolume={setVolume}
            onToggleMute={toggleMute}
            onQuality={stream.setQuality}
            onRate={(rate) => withVideo((v) => (v.playbackRate = rate))}
            onTrack={(index) => withVideo((v) => showTrack(v, index))}
            onToggleFullscreen={toggleFullscreen}
            onTogglePip={togglePip}
          />
        </Suspense>
      )}
      {nextShown && nextUp && <NextUp next={nextUp} onCancel={() => setNextShown(false)} />}
    </div>
  );
}
