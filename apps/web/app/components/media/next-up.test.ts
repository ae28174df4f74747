import type { Video } from "@marquee/contracts/videos";
import { describe, expect, it } from "vitest";
import { nextUpOf } from "./next-up.ts";

const movie = (id: string, over: Partial<Video> = {}) =>
  ({ _id: id, slug: `slug-${id}`, title: `Movie ${id}`, isComing: false, thumbnail: null, ...over }) as Video;

describe("Next up", () => {
  it("offers the first related movie that is out, linking to its page", () => {
    const related = [movie("a", { isComing: true }), movie("b"), movie("c")];
    expect(nextUpOf(related, "x")).toEqual({ id: "b", title: "Movie b", href: "/movies/slug-b", poster: null });
  });

  it("never offers the movie that just ended, and nothing when no other is out", () => {
    expect(nextUpOf([movie("x"), movie("y")], "x")?.id).toBe("y");
    expect(nextUpOf([movie("x"), movie("z", { isComing: true })], "x")).toBeNull();
    expect(nextUpOf([], "x")).toBeNull();
  });
});
