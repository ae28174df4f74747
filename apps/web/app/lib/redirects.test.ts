import { describe, expect, it } from "vitest";
import { destinationAfterLogin } from "./redirects.ts";

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
});
