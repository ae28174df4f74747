import { describe, expect, it } from "vitest";
import { largestVariant } from "./poster.ts";

describe("the largest variant of an image", () => {
  it("picks the widest entry of the srcSet", () => {
    expect(
      largestVariant({ url: "http://a/t-480.webp", srcSet: "http://a/t-1280.webp 1280w, http://a/t-480.webp 480w" }),
    ).toBe("http://a/t-1280.webp");
  });

  it("falls back to the url without a usable srcSet, and to null without an image", () => {
    expect(largestVariant({ url: "http://a/t.webp", srcSet: null })).toBe("http://a/t.webp");
    expect(largestVariant({ url: "http://a/t.webp", srcSet: "garbage" })).toBe("http://a/t.webp");
    expect(largestVariant(null)).toBeNull();
  });
});
