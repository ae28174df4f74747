/**
 * The reaction buttons of an item's page (README "Comments and reactions"): which ones each kind of item shows, and
 * how a click and the room's `reaction:updated` move what the buttons show. Pure, so the optimistic update and its
 * rollback are tested without a browser.
 */
import type { ReactionAction, ReactionCounts, ReactionObjectType } from "@marquee/contracts/reactions";
import { msg } from "../i18n/i18n.ts";

export type ReactableType = Exclude<ReactionObjectType, "comment">;

/** Like on movies, galleries, products and performers; favourite on movies and galleries; watch later on movies. */
export const REACTIONS_OF: Record<ReactableType, readonly ReactionAction[]> = {
  video: ["like", "favourite", "watch_later"],
  gallery: ["like", "favourite"],
  product: ["like"],
  performer: ["like"],
  "feed-post": ["like"],
};

/** The counter each action moves; watch later is private and has none. */
export const COUNTER_OF: Record<ReactionAction, keyof ReactionCounts | null> = {
  like: "likes",
  favourite: "favourites",
  watch_later: null,
};

export interface ReactionView {
  /** The viewer's own reactions. */
  active: Record<ReactionAction, boolean>;
  counts: { likes: number; favourites: number };
}

export function reactionView(
  flags: { isLiked?: boolean; isFavourited?: boolean; isWatchedLater?: boolean },
  counts: { likes?: number; favourites?: number },
): ReactionView {
  return {
    active: { like: !!flags.isLiked, favourite: !!flags.isFavourited, watch_later: !!flags.isWatchedLater },
    counts: { likes: counts.likes ?? 0, favourites: counts.favourites ?? 0 },
  };
}

/** The view with `action` set to `on` at once (the optimistic update): its counter moves by one if it changed. */
export function toggled(view: ReactionView, action: ReactionAction, on: boolean): ReactionView {
  if (view.active[action] === on) return view;
  const counter = COUNTER_OF[action];
  const counts = { ...view.counts };
  if (counter === "likes" || counter === "favourites") counts[counter] = Math.max(0, counts[counter] + (on ? 1 : -1));
  return { active: { ...view.active, [action]: on }, counts };
}

/** The object's counters as the API (the answer or `reaction:updated`) gives them: only those it sent change. */
export function withCounts(view: ReactionView, counts: ReactionCounts): ReactionView {
  return {
    active: view.active,
    counts: {
      likes: counts.likes ?? view.counts.likes,
      favourites: counts.favourites ?? view.counts.favourites,
    },
  };
}

export const REACTION_LABELS: Record<ReactionAction, { on: string; off: string }> = {
  like: { on: msg("Liked"), off: msg("Like") },
  favourite: { on: msg("Favourited"), off: msg("Favourite") },
  watch_later: { on: msg("In watch later"), off: msg("Watch later") },
};
