import type { StripGrid } from "@marquee/contracts/videos";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

/** 75 -> "1:15", 3725 -> "1:02:05"; "0:00" while unknown. */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** A rendition hls.js can play, for the quality menu. */
export interface Quality {
  index: number;
  /** e.g. "1080p": the short side, as the renditions are named. */
  label: string;
  height: number;
}

/** The quality menu's entries, highest first. */
export function qualitiesOf(levels: readonly { width: number; height: number }[]): Quality[] {
  return levels
    .map((l, index) => {
      const short = Math.min(l.width, l.height) || l.height;
      return { index, label: `${short}p`, height: short };
    })
    .sort((a, b) => b.height - a.height);
}

/** Which tile of the strip shows time `t`, and where it sits in the image. */
export function stripTileAt(grid: StripGrid, t: number): { index: number; x: number; y: number } {
  const index = Math.max(0, Math.min(grid.count - 1, Math.floor(t / grid.intervalSec)));
  return {
    index,
    x: (index % grid.columns) * grid.tileWidth,
    y: Math.floor(index / grid.columns) * grid.tileHeight,
  };
}

/** The playback speeds the speed menu offers. */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

type IosVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

/**
 * Fullscreen on the player's box, so its own controls stay; where a page element cannot go fullscreen (the iPhone),
 * the video's own fullscreen. `fullscreen` follows the document, whoever started or ended it (Esc).
 */
export function useFullscreen(playerRef: RefObject<HTMLElement | null>, videoRef: RefObject<HTMLVideoElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () =>
      setFullscreen(!!document.fullscreenElement && document.fullscreenElement === playerRef.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, [playerRef]);
  const toggle = useCallback(() => {
    const box = playerRef.current;
    if (!box) return;
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => {});
    } else if (box.requestFullscreen) {
      void box.requestFullscreen().catch(() => {});
    } else {
      (videoRef.current as IosVideo | null)?.webkitEnterFullscreen?.();
    }
  }, [playerRef, videoRef]);
  return { fullscreen, toggleFullscreen: toggle };
}

/** Picture-in-picture, offered only where the document allows it (`document.pictureInPictureEnabled`). */
export function usePictureInPicture(videoRef: RefObject<HTMLVideoElement | null>) {
  const [available, setAvailable] = useState(false);
  const [active, setActive] = useState(false);
  useEffect(() => {
    setAvailable(!!document.pictureInPictureEnabled);
    const video = videoRef.current;
    if (!video) return;
    const on = () => setActive(true);
    const off = () => setActive(false);
    video.addEventListener("enterpictureinpicture", on);
    video.addEventListener("leavepictureinpicture", off);
    return () => {
      video.removeEventListener("enterpictureinpicture", on);
      video.removeEventListener("leavepictureinpicture", off);
    };
  }, [videoRef]);
  const toggle = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => {});
    else void video.requestPictureInPicture().catch(() => {});
  }, [videoRef]);
  return { pipAvailable: available, pipActive: active, togglePip: toggle };
}

/** How long the controls stay after the last movement while the movie plays. */
export const IDLE_MS = 2500;

/**
 * Whether the controls are hidden: only while the movie plays, IDLE_MS after the pointer last moved over the player,
 * a key was pressed in it or its controls had focus, and never while a menu is open.
 */
export function useIdle(playing: boolean, held: boolean) {
  const [idle, setIdle] = useState(false);
  const timer = useRef(0);
  const wake = useCallback(() => {
    setIdle(false);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setIdle(true), IDLE_MS);
  }, []);
  useEffect(() => {
    if (!playing || held) {
      window.clearTimeout(timer.current);
      setIdle(false);
    } else {
      wake();
    }
    return () => window.clearTimeout(timer.current);
  }, [playing, held, wake]);
  return { idle: idle && playing && !held, wake, hide: () => playing && !held && setIdle(true) };
}
