import type { Performer } from "@marquee/contracts/performers";

/** A performer as the API lists it, for unit tests. */
export function performer(id: string, name = `Performer ${id}`): Performer {
  return {
    _id: id,
    username: `p${id}`,
    name,
    avatar: null,
    avatarSrcSet: null,
    cover: null,
    coverImage: null,
    bio: null,
    gender: "female",
    country: "GB",
    languages: [],
    attributes: {
      ethnicity: null,
      bodyType: null,
      hairColor: null,
      eyeColor: null,
      height: null,
      sexualOrientation: null,
    },
    categories: [],
    stats: { views: 0, likes: 0, videos: 0, galleries: 0, products: 0, subscribers: 0, followers: 0 },
    monthlyPrice: null,
    yearlyPrice: null,
    status: "active",
    createdAt: "2026-01-01T00:00:00.000Z",
  };
}
