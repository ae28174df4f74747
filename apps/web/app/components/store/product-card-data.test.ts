import { describe, expect, it } from "vitest";
import { isSoldOut, productCardData, productPath } from "./product-card-data.ts";

const thumb = { url: "/t.webp", srcSet: "/t.webp 320w", width: 320, height: 240 };

describe("product cards", () => {
  it("links a product by its slug, else its id", () => {
    expect(productPath({ _id: "0b0e5b7e-0000-4000-8000-000000000001", slug: "tour-t-shirt" })).toBe(
      "/store/tour-t-shirt",
    );
    expect(productPath({ _id: "0b0e5b7e-0000-4000-8000-000000000001", slug: "" })).toBe(
      "/store/0b0e5b7e-0000-4000-8000-000000000001",
    );
    expect(productPath({ _id: "x", slug: "a b" })).toBe("/store/a%20b");
  });

  it("says sold out only for a shipped product with no stock left", () => {
    expect(isSoldOut({ type: "physical", stock: 0 })).toBe(true);
    expect(isSoldOut({ type: "physical", stock: 3 })).toBe(false);
    expect(isSoldOut({ type: "physical", stock: null })).toBe(true);
    expect(isSoldOut({ type: "digital", stock: null })).toBe(false);
  });

  it("keeps only what the card shows", () => {
    const product = {
      _id: "p1",
      slug: "mug",
      title: "Mug",
      type: "physical" as const,
      price: 12,
      stock: 4,
      description: "long text",
      image: { _id: "i1", position: 0, width: 800, height: 600, thumb, medium: thumb, large: thumb },
      performers: [{ _id: "u1", username: "ava", name: "Ava", avatar: "/a.webp" }],
    };
    expect(productCardData(product)).toEqual({
      _id: "p1",
      slug: "mug",
      title: "Mug",
      type: "physical",
      price: 12,
      stock: 4,
      isBought: false,
      image: { thumb },
      performers: [{ _id: "u1", username: "ava", name: "Ava" }],
    });
    expect(productCardData({ ...product, image: null }).image).toBeNull();
  });
});
