import type { Image } from "@marquee/contracts/catalogue";
import type { Video } from "@marquee/contracts/videos";
import { moviePath } from "../catalogue/links.ts";

/** What the player offers when a movie ends. */
export interface NextUpMovie {
  id: string;
  title: string;
  href: string;
  poster: Image | null;
}

/** Seconds the "Next up" overlay counts down before it opens the next movie. */
export const NEXT_UP_SECONDS = 8;

/**
 * The movie "Next up" offers after `currentId`: the first of the page's "More like this" list (the same performers'
 * movies, else the same category's, most popular first) that is out already and is not this one; null when none is.
 */
export function nextUpOf(related: readonly Video[], currentId: string): NextUpMovie | null {
  const next = related.find((v) => v._id !== currentId && !v.isComing);
  return next ? { id: next._id, title: next.title, href: moviePath(next), poster: next.thumbnail } : null;
}
