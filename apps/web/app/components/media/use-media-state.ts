import { type RefObject, useEffect, useState } from "react";

/** What the controls show of the element, kept in step with its events. */
export interface MediaState {
  paused: boolean;
  ended: boolean;
  currentTime: number;
  /** NaN until known. */
  duration: number;
  /** How far ahead it has loaded from the current position. */
  bufferedEnd: number;
  volume: number;
  muted: boolean;
  rate: number;
  /** Text tracks (captions), with the one showing; `label` is the track's label, else its language, else empty. */
  tracks: { index: number; label: string }[];
  track: number;
}

const EVENTS = [
  "play",
  "pause",
  "ended",
  "timeupdate",
  "durationchange",
  "loadedmetadata",
  "progress",
  "volumechange",
  "ratechange",
  "seeking",
  "emptied",
] as const;

function bufferedEndOf(video: HTMLVideoElement): number {
  const { buffered, currentTime } = video;
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= currentTime + 0.5 && buffered.end(i) >= currentTime) return buffered.end(i);
  }
  return currentTime;
}

function tracksOf(video: HTMLVideoElement) {
  return Array.from(video.textTracks)
    .map((t, index) => ({ t, index }))
    .filter(({ t }) => t.kind === "subtitles" || t.kind === "captions")
    .map(({ t, index }) => ({ index, label: t.label || t.language }));
}

const showingOf = (video: HTMLVideoElement) => Array.from(video.textTracks).findIndex((t) => t.mode === "showing");

function read(video: HTMLVideoElement): MediaState {
  return {
    paused: video.paused,
    ended: video.ended,
    currentTime: video.currentTime,
    duration: video.duration,
    bufferedEnd: bufferedEndOf(video),
    volume: video.volume,
    muted: video.muted,
    rate: video.playbackRate,
    tracks: tracksOf(video),
    track: showingOf(video),
  };
}

export const initialMediaState: MediaState = {
  paused: true,
  ended: false,
  currentTime: 0,
  duration: Number.NaN,
  bufferedEnd: 0,
  volume: 1,
  muted: false,
  rate: 1,
  tracks: [],
  track: -1,
};

/**
 * The element's state for the controls. Caption tracks are read from `video.textTracks` (the `<track>` elements of
 * uploaded WebVTT captions, or tracks hls.js adds) and followed as they are added, removed or switched.
 */
export function useMediaState(videoRef: RefObject<HTMLVideoElement | null>): MediaState {
  const [state, setState] = useState<MediaState>(initialMediaState);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let frame = 0;
    const update = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setState(read(video));
      });
    };
    update();
    for (const name of EVENTS) video.addEventListener(name, update);
    const tracks = video.textTracks;
    tracks.addEventListener("addtrack", update);
    tracks.addEventListener("removetrack", update);
    tracks.addEventListener("change", update);
    return () => {
      cancelAnimationFrame(frame);
      for (const name of EVENTS) video.removeEventListener(name, update);
      tracks.removeEventListener("addtrack", update);
      tracks.removeEventListener("removetrack", update);
      tracks.removeEventListener("change", update);
    };
  }, [videoRef]);
  return state;
}

/** Shows text track `index` (-1: none) and hides the others. */
export function showTrack(video: HTMLVideoElement, index: number) {
  Array.from(video.textTracks).forEach((t, i) => {
    if (t.kind !== "subtitles" && t.kind !== "captions") return;
    t.mode = i === index ? "showing" : "disabled";
  });
}
