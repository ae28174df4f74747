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
