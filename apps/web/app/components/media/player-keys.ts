import { type KeyboardEvent, useCallback } from "react";

/** What a key does in the player (while it has focus). */
export type PlayerAction =
  | { kind: "toggle-play" }
  | { kind: "seek"; by: number }
  | { kind: "volume"; by: number }
  | { kind: "fullscreen" }
  | { kind: "mute" };

export const SEEK_STEP_SEC = 5;
export const VOLUME_STEP = 0.1;

/**
 * The player's shortcuts: space or k play and pause, ←/→ seek 5 s, ↑/↓ the volume, f fullscreen, m mute. `on` says
 * what has focus: a button takes space itself (it presses the button), a slider of its own (the volume) its arrows,
 * and a menu all of its keys; null when the key is not the player's.
 */
export function playerAction(
  key: string,
  on: "player" | "button" | "range" | "menu" | "text",
  modifiers = false,
): PlayerAction | null {
  if (modifiers || on === "menu" || on === "text") return null;
  switch (key) {
    case " ":
    case "Spacebar":
      return on === "button" ? null : { kind: "toggle-play" };
    case "k":
    case "K":
      return { kind: "toggle-play" };
    case "ArrowLeft":
      return on === "range" ? null : { kind: "seek", by: -SEEK_STEP_SEC };
    case "ArrowRight":
      return on === "range" ? null : { kind: "seek", by: SEEK_STEP_SEC };
    case "ArrowUp":
      return on === "range" ? null : { kind: "volume", by: VOLUME_STEP };
    case "ArrowDown":
      return on === "range" ? null : { kind: "volume", by: -VOLUME_STEP };
    case "f":
    case "F":
      return { kind: "fullscreen" };
    case "m":
    case "M":
      return { kind: "mute" };
    default:
      return null;
  }
}

/** What the key press lands on, as playerAction sees it. */
function focusOf(target: EventTarget | null): Parameters<typeof playerAction>[1] {
  if (!(target instanceof Element)) return "player";
  if (target.closest('[role="menu"], [role="menuitem"], [role="menuitemradio"]')) return "menu";
  if (target instanceof HTMLInputElement && target.type === "range") return "range";
  if (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return "text";
  if (target.closest("button, a")) return "button";
  return "player";
}

export interface PlayerKeyHandlers {
  togglePlay: () => void;
  seekBy: (seconds: number) => void;
  volumeBy: (step: number) => void;
  toggleFullscreen: () => void;
  toggleMute: () => void;
}

/** The player's key handler (for its container's onKeyDown). */
export function usePlayerKeys(handlers: PlayerKeyHandlers) {
  const { togglePlay, seekBy, volumeBy, toggleFullscreen, toggleMute } = handlers;
  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.defaultPrevented) return;
      const action = playerAction(event.key, focusOf(event.target), event.ctrlKey || event.metaKey || event.altKey);
      if (!action) return;
      event.preventDefault();
      if (action.kind === "toggle-play") togglePlay();
      else if (action.kind === "seek") seekBy(action.by);
      else if (action.kind === "volume") volumeBy(action.by);
      else if (action.kind === "fullscreen") toggleFullscreen();
      else toggleMute();
    },
    [togglePlay, seekBy, volumeBy, toggleFullscreen, toggleMute],
  );
}
