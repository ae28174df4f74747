/**
 * Where a key press moves the viewer: ←/→ one photo, Home/End to the ends of what is loaded; null for other keys.
 * `canGoPastEnd` when more photos exist than are loaded, so → at the last one asks for them.
 */
export function nextIndex(key: string, index: number, loaded: number, canGoPastEnd: boolean): number | null {
  switch (key) {
    case "ArrowLeft":
      return index > 0 ? index - 1 : null;
    case "ArrowRight":
      return index < loaded - 1 || canGoPastEnd ? index + 1 : null;
    case "Home":
      return index > 0 ? 0 : null;
    case "End":
      return index < loaded - 1 ? loaded - 1 : null;
    default:
      return null;
  }
}

/** How far (px) a finger must travel sideways, more than it travels up or down, to count as a swipe. */
export const SWIPE_MIN_PX = 40;

/** A swipe's step: left (the next photo) is +1, right (the previous one) is -1; null for a tap or a scroll. */
export function swipeStep(dx: number, dy: number): 1 | -1 | null {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? 1 : -1;
}
