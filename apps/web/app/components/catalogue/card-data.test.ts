import { describe, expect, it } from "vitest";
import { performer } from "../../state/performer-fixtures.ts";
import { galleryCardData, performerCardData, videoCardData } from "./card-data.ts";

const ref = { _id: "p1", username: "ava", name: "Ava", avatar: "http://api/files/a.webp" };

describe("card data", () => {
  it("keeps only what a performer card shows", () => {
    const p = { ...performer("p1"), bio: "long text", stats: { ...performer("p1").stats, videos: 3, subscribers: 9 } };
    expect(performerCardData(p)).toEqual({
      _id: "p1",
      username: "pp1",
      name: "Performer p1",
      avatar: null,
      avatarSrcSet: null,
      country: "GB",
      isSubscribed: false,
      stats: { videos: 3, subscribers: 9 },
    });
  });

  it("keeps only what movie and gallery cards show, with performer links", () => {
    const video = {
      _id: "v1",
      slug: "sunset",
      title: "Sunset",
      description: "long",
      tags: ["a"],
      access: "sale" as const,
      price: 4.99,
      status: "active" as const,
      scheduledAt: null,
      isComing: false,
      publishedAt: null,
      durationSec: 65,
      thumbnail: null,
      teaser: null,
      performers: [ref],
      categories: [],
      stats: { views: 7, likes: 1, favourites: 0, comments: 0 },
      createdAt: "2026-01-01T00:00:00Z",
    };
    const card = videoCardData(video);
    expect(card).not.toHaveProperty("description");
    expect(card.performers).toEqual([{ _id: "p1", username: "ava", name: "Ava" }]);
    expect(card.stats).toEqual({ views: 7 });
    expect(card).toMatchObject({ slug: "sunset", access: "sale", price: 4.99, durationSec: 65 });

    const gallery = galleryCardData({ ...video, cover: null, photosCount: 12 });
    expect(Object.keys(gallery).sort()).toEqual(
      ["_id", "access", "cover", "isBought", "performers", "photosCount", "price", "slug", "title"].sort(),
    );
  });
});
