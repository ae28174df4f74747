import { describe, expect, it } from "vitest";
import { REACTIONS_OF, reactionView, toggled, withCounts } from "./reactions.ts";

describe("reaction buttons", () => {
  const start = reactionView(
    { isLiked: false, isFavourited: true, isWatchedLater: false },
    { likes: 4, favourites: 2 },
  );

  it("shows like on every item, favourite on movies and galleries, watch later on movies only", () => {
    expect(REACTIONS_OF.video).toEqual(["like", "favourite", "watch_later"]);
    expect(REACTIONS_OF.gallery).toEqual(["like", "favourite"]);
    expect(REACTIONS_OF.product).toEqual(["like"]);
    expect(REACTIONS_OF.performer).toEqual(["like"]);
  });

  it("starts from the viewer's flags and the item's counters (0 when the item keeps none)", () => {
    expect(start).toEqual({
      active: { like: false, favourite: true, watch_later: false },
      counts: { likes: 4, favourites: 2 },
    });
    expect(reactionView({}, {}).counts).toEqual({ likes: 0, favourites: 0 });
  });

  it("a click moves its flag and its counter by one at once; the same state again changes nothing", () => {
    const liked = toggled(start, "like", true);
    expect(liked).toEqual({ active: { ...start.active, like: true }, counts: { likes: 5, favourites: 2 } });
    expect(toggled(liked, "like", true)).toBe(liked);
    expect(toggled(start, "favourite", false).counts).toEqual({ likes: 4, favourites: 1 });
    // Watch later is private: no counter moves.
    expect(toggled(start, "watch_later", true).counts).toEqual(start.counts);
    // Rolling back is the opposite click.
    expect(toggled(liked, "like", false)).toEqual(start);
    // A counter never goes below zero.
    expect(toggled(reactionView({ isLiked: true }, {}), "like", false).counts.likes).toBe(0);
  });

  it("takes the counters the API sends, keeping the ones it does not", () => {
    expect(withCounts(start, { likes: 10 })).toEqual({ active: start.active, counts: { likes: 10, favourites: 2 } });
    expect(withCounts(start, { likes: 1, favourites: 0, comments: 3 }).counts).toEqual({ likes: 1, favourites: 0 });
  });
});
