import { describe, expect, it } from "vitest";
import { destinationAfterLogin, returnPathOf } from "./redirects.ts";

describe("destinationAfterLogin", () => {
  it("goes to the movie when videoId is present", () => {
    expect(destinationAfterLogin(new URLSearchParams("videoId=abc&from=cart"))).toBe("/movies/abc");
  });
  it("goes to the cart when from=cart", () => {
    expect(destinationAfterLogin(new URLSearchParams("from=cart"))).toBe("/cart");
  });
  it("goes home otherwise", () => {
    expect(destinationAfterLogin(new URLSearchParams(""))).toBe("/");
    expect(destinationAfterLogin(new URLSearchParams("from=elsewhere"))).toBe("/");
  });

  it("goes back to the page sign-up or login started from", () => {
    expect(destinationAfterLogin(new URLSearchParams("next=%2Fgalleries%2F7"))).toBe("/galleries/7");
    expect(destinationAfterLogin(new URLSearchParams("next=%2Fmovies%2F42%3Ft%3D1"))).toBe("/movies/42?t=1");
  });
  it.each(["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"])(
    "never leaves the site for next=%s",
    (next) => {
      expect(destinationAfterLogin(new URLSearchParams({ next }))).toBe("/");
    },
  );
});

describe("returnPathOf", () => {
  it("carries the movie, the cart or a safe page on, and nothing for home", () => {
    expect(returnPathOf(new URLSearchParams("videoId=abc"))).toBe("/movies/abc");
    expect(returnPathOf(new URLSearchParams("from=cart"))).toBe("/cart");
    expect(returnPathOf(new URLSearchParams("next=%2Fgalleries%2F7"))).toBe("/galleries/7");
    expect(returnPathOf(new URLSearchParams("next=%2F%2Fevil.example"))).toBeNull();
    expect(returnPathOf(new URLSearchParams(""))).toBeNull();
  });
});
