import { describe, expect, it } from "vitest";
import { pickSearchTab, searchHref, searchText } from "./search.ts";

describe("search page helpers", () => {
  it("reads and bounds the search text", () => {
    expect(searchText(new URLSearchParams("q=%20ava%20"))).toBe("ava");
    expect(searchText(new URLSearchParams(""))).toBe("");
    expect(searchText(new URLSearchParams(`q=${"x".repeat(300)}`))).toHaveLength(200);
  });

  it("opens the named tab, else the first with results", () => {
    const counts = { performers: 0, movies: 3, galleries: 1, products: 2 };
    expect(pickSearchTab("galleries", counts)).toBe("galleries");
    expect(pickSearchTab("products", counts)).toBe("products");
    expect(pickSearchTab(null, counts)).toBe("movies");
    expect(pickSearchTab("store", counts)).toBe("movies");
    expect(pickSearchTab(null, { performers: 0, movies: 0, galleries: 0, products: 4 })).toBe("products");
    expect(pickSearchTab(null, { performers: 0, movies: 0, galleries: 0, products: 0 })).toBe("performers");
  });

  it("builds the search URL", () => {
    expect(searchHref(" mia lane ")).toBe("/search?q=mia%20lane");
    expect(searchHref("  ")).toBe("/search");
  });
});
