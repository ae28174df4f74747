import { renderToStaticMarkup } from "react-dom/server";
import { Provider } from "react-redux";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { makeStore } from "../../state/store.ts";
import { ProductCard } from "../store/ProductCard.tsx";
import type { ProductCardData } from "../store/product-card-data.ts";
import type { GalleryCardData, PerformerCardData, VideoCardData } from "./card-data.ts";
import { GalleryCard } from "./GalleryCard.tsx";
import { PerformerCard } from "./PerformerCard.tsx";
import { VideoCard } from "./VideoCard.tsx";

/** Issue 23 section 2: what a member bought reads "Owned" instead of its price; performers they subscribe to, "Subscribed". */

const html = (node: React.ReactNode) =>
  renderToStaticMarkup(
    <Provider store={makeStore()}>
      <MemoryRouter>{node}</MemoryRouter>
    </Provider>,
  );

const performers = [{ _id: "p1", username: "ava", name: "Ava" }];
const movie = (isBought: boolean): VideoCardData => ({
  _id: "v1",
  slug: "sunset",
  title: "Sunset",
  access: "sale",
  price: 4.5,
  isComing: false,
  scheduledAt: null,
  durationSec: 65,
  thumbnail: null,
  isBought,
  performers,
  stats: { views: 0 },
});
const gallery = (isBought: boolean): GalleryCardData => ({
  _id: "g1",
  slug: "beach",
  title: "Beach",
  access: "sale",
  price: 7,
  cover: null,
  photosCount: 3,
  isBought,
  performers,
});
const product = (type: "digital" | "physical", isBought: boolean): ProductCardData => ({
  _id: "x1",
  slug: "poster",
  title: "Poster",
  type,
  price: 12,
  stock: type === "physical" ? 5 : null,
  isBought,
  image: null,
  performers,
});
const performer = (isSubscribed: boolean): PerformerCardData => ({
  _id: "p1",
  username: "ava",
  name: "Ava",
  avatar: null,
  avatarSrcSet: null,
  country: null,
  isSubscribed,
  stats: { videos: 0, subscribers: 0 },
});

describe("owned items on cards", () => {
  it("a bought movie reads Owned instead of its price", () => {
    expect(html(<VideoCard video={movie(true)} />)).toContain(">Owned<");
    expect(html(<VideoCard video={movie(true)} />)).not.toContain("$4.50");
    expect(html(<VideoCard video={movie(false)} />)).toContain("$4.50");
    expect(html(<VideoCard video={movie(false)} />)).not.toContain("Owned");
  });

  it("a bought gallery reads Owned instead of its price", () => {
    expect(html(<GalleryCard gallery={gallery(true)} />)).toContain(">Owned<");
    expect(html(<GalleryCard gallery={gallery(true)} />)).not.toContain("$7");
    expect(html(<GalleryCard gallery={gallery(false)} />)).toContain("$7");
  });

  it("a bought download reads Owned; shipped goods keep their price, as they can be ordered again", () => {
    expect(html(<ProductCard product={product("digital", true)} />)).toContain(">Owned<");
    expect(html(<ProductCard product={product("digital", true)} />)).not.toContain("$12");
    expect(html(<ProductCard product={product("physical", true)} />)).toContain("$12");
    expect(html(<ProductCard product={product("digital", false)} />)).toContain("$12");
  });

  it("a performer the member subscribes to reads Subscribed", () => {
    expect(html(<PerformerCard performer={performer(true)} />)).toContain(">Subscribed<");
    expect(html(<PerformerCard performer={performer(false)} />)).not.toContain("Subscribed");
  });
});
