/** SPEC section 9: the back-to-top button appears after 400 px and scrolls up in 450 ms. */
export const BACK_TO_TOP_THRESHOLD = 400;
export const BACK_TO_TOP_DURATION_MS = 450;

export function easeInOutCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/** Where the page should be `elapsed` ms into a scroll from `from` to 0 lasting `duration` ms. */
export function scrollPositionAt(from: number, elapsed: number, duration = BACK_TO_TOP_DURATION_MS): number {
  if (elapsed >= duration) return 0;
  const t = Math.max(0, elapsed) / duration;
  return Math.round(from * (1 - easeInOutCubic(t)));
}

/** Scrolls the window to the top with requestAnimationFrame so the motion lasts exactly `duration` ms. */
export function scrollToTop(duration = BACK_TO_TOP_DURATION_MS): Promise<void> {
  return new Promise((resolve) => {
    const from = window.scrollY;
    if (from <= 0) return resolve();
    let start: number | null = null;
    const step = (now: number) => {
      if (start === null) start = now;
      const elapsed = now - start;
      window.scrollTo(0, scrollPositionAt(from, elapsed, duration));
      if (elapsed < duration) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}
